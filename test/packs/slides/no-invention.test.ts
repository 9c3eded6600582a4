import { describe, expect, it } from 'vitest';
import { formatValidationError } from '../../../src/index.ts';
import { createImageFormats, createLayoutCheck } from '../../../src/images/index.ts';
import { slideDeckFrame } from '../../../src/packs/slides/index.ts';
import { pngSize } from '../../images/inspect.ts';
import { namedFixtures, slidesRuntime } from '../../support/slides.ts';

/**
 * A model never has to invent (issue 34): each file in test/fixtures/requests holds a user's words
 * and a composition drawn from exactly those facts. Every string in it comes from the request or is
 * the pack's fixed vocabulary (an enum or const of its JSON Schema); numbers appear in the request
 * as written, except indices that only say which item is meant. Each validates, fits the deck
 * frame, and draws to PNG with no layout finding.
 */
const requests = namedFixtures(
  import.meta.glob('../../fixtures/requests/*.json', { import: 'default', eager: true }) as Record<string, unknown>,
).map(({ name, value }) => ({ name, request: value.request as string, composition: value.composition }));

/** Keys whose numbers point at an item (which bar, which lines), not facts the user gave. */
const INDEX_KEYS = new Set(['highlight', 'highlightLines', 'from', 'to', 'x', 'y', 'speaker', 'at']);

/** Every `enum` and `const` string of the published schema: types, tones, markers, chrome kinds. */
function vocabularyOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) vocabularyOf(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    const record = schema as Record<string, unknown>;
    if (typeof record.const === 'string') into.add(record.const);
    if (Array.isArray(record.enum)) for (const value of record.enum) if (typeof value === 'string') into.add(value);
    for (const child of Object.values(record)) if (typeof child === 'object') vocabularyOf(child, into);
  }
  return into;
}

const VOCABULARY = vocabularyOf(slidesRuntime.getAuthoringContext().schema);

/** Compared after NFC and with runs of whitespace as one space; case and punctuation as written. */
const normal = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Each string or number in the composition the request does not hold, named by its JSON path. */
function invented(value: unknown, request: string, path = 'composition', key = ''): string[] {
  if (typeof value === 'string')
    return VOCABULARY.has(value) || request.includes(normal(value)) ? [] : [`${path} ${JSON.stringify(value)}`];
  if (typeof value === 'number')
    return INDEX_KEYS.has(key) || request.includes(String(value)) ? [] : [`${path} ${value}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => invented(item, request, `${path}[${i}]`, key));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([name, child]) => invented(child, request, `${path}.${name}`, name));
  return [];
}

const snapshot = slidesRuntime.surfaces.snapshot!;
const layout = createLayoutCheck({ snapshot });
const images = createImageFormats({ snapshot });

describe('requests drawn with only the facts they give', () => {
  it('holds at least 30 requests, each with its words and one composition', () => {
    expect(requests.length).toBeGreaterThanOrEqual(30);
    for (const { name, request, composition } of requests) {
      expect(typeof request, name).toBe('string');
      expect((composition as { type?: unknown }).type, name).toBe('view');
    }
  });

  it('takes every string and number from the request or the schema’s fixed vocabulary', () => {
    const found = requests.flatMap(({ name, request, composition }) =>
      invented(composition, normal(request)).map((problem) => `${name}: ${problem} is not in the request`),
    );
    expect(found).toEqual([]);
  });

  it('catches a string the user never said, naming the file, the path and the string', () => {
    const { request, composition } = requests.find((entry) => entry.name === 'section-divider-name-only')!;
    const padded = structuredClone(composition) as { body: { body: Record<string, unknown>[] }[] };
    padded.body[0]!.body[0]!.contents = ['Raw survey answers'];
    expect(invented(padded, normal(request))).toEqual(['composition.body[0].body[0].contents[0] "Raw survey answers"']);
  });

  it.each(requests)(
    '$name: validates, fits the deck frame and draws with no layout finding',
    async ({ composition }) => {
      const checked = slidesRuntime.validate(composition);
      expect(checked.errors.map(formatValidationError)).toEqual([]);
      expect(slideDeckFrame.validateBody!(checked.composition!.body)).toEqual([]);
      expect(layout.check(composition).map((finding) => `${finding.path}: ${finding.message}`)).toEqual([]);
      expect(pngSize(await images.png.render(composition, { scale: 0.25 }))).toEqual({ width: 480, height: 270 });
      for (const surface of [slidesRuntime.surfaces.text, slidesRuntime.surfaces.markdown])
        expect(surface.render(composition, { heading: false })).not.toMatch(/undefined|·\s*$/m);
    },
  );
});
