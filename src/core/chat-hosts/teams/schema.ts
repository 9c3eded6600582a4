/**
 * Teams' payload schema (JSON Schema 2020-12): the message activity holding one Adaptive Card 1.5,
 * as the converter in this folder sends it, a stored picture included. The OpenAPI document serves
 * it for `POST /render/teams`, and tests validate real answers against it.
 */
import { ADAPTIVE_CARD_CONTENT_TYPE, ADAPTIVE_CARD_SCHEMA, ADAPTIVE_CARD_VERSION } from './message.ts';
import {
  altText,
  type HostPayloadSchemas,
  list,
  object,
  one,
  type PayloadSchema,
  pictureUrl,
  string,
} from '../payload-schema.ts';

/** The element type each Teams card element carries, and whether a separator line precedes it. */
const teamsElement = (
  type: string,
  properties: Record<string, PayloadSchema>,
  optional: string[] = [],
): PayloadSchema =>
  object({ type: one(type), ...properties, separator: one(true) }, [
    'type',
    ...Object.keys(properties).filter((name) => !optional.includes(name)),
  ]);

/** The TeamsMessage payload, as the builder in this folder sends it (with a stored picture where it takes one). */
export const TEAMS_PAYLOAD: HostPayloadSchemas = {
  root: 'TeamsMessage',
  schemas: (to) => ({
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
  }),
};
