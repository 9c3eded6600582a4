/**
 * `JSON.stringify`, minified and kept on one line: the two line separators JSON allows raw
 * (U+2028, U+2029) come out escaped, so a quoted value never breaks the line of a message or a
 * prompt it sits in.
 */
export function compactJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
