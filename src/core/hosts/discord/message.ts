/**
 * Discord: a message of embeds (a title, then the body as Discord Markdown in descriptions), sent
 * with `allowed_mentions: { parse: [] }` so nothing pings, and with mention syntax in model text
 * escaped or broken as well, so it does not even render as a mention.
 */
import { CODE_BACKTICK_LOOKALIKE } from '../../text/look-alikes.ts';
import type { MarkdownBlock, MarkdownContent, MarkdownList } from '../../markdown/tree.ts';
import { DISCORD_LIMITS } from './limits.ts';
import {
  breakMentions,
  type ChatHeading,
  type ChatRun,
  chatDocument,
  clampChatText,
  codeLanguage,
  codeText,
  cutPrefix,
  escapeLineStarts,
  inlineRuns,
  listStart,
  MENTION_BREAK,
  monospaceTable,
  omittedNote,
  runsToMarkdown,
  splitItem,
  tableGrid,
} from '../shared.ts';

export interface DiscordEmbed {
  title?: string;
  description?: string;
  color?: number;
}

/** A `POST /channels/{id}/messages` (or webhook execute) body. */
export interface DiscordMessage {
  content?: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: [] };
}

/** The accent stripe of every embed (Discord's blurple). */
export const DISCORD_EMBED_COLOR = 0x5865f2;
const RULE = '─'.repeat(12);

/**
 * Model text as Discord Markdown: every Markdown punctuation character Discord reads is
 * backslash-escaped (Discord drops the backslash before any symbol), `<` too, so `<@id>`, `<#id>`,
 * `<@&id>` and `</cmd:id>` stay literal, and `@everyone`/`@here` get a zero-width break.
 * @example
 * ```ts
 * import { escapeDiscordText } from 'isomer-edge/chat';
 *
 * escapeDiscordText('@everyone <@123>'); // '@\u200Beveryone \\<@123>'
 * ```
 */
export function escapeDiscordText(text: string): string {
  return text.replace(/[\\*_~`|[\]()<>#]/g, '\\$&').replace(/@(everyone|here)/gi, `@${MENTION_BREAK}$1`);
}

/** Inline code: a backtick inside becomes a look-alike so it cannot close the span. */
function inlineCode(text: string): string {
  const value = text.replace(/`/g, CODE_BACKTICK_LOOKALIKE).replace(/@(everyone|here)/gi, `@${MENTION_BREAK}$1`);
  return value.trim() === '' ? value : `\`${value}\``;
}

/** Where a break goes in a line's joined text, so `@**everyone**` is broken too. */
const MENTION_AT = /@(?=everyone|here)/gi;

function markdown(runs: readonly ChatRun[]): string {
  return escapeLineStarts(runsToMarkdown(breakMentions(runs, MENTION_AT), escapeDiscordText, inlineCode));
}

/** A fenced block; a line of backticks inside could close it, so backticks become look-alikes. */
function fence(text: string, language = ''): string {
  return `\`\`\`${language}\n${text.replace(/`/g, CODE_BACKTICK_LOOKALIKE)}\n\`\`\``;
}

function listMarkdown(list: MarkdownList, depth: number): string {
  const start = listStart(list);
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  (list.items ?? []).forEach((item, index) => {
    const marker = list.ordered ? `${start + index}. ` : '- ';
    const { lead, rest } = splitItem(item);
    const text = markdown(lead).replace(/\n/g, `\n${pad}${' '.repeat(marker.length)}`);
    if (text !== '') lines.push(`${pad}${marker}${text}`);
    for (const child of rest) {
      const nested = child.type === 'list' ? listMarkdown(child, depth + 1) : blockMarkdown(child);
      if (nested !== '')
        lines.push(child.type === 'list' ? nested : indent(nested, `${pad}${' '.repeat(marker.length)}`));
    }
  });
  return lines.join('\n');
}

function indent(text: string, pad: string): string {
  return text.replace(/^/gm, pad);
}

/** One block as Discord Markdown (`''` when it shows nothing). Headings are bold lines: embeds draw no `#`. */
function blockMarkdown(block: MarkdownBlock): string {
  switch (block.type) {
    case 'heading':
      return markdown(inlineRuns(block.children ?? [], { bold: true }));
    case 'paragraph':
      return markdown(inlineRuns(block.children ?? []));
    case 'list':
      return listMarkdown(block, 0);
    case 'blockquote': {
      const inner = (block.children ?? []).map(blockMarkdown).filter((text) => text !== '');
      return inner.length === 0 ? '' : indent(inner.join('\n\n'), '> ');
    }
    case 'table': {
      const table = monospaceTable(tableGrid(block));
      return table === '' ? '' : fence(table);
    }
    case 'codeBlock': {
      const text = codeText(block.value);
      return text.trim() === '' ? '' : fence(text, codeLanguage(block.language));
    }
    case 'rule':
      return RULE;
    default:
      return '';
  }
}

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

