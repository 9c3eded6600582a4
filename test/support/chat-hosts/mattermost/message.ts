/**
 * Mattermost: posts of Mattermost Markdown (docs.mattermost.com, "Format messages"), written by
 * the shared Markdown-dialect writer. What is Mattermost's own is here: its escaping, its
 * mentions (`@name`, and `@channel`, `@all`, `@here`, which notify a whole channel) broken with a
 * zero-width space, `#` headings, and posts of at most 16,383 characters.
 */
import type { MarkdownBlock, MarkdownContent } from '../../../../src/core/markdown/tree.ts';
import {
  dialectChunks,
  dialectInline,
  fitDrawn,
  type MarkdownDialect,
  packChunks,
} from '../../../../src/core/chat-hosts/markdown-dialect.ts';
import {
  type ChatHeading,
  chatDocument,
  inlineRuns,
  MENTION_BREAK,
  omittedNote,
} from '../../../../src/core/chat-hosts/shared.ts';
import { CODE_BACKTICK_LOOKALIKE } from '../../../../src/core/text/look-alikes.ts';
import { MATTERMOST_LIMITS } from './limits.ts';

/** One `POST /api/v4/posts` body (add `channel_id`). */
export interface MattermostPost {
  message: string;
}

/** What to post, in order. */
export interface MattermostPosts {
  posts: MattermostPost[];
}

/**
 * Where a mention opens: an `@` before a name character, unless a letter, digit or `_` of ASCII
 * comes before it (the server reads `a@b` as an address, and any other `@name` as a mention).
 */
const MENTION_AT = /(?<![A-Za-z0-9_])@(?=[\p{L}\p{N}_.-])/gu;

/**
 * Model text as Mattermost Markdown: CommonMark's backslash escape before every punctuation
 * character Mattermost reads (`$` opens inline LaTeX, `&` an entity; with `<` and `>` escaped, no
 * Slack-style `<!channel>` is left for a webhook to translate), and every mention broken.
 * @example escapeMattermostText('@channel **hi**') // '@\u200Bchannel \\*\\*hi\\*\\*'
 */
export function escapeMattermostText(text: string): string {
  return breakMentions(text.replace(/[\\*_~`|[\]()<>#$&]/g, '\\$&'));
}

/** Inline code: a backtick becomes a look-alike so it cannot close the span; mentions are broken as in text. */
function inlineCode(text: string): string {
  const value = breakMentions(text.replace(/`/g, CODE_BACKTICK_LOOKALIKE));
  return value.trim() === '' ? value : `\`${value}\``;
}

function breakMentions(text: string): string {
  return text.replace(MENTION_AT, `@${MENTION_BREAK}`);
}

const MATTERMOST_DIALECT: MarkdownDialect = {
  escape: escapeMattermostText,
  code: inlineCode,
  mentionAt: MENTION_AT,
  // The server skips code when it looks for mentions, but by a pattern that a quoted fence or a
  // `~~~` line inside code slips past: code and tables are broken too.
  fenced: breakMentions,
  heading: 'hash',
  rule: '---',
  nestedList: 'under-text',
};

/** Room kept in the last post for the note saying what was left out. */
const NOTE_ROOM = 120;

/**
 * Content as Mattermost posts: the title a `#` heading, the subtitle in italics, then every block
 * as Mattermost Markdown, packed into posts of at most 16,383 characters, at most 10 posts; a
 * block too long for one post is cut at line ends (code fences closed and reopened), and what
 * does not fit is replaced by a note.
 */
export function markdownToMattermost(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): MattermostPosts {
  const document = chatDocument(content, heading);
  const max = MATTERMOST_LIMITS.postChars;
  const chunks: string[] = [];
  if (document.title) chunks.push(`# ${fitDrawn(document.title.replace(/\s+/g, ' '), max - 2, titleMarkdown)}`);
  if (document.subtitle) chunks.push(fitDrawn(document.subtitle, max, subtitleMarkdown));
  chunks.push(...dialectChunks(MATTERMOST_DIALECT, document.blocks, max));
  const messages = packChunks(
    chunks,
    { pieceChars: max, pieces: MATTERMOST_LIMITS.postsPerRender, noteRoom: NOTE_ROOM },
    (left) => `_${escapeMattermostText(omittedNote(left, `${MATTERMOST_LIMITS.postsPerRender} Mattermost posts`))}_`,
  );
  // A post needs a message: an empty document still says so.
  return { posts: messages.map((message) => ({ message: message === '' ? '\u00A0' : message })) };
}

function titleMarkdown(title: string): string {
  return dialectInline(MATTERMOST_DIALECT, inlineRuns([{ type: 'text', value: title }]));
}

function subtitleMarkdown(subtitle: string): string {
  return dialectInline(
    MATTERMOST_DIALECT,
    inlineRuns([{ type: 'emphasis', children: [{ type: 'text', value: subtitle }] }]),
  );
}
