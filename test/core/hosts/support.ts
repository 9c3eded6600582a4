/**
 * Checks shared by the chat-host tests: each host's published limits, the mention syntax each host
 * resolves, and every link a payload would open. They read payloads only, never the converters.
 */
import { byteLength } from '../../../src/core/text/byte-length.ts';
import { isAbsoluteNavigationHref, sanitizeNavigationHref } from '../../../src/core/model/url.ts';
import { hasLoneSurrogate } from '../../support/slack-safety.ts';
import {
  DISCORD_LIMITS,
  type DiscordMessage,
  GOOGLE_CHAT_LIMITS,
  type GoogleChatMessage,
  markdownToDiscord,
  markdownToGoogleChat,
  markdownToTeams,
  markdownToTelegram,
  TEAMS_LIMITS,
  TELEGRAM_LIMITS,
  type TeamsMessage,
  type TelegramMessages,
} from '../../../src/chat.ts';

export const HOSTS = {
  teams: markdownToTeams,
  discord: markdownToDiscord,
  googlechat: markdownToGoogleChat,
  telegram: markdownToTelegram,
};
export type Host = keyof typeof HOSTS;
export const HOST_NAMES = Object.keys(HOSTS) as Host[];

/** Every string in a value, with its JSON path. */
export function strings(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  return [];
}

