/**
 * Small text helpers for what a model reads: everything lands on one line where a line break
 * could start a new heading, and code spans can hold any text.
 */
import { compactJson } from '../model/compact-json.ts';
import { longestRun } from '../text/runs.ts';

/** Collapses every whitespace run holding a line break (CR, LF, U+2028, U+2029) to one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]\s*/g, ' ');
}

/** A Markdown code span that holds `text` verbatim, whatever backticks it contains. */
export function codeSpan(text: string): string {
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced block whose fence is longer than any backtick run in the content. */
export function codeFence(text: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

// Control characters, U+2028/U+2029, and lone surrogates would break or hide the line.
const UNPRINTABLE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A key (type, view id) as a code span: bare when printable, JSON-quoted when it is not. */
export function keySpan(key: string): string {
  const printable = key !== '' && key.trim() === key && !UNPRINTABLE.test(key);
  return codeSpan(printable ? key : compactJson(key));
}
