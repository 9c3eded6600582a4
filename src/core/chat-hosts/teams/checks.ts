/** Teams' checks: the webhook's size limit, card version, `<at>` mentions, Markdown links. */
import { byteLength } from '../../text/byte-length.ts';
import {
  limitCollector,
  loneSurrogates,
  markdownLinks,
  markdownPlainTexts,
  markdownTargets,
  strings,
  withoutMarkers,
} from '../checks.ts';
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

export const linkTargets = (payload: unknown): string[] => markdownTargets(payload);

export const links = markdownLinks;

export const plainTexts = markdownPlainTexts;
