/**
 * Telegram's checks: Telegram's HTML allow-list as its parser reads it, visible characters per
 * message, messages per render, `@name` mentions in what the reader sees, `<a href>` links.
 */
import {
  decodeEntities,
  type FoundLink,
  HTML_LINK,
  HTML_TARGET,
  limitCollector,
  loneSurrogates,
  strings,
} from '../checks.ts';
import { TELEGRAM_LIMITS } from './limits.ts';
import type { TelegramMessages } from './message.ts';

const TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-spoiler',
]);

/** Telegram's view of one HTML message: what its parser would refuse, and the text it shows. */
export function telegramParse(html: string): { problems: string[]; visible: string } {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-z-]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*>|<|>/gi)) {
    if (match[0] === '<' || match[0] === '>') {
      problems.push(`raw ${match[0]} at ${match.index}`);
      continue;
    }
    const [, closing, tag, attributes] = match;
    if (!TAGS.has(tag!)) problems.push(`tag ${tag}`);
    if (closing) {
      if (stack.pop() !== tag) problems.push(`unbalanced </${tag}>`);
    } else {
      if (tag !== 'a' && tag !== 'code' && attributes) problems.push(`attributes on ${tag}`);
      stack.push(tag!);
    }
  }
  if (stack.length > 0) problems.push(`unclosed ${stack.join(',')}`);
  for (const entity of html.matchAll(/&[^;\s]*;?/g))
    if (!/^&(lt|gt|amp|quot);$/.test(entity[0])) problems.push(`entity ${entity[0]}`);
  return { problems, visible: decodeEntities(html.replace(/<[^>]*>/g, '')) };
}

export function problems(payload: unknown): string[] {
  const found = loneSurrogates(payload);
  const over = limitCollector(found);
  const { messages } = payload as TelegramMessages;
  over('messages', messages.length, TELEGRAM_LIMITS.messagesPerRender);
  for (const [index, message] of messages.entries()) {
    const parsed = telegramParse(message.text);
    found.push(...parsed.problems.map((problem) => `message ${index}: ${problem}`));
    over(`message ${index} text`, parsed.visible.length, TELEGRAM_LIMITS.messageChars);
    if (parsed.visible.trim() === '' && parsed.visible !== '\u00A0') found.push(`message ${index} empty`);
    if (message.parse_mode !== 'HTML') found.push('parse_mode');
  }
  return found;
}

const MENTION = /(?:^|[^\p{L}\p{N}_])@[\p{L}\p{N}_]/u;

/** Tags are `problems`' to judge; here only what the reader sees can mention. */
export function liveMentions(payload: unknown): string[] {
  const found: string[] = [];
  for (const [path, text] of strings(payload)) {
    const visible = path.endsWith('.text') ? telegramParse(text).visible : text;
    if (MENTION.test(visible)) found.push(`${path}: ${visible.slice(0, 80)}`);
  }
  return found;
}

export function linkTargets(payload: unknown): string[] {
  return strings(payload).flatMap(([, text]) =>
    [...text.matchAll(HTML_TARGET)].map((match) => match[1]!.replace(/&amp;/g, '&')),
  );
}

export function links(payload: unknown): FoundLink[] {
  return strings(payload).flatMap(([, text]) =>
    [...text.matchAll(HTML_LINK)].map((match) => ({
      url: decodeEntities(match[1]!),
      label: decodeEntities(match[2]!.replace(/<[^>]*>/g, '')),
    })),
  );
}

/** The messages' text outside links, as shown (the other fields, `parse_mode` among them, are not shown). */
export function plainTexts(payload: unknown): string[] {
  return strings(payload)
    .filter(([path]) => path.endsWith('.text'))
    .map(([, text]) => decodeEntities(text.replace(HTML_LINK, ' ').replace(/<[^>]*>/g, ' ')));
}
