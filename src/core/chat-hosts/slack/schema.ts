/**
 * Slack's payload schema (JSON Schema 2020-12): the Block Kit message the Slack surface sends, a
 * stored picture included. The OpenAPI document serves it for `POST /render/slack`, and tests
 * validate real answers against it.
 */
import { SLACK_LIMITS as L } from './limits.ts';
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

/**
 * A text that shows something, at most `max` long. The pipeline clamps to Slack's count (UTF-16
 * units); JSON Schema counts code points, never more than those units, so a clamped text fits.
 */
const text = (max: number): PayloadSchema => ({ type: 'string', minLength: 1, maxLength: max });

const plainText = (max: number): PayloadSchema =>
  object({ type: one('plain_text'), text: text(max), emoji: { type: 'boolean' } }, ['type', 'text']);

/** A Block Kit text object: `plain_text` is shown as is, `mrkdwn` is parsed (model text is escaped). */
const textObject = (max: number): PayloadSchema => ({
  oneOf: [plainText(max), object({ type: one('mrkdwn'), text: text(max) })],
});

const block = (type: string, properties: Record<string, PayloadSchema>, optional: string[] = []): PayloadSchema =>
  object({ type: one(type), ...properties }, [
    'type',
    ...Object.keys(properties).filter((name) => !optional.includes(name)),
  ]);

/** A link's target, as the Slack link rule passes it (https, http or mailto; too long is shown as text). */
const linkUrl: PayloadSchema = { type: 'string', pattern: '^(https?|mailto):', maxLength: L.linkUrlChars };

/**
 * The SlackMessage payload, as the Slack surface fits it (with a stored picture where it takes one):
 * the blocks and elements the runtime draws, closed, with the limits the pipeline enforces.
 */
export const SLACK_PAYLOAD: HostPayloadSchemas = {
  root: 'SlackMessage',
  schemas: (to) => ({
    SlackMessage: {
      ...object({
        text: {
          type: 'string',
          maxLength: L.fallbackTextChars,
          description: 'The notification fallback, as mrkdwn (model text is escaped); never empty without blocks.',
        },
        blocks: {
          ...list(to('SlackBlock'), { maxItems: L.blocksPerMessage }),
          // Slack refuses a second table in one message; the pipeline turns later tables into rich text.
          contains: { type: 'object', properties: { type: one('table') }, required: ['type'] },
          minContains: 0,
          maxContains: L.tablesPerMessage,
        },
        assets: {
          ...list(to('SlackAssetRequest')),
          description:
            'Pictures the host uploads before posting, each named by an image block’s `slack_file.ref`. ' +
            'The Worker draws pictures as a stored image (`image`) instead, so it answers `[]`.',
        },
      }),
      description:
        'A Slack `chat.postMessage` body (add `channel`): Block Kit blocks fitted to every Slack limit, ' +
        'and the fallback `text`.',
    },
    SlackBlock: {
      description: 'One Block Kit block, as the Worker draws them.',
      oneOf: [
        block('header', { text: plainText(L.headerTextChars) }),
        {
          ...block(
            'section',
            {
              text: textObject(L.sectionTextChars),
              fields: list(textObject(L.sectionFieldChars), { minItems: 1, maxItems: L.fieldsPerSection }),
            },
            ['text', 'fields'],
          ),
          // Slack requires `text` or `fields`: besides `type`, the closed object holds nothing else.
          minProperties: 2,
        },
        block('context', {
          elements: list(textObject(L.contextElementChars), { minItems: 1, maxItems: L.contextElements }),
        }),
        block('divider', {}),
        block('rich_text', { elements: list(to('SlackRichTextElement'), { minItems: 1 }) }),
        block('table', {
          rows: list(list(to('SlackTableCell'), { minItems: 1, maxItems: L.tableColumns }), {
            minItems: 1,
            maxItems: L.tableRows,
          }),
        }),
        to('SlackImageBlock'),
      ],
    },
    SlackImageBlock: {
      description:
        'A picture: the stored image of the slide (`image_url`, with `image`), or a `slack_file` the host ' +
        'uploads (listed on `assets`).',
      oneOf: [
        block('image', { image_url: { ...pictureUrl, maxLength: L.imageUrlChars }, alt_text: to('SlackAltText') }),
        block('image', { slack_file: object({ ref: string }), alt_text: to('SlackAltText') }),
      ],
    },
    SlackAltText: { ...altText, maxLength: L.imageAltTextChars },
    SlackRichTextElement: {
      description: 'One element of a `rich_text` block; each shows something and is split to Slack’s length limit.',
      oneOf: [
        to('SlackRichTextSection'),
        block(
          'rich_text_list',
          {
            style: { enum: ['bullet', 'ordered'] },
            indent: { type: 'integer', minimum: 0, maximum: L.richTextListMaxIndent },
            offset: { type: 'integer', minimum: 1, description: 'Ordered lists only: the first item is `offset + 1`.' },
            elements: list(to('SlackRichTextSection'), { minItems: 1 }),
          },
          ['offset'],
        ),
        block('rich_text_quote', { elements: list(to('SlackRichTextInline'), { minItems: 1 }) }),
        block('rich_text_preformatted', { elements: list(to('SlackRichTextText'), { minItems: 1 }) }),
      ],
    },
    SlackRichTextSection: block('rich_text_section', { elements: list(to('SlackRichTextInline'), { minItems: 1 }) }),
    SlackRichTextInline: { oneOf: [to('SlackRichTextText'), to('SlackRichTextLink')] },
    SlackRichTextText: block('text', { text: text(L.richTextElementChars), style: to('SlackTextStyle') }, ['style']),
    SlackRichTextLink: block(
      'link',
      { url: linkUrl, text: text(L.richTextElementChars), style: to('SlackTextStyle') },
      ['text', 'style'],
    ),
    SlackTextStyle: {
      ...object({ bold: one(true), italic: one(true), code: one(true) }, []),
      minProperties: 1,
    },
    SlackTableCell: {
      description: 'A table cell: literal text, or rich text (a bold row name).',
      oneOf: [
        // A kept table holds at most this many characters in all its cells, so one cell can hold no more.
        block('raw_text', { text: text(L.tableCellCharsPerMessage) }),
        block('rich_text', { elements: list(to('SlackRichTextElement'), { minItems: 1 }) }),
      ],
    },
    SlackAssetRequest: {
      ...object({
        ref: { type: 'string', minLength: 1, description: 'The `slack_file.ref` the uploaded file id replaces.' },
        node: { type: 'object', description: 'The composition node to draw and upload.' },
        altText: { type: 'string', maxLength: L.imageAltTextChars },
      }),
      description: 'One upload the host makes, then swaps the block’s `slack_file.ref` for the file id.',
    },
  }),
};
