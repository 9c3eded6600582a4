/**
 * Zulip: messages of Zulip's Markdown (zulip.com/help/format-your-message-using-markdown), written
 * by the shared Markdown-dialect writer from a dialect declaration. What is Zulip's own is here:
 * `*` for italics (Zulip reads no `_`), headings as bold lines and a rule as a line of dashes
 * (Zulip draws neither `#` nor `---`), sub-lists two spaces in, the backslash escapes its parser
 * knows, and every `@` or `#` that could open a mention or a channel link broken with a zero-width
 * space; messages of at most 10,000 characters.
 */
import type { MarkdownBlock, MarkdownContent } from '../../../../src/core/markdown/tree.ts';
import { dialectPieces } from '../../../../src/core/chat-hosts/dialect-pieces.ts';
import { type ChatHeading, chatDocument } from '../../../../src/core/chat-hosts/document.ts';
import { breakMentionsIn, type MarkdownDialect } from '../../../../src/core/chat-hosts/markdown-dialect.ts';
import { ZULIP_LIMITS } from './limits.ts';

/** One `POST /api/v1/messages` body's content (add `type`, `to` and `topic`). */
export interface ZulipMessage {
  content: string;
}

/** What to send, in order. */
export interface ZulipMessages {
  messages: ZulipMessage[];
}

/**
 * Where a break goes: after an `@` (a user, group or wildcard mention: `@**name**`, `@*group*`,
 * `@_**name**`) or a `#` (a channel link, `#**channel**`) that no letter, digit or `_` comes
 * before (Zulip reads one only after a space, a quote or an opening bracket) and that something
 * other than a space or a break already there follows. Bold or italic markers our writer adds
 * after the `@` are not in the joined text, so any such `@` is broken.
 */
const MENTION_AT = /(?<![\p{L}\p{N}_])[@#](?=[^\s\u200B])/gu;

/**
 * Model text as Zulip Markdown: a backslash before each character Zulip's parser reads as markup
 * and lets a backslash escape (emphasis, code, links, quotes, headings' `#`), and every mention
 * or channel link opening broken.
 * @example escapeZulipText('@**all** *hi*') // '@\u200B\\*\\*all\\*\\* \\*hi\\*'
 */
export function escapeZulipText(text: string): string {
  return breakMentionsIn(text.replace(/[\\`*_[\]()#>]/g, '\\$&'), MENTION_AT);
}

const ZULIP_DIALECT: MarkdownDialect = {
  escape: escapeZulipText,
  mentionAt: MENTION_AT,
  bold: '**',
  italic: '*',
  heading: 'bold',
  rule: '─'.repeat(12),
  nestedList: 'two-spaces',
};

/** Room kept in the last message for the note saying what was left out. */
const NOTE_ROOM = 120;

/** Zulip refuses an empty message; an empty document says so instead. */
const EMPTY = '*Nothing to show.*';

/**
 * Content as Zulip messages: the title a bold line, the subtitle in italics, then every block as
 * Zulip Markdown, packed into messages of at most 10,000 characters, at most 10 messages; a block
 * too long for one message is cut at line ends (code fences closed and reopened), and what does
 * not fit is replaced by a note.
 */
export function markdownToZulip(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): ZulipMessages {
  const pieces = dialectPieces(ZULIP_DIALECT, chatDocument(content, heading), {
    pieceChars: ZULIP_LIMITS.messageChars,
    pieces: ZULIP_LIMITS.messagesPerRender,
    noteRoom: NOTE_ROOM,
    limitName: `${ZULIP_LIMITS.messagesPerRender} Zulip messages`,
  });
  return { messages: pieces.map((piece) => ({ content: piece === '' ? EMPTY : piece })) };
}
