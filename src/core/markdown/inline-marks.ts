/**
 * The two marks a model may write in prose fields, `` `code` `` and `**strong**`, read into inline
 * nodes of the Markdown content tree; everything else stays literal text, so model text can never
 * open a link, a heading or HTML on any surface.
 */
import type { MarkdownInline } from './tree.ts';

/**
 * Parses the two marks models may use in prose fields — `` `code` `` and `**strong**` — into
 * inline nodes. Anything else, and any unmatched delimiter, stays literal text (and is escaped
 * wherever it is printed).
 * @example
 * ```ts
 * import { inlineMarks, md } from 'isomer-edge';
 *
 * const paragraph = md.paragraph(...inlineMarks('Run `npm test` **now**'));
 * // [text 'Run ', code 'npm test', text ' ', strong [text 'now']]
 * ```
 */
export function inlineMarks(text: string): MarkdownInline[] {
  return parseMarks(String(text ?? ''), true);
}

function backtickRun(text: string, at: number): number {
  let end = at;
  while (text[end] === '`') end++;
  return end - at;
}

/** Where a code span opening at `at` ends (exclusive), or -1 if its fence is never closed. */
function codeSpanEnd(text: string, at: number): number {
  const size = backtickRun(text, at);
  let i = at + size;
  while (i < text.length) {
    if (text[i] === '`') {
      const run = backtickRun(text, i);
      if (run === size) return i + run;
      i += run;
    } else {
      i++;
    }
  }
  return -1;
}

function codeSpanValue(raw: string): string {
  // CommonMark strips one space from each side so `` ` `x` ` `` can hold a backtick.
  if (raw.length >= 2 && raw.startsWith(' ') && raw.endsWith(' ') && raw.trim() !== '') return raw.slice(1, -1);
  return raw;
}

/** Index of the `**` closing a strong run whose content starts at `from`, skipping code spans. */
function strongClose(text: string, from: number): number {
  let i = from;
  while (i < text.length - 1) {
    if (text[i] === '`') {
      const end = codeSpanEnd(text, i);
      i = end === -1 ? i + backtickRun(text, i) : end;
      continue;
    }
    // At least one character inside, so `****` stays literal.
    if (i > from && text[i] === '*' && text[i + 1] === '*' && !/\s/.test(text[i - 1] ?? ' ')) return i;
    i++;
  }
  return -1;
}

function parseMarks(text: string, allowStrong: boolean): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') out.push({ type: 'text', value: literal });
    literal = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '`') {
      const size = backtickRun(text, i);
      const end = codeSpanEnd(text, i);
      if (end === -1) {
        literal += text.slice(i, i + size);
        i += size;
        continue;
      }
      const value = codeSpanValue(text.slice(i + size, end - size));
      flush();
      out.push({ type: 'code', value });
      i = end;
      continue;
    }
    if (allowStrong && char === '*' && text[i + 1] === '*' && /\S/.test(text[i + 2] ?? ' ')) {
      const close = strongClose(text, i + 2);
      if (close !== -1) {
        flush();
        out.push({ type: 'strong', children: parseMarks(text.slice(i + 2, close), false) });
        i = close + 2;
        continue;
      }
    }
    // Plain text up to the next character that could open a mark is copied in one slice.
    const next = nextMarkStart(text, i + 1, allowStrong);
    literal += text.slice(i, next);
    i = next;
  }
  flush();
  return out;
}

const MARK_OPENER = /[`*]/g;
const CODE_OPENER = /`/g;

/**
 * Where the next mark could open: the first backtick (or `*`, where strong is allowed) at or after
 * `from`, else the end. The parser skips to it, so plain text is read once, not char by char.
 */
function nextMarkStart(text: string, from: number, allowStrong: boolean): number {
  const opener = allowStrong ? MARK_OPENER : CODE_OPENER;
  opener.lastIndex = from;
  return opener.exec(text)?.index ?? text.length;
}
