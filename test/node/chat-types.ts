/**
 * Type-level checks, compiled by `tsc -p test/node` (nothing runs): the Discord and Google Chat
 * payloads fit the hosts' own published types. A field renamed or mistyped here fails the build.
 */
import type { chat_v1 } from '@googleapis/chat';
import type { RESTPostAPIChannelMessageJSONBody, RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import type { DiscordMessage, GoogleChatMessage } from '../../src/chat/index.ts';

type Assert<T extends true> = T;
type Fits<A, B> = A extends B ? true : false;

export type DiscordChannelMessage = Assert<Fits<DiscordMessage, RESTPostAPIChannelMessageJSONBody>>;
export type DiscordWebhookMessage = Assert<Fits<DiscordMessage, RESTPostAPIWebhookWithTokenJSONBody>>;
export type GoogleChatCardMessage = Assert<Fits<GoogleChatMessage, chat_v1.Schema$Message>>;

// The check can fail: a payload with a misspelt field is not a Discord message.
// @ts-expect-error `allowed_mention` is not a field of a Discord message body.
export type Misspelt = Assert<Fits<{ allowed_mention: { parse: [] } }, RESTPostAPIChannelMessageJSONBody>>;
