/**
 * The writer every host that reads a Markdown dialect shares: styled runs and blocks of the content
 * tree as that host's Markdown (headings, paragraphs, lists, quotes, fences, tables as aligned
 * monospace, rules), and the cutting and packing of the result into pieces of at most N
 * characters. A host brings only what is its own: its escaping, where a mention opens, how it
 * draws a heading and a rule ({@link MarkdownDialect}).
 */
import { CODE_BACKTICK_LOOKALIKE } from '../text/look-alikes.ts';
import { clampText, cutPrefix } from '../text/clamp.ts';
import type { MarkdownBlock, MarkdownList } from '../markdown/tree.ts';
import {
  breakMentions,
  type ChatRun,
  codeLanguage,
  codeText,
  inlineRuns,
  listStart,
  monospaceTable,
  splitItem,
  tableGrid,
} from './shared.ts';

/** How a host writes one line of text (Teams' card text takes no more than this). */
export interface InlineDialect {
  /** Model text as the host reads it: its Markdown punctuation escaped, its mention syntax broken. */
  readonly escape: (text: string) => string;
  /** Inline code as the host draws it; absent when the host has none (code runs then read as text). */
  readonly code?: (text: string) => string;
  /**
   * A global pattern matching what opens a mention in a line's joined text (the `@`, the name a
   * lookahead): a break goes after each match, so `@**name**` is broken like `@name`.
   */
  readonly mentionAt: RegExp;
}

/** What makes one host's Markdown its own; everything else is the writer's. */
export interface MarkdownDialect extends InlineDialect {
  /** `bold`: a heading is a bold line (hosts that draw no `#`); `hash`: `#` to `######` by depth. */
  readonly heading: 'bold' | 'hash';
  /** What a thematic break is drawn as (a line of its own, between blank lines). */
  readonly rule: string;
  /**
   * What a fenced block (code, a table) becomes, where nothing is escaped: absent, kept as written;
   * a host that reads mentions even in code breaks them here.
   */
  readonly fenced?: (text: string) => string;
  /**
   * Where a nested list starts: `under-text`, under its item's text (CommonMark needs three spaces
   * after `1. `); `two-spaces`, two spaces further in per level whatever the marker (Discord).
   */
  readonly nestedList: 'under-text' | 'two-spaces';
}

// ---------------------------------------------------------------------------------------------
// Inline

/**
 * Backslash-escapes what starts a block at the beginning of a line (`#`, `>`, `-`, `+`, `=`, and
 * the `.` or `)` after a number), at the start of `text` and after each newline.
 * @example escapeLineStarts('1. not a list') // '1\\. not a list'
 */
export function escapeLineStarts(text: string): string {
  return text.replace(/(^|\n)([ \t]*)(\d{1,9})([.)])/g, '$1$2$3\\$4').replace(/(^|\n)([ \t]*)([#>+\-=])/g, '$1$2\\$3');
}

/** Wraps text in a marker with surrounding whitespace kept outside (`** x **` is not bold). */
export function wrapMarker(text: string, open: string, close = open): string {
  const core = text.trim();
  if (core === '') return text;
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  return `${lead}${open}${core}${close}${trail}`;
}

/**
 * Runs as Markdown: `escapeText` is applied to each run's text, bold becomes `**`, italic `_`, code
 * goes through `code` (when the host has inline code), and runs sharing a target become one
 * `[label](url)`.
 */
export function runsToMarkdown(
  runs: readonly ChatRun[],
  escapeText: (text: string) => string,
  code: ((text: string) => string) | undefined,
): string {
  const styled = (run: ChatRun): string => {
    let text = run.style.code && code ? code(run.text) : escapeText(run.text);
    if (run.style.italic) text = wrapMarker(text, '_');
    if (run.style.bold) text = wrapMarker(text, '**');
    return text;
  };
  let out = '';
  for (let index = 0; index < runs.length; ) {
    const run = runs[index]!;
    if (run.href === undefined) {
      out += styled(run);
      index++;
      continue;
    }
    let label = '';
    const href = run.href;
    while (index < runs.length && runs[index]!.href === href) label += styled(runs[index++]!);
    out += `[${label.replace(/\n/g, ' ')}](${href})`;
  }
  return out;
}

/** Runs as the dialect's Markdown: mentions broken across runs, text escaped, line starts inert. */
export function dialectInline(dialect: InlineDialect, runs: readonly ChatRun[]): string {
  return escapeLineStarts(runsToMarkdown(breakMentions(runs, dialect.mentionAt), dialect.escape, dialect.code));
}

// ---------------------------------------------------------------------------------------------
// Blocks

/** A fenced block; a line of backticks inside could close it, so backticks become look-alikes. */
export function fence(text: string, language = ''): string {
  return `\`\`\`${language}\n${text.replace(/`/g, CODE_BACKTICK_LOOKALIKE)}\n\`\`\``;
}

