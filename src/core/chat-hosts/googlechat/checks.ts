/**
 * Google Chat's checks: message bytes and widgets per card (every card a message holds), tags
 * outside Chat's HTML subset, `<a href>` links. The card header and `fallbackText` are plain text: they open nothing.
 */
import { byteLength } from '../../text/byte-length.ts';
import {
  decodeEntities,
  type FoundLink,
  HTML_LINK,
  HTML_TARGET,
  limitCollector,
  loneSurrogates,
  strings,
} from '../checks.ts';
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import type { GoogleChatDeckMessage } from './deck.ts';

/** True for the fields Chat shows as plain text. */
const plain = (path: string): boolean => path.endsWith('.fallbackText') || path.includes('.card.header.');

export function problems(payload: unknown): string[] {
  const found = loneSurrogates(payload);
  const over = limitCollector(found);
  const message = payload as GoogleChatDeckMessage;
  over('message bytes', byteLength(JSON.stringify(message)), GOOGLE_CHAT_LIMITS.messageBytes);
  // A message may hold several cards (a deck's slides): each has its own widget limit.
  for (const { card } of message.cardsV2) {
    const sections = card.sections;
    over(
      'widgets',
      sections.reduce((sum, section) => sum + section.widgets.length, 0),
      GOOGLE_CHAT_LIMITS.widgetsPerCard,
    );
    if (sections.length === 0 || sections.some((section) => section.widgets.length === 0)) found.push('empty section');
  }
  if (message.cardsV2.length === 0) found.push('no card');
  return found;
}

/**
 * Card HTML (widget text and section headers) shows tags only from its subset; anything else a
 * model wrote must arrive as entities. In the plain fields, `<users/…>` would still mention.
 */
export function liveMentions(payload: unknown): string[] {
  const found: string[] = [];
  for (const [path, text] of strings(payload)) {
    if (plain(path)) {
      if (/<\s*\/?\s*users\//i.test(text) || /<\/?[a-z]+[\s>]/i.test(text)) found.push(`${path}: ${text.slice(0, 80)}`);
      continue;
    }
    const tags = [...text.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]!.toLowerCase());
    for (const tag of tags) if (!['b', 'i', 'a', 'br'].includes(tag)) found.push(`${path}: <${tag}`);
  }
  return found;
}

export function linkTargets(payload: unknown): string[] {
  return strings(payload)
    .filter(([path]) => !plain(path))
    .flatMap(([, text]) => [...text.matchAll(HTML_TARGET)].map((match) => match[1]!.replace(/&amp;/g, '&')));
}

export function links(payload: unknown): FoundLink[] {
  return strings(payload)
    .filter(([path]) => !plain(path))
    .flatMap(([, text]) =>
      [...text.matchAll(HTML_LINK)].map((match) => ({
        url: decodeEntities(match[1]!),
        label: decodeEntities(match[2]!.replace(/<[^>]*>/g, '')),
      })),
    );
}

export function plainTexts(payload: unknown): string[] {
  return strings(payload).map(([path, text]) =>
    plain(path) ? text : decodeEntities(text.replace(HTML_LINK, ' ').replace(/<[^>]*>/g, ' ')),
  );
}
