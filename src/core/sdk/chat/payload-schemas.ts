/**
 * JSON Schemas (draft 2020-12) of the four chat payloads, written from what the builders in this
 * folder send (and the hosted picture `src/hosting` adds): every field, the constants always sent,
 * closed objects. The OpenAPI document serves them; a test validates every real answer against it.
 */
import { ADAPTIVE_CARD_CONTENT_TYPE, ADAPTIVE_CARD_SCHEMA, ADAPTIVE_CARD_VERSION } from './teams.ts';
import { GOOGLE_CHAT_CARD_ID } from './googlechat.ts';
import { DISCORD_LIMITS, GOOGLE_CHAT_LIMITS, TELEGRAM_LIMITS } from './limits.ts';

type Schema = Record<string, unknown>;

/** The named schemas; each refers to the others by name, through the `ref` its caller gives. */
export type ChatSchemaName =
  | 'TeamsMessage'
  | 'TeamsElement'
  | 'TeamsTextBlock'
  | 'DiscordMessage'
  | 'GoogleChatMessage'
  | 'TelegramMessages';

/** The schema of each chat format's whole answer. */
export const CHAT_PAYLOAD_ROOTS = {
  teams: 'TeamsMessage',
  discord: 'DiscordMessage',
  googlechat: 'GoogleChatMessage',
  telegram: 'TelegramMessages',
} as const satisfies Record<string, ChatSchemaName>;

/** A closed object: these properties only, the `required` ones always present. */
function object(properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

const string: Schema = { type: 'string' };
const one = (value: unknown): Schema => ({ const: value });
const list = (items: Schema, bounds: { minItems?: number; maxItems?: number } = {}): Schema => ({
  type: 'array',
  items,
  ...bounds,
});
/** An absolute URL of a hosted picture (the Worker's own `GET /images/{key}.png`). */
const pictureUrl: Schema = { type: 'string', pattern: '^https?://' };
/** A picture's alt text: one line, never blank. */
const altText: Schema = { type: 'string', minLength: 1 };

/** The element type each Teams card element carries, and whether a separator line precedes it. */
const teamsElement = (type: string, properties: Record<string, Schema>, optional: string[] = []): Schema =>
  object({ type: one(type), ...properties, separator: one(true) }, [
    'type',
    ...Object.keys(properties).filter((name) => !optional.includes(name)),
  ]);

/**
 * Every chat payload schema by name; `ref` turns a name into a `$ref` (OpenAPI passes
 * `#/components/schemas/<name>`; a standalone schema would pass `#/$defs/<name>` and carry the
 * whole record as its `$defs`).
 */
export function chatPayloadSchemas(ref: (name: ChatSchemaName) => string): Record<ChatSchemaName, Schema> {
  const to = (name: ChatSchemaName): Schema => ({ $ref: ref(name) });
  return {
    TeamsMessage: {
      ...object({
        type: one('message'),
        attachments: list(
          object({
            contentType: one(ADAPTIVE_CARD_CONTENT_TYPE),
            content: object({
              type: one('AdaptiveCard'),
              $schema: one(ADAPTIVE_CARD_SCHEMA),
              version: one(ADAPTIVE_CARD_VERSION),
              body: list(to('TeamsElement'), { minItems: 1 }),
              msteams: object({ width: one('Full') }),
            }),
          }),
          { minItems: 1, maxItems: 1 },
        ),
      }),
      description:
        'A Microsoft Teams message activity holding one Adaptive Card (schema 1.5): the body of a bot’s ' +
        '`POST /v3/conversations/{id}/activities` or an Incoming Webhook.',
    },
    TeamsElement: {
      description: 'One Adaptive Card element, as the Worker draws them.',
      oneOf: [
        to('TeamsTextBlock'),
        teamsElement('Container', { style: one('emphasis'), items: list(to('TeamsElement'), { minItems: 1 }) }),
        teamsElement('FactSet', { facts: list(object({ title: string, value: string }), { minItems: 1 }) }),
        teamsElement('Table', {
          gridStyle: one('accent'),
          firstRowAsHeader: { type: 'boolean' },
          columns: list(object({ width: one(1) }), { minItems: 1 }),
          rows: list(
            object({
              type: one('TableRow'),
              cells: list(object({ type: one('TableCell'), items: list(to('TeamsTextBlock'), { minItems: 1 }) })),
            }),
            { minItems: 1 },
          ),
        }),
        teamsElement('Image', { url: pictureUrl, altText }),
      ],
    },
    TeamsTextBlock: teamsElement(
      'TextBlock',
      {
        text: { type: 'string', minLength: 1, description: 'Teams Markdown; model text is escaped.' },
        wrap: one(true),
        style: one('heading'),
        weight: one('Bolder'),
        size: { enum: ['Large', 'Medium', 'Default'] },
        isSubtle: one(true),
        spacing: one('None'),
        fontType: one('Monospace'),
      },
      ['style', 'weight', 'size', 'isSubtle', 'spacing', 'fontType'],
    ),
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
    GoogleChatMessage: {
      ...object(
        {
          fallbackText: { type: 'string', minLength: 1 },
          cardsV2: list(
            object({
              cardId: one(GOOGLE_CHAT_CARD_ID),
              card: object(
                {
                  header: object({ title: string, subtitle: string }, ['title']),
                  sections: list(
                    object(
                      {
                        header: { type: 'string', minLength: 1 },
                        widgets: list(
                          {
                            oneOf: [
                              object({ textParagraph: object({ text: string }) }),
                              object({
                                decoratedText: object({ topLabel: string, text: string, wrapText: one(true) }, [
                                  'text',
                                  'wrapText',
                                ]),
                              }),
                              object({ divider: object({}) }),
                              object({ image: object({ imageUrl: pictureUrl, altText }) }),
                            ],
                          },
                          { minItems: 1, maxItems: GOOGLE_CHAT_LIMITS.widgetsPerCard },
                        ),
                      },
                      ['widgets'],
                    ),
                    { minItems: 1 },
                  ),
                },
                ['sections'],
              ),
            }),
            { minItems: 1, maxItems: 1 },
          ),
        },
        ['cardsV2'],
      ),
      description:
        'A Google Chat `spaces.messages.create` (or incoming-webhook) body holding one `cardsV2` card; ' +
        'widget text is Chat’s HTML subset.',
    },
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
  };
}