/** Code or a table fenced, then as the dialect keeps fenced text (so a table is aligned before any break). */
function fenced(dialect: MarkdownDialect, text: string, language = ''): string {
  const block = fence(text, language);
  return dialect.fenced ? dialect.fenced(block) : block;
}

function indent(text: string, pad: string): string {
  return text.replace(/^/gm, pad);
}

function listMarkdown(dialect: MarkdownDialect, list: MarkdownList, depth: number): string {
  const start = listStart(list);
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  (list.items ?? []).forEach((item, index) => {
    const marker = list.ordered ? `${start + index}. ` : '- ';
    const under = `${pad}${' '.repeat(marker.length)}`;
    const { lead, rest } = splitItem(item);
    const text = dialectInline(dialect, lead).replace(/\n/g, `\n${under}`);
    if (text !== '') lines.push(`${pad}${marker}${text}`);
    for (const child of rest) {
      const deeper = child.type === 'list' && dialect.nestedList === 'two-spaces';
      const nested = deeper ? listMarkdown(dialect, child, depth + 1) : dialectBlock(dialect, child);
      if (nested !== '') lines.push(deeper ? nested : indent(nested, under));
    }
  });
  return lines.join('\n');
}

function headingMarkdown(dialect: MarkdownDialect, block: Extract<MarkdownBlock, { type: 'heading' }>): string {
  if (dialect.heading === 'bold') return dialectInline(dialect, inlineRuns(block.children ?? [], { bold: true }));
  // A `#` heading is one line: a break inside it reads as a space.
  const text = dialectInline(dialect, inlineRuns(block.children ?? [])).replace(/\n/g, ' ');
  const depth = Math.min(6, Math.max(1, Math.trunc(Number(block.depth)) || 1));
  return text === '' ? '' : `${'#'.repeat(depth)} ${text}`;
}

/**
 * One block as the dialect's Markdown (`''` when it shows nothing): lists `-`/`1.` (a term list
 * as written, its bold term and separator), quotes `>`, code and tables fenced, a rule the
 * dialect's line.
 */
