/**
 * Discord's payload schema (JSON Schema 2020-12), as the converter in this folder sends it: the
 * OpenAPI document serves it for `POST /render/discord`, and tests validate real answers against it.
 */
import { DISCORD_LIMITS } from './limits.ts';
import { type HostPayloadSchemas, list, object } from '../payload-schema.ts';

/** The DiscordMessage payload, as the builder in this folder sends it (with a stored picture where it takes one). */
export const DISCORD_PAYLOAD: HostPayloadSchemas = {
  root: 'DiscordMessage',
  schemas: () => ({
    DiscordMessage: {
      ...object(
        {
          content: { type: 'string', maxLength: DISCORD_LIMITS.contentChars },
          embeds: list(
            object(
              {
                title: { type: 'string', minLength: 1, maxLength: DISCORD_LIMITS.embedTitleChars },
                description: { type: 'string', minLength: 1, maxLength: DISCORD_LIMITS.embedDescriptionChars },
                color: { type: 'integer', minimum: 0, maximum: 0xffffff },
              },
              ['color'],
            ),
            { minItems: 1, maxItems: DISCORD_LIMITS.embedsPerMessage },
          ),
          allowed_mentions: object({ parse: list({}, { maxItems: 0 }) }),
        },
        ['embeds', 'allowed_mentions'],
      ),
      description:
        'A Discord `POST /channels/{id}/messages` or webhook-execute body: embeds of Discord Markdown, ' +
        'and `allowed_mentions` that lets nothing ping.',
    },
  }),
};
