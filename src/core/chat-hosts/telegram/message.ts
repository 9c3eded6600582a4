/**
 * Telegram: `sendMessage` payloads in `parse_mode: "HTML"`, using only tags Telegram accepts and
 * escaping only what it decodes (`&lt;`, `&gt;`, `&amp;`, `&quot;`). Text past 4,096 visible
 * characters is split at block boundaries into several messages, sent in order.
 */
import type { MarkdownBlock, MarkdownContent } from '../../markdown/tree.ts';
import { cutPrefix } from '../../text/clamp.ts';
import { TELEGRAM_LIMITS } from './limits.ts';
import { type ChatHeading, chatDocument, omittedNote } from '../document.ts';
import { breakMentions, MENTION_BREAK } from '../mentions.ts';
import { blockLines, codeLanguage, codeText, monospaceTable, tableGrid } from '../plain-blocks.ts';
import { type ChatRun, runsText, runsToHtml, tidyRuns } from '../runs.ts';

export interface TelegramSendMessage {
  text: string;
  parse_mode: 'HTML';
  link_preview_options: { is_disabled: true };
}

/** What to send, in order: each entry is one `sendMessage` body (add `chat_id`). */
export interface TelegramMessages {
  messages: TelegramSendMessage[];
}

/**
 * Model text for Telegram HTML: `&`, `<`, `>` and `"` as the four entities Telegram decodes, and a
 * zero-width break after an `@` that starts a word, so `@username` cannot mention anyone.
 * @example
 * ```ts
 * import { escapeTelegramHtml } from 'isomer-edge/chat';
 *
 * escapeTelegramHtml('<b>@admin</b>'); // '&lt;b&gt;@\u200Badmin&lt;/b&gt;'
 * ```
 */
export function escapeTelegramHtml(text: string): string {
  return escapeHtml(text).replace(MENTION_AT, `@${MENTION_BREAK}`);
}

/**
 * Where a break goes: after an `@` that starts a word and before the name. The converter breaks
 * mentions on a block's joined text (so `@<b>name</b>` is caught) before measuring it, and then
 * escapes runs with {@link escapeHtml} alone, so every break is one it counted.
 */
const MENTION_AT = /(?<![\p{L}\p{N}_])@(?=[\p{L}\p{N}_])/gu;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Telegram opens http(s) links only; anything else stays text. */
function telegramHref(href: string | undefined): string | undefined {
  return href !== undefined && /^https?:\/\//i.test(href) ? href : undefined;
}

function style(run: ChatRun): string {
  let text = escapeHtml(run.text);
  if (run.style.code) text = `<code>${text}</code>`;
  if (run.style.italic) text = `<i>${text}</i>`;
  if (run.style.bold) text = `<b>${text}</b>`;
  return text;
}

function html(runs: readonly ChatRun[]): string {
  return runsToHtml(runs, style, escapeHtml, telegramHref);
}

/** One block: runs in a wrapper (`<pre>`, `<blockquote>`), so a long block can be cut and each piece rewrapped. */
interface Piece {
  open: string;
  close: string;
  runs: ChatRun[];
}

function linesRuns(lines: readonly ChatRun[][]): ChatRun[] {
  return tidyRuns(lines.flatMap((line, index) => (index === 0 ? line : [{ text: '\n', style: {} }, ...line])));
}

function piece(block: MarkdownBlock): Piece | undefined {
  switch (block.type) {
    case 'codeBlock': {
      const text = codeText(block.value);
      if (text.trim() === '') return undefined;
      const language = codeLanguage(block.language);
      return {
        open: language ? `<pre><code class="language-${escapeTelegramHtml(language)}">` : '<pre>',
        close: language ? '</code></pre>' : '</pre>',
        runs: [{ text, style: {} }],
      };
    }
    case 'table': {
      const text = monospaceTable(tableGrid(block));
      return text === '' ? undefined : { open: '<pre>', close: '</pre>', runs: [{ text, style: {} }] };
    }
    case 'blockquote': {
      // Telegram quotes do not nest and hold no <pre>, so everything inside reads as lines.
      const runs = linesRuns(blockLines(block));
      return runs.length === 0 ? undefined : { open: '<blockquote>', close: '</blockquote>', runs };
    }
    default: {
      const runs = linesRuns(blockLines(block));
      return runs.length === 0 ? undefined : { open: '', close: '', runs };
    }
  }
}

function pieceLength(entry: Piece): number {
  return runsText(entry.runs).length;
}

function render(entry: Piece): string {
  // Inside <pre> Telegram shows text as it is: no styles, only the escaped characters.
  const body = entry.open.startsWith('<pre') ? escapeHtml(runsText(entry.runs)) : html(entry.runs);
  return `${entry.open}${body}${entry.close}`;
}

/**
 * Splits a piece longer than `max` visible characters, at a line end or a space where one is near.
 * Each piece but the last is over `max / 2`, so one render holds at most two per message: past
 * that many the rest stays one piece, left out whole, and a huge block costs no more than that.
 */
