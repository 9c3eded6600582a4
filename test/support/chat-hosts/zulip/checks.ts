/**
 * Zulip's checks, written from Zulip's documented rules, not from the converter in this folder: a
 * message's content is at most 10,000 characters counted in code points and must not be blank;
 * Zulip resolves `@**name**`, `@*group*` (silent: `@_**name**`, `@_*group*`; the wildcards
 * `@**all**`, `@**everyone**`, `@**channel**`, `@**stream**`, `@**topic**` among them) and channel
 * links `#**channel**` only after a space, a quote or an opening bracket, never in code, and a
 * backslash-escaped character is never part of one; Markdown links `[label](url)` outside code,
 * bold `**` and italic `*` drawn inside their labels.
 */
import {
  limitCollector,
  loneSurrogates,
  markdownLinks,
  markdownPlainTexts,
  markdownTargets,
  strings,
} from '../../../../src/core/chat-hosts/checks.ts';
import { ZULIP_LIMITS } from './limits.ts';
import type { ZulipMessages } from './message.ts';

export function problems(payload: unknown): string[] {
  const found = loneSurrogates(payload);
  const over = limitCollector(found);
  const { messages } = payload as ZulipMessages;
  over('messages', messages.length, ZULIP_LIMITS.messagesPerRender);
  if (messages.length === 0) found.push('no message');
  for (const [index, message] of messages.entries()) {
    over(`message ${index} content`, [...message.content].length, ZULIP_LIMITS.messageChars);
    if (message.content.trim() === '') found.push(`message ${index} empty`);
  }
  return found;
}

/** Fenced code (``` or ~~~, in a quote or a list too) and code spans: Zulip shows them as written. */
const FENCE = /(?:^|\n)(?:[ \t]*>[ \t]?)*[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n(?:[ \t]*>[ \t]?)*[ \t]*\1(?=\n|$)/g;
const SPAN = /(?<!\\)`[^`]+`/g;

function withoutCode(text: string): string {
  return text.replace(FENCE, '\n').replace(SPAN, ' ');
}

// What Zulip's parser resolves, after the characters it allows before an `@` or a `#`.
const MENTIONS = [
  /(?<![^\s'"({[/<])@_?\*\*[^*]+\*\*/g,
  /(?<![^\s'"({[/<])@_?\*[^*]+\*/g,
  /(?<![^\s'"(,:<])#\*\*[^*]+\*\*/g,
];

/** The mentions and channel links in one message's content, as Zulip would resolve them. */
export function contentMentions(content: string): string[] {
  // An escaped character is text, never a marker: it stands in as a character that matches nothing.
  const read = withoutCode(content).replace(/\\[\s\S]/g, '\u0001');
  return MENTIONS.flatMap((pattern) => [...read.matchAll(pattern)].map((match) => match[0]));
}

export function liveMentions(payload: unknown): string[] {
  return strings(payload).flatMap(([path, text]) => contentMentions(text).map((mention) => `${path}: ${mention}`));
}

export const linkTargets = (payload: unknown): string[] => markdownTargets(payload, withoutCode);

export const links = (payload: unknown) => markdownLinks(payload, ['**', '*']);

export const plainTexts = markdownPlainTexts;
