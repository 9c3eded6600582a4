/**
 * Telegram's payload schema (JSON Schema 2020-12), as the converter in this folder sends it: the
 * OpenAPI document serves it for `POST /render/telegram`, and tests validate real answers against it.
 */
import { TELEGRAM_LIMITS } from './limits.ts';
import { type HostPayloadSchemas, list, object, one } from '../payload-schema.ts';

/** The TelegramMessages payload, as the builder in this folder sends it (with a stored picture where it takes one). */
export const TELEGRAM_PAYLOAD: HostPayloadSchemas = {
  root: 'TelegramMessages',
  schemas: () => ({
    TelegramMessages: {
      ...object({
        messages: list(
          object({
            text: { type: 'string', minLength: 1, description: 'Telegram HTML; add `chat_id` to send it.' },
            parse_mode: one('HTML'),
            link_preview_options: object({ is_disabled: one(true) }),
          }),
          { minItems: 1, maxItems: TELEGRAM_LIMITS.messagesPerRender },
        ),
      }),
      description: 'Telegram `sendMessage` bodies, to be sent in order.',
    },
  }),
};
