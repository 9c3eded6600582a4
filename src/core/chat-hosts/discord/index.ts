/** Discord: embeds of Discord Markdown that ping no one, converted from the Markdown tree. */
import { defineHost } from '../host.ts';
import { discordDeck } from './deck.ts';
import { DISCORD_LIMITS } from './limits.ts';
import { markdownToDiscord } from './message.ts';
import { DISCORD_PAYLOAD } from './schema.ts';

// The host's public API: `isomer-edge/chat` exports it through the registry.
export type { DiscordDeck } from './deck.ts';
export { escapeDiscordText, markdownToDiscord } from './message.ts';
export type { DiscordEmbed, DiscordMessage } from './message.ts';
export { DISCORD_LIMITS } from './limits.ts';

export const discordHost = defineHost({
  name: 'discord',
  title: 'Discord',
  operation: 'Discord',
  mimeType: 'application/vnd.isomer-edge.discord+json',
  limits: DISCORD_LIMITS,
  from: 'markdown',
  convert: markdownToDiscord,
  deck: discordDeck,
  payload: DISCORD_PAYLOAD,
  checks: () => import('./checks.ts'),
});
