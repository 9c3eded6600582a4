/**
 * The built-in chat hosts, one line each, in the order tools and routes list them. A new host is
 * a folder beside these and one line here (docs/adding-a-host.md).
 */
import { discordHost } from './discord/index.ts';
import { googleChatHost } from './googlechat/index.ts';
import { slackHost } from './slack/index.ts';
import { teamsHost } from './teams/index.ts';
import { telegramHost } from './telegram/index.ts';

export const BUILT_IN_HOSTS = [slackHost, teamsHost, discordHost, googleChatHost, telegramHost] as const;
