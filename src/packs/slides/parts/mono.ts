/** Text set in mono type (code, commands, source panels): one line per field, every space kept. */

/**
 * Spaces a renderer could collapse (indentation, runs) become no-break spaces, so code keeps its
 * columns even where `white-space: pre` is not honoured.
 */
export function keepSpaces(line: string): string {
  return line.replace(/^ +| {2,}/g, (run) => '\u00A0'.repeat(run.length));
}

/** One-line fields drawn in mono: no tabs (their width is unknowable) and no line breaks. */
export const ONE_LINE_MESSAGE = 'must be one line: no tabs or line breaks (indent with spaces)';
/**
 * Every character some reader breaks a line at: LF, CR, VT and FF (text terminals, Python's
 * `splitlines`), NEL, and U+2028/U+2029 (JavaScript, Unicode-aware renderers), plus the tab.
 */
const BREAKS_A_LINE = /[\t\n\v\f\r\u0085\u2028\u2029]/;
export const isOneLine = (value: string): boolean => !BREAKS_A_LINE.test(value);
