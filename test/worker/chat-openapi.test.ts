import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, type ChatFormatName } from '../../src/chat/index.ts';
import { FORMATS } from '../../src/core/formats.ts';
import { examplePreviews, fixtureComposition, fixtures } from '../support/slides.ts';
import { get, json, post, slide } from './support.ts';

/**
 * Every chat answer the Worker sends, for every fixture and catalog example (with a hosted picture
 * where the format takes one), validated by Ajv against the schema `/openapi.json` documents for
 * that path and media type.
 */

type Json = Record<string, any>;

const cases = [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
  // No fixture has a subtitle, which each host draws in its own way (a subtle block, a card subtitle).
  { name: 'a subtitle', composition: { ...slide(), subtitle: 'Q3 review for <users/all> and @everyone' } },
];

/** The document's own `$id` here, so `#/components/schemas/…` resolves as it does for a client. */
const DOCUMENT_ID = 'urn:isomer-edge:openapi';

let doc: Json;
let ajv: Ajv2020;
const validators = new Map<string, ValidateFunction>();

/** The schema the document gives this path's 200 in this media type, compiled once. */
function validatorFor(path: string, mediaType: string): ValidateFunction {
  const key = `${path} ${mediaType}`;
  let validate = validators.get(key);
  if (!validate) {
    const media = doc.paths[path]?.post?.responses?.['200']?.content?.[mediaType];
    if (!media) throw new Error(`${path} documents no 200 in ${mediaType}`);
    const { $ref, ...rest } = media.schema as Json;
    validate = ajv.compile({ ...rest, ...($ref ? { $ref: `${DOCUMENT_ID}${$ref}` } : {}) });
    validators.set(key, validate);
  }
  return validate;
}

/** What the Worker answers, checked against its documented schema: the problems, none when it fits. */
async function problemsOf(format: ChatFormatName, composition: unknown, image?: 'above' | 'only') {
  const path = `/render/${format}`;
  // A small picture: its size changes nothing in the payload, and it keeps 160 renders cheap.
  const response = await post(`${path}${image ? `?image=${image}&scale=0.25` : ''}`, composition);
  if (response.status !== 200)
    return { payload: undefined, problems: [`${response.status}: ${await response.text()}`] };
  const payload = await json(response);
  const validate = validatorFor(path, response.headers.get('content-type')!.split(';')[0]!);
  const problems = validate(payload) ? [] : [ajv.errorsText(validate.errors, { separator: '\n' })];
  return { payload, problems };
}

/** The hosted picture's URL in a Teams or Google Chat payload, and how many elements or sections are left. */
function pictureOf(format: ChatFormatName, payload: Json): { url: string | undefined; parts: number } {
  if (format === 'teams') {
    const body = payload.attachments[0].content.body;
    return { url: body[0].type === 'Image' ? body[0].url : undefined, parts: body.length };
  }
  const sections = payload.cardsV2[0].card.sections;
  return { url: sections[0].widgets[0].image?.imageUrl, parts: sections.length };
}

beforeAll(async () => {
  doc = await json(await get('/openapi.json'));
  // Strict: a misspelt keyword in a served schema fails to compile instead of passing everything.
  ajv = new Ajv2020({ strict: true, allErrors: true });
  // The OpenAPI fields around the schemas mean nothing to Ajv; declared, so strict mode lets them be.
  for (const field of ['openapi', 'info', 'servers', 'security', 'paths', 'components']) ajv.addKeyword(field);
  ajv.addSchema({ $id: DOCUMENT_ID, ...doc });
});

describe('chat answers against their OpenAPI schemas', () => {
  it('has every fixture and catalog example to send', () => {
    expect(fixtures.length).toBeGreaterThan(10);
    expect(cases.length).toBeGreaterThan(fixtures.length + 39);
  });

  it.each(CHAT_FORMAT_NAMES)('every %s answer fits the schema its path documents', async (format) => {
    const problems: string[] = [];
    for (const { name, composition } of cases) {
      const answer = await problemsOf(format, composition);
      problems.push(...answer.problems.map((problem) => `${name}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  const pictured = CHAT_FORMAT_NAMES.filter((format) =>
    FORMATS.some((entry) => entry.name === format && entry.picture),
  );
  it.each(pictured)(
    'every %s answer with a picture, above or only, fits it too',
    async (format) => {
      const problems: string[] = [];
      for (const { name, composition } of cases) {
        for (const image of ['above', 'only'] as const) {
          const { payload, problems: found } = await problemsOf(format, composition, image);
          problems.push(...found.map((problem) => `${name} ${image}: ${problem}`));
          if (!payload) continue;
          // The picture really went in (a storage fault would send the text alone).
          const picture = pictureOf(format, payload);
          if (!/\/images\/[\w-]{43}\.png$/.test(picture.url ?? '')) problems.push(`${name} ${image}: no picture`);
          if (image === 'only' && picture.parts !== 1) problems.push(`${name} only: ${picture.parts} parts`);
        }
      }
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it('refuses a payload that breaks its schema (the check can fail)', async () => {
    const broken: [ChatFormatName, (payload: Json) => void][] = [
      ['teams', (payload) => (payload.attachments[0].content.version = '1.6')],
      ['teams', (payload) => payload.attachments[0].content.body.push({ type: 'CodeBlock', codeSnippet: 'x' })],
      ['teams', (payload) => (payload.attachments[0].content.body[0].wrap = false)],
      ['discord', (payload) => (payload.allowed_mentions = { parse: ['everyone'] })],
      ['discord', (payload) => (payload.embeds[0].description = 'x'.repeat(4097))],
      ['googlechat', (payload) => (payload.cardsV2[0].card.sections[0].widgets = [])],
      ['googlechat', (payload) => (payload.cardsV2[0].card.sections[0].widgets[0] = { buttonList: {} })],
      ['telegram', (payload) => (payload.messages[0].parse_mode = 'MarkdownV2')],
      ['telegram', (payload) => (payload.messages[0].chat_id = 1)],
    ];
    for (const [format, breakIt] of broken) {
      const path = `/render/${format}`;
      const response = await post(path, slide());
      const payload = await json(response);
      const validate = validatorFor(path, response.headers.get('content-type')!.split(';')[0]!);
      expect(validate(payload), `${format} as sent`).toBe(true);
      breakIt(payload);
      expect(validate(payload), `${format} broken by ${breakIt}`).toBe(false);
    }
  });
});
