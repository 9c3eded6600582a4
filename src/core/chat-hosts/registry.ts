/**
 * The built-in chat hosts, in the order tools and routes list them: the one place a host is
 * named. Each host's folder declares it in its `index.ts`, beside the public API it offers
 * (converter, escaping, limits, payload types); this file lists the declaration in
 * `BUILT_IN_HOSTS` and passes the API on, so `isomer-edge/chat` exports it and derives its
 * `ChatFormats` type from this list. A new host is a folder beside these, its export line and its
 * entry in the list (docs/adding-a-host.md).
 */
import { discordHost } from './discord/index.ts';
import { googleChatHost } from './googlechat/index.ts';
import { slackHost } from './slack/index.ts';
import { teamsHost } from './teams/index.ts';
import { telegramHost } from './telegram/index.ts';

export * from './slack/index.ts';
export * from './teams/index.ts';
export * from './discord/index.ts';
export * from './googlechat/index.ts';
export * from './telegram/index.ts';

export const BUILT_IN_HOSTS = [slackHost, teamsHost, discordHost, googleChatHost, telegramHost] as const;
