/**
 * Inline Markdown as text: escaping for the place each value lands (line start, table cell, link
 * label), marks that cannot nest unwrapped, code spans with fences longer than their content, and
 * links and images with their URLs checked again. `serialize.ts` writes the blocks around it.
 */
import { sanitizeAssetUrl, sanitizeNavigationHref } from '../model/url.ts';
import { longestRun } from '../text/runs.ts';
import type { MarkdownInline } from './tree.ts';

/**
 * What `escapeText` rewrites wherever it stands: the characters that can start inline syntax
 * anywhere on a line (emphasis, code, links, tables, entities), `<` and `>`, and `!` before `[`.
 */
const INLINE_ESCAPES = /[\\`*_[\]|~&<>]|!(?=\[)/g;

/**
 * Angle brackets are written as character references, never as `\<`: a reader that autolinks bare
 * URLs (GFM's extension in marked, markdown-it's linkify) takes everything up to whitespace or a
 * raw `<` into the URL, backslashes included, so `https://e.com/x\<img …>` would leave the `<`
 * bare and open raw HTML. A reference is never markup, whatever precedes it.
 */
const ANGLE_REFERENCES: Record<string, string> = { '<': '&lt;', '>': '&gt;' };

interface TextPosition {
  /** The text begins a line, where block syntax (`#`, `>`, `-`, `1.`, indentation) is read. */
  atLineStart: boolean;
}

/**
 * Escapes one text value for inline position. Newlines become spaces (paragraphs are blocks of
 * their own; hard breaks are nodes), and at a line start the leading whitespace goes (it would
 * indent into a code block) and any block starter is escaped.
 */
function escapeText(value: string, position: TextPosition): string {
  let text = value.replace(/\r\n?|\n/g, ' ');
  if (position.atLineStart) text = text.replace(/^[ \t]+/, '');
  // One pass of the regex engine: a character-by-character `+=` over a megabyte-long title built a
  // million-piece string and spent most of its time in the garbage collector.
  const out = text.replace(INLINE_ESCAPES, (char) => ANGLE_REFERENCES[char] ?? `\\${char}`);
  return position.atLineStart ? escapeLineStart(out) : out;
}

/** Escapes what would open a block at the start of a line; the rest of the line is already safe. */
function escapeLineStart(text: string): string {
  // `#` headings, `+`/`-` bullets, `-`/`=` setext underlines and thematic breaks.
  if (/^[#+\-=]/.test(text)) return `\\${text}`;
  // `1.` / `1)` ordered markers need whitespace (or nothing) after them.
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(text);
  if (ordered) return `${ordered[1]}\\${text.slice(ordered[1]!.length)}`;
  return text;
}

/** True when `text` ends with a character that is not itself escaped by a backslash. */
function endsUnescaped(text: string, char: string): boolean {
  if (!text.endsWith(char)) return false;
  let slashes = 0;
  for (let i = text.length - 2; i >= 0 && text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

// ---------------------------------------------------------------------------------------------
// Inline nodes

export interface InlineContext {
  /** Headings and table cells are one line: hard breaks print as spaces. */
  singleLine: boolean;
  /** Inside a table cell, where `|` splits cells even inside code spans. */
  table: boolean;
  /** Inside a link label, where a nested link can only print its label. */
  inLink: boolean;
  /** Inside strong / emphasis: the same mark nested again adds nothing and only piles up delimiters. */
  inStrong?: boolean;
  inEmphasis?: boolean;
}

/** Unwraps a strong inside a strong (and emphasis inside emphasis): it reads the same without. */
function unnestMarks(nodes: readonly MarkdownInline[], context: InlineContext): MarkdownInline[] {
  if (!context.inStrong && !context.inEmphasis) return [...nodes];
  const out: MarkdownInline[] = [];
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    if ((node.type === 'strong' && context.inStrong) || (node.type === 'emphasis' && context.inEmphasis)) {
      out.push(...unnestMarks(node.children ?? [], context));
    } else {
      out.push(node);
    }
  }
  return out;
}

/** Adjacent runs of the same kind merge, so two code spans or strongs never print back to back. */
function mergeAdjacent(nodes: readonly MarkdownInline[]): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    const last = out[out.length - 1];
    if (last && last.type === node.type) {
      if (last.type === 'text' || last.type === 'code') {
        out[out.length - 1] = { ...last, value: last.value + (node as { value: string }).value };
        continue;
      }
      if (last.type === 'strong' || last.type === 'emphasis') {
        out[out.length - 1] = {
          ...last,
          children: [...last.children, ...(node as { children: MarkdownInline[] }).children],
        };
        continue;
      }
    }
    out.push(node);
  }
  return out;
}

/** True when only spaces or tabs follow the last line break (or the start) of `out`. */
function isLineStart(out: string): boolean {
  for (let i = out.length - 1; i >= 0; i--) {
    const char = out[i];
    if (char === '\n') return true;
    if (char !== ' ' && char !== '\t') return false;
  }
  return true;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** The first whole character (code point) of `text`. */
function firstChar(text: string): string | undefined {
  const code = text.codePointAt(0);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

/** The last whole character (code point) of `text`. */
function lastChar(text: string): string | undefined {
  if (text === '') return undefined;
  const pair = /[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(text);
  return text.slice(pair ? -2 : -1);
}

/** The first character the inline nodes from `from` on will print, as far as emphasis cares. */
function leadingChar(nodes: readonly MarkdownInline[], from: number, context: InlineContext): string | undefined {
  for (let index = from; index < nodes.length; index++) {
    const node = nodes[index]!;
    let char: string | undefined;
    switch (node.type) {
      case 'text':
        char = firstChar(String(node.value ?? '').replace(/\r\n?|\n/g, ' '));
        break;
      case 'code':
        char = node.value ? '`' : undefined;
        break;
      case 'break':
        char = ' ';
        break;
      case 'strong':
      case 'emphasis':
        char = node.children?.length ? '*' : undefined;
        break;
      case 'link':
        char =
          !context.inLink && sanitizeNavigationHref(node.href) !== null
            ? '['
            : leadingChar(node.children ?? [], 0, context);
        break;
      case 'image':
        char = sanitizeAssetUrl(node.src) !== null ? '!' : firstChar(String(node.alt ?? ''));
        break;
      default:
        break;
    }
    if (char !== undefined) return char;
  }
  return undefined;
}

/** A character reference for one code point. */
function reference(codePoint: number): string {
  return `&#x${codePoint.toString(16).toUpperCase()};`;
}

function isPunctuationChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{P}\p{S}]/u.test(char);
}

/**
 * A bare URL still open at the end of `printed`: readers that autolink bare URLs (marked's GFM
 * extension, markdown-it's linkify) take every character up to whitespace or a raw `<` into the
 * link, including a code span's opening backtick, which would leave the span's content to be read
 * as Markdown. Deliberately broad (any scheme-like `://` or `www.`, any case).
 */
const OPEN_BARE_URL = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<]*$/i;

/**
 * Serializes a run of inline nodes; `atLineStart` says whether the first one begins a line, and
 * `lead` is what is printed before them on the same line (for `OPEN_BARE_URL`).
 */
function serializeInlines(
  nodes: readonly MarkdownInline[],
  context: InlineContext,
  atLineStart: boolean,
  lead = '',
): string {
  const merged = mergeAdjacent(unnestMarks(nodes, context));
  let out = '';
  // Set when a mark just closed where a letter right after would stop it closing.
  let guardNext = false;
  // Where the last mark's closing delimiter ended, so an identical mark right after (separated
  // only by nodes that printed nothing) continues it instead of piling delimiters up.
  let lastClose: { marker: string; at: number } | undefined;
  for (let index = 0; index < merged.length; index++) {
    const node = merged[index]!;
    const lineStart = out === '' ? atLineStart : isLineStart(out);
    let piece: string;
    let mark: Mark | undefined;
    switch (node.type) {
      case 'text':
        piece = escapeText(String(node.value ?? ''), { atLineStart: lineStart });
        break;
      case 'break':
        piece = context.singleLine ? ' ' : '\\\n';
        break;
      case 'code':
        piece = OPEN_BARE_URL.test(lead + out)
          ? // Its opening backtick would join the URL: print the value as the text it is.
            escapeText(String(node.value ?? ''), { atLineStart: lineStart })
          : serializeCode(String(node.value ?? ''), context, lineStart);
        break;
      case 'strong':
        mark = splitMark(
          serializeInlines(
            node.children ?? [],
            { ...context, singleLine: true, inStrong: true },
            false,
            `${lead}${out}**`,
          ),
          '**',
        );
        piece = '';
        break;
      case 'emphasis': {
        // `_` cannot open or close inside a word, so intraword emphasis uses `*` — unless that
        // would touch a strong's `**` and blur the delimiter runs; then `_` it is, with the
        // neighbouring letters written as references.
        const after = leadingChar(merged, index + 1, context);
        const touchesStar = lastChar(out) === '*' || after === '*';
        const marker = !touchesStar && (isWordChar(lastChar(out)) || isWordChar(after)) ? '*' : '_';
        mark = splitMark(
          serializeInlines(
            node.children ?? [],
            { ...context, singleLine: true, inEmphasis: true },
            false,
            `${lead}${out}${marker}`,
          ),
          marker,
        );
        piece = '';
        break;
      }
      case 'link':
        piece = serializeLink(node.href, node.children ?? [], context, lineStart, lead + out);
        break;
      case 'image':
        piece = serializeImage(node.src, node.alt, lineStart);
        break;
      default:
        piece = '';
    }
    if (!mark && piece !== '') {
      if (guardNext && isWordChar(firstChar(piece))) {
        // Readers decide whether a mark closes from the raw characters around it: a letter after
        // punctuation-ending content stops it, a character reference does not.
        const first = firstChar(piece)!;
        piece = reference(first.codePointAt(0)!) + piece.slice(first.length);
      }
      guardNext = false;
    }
    if (mark && mark.body === '') {
      // Nothing to mark; its whitespace (if any) already separates a guarded mark from a letter.
      piece = mark.lead + mark.trail;
      if (piece !== '') guardNext = false;
    } else if (mark && mark.lead === '' && lastClose?.marker === mark.marker && lastClose.at === out.length) {
      out = out.slice(0, out.length - mark.marker.length);
      piece = `${mark.body}${mark.marker}${mark.trail}`;
      guardNext = mark.trail === '' && (mark.marker === '_' || isPunctuationChar(lastChar(mark.body)));
    } else if (mark) {
      // Likewise a letter before punctuation-starting content (or before any `_`) stops it opening.
      const underscore = mark.marker === '_';
      const before = lastChar(out);
      if (mark.lead === '' && isWordChar(before) && (underscore || isPunctuationChar(firstChar(mark.body)))) {
        out = out.slice(0, out.length - before!.length) + reference(before!.codePointAt(0)!);
      }
      piece = `${mark.lead}${mark.marker}${mark.body}${mark.marker}${mark.trail}`;
      guardNext = mark.trail === '' && (underscore || isPunctuationChar(lastChar(mark.body)));
    }
    // A literal `!` right before a link would turn it into an image.
    if (piece.startsWith('[') && endsUnescaped(out, '!')) out = `${out.slice(0, -1)}\\!`;
    out += piece;
    if (mark && mark.body !== '' && mark.trail === '') lastClose = { marker: mark.marker, at: out.length };
  }
  return out;
}

interface Mark {
  lead: string;
  body: string;
  trail: string;
  marker: string;
}

/** Splits marked content so edge whitespace goes outside the markers, where it cannot stop them. */
function splitMark(inner: string, marker: string): Mark {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  const [, lead = '', body = '', trail = ''] = match;
  return { lead, body, trail, marker };
}

function serializeCode(raw: string, context: InlineContext, lineStart: boolean): string {
  const value = raw.replace(/\r\n?|\n/g, ' ');
  if (value === '') return '';
  if (context.table) {
    // GFM splits rows on `|` before reading code spans; `\|` keeps a pipe in the cell, but a
    // backslash already before the pipe cannot be expressed inside a span, so print it as text.
    if (/\\\|/.test(value)) return escapeText(value, { atLineStart: lineStart });
  }
  const body = context.table ? value.replace(/\|/g, '\\|') : value;
  const fence = '`'.repeat(longestRun(value, '`') + 1);
  // One space each side is stripped by readers, so padding keeps edge backticks and spaces.
  const pad = /^[` ]|[` ]$/.test(value) && value.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

const DESTINATION_ESCAPES: Record<string, string> = {
  ' ': '%20',
  '(': '%28',
  ')': '%29',
  '<': '%3C',
  '>': '%3E',
  '\\': '%5C',
  '`': '%60',
  '|': '%7C',
  // Written as an entity so Markdown decodes it back to `&`, and no other entity in the URL is
  // decoded into something the URL check never saw.
  '&': '&amp;',
};

/** A link destination that cannot end early, open a title, split a table cell or hold an entity. */
function encodeDestination(url: string): string {
  return url.replace(/[\s()<>\\`|&]/gu, (char) => DESTINATION_ESCAPES[char] ?? encodeURIComponent(char));
}

function serializeLink(
  href: string,
  children: readonly MarkdownInline[],
  context: InlineContext,
  lineStart: boolean,
  lead: string,
): string {
  const safe = context.inLink ? null : sanitizeNavigationHref(href);
  if (safe === null) {
    // Blocked (or nested in another link): the label alone, as the text it is.
    return serializeInlines(children, context, lineStart, lead);
  }
  let label = serializeInlines(children, { ...context, singleLine: true, inLink: true }, false, `${lead}[`).trim();
  if (label === '') label = escapeText(safe, { atLineStart: false });
  return `[${label}](${encodeDestination(safe)})`;
}

function serializeImage(src: string, alt: string, lineStart: boolean): string {
  const safe = sanitizeAssetUrl(src);
  const text = String(alt ?? '');
  if (safe === null) return escapeText(text, { atLineStart: lineStart });
  return `![${escapeText(text, { atLineStart: false }).trim()}](${encodeDestination(safe)})`;
}

/** Inline content of a paragraph-like block: no stray breaks at either end, no indented lines. */
export function serializeFlow(nodes: readonly MarkdownInline[], context: InlineContext, atLineStart = true): string {
  const printed = serializeInlines(nodes, context, atLineStart)
    .replace(/^(?:[ \t]*\\\n)+/, '')
    .replace(/(?:\\\n[ \t]*)+$/, '');
  // Newlines only come from hard breaks; leading whitespace on any line would read as indentation.
  // Whitespace before a break's backslash would print as trailing space on the line.
  return printed
    .split('\n')
    .map((line) => line.replace(/^[ \t]+/, '').replace(/[ \t]+\\$/, '\\'))
    .join('\n')
    .trimEnd();
}

export const FLOW: InlineContext = { singleLine: false, table: false, inLink: false };
export const ONE_LINE: InlineContext = { singleLine: true, table: false, inLink: false };
export const CELL: InlineContext = { singleLine: true, table: true, inLink: false };
