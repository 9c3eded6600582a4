import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/core/formats.ts';
import { strings } from '../../src/core/chat-hosts/checks.ts';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { fitSlackMessage } from '../../src/core/chat-hosts/slack/fit.ts';
import { markdownToSlackBlocks } from '../../src/core/chat-hosts/slack/from-markdown.ts';
import { SAMPLE_HEADING, sample } from '../core/chat-hosts/sample.ts';
import { LONG, sixtyNodes } from '../support/chat-host-suites/limits.ts';
import { type ChatFormatName, createChatFormats } from '../../src/chat/index.ts';
import { cases as sweepCases, placements, ROUNDS } from '../support/chat-sweep.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from '../support/slides.ts';
import { get, json, post, slide } from './support.ts';

/**
 * Every chat answer the Worker sends, Slack's included, for every fixture and catalog example (with
 * and without the title, with a stored picture where the format takes one, and with the chat sweep's
 * hostile strings in every field), validated by Ajv against the schema `/openapi.json` documents for
 * that path and media type; and the schemas shown to refuse what breaks them.
 */

type Json = Record<string, any>;

/** Every chat host the Worker serves: each answers its own payload, documented on its own path. */
const HOSTS = FORMATS.flatMap((entry) => (entry.host ? [entry.name] : []));

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
async function problemsOf(format: string, composition: unknown, query = '') {
  const path = `/render/${format}`;
  const response = await post(`${path}${query}`, composition);
  if (response.status !== 200)
    return { payload: undefined, problems: [`${response.status}: ${await response.text()}`] };
  const payload = await json(response);
  const validate = validatorFor(path, response.headers.get('content-type')!.split(';')[0]!);
  const problems = validate(payload) ? [] : [ajv.errorsText(validate.errors, { separator: '\n' })];
  return { payload, problems };
}

