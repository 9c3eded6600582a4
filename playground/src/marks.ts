/**
 * Where the Worker's findings sit in the composition's text: plain ranges worked out without the
 * editor, so the page can mark them before CodeMirror has arrived and hand them over when it does.
 */
import { editorSegments } from './deck.ts';
import { type Located, locatePath, pathOfError } from './json-path.ts';

export interface Finding {
  line: string;
  severity: 'error' | 'warning';
  /** A known offset (a JSON syntax error's position) instead of a path to look for. */
  at?: number;
}

export interface Mark {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

/** Where a finding belongs in the text: its path's range, or nothing when the path is not found. */
export function findingRange(text: string, line: string): Located | undefined {
  // A warning reads `<surface>: <finding>` (a deck's own, `deck: <finding>`); the finding starts with the path.
  const finding = line.replace(/^[a-z]+: /, '');
  const path = pathOfError(finding);
  if (!path) return undefined;
  const located = locatePath(text, editorSegments(path));
  return located && located.matched > 0 ? located : undefined;
}

/** The marks for findings on `text`; a finding whose path is not in the text gets none. */
export function marksFor(text: string, findings: readonly Finding[]): Mark[] {
  const marks: Mark[] = [];
  for (const finding of findings) {
    const range =
      finding.at !== undefined
        ? { from: finding.at, to: Math.min(text.length, finding.at + 1) }
        : findingRange(text, finding.line);
    if (!range) continue;
    // A multi-line value marks its first line only, so the mark points rather than floods.
    const lineEnd = text.indexOf('\n', range.from);
    const to = lineEnd >= 0 && lineEnd < range.to ? lineEnd : range.to;
    marks.push({ from: range.from, to: Math.max(to, range.from), severity: finding.severity, message: finding.line });
  }
  return marks;
}