const TELEGRAM_TAGS = new Set([
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
    if (!TELEGRAM_TAGS.has(tag!)) problems.push(`tag ${tag}`);
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
  const visible = html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return { problems, visible };
}

/** Every published limit the payload breaks (none, for a payload the host accepts). */
export function limitProblems(host: Host, payload: unknown): string[] {
  const problems: string[] = [];
  const over = (what: string, size: number, max: number): void => {
    if (size > max) problems.push(`${what}: ${size} > ${max}`);
  };
  // Half a surrogate pair has no UTF-8 form: hosts refuse it or show garbage.
  for (const [path, text] of strings(payload)) if (hasLoneSurrogate(text)) problems.push(`lone surrogate at ${path}`);
  if (host === 'teams') {
    const message = payload as TeamsMessage;
    over('message bytes', byteLength(JSON.stringify(message)), TEAMS_LIMITS.messageBytes);
    if (message.attachments[0].content.version !== '1.5') problems.push('card version');
  } else if (host === 'discord') {
    const message = payload as DiscordMessage;
    over('content', message.content?.length ?? 0, DISCORD_LIMITS.contentChars);
    over('embeds', message.embeds.length, DISCORD_LIMITS.embedsPerMessage);
    let total = 0;
    for (const embed of message.embeds) {
      over('title', embed.title?.length ?? 0, DISCORD_LIMITS.embedTitleChars);
      over('description', embed.description?.length ?? 0, DISCORD_LIMITS.embedDescriptionChars);
      total += (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
    }
    over('embed total', total, DISCORD_LIMITS.embedTotalChars);
    if (JSON.stringify(message.allowed_mentions) !== '{"parse":[]}') problems.push('allowed_mentions');
    if (message.embeds.length === 0 && !message.content) problems.push('empty message');
  } else if (host === 'googlechat') {
    const message = payload as GoogleChatMessage;
    over('message bytes', byteLength(JSON.stringify(message)), GOOGLE_CHAT_LIMITS.messageBytes);
    const sections = message.cardsV2[0].card.sections;
    over(
      'widgets',
      sections.reduce((sum, section) => sum + section.widgets.length, 0),
      GOOGLE_CHAT_LIMITS.widgetsPerCard,
    );
    if (sections.length === 0 || sections.some((section) => section.widgets.length === 0))
      problems.push('empty section');
  } else {
    const { messages } = payload as TelegramMessages;
    over('messages', messages.length, TELEGRAM_LIMITS.messagesPerRender);
    for (const [index, message] of messages.entries()) {
      const parsed = telegramParse(message.text);
      problems.push(...parsed.problems.map((problem) => `message ${index}: ${problem}`));
      over(`message ${index} text`, parsed.visible.length, TELEGRAM_LIMITS.messageChars);
      if (parsed.visible.trim() === '' && parsed.visible !== '\u00A0') problems.push(`message ${index} empty`);
      if (message.parse_mode !== 'HTML') problems.push('parse_mode');
    }
  }
  return problems;
}

/** Discord text without its code spans and fences, where nothing is read as syntax. */
function withoutDiscordCode(text: string): string {
  return text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

/**
 * Markdown text with its unescaped emphasis, strike, spoiler and link markers taken out: what a
 * reader sees as one word, so `@**everyone**` or `<[at](url)>` is read as the mention it spells.
 */
function withoutMarkers(text: string): string {
  return text.replace(/(?<!\\)\]\([^)\s]*\)/g, '').replace(/(?<!\\)(?:\*+|_+|~+|\|\||\[)/g, '');
}

/** Mention or markup syntax the host would resolve, found in the payload's text. */
export function liveMentions(host: Host, payload: unknown): string[] {
  const found: string[] = [];
  const patterns: Record<Host, RegExp[]> = {
    // Discord reads `<@id>`, `<@!id>`, `<@&id>`, `<#id>`, `</cmd:id>`, `<t:…>` unless `<` is escaped.
    discord: [/(?:^|[^\\])(?:\\\\)*<[@#/:at]/, /@(?:everyone|here)/i],
    teams: [/<\/?at\b/i],
    googlechat: [/<\s*\/?\s*users\//i, /<\/?[a-z]+[\s>]/i],
    telegram: [/(?:^|[^\p{L}\p{N}_])@[\p{L}\p{N}_]/u],
  };
  for (const [path, text] of strings(payload)) {
    if (host === 'telegram' && path.endsWith('.text')) {
      // Tags are checked by telegramParse; here only what the reader sees can mention.
      const { visible } = telegramParse(text);
      for (const pattern of patterns.telegram)
        if (pattern.test(visible)) found.push(`${path}: ${visible.slice(0, 80)}`);
      continue;
    }
    if (host === 'googlechat' && !path.endsWith('.fallbackText') && !path.includes('.card.header.')) {
      // Card HTML (widget text and section headers; the card header and fallback are plain text)
      // shows tags only from its subset; anything else a model wrote must arrive as entities.
      const tags = [...text.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]!.toLowerCase());
      for (const tag of tags) if (!['b', 'i', 'a', 'br'].includes(tag)) found.push(`${path}: <${tag}`);
      continue;
    }
    // Discord shows code spans and fences as written, mentions included.
    const read = host === 'discord' ? withoutDiscordCode(text) : text;
    const views = host === 'googlechat' ? [read] : [read, withoutMarkers(read)];
    if (patterns[host].some((pattern) => views.some((view) => pattern.test(view))))
      found.push(`${path}: ${text.slice(0, 80)}`);
  }
  return found;
}

/** Every link target the payload would open. */
export function outputLinks(host: Host, payload: unknown): string[] {
  const links: string[] = [];
  for (const [path, text] of strings(payload)) {
    // Plain-text fields open nothing (their `<` is broken, which liveMentions checks).
    if (host === 'googlechat' && (path.endsWith('.fallbackText') || path.includes('.card.header.'))) continue;
    // A Markdown `]` after an odd run of backslashes is escaped text, not the end of a label.
    const pattern = host === 'teams' || host === 'discord' ? /(?:^|[^\\])(?:\\\\)*\]\(([^)\s]*)\)/g : /href="([^"]*)"/g;
    const read = host === 'discord' ? withoutDiscordCode(text) : text;
    for (const match of read.matchAll(pattern)) links.push(match[1]!.replace(/&amp;/g, '&'));
  }
  return links;
}

/** True when a link may be opened: the policy accepts it and it is absolute. */
export function allowedLink(url: string): boolean {
  const safe = sanitizeNavigationHref(url);
  return safe !== null && isAbsoluteNavigationHref(safe);
}
