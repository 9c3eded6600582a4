/** Teams' test kit: the webhook's size limit, card version, `<at>` mentions, Markdown links. */
import { byteLength } from '../../text/byte-length.ts';
import {
  limitCollector,
  loneSurrogates,
  MARKDOWN_LINK,
  MARKDOWN_TARGET,
  markdownLinks,
  strings,
  unescapeMarkdown,
  withoutMarkers,
} from '../kit.ts';
import { TEAMS_LIMITS } from './limits.ts';
import type { TeamsMessage } from './message.ts';

export function problems(payload: unknown): string[] {
  const found = loneSurrogates(payload);
  const message = payload as TeamsMessage;
  limitCollector(found)('message bytes', byteLength(JSON.stringify(message)), TEAMS_LIMITS.messageBytes);
  if (message.attachments[0].content.version !== '1.5') found.push('card version');
  return found;
}

export function liveMentions(payload: unknown): string[] {
  return strings(payload)
    .filter(([, text]) => [text, withoutMarkers(text)].some((view) => /<\/?at\b/i.test(view)))
    .map(([path, text]) => `${path}: ${text.slice(0, 80)}`);
}

export function linkTargets(payload: unknown): string[] {
  return strings(payload).flatMap(([, text]) =>
    [...text.matchAll(MARKDOWN_TARGET)].map((match) => match[1]!.replace(/&amp;/g, '&')),
  );
}

export const links = markdownLinks;

export function plainTexts(payload: unknown): string[] {
  return strings(payload).map(([, text]) => unescapeMarkdown(text.replace(MARKDOWN_LINK, ' ')));
}