/** A chunk too long for one description, in pieces; a fenced block is closed and reopened around each cut. */
function splitChunk(chunk: string, max: number): string[] {
  if (chunk.length <= max) return [chunk];
  const fenced = /^```(\S*)\n([\s\S]*)\n```$/.exec(chunk);
  if (!fenced) return cutLines(chunk, max);
  const language = fenced[1]!;
  return cutLines(fenced[2]!, max - language.length - 8).map((part) => `\`\`\`${language}\n${part}\n\`\`\``);
}

/**
 * Content as a Discord message: the title as the first embed's title, the subtitle in italics,
 * then every block as Discord Markdown (headings bold, lists `-`/`1.`, quotes `>`, code and tables
 * fenced), packed into embed descriptions of at most 4,096 characters, at most 10 embeds and 6,000
 * characters in all; what does not fit is replaced by a note. `allowed_mentions` is always empty.
 * @example
 * ```ts
 * import { md } from 'isomer-edge';
 * import { markdownToDiscord } from 'isomer-edge/chat';
 *
 * const message = markdownToDiscord(md.content(md.paragraph('@everyone')), {});
 * message.embeds[0]?.description; // '@\u200Beveryone'
 * ```
 */
export function markdownToDiscord(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): DiscordMessage {
  const document = chatDocument(content, heading);
  const title = document.title
    ? fitDrawn(document.title.replace(/\s+/g, ' '), DISCORD_LIMITS.embedTitleChars, escapeDiscordText)
    : undefined;
  const chunks: string[] = [];
  // The subtitle opens the first description, so it is cut to fit one (it fits the total too).
  if (document.subtitle)
    chunks.push(fitDrawn(document.subtitle, DISCORD_LIMITS.embedDescriptionChars, subtitleMarkdown));
  for (const block of document.blocks) {
    const text = blockMarkdown(block);
    if (text !== '') chunks.push(...splitChunk(text, DISCORD_LIMITS.embedDescriptionChars));
  }
  const noteRoom = 120;
  let total = title?.length ?? 0;
  const embeds: DiscordEmbed[] = [];
  let current: string[] = [];
  let length = 0;
  let kept = 0;
  const close = (): void => {
    if (current.length > 0 || embeds.length === 0) embeds.push({ description: current.join('\n\n') });
    current = [];
    length = 0;
  };
  for (const chunk of chunks) {
    const cost = chunk.length + (current.length > 0 ? 2 : 0);
    const roomLeft = DISCORD_LIMITS.embedTotalChars - noteRoom - total;
    if (cost > roomLeft) break;
    if (length + cost > DISCORD_LIMITS.embedDescriptionChars) {
      if (embeds.length + 1 >= DISCORD_LIMITS.embedsPerMessage) break;
      close();
    }
    current.push(chunk);
    length += chunk.length + (current.length > 1 ? 2 : 0);
    total += chunk.length + (current.length > 1 ? 2 : 0);
    kept++;
  }
  const left = chunks.length - kept;
  if (left > 0) {
    const note = `*${escapeDiscordText(omittedNote(left, "Discord's embed limits"))}*`;
    if (length + note.length + 2 > DISCORD_LIMITS.embedDescriptionChars) close();
    current.push(note);
  }
  close();
  const first = embeds[0]!;
  if (title) first.title = title;
  for (const embed of embeds) {
    if (embed.description === '') delete embed.description;
    embed.color = DISCORD_EMBED_COLOR;
  }
  return { embeds, allowed_mentions: { parse: [] } };
}

function subtitleMarkdown(subtitle: string): string {
  return markdown(inlineRuns([{ type: 'emphasis', children: [{ type: 'text', value: subtitle }] }]));
}

/**
 * `text` drawn by `draw` (which escapes, so it grows) within `max` characters: clamped with an
 * ellipsis first, then clamped shorter by what the drawing overshot until it fits. Embed titles
 * render Markdown too, so they are drawn escaped like text.
 */
function fitDrawn(text: string, max: number, draw: (text: string) => string): string {
  let keep = max;
  let drawn = draw(clampChatText(text, keep));
  while (drawn.length > max && keep > 0) {
    keep -= drawn.length - max;
    drawn = draw(clampChatText(text, keep));
  }
  return drawn;
}