function cut(entry: Piece, max: number): Piece[] {
  const out: Piece[] = [];
  let runs = entry.runs;
  while (runsText(runs).length > max && out.length < 2 * TELEGRAM_LIMITS.messagesPerRender) {
    const text = runsText(runs);
    const window = cutPrefix(text, max);
    // A line end if one is in the second half, else a space, else wherever the limit falls.
    const newline = window.lastIndexOf('\n');
    const space = window.search(/\s\S*$/);
    const at = newline > max / 2 ? newline : space > max / 2 ? space : window.length;
    const [head, tail] = splitAt(runs, at);
    out.push({ ...entry, runs: head });
    runs = tidyRuns(/\s/.test(text[at] ?? '') ? splitAt(tail, 1)[1] : tail);
  }
  if (runs.length > 0) out.push({ ...entry, runs });
  return out;
}

function splitAt(runs: readonly ChatRun[], at: number): [ChatRun[], ChatRun[]] {
  const head: ChatRun[] = [];
  const tail: ChatRun[] = [];
  let seen = 0;
  for (const run of runs) {
    if (seen + run.text.length <= at) head.push(run);
    else if (seen >= at) tail.push(run);
    else {
      head.push({ ...run, text: run.text.slice(0, at - seen) });
      tail.push({ ...run, text: run.text.slice(at - seen) });
    }
    seen += run.text.length;
  }
  return [tidyRuns(head), tidyRuns(tail)];
}

/** Packs pieces in order into messages; the last allowed message keeps `reserve` characters free. */
function pack(
  pieces: readonly Piece[],
  reserve: number,
): { messages: { parts: string[]; length: number }[]; kept: number } {
  const messages: { parts: string[]; length: number }[] = [];
  let kept = 0;
  for (const entry of pieces) {
    const length = pieceLength(entry);
    const capacity = (index: number): number =>
      TELEGRAM_LIMITS.messageChars - (index === TELEGRAM_LIMITS.messagesPerRender - 1 ? reserve : 0);
    const last = messages[messages.length - 1];
    if (last && last.length + 2 + length <= capacity(messages.length - 1)) {
      last.parts.push(render(entry));
      last.length += 2 + length;
    } else if (messages.length < TELEGRAM_LIMITS.messagesPerRender && length <= capacity(messages.length)) {
      messages.push({ parts: [render(entry)], length });
    } else break;
    kept++;
  }
  return { messages, kept };
}

function send(text: string): TelegramSendMessage {
  return { text, parse_mode: 'HTML', link_preview_options: { is_disabled: true } };
}

/**
 * Content as Telegram messages: the title bold and the subtitle italic, headings bold, lists as
 * `•`/`1.` lines, quotes in `<blockquote>`, code in `<pre><code class="language-…">`, tables as
 * aligned text in `<pre>`. Blocks are packed into messages of at most 4,096 visible characters (a
 * longer block is cut at a line end, each piece rewrapped), at most 10 messages; the last says
 * how many blocks were left out.
 * @example
 * ```ts
 * import { md } from 'isomer-edge';
 * import { markdownToTelegram } from 'isomer-edge/chat';
 *
 * const { messages } = markdownToTelegram(md.content(md.paragraph('1 < 2')), {});
 * messages[0]?.text; // '1 &lt; 2'
 * ```
 */
export function markdownToTelegram(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): TelegramMessages {
  const document = chatDocument(content, heading);
  const entries: Piece[] = [];
  if (document.title) entries.push({ open: '', close: '', runs: [{ text: document.title, style: { bold: true } }] });
  if (document.subtitle)
    entries.push({ open: '', close: '', runs: [{ text: document.subtitle, style: { italic: true } }] });
  for (const block of document.blocks) {
    const entry = piece(block);
    if (entry) entries.push(entry);
  }
  // Mentions are broken before anything is measured, so the breaks count toward the limit; a
  // heading is cut like any block, never dropped.
  const pieces = entries.flatMap((entry) =>
    cut({ ...entry, runs: breakMentions(entry.runs, MENTION_AT) }, TELEGRAM_LIMITS.messageChars),
  );
  const noteText = (count: number): string =>
    omittedNote(count, `${TELEGRAM_LIMITS.messagesPerRender} Telegram messages`);
  let packed = pack(pieces, 0);
  if (packed.kept < pieces.length) {
    // Packed again with room for the note in the last message (the longest note any count can need).
    packed = pack(pieces, noteText(pieces.length).length + 2);
    const note = noteText(pieces.length - packed.kept);
    const last = packed.messages.at(-1);
    // Only the last allowed message keeps that room: an earlier last one may be full, so the note
    // then opens a message of its own (there is one left, since the last allowed was not reached).
    if (last && last.length + 2 + note.length <= TELEGRAM_LIMITS.messageChars) {
      last.parts.push(`<i>${escapeHtml(note)}</i>`);
      last.length += 2 + note.length;
    } else packed.messages.push({ parts: [`<i>${escapeHtml(note)}</i>`], length: note.length });
  }
  const { messages } = packed;
  if (messages.length === 0) messages.push({ parts: ['\u00A0'], length: 1 });
  return { messages: messages.map((entry) => send(entry.parts.join('\n\n'))) };
}
