/** Discord's checks: message and embed limits, `allowed_mentions`, mentions outside code, Markdown links. */
import {
  limitCollector,
  loneSurrogates,
  markdownLinks,
  markdownPlainTexts,
  markdownTargets,
  strings,
  withoutMarkers,
} from '../checks.ts';
import { DISCORD_LIMITS } from './limits.ts';
import type { DiscordMessage } from './message.ts';

export function problems(payload: unknown): string[] {
  const found = loneSurrogates(payload);
  const over = limitCollector(found);
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
  if (JSON.stringify(message.allowed_mentions) !== '{"parse":[]}') found.push('allowed_mentions');
  if (message.embeds.length === 0 && !message.content) found.push('empty message');
  return found;
}

/** Discord text without its code spans and fences, where nothing is read as syntax. */
function withoutCode(text: string): string {
  return text.replace(/\x60{3}[\s\S]*?\x60{3}/g, '').replace(/\x60[^\x60\n]*\x60/g, '');
}

// Discord reads `<@id>`, `<@!id>`, `<@&id>`, `<#id>`, `</cmd:id>`, `<t:…>` unless `<` is escaped.
const MENTIONS = [/(?:^|[^\\])(?:\\\\)*<[@#/:at]/, /@(?:everyone|here)/i];

export function liveMentions(payload: unknown): string[] {
  return strings(payload)
    .filter(([, text]) => {
      const read = withoutCode(text);
      return MENTIONS.some((pattern) => [read, withoutMarkers(read)].some((view) => pattern.test(view)));
    })
    .map(([path, text]) => `${path}: ${text.slice(0, 80)}`);
}

export const linkTargets = (payload: unknown): string[] => markdownTargets(payload, withoutCode);

export const links = markdownLinks;

export const plainTexts = markdownPlainTexts;
