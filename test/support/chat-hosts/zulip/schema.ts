/** The ZulipMessages payload, as the converter in this folder sends it, for the OpenAPI document. */
import { type HostPayloadSchemas, list, object } from '../../../../src/core/chat-hosts/payload-schema.ts';
import { ZULIP_LIMITS } from './limits.ts';

export const ZULIP_PAYLOAD: HostPayloadSchemas = {
  root: 'ZulipMessages',
  schemas: () => ({
    ZulipMessages: {
      ...object({
        messages: list(
          object({
            content: {
              type: 'string',
              minLength: 1,
              maxLength: ZULIP_LIMITS.messageChars,
              description: 'Zulip Markdown; add `type`, `to` and `topic` to send it.',
            },
          }),
          { minItems: 1, maxItems: ZULIP_LIMITS.messagesPerRender },
        ),
      }),
      description: 'Zulip `POST /api/v1/messages` contents, to be sent in order.',
    },
  }),
};
