/**
 * Discord: a message of embeds (a title, then the body as Discord Markdown in descriptions), sent
 * with `allowed_mentions: { parse: [] }` so nothing pings, and with mention syntax in model text
 * escaped or broken as well, so it does not even render as a mention.
 */
import type { MarkdownBlock, MarkdownContent } from '../../markdown/tree.ts';
import { DISCORD_LIMITS } from './limits.ts';
import { type ChatHeading, chatDocument } from '../document.ts';
import { MENTION_BREAK } from '../mentions.ts';
import type { MarkdownDialect } from '../markdown-dialect.ts';
import { dialectPieces, fitDrawn } from '../dialect-pieces.ts';

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
  return text.replace(/[\\*_~\x60|[\]()<>#]/g, '\\$&').replace(/@(everyone|here)/gi, `@${MENTION_BREAK}$1`);
}

/**
 * Discord Markdown. Headings are bold lines and a rule a line of box-drawing dashes: embeds draw
 * neither `#` nor `---`. A mention break goes where `@**everyone**` joins up, too.
 */
const DISCORD_DIALECT: MarkdownDialect = {
  escape: escapeDiscordText,
  mentionAt: /@(?=everyone|here)/gi,
  heading: 'bold',
  rule: '─'.repeat(12),
  nestedList: 'two-spaces',
};

/** Room kept for the note saying what was left out: more than any note takes. */
const NOTE_ROOM = 120;

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
  const descriptions = dialectPieces(DISCORD_DIALECT, document, {
    pieceChars: DISCORD_LIMITS.embedDescriptionChars,
    pieces: DISCORD_LIMITS.embedsPerMessage,
    totalChars: DISCORD_LIMITS.embedTotalChars,
    spent: title?.length ?? 0,
    noteRoom: NOTE_ROOM,
    limitName: "Discord's embed limits",
    // The title is the first embed's own; the note is in `*`, as Discord's clients write italics.
    title: 'apart',
    noteMarker: '*',
  });
  const embeds: DiscordEmbed[] = descriptions.map((description) => (description === '' ? {} : { description }));
  if (title) embeds[0]!.title = title;
  for (const embed of embeds) embed.color = DISCORD_EMBED_COLOR;
  return { embeds, allowed_mentions: { parse: [] } };
}
