/**
 * Markdown-dialect text in pieces a host takes: each drawn block cut to at most N characters (at
 * line ends where it can, a fence closed and reopened around each cut), the pieces packed in order
 * under the host's limits with a note saying what was left out, and a whole message (title,
 * subtitle, blocks) drawn that way. A Markdown-dialect host gives its dialect and limits and wraps
 * the pieces in its payload; it cuts and packs nothing itself.
 */
import { clampText, cutPrefix } from '../text/clamp.ts';
import type { MarkdownBlock } from '../markdown/tree.ts';
import type { ChatDocument } from './document.ts';
import { omittedNote } from './document.ts';
import { dialectBlock, dialectInline, type MarkdownDialect } from './markdown-dialect.ts';
import { inlineRuns } from './runs.ts';

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

/** How a whole message is drawn into pieces: the host's limits and what its note names. */
export interface DialectMessageOptions extends PieceLimits {
  /** The limit the "left out" note names ("10 Zulip messages"). */
  readonly limitName: string;
  /** `piece` (default): the title opens the first piece as a heading; `apart`: the host places it itself. */
  readonly title?: 'piece' | 'apart';
  /** The marker the note is wrapped in. Default the dialect's italic. */
  readonly noteMarker?: string;
}

/**
 * A document as the dialect's Markdown in pieces within the host's limits: the title as a heading
 * (unless the host places it apart), the subtitle in italics, then every block; each cut to fit
 * one piece, and what does not fit replaced by a note. At least one piece, `''` when empty.
 */
export function dialectPieces(
  dialect: MarkdownDialect,
  document: ChatDocument,
  options: DialectMessageOptions,
): string[] {
  const max = options.pieceChars;
  const chunks: string[] = [];
  if (document.title && (options.title ?? 'piece') === 'piece')
    chunks.push(titleMarkdown(dialect, document.title, max));
  // The subtitle opens a piece, so it is cut to fit one (it fits the total too).
  if (document.subtitle)
    chunks.push(
      fitDrawn(document.subtitle, max, (subtitle) =>
        dialectInline(dialect, inlineRuns([{ type: 'emphasis', children: [{ type: 'text', value: subtitle }] }])),
      ),
    );
  chunks.push(...dialectChunks(dialect, document.blocks, max));
  const marker = options.noteMarker ?? dialect.italic ?? '_';
  return packChunks(
    chunks,
    options,
    (left) => `${marker}${dialect.escape(omittedNote(left, options.limitName))}${marker}`,
  );
}

/** The title on one line, as the dialect draws a top heading, cut to fit one piece. */
function titleMarkdown(dialect: MarkdownDialect, title: string, max: number): string {
  const line = title.replace(/\s+/g, ' ');
  if (dialect.heading === 'bold')
    return fitDrawn(line, max, (text) =>
      dialectInline(dialect, inlineRuns([{ type: 'text', value: text }], { bold: true })),
    );
  return `# ${fitDrawn(line, max - 2, (text) => dialectInline(dialect, inlineRuns([{ type: 'text', value: text }])))}`;
}