export function dialectBlock(dialect: MarkdownDialect, block: MarkdownBlock): string {
  switch (block.type) {
    case 'heading':
      return headingMarkdown(dialect, block);
    case 'paragraph':
      return dialectInline(dialect, inlineRuns(block.children ?? []));
    case 'list':
      return listMarkdown(dialect, block, 0);
    case 'blockquote': {
      const inner = (block.children ?? []).map((child) => dialectBlock(dialect, child)).filter((text) => text !== '');
      return inner.length === 0 ? '' : indent(inner.join('\n\n'), '> ');
    }
    case 'table': {
      const table = monospaceTable(tableGrid(block));
      return table === '' ? '' : fenced(dialect, table);
    }
    case 'codeBlock': {
      const text = codeText(block.value);
      return text.trim() === '' ? '' : fenced(dialect, text, codeLanguage(block.language));
    }
    case 'rule':
      return dialect.rule;
    default:
      return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Cutting and packing

/** Cuts text into pieces of at most `max`, at a line end in the second half of a piece if any. */
function cutLines(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = cutPrefix(rest, max);
    const newline = window.lastIndexOf('\n');
    let cut = newline > max / 2 ? newline : window.length;
    // Never leave an escaping backslash at the end of a piece: the next one would start unescaped.
    while (cut > 1 && (/\\+$/.exec(rest.slice(0, cut))?.[0].length ?? 0) % 2 === 1) cut--;
    if (cut < 1) cut = Math.max(1, window.length);
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, '');
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

/**
 * A drawn block in pieces of at most `max` characters: whole when it fits, else cut at line ends
 * where it can; a fenced block is closed and reopened around each cut.
 */
export function splitChunk(chunk: string, max: number): string[] {
  if (chunk.length <= max) return [chunk];
  const fenced = /^```(\S*)\n([\s\S]*)\n```$/.exec(chunk);
  if (!fenced) return cutLines(chunk, max);
  const language = fenced[1]!;
  return cutLines(fenced[2]!, max - language.length - 8).map((part) => `\`\`\`${language}\n${part}\n\`\`\``);
}

/** Every block drawn in the dialect, those showing nothing left out, each cut to at most `max`. */
export function dialectChunks(dialect: MarkdownDialect, blocks: readonly MarkdownBlock[], max: number): string[] {
  return blocks.flatMap((block) => {
    const text = dialectBlock(dialect, block);
    return text === '' ? [] : splitChunk(text, max);
  });
}

/** How many characters pieces hold, in the units the host counts. */
export interface PieceLimits {
  /** One piece (a message, an embed description). */
  readonly pieceChars: number;
  /** Pieces in all. */
  readonly pieces: number;
  /** All pieces together, when the host limits that too. */
  readonly totalChars?: number;
  /** Already spent of `totalChars` (a title drawn elsewhere). */
  readonly spent?: number;
  /** Kept free for the note saying what was left out: of the total, and of the last piece. */
  readonly noteRoom: number;
}

/** Chunks of one piece are separated by a blank line. */
const GAP = 2;

/**
 * Chunks (each at most `pieceChars`) packed in order into pieces, joined by blank lines, within
 * every limit; the first chunk that does not fit ends the packing, and `note(left)` (at most
 * `noteRoom - 2` characters) then closes the last piece. At least one piece, `''` when empty.
 */
export function packChunks(chunks: readonly string[], limits: PieceLimits, note: (left: number) => string): string[] {
  const pieces: string[] = [];
  let current: string[] = [];
  let length = 0;
  let total = limits.spent ?? 0;
  let kept = 0;
  const close = (): void => {
    if (current.length > 0 || pieces.length === 0) pieces.push(current.join('\n\n'));
    current = [];
    length = 0;
  };
  // The last allowed piece keeps room for the note, so a note never opens a piece past the limit.
  const capacity = (): number => limits.pieceChars - (pieces.length + 1 >= limits.pieces ? limits.noteRoom : 0);
  for (const chunk of chunks) {
    const cost = chunk.length + (current.length > 0 ? GAP : 0);
    if (limits.totalChars !== undefined && cost > limits.totalChars - limits.noteRoom - total) break;
    if (length + cost > capacity()) {
      if (pieces.length + 1 >= limits.pieces) break;
      close();
      if (chunk.length > capacity()) break;
    }
    const added = chunk.length + (current.length > 0 ? GAP : 0);
    current.push(chunk);
    length += added;
    total += added;
    kept++;
  }
  const left = chunks.length - kept;
  if (left > 0) {
    const text = note(left);
    if (length + text.length + GAP > limits.pieceChars) close();
    current.push(text);
  }
  close();
  return pieces;
}

/**
 * `text` drawn by `draw` (which escapes, so it grows) within `max` characters: clamped with an
 * ellipsis first, then clamped shorter by what the drawing overshot until it fits.
 */
export function fitDrawn(text: string, max: number, draw: (text: string) => string): string {
  let keep = max;
  let drawn = draw(clampText(text, keep));
  while (drawn.length > max && keep > 0) {
    keep -= drawn.length - max;
    drawn = draw(clampText(text, keep));
  }
  return drawn;
}