/** The stored picture's URL in a payload: the one string that points at the image store. */
function pictureUrl(payload: Json): string | undefined {
  return strings(payload)
    .map(([, value]) => value)
    .find((value) => /\/images\/[\w-]{43}\.png$/.test(value));
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

  it('sends every chat host of the registry, Slack among them', () => {
    expect(HOSTS).toEqual(BUILT_IN_HOSTS.map((host) => host.name));
  });

  it.each(HOSTS)('every %s answer fits the schema its path documents, with and without the title', async (format) => {
    const problems: string[] = [];
    for (const { name, composition } of cases) {
      for (const query of ['', '?heading=true']) {
        const answer = await problemsOf(format, composition, query);
        problems.push(...answer.problems.map((problem) => `${name}${query}: ${problem}`));
      }
    }
    expect(problems).toEqual([]);
  });

  /**
   * Slack messages the runtime answers but the built-in pack never draws: Block Kit converted from
   * Markdown (a pack's primitive without a Slack renderer: links, quotes, long text split, the
   * 50-block cut) and an upload a picture renderer asked for (`slack_file`, listed on `assets`).
   */
  const runtimeSlackMessages = () => [
    fitSlackMessage({ ...SAMPLE_HEADING, nodes: [markdownToSlackBlocks(sample())], text: 'Plan' }),
    fitSlackMessage({ nodes: [markdownToSlackBlocks(sixtyNodes())], text: LONG }),
    fitSlackMessage({
      nodes: [[{ type: 'image', alt_text: 'Sales by month', slack_file: { ref: 'asset-0' } }]],
      text: 'Sales',
      assets: [{ ref: 'asset-0', node: { type: 'slideChart' }, altText: 'Sales by month' }],
    }),
  ];

  it('every Slack message the runtime draws from Markdown or with an upload fits the schema too', () => {
    const validate = validatorFor('/render/slack', 'application/json');
    for (const message of runtimeSlackMessages())
      expect(validate(message), ajv.errorsText(validate.errors, { separator: '\n' })).toBe(true);
  });

  it('the Slack schema names every kind of block and element these answers hold, and nothing else', async () => {
    // Every `type` a Slack schema pins, read from the served document.
    const named = new Set<string>();
    const pinned = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(pinned);
      else if (value && typeof value === 'object') {
        const type = (value as Json).properties?.type?.const;
        if (typeof type === 'string') named.add(type);
        Object.values(value).forEach(pinned);
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) if (name.startsWith('Slack')) pinned(schema);
    const sent = new Set<string>();
    const types = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(types);
      else if (value && typeof value === 'object') {
        if (typeof (value as Json).type === 'string') sent.add((value as Json).type);
        Object.values(value).forEach(types);
      }
    };
    for (const { composition } of cases)
      for (const query of ['', '?heading=true']) types((await problemsOf('slack', composition, query)).payload?.blocks);
    types((await problemsOf('slack', slide(), '?image=above&scale=0.25')).payload?.blocks);
    for (const message of runtimeSlackMessages()) types(message.blocks);
    expect([...sent].sort()).toEqual([...named].sort());
  });

  const pictured = FORMATS.flatMap((entry) => (entry.host?.picture ? [entry.name] : []));
  it.each(pictured)(
    "every %s answer with a picture, above or only, fits it too, and is the host's picture on its text answer",
    async (format) => {
      const host = FORMATS.find((entry) => entry.name === format)!.host!;
      const problems: string[] = [];
      for (const { name, composition } of cases) {
        const plain = (await problemsOf(format, composition)).payload;
        for (const image of ['above', 'only'] as const) {
          // A small picture: its size changes nothing in the payload, and it keeps the renders cheap.
          const { payload, problems: found } = await problemsOf(format, composition, `?image=${image}&scale=0.25`);
          problems.push(...found.map((problem) => `${name} ${image}: ${problem}`));
          if (!payload || !plain) continue;
          // The picture really went in (a storage fault would send the text alone), placed by the host's own rule.
          const url = pictureUrl(payload);
          if (url === undefined) problems.push(`${name} ${image}: no picture`);
          else {
            const altText = slidesRuntime.surfaces.text.render(composition, { heading: true });
            const expected = host.picture!(plain, { url, altText }, image);
            if (JSON.stringify(payload) !== JSON.stringify(expected)) problems.push(`${name} ${image}: not placed`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    600_000,
  );

  // The chat sweep's hostile strings in every field of every case, drawn in-process by the calls the
  // render route makes (over HTTP they would take minutes), title and subtitle drawn.
  const chat = createChatFormats({ runtime: slidesRuntime });
  it.each(HOSTS)(
    'every %s answer with hostile text in any field fits the schema too',
    (format) => {
      const entry = FORMATS.find((listed) => listed.name === format)!;
      const validate = validatorFor(`/render/${format}`, entry.host!.mimeType);
      const problems: string[] = [];
      for (const { name, composition } of placements) {
        const payload =
          entry.from === 'surface'
            ? slidesRuntime.surfaces.slack.render(composition, { heading: true })
            : chat[format as ChatFormatName].build(composition, { heading: true });
        if (!validate(payload)) problems.push(`${name}: ${ajv.errorsText(validate.errors)}`);
      }
      expect(placements.length).toBeGreaterThan(sweepCases.length * ROUNDS * 0.9);
      expect(problems.slice(0, 5)).toEqual([]);
    },
    120_000,
  );

  // Each host's folder breaks its own payload in its own ways (schema.test.ts); here, what any served schema must refuse.
  it.each(HOSTS)('the %s schema refuses an unknown field and a missing one (the check can fail)', async (format) => {
    const path = `/render/${format}`;
    const response = await post(path, slide());
    const payload = await json(response);
    const validate = validatorFor(path, response.headers.get('content-type')!.split(';')[0]!);
    expect(validate(payload), `${format} as sent`).toBe(true);
    expect(validate({ ...payload, unexpected: true }), `${format} with an unknown field`).toBe(false);
    const root = doc.components.schemas[FORMATS.find((entry) => entry.name === format)!.host!.payload.root];
    expect(root.required.length, format).toBeGreaterThan(0);
    for (const field of root.required as string[]) {
      const { [field]: _left, ...rest } = payload;
      expect(validate(rest), `${format} without ${field}`).toBe(false);
    }
  });
});
