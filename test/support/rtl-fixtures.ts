/**
 * The right-to-left fixtures of issue 34: the Arabic and Hebrew slides written by hand in
 * `test/fixtures/compositions/rtl/`, and, for every slides primitive none of those shows, its English
 * fixture (`compositions/slide-<type>.json`) with each string put into Arabic or Hebrew from
 * `test/fixtures/rtl-translations.json`. Strings the table leaves out stay as written: code, file
 * names, identifiers, numbers, product names (Kestrel Freight, Postgres), enum values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RTL_LANGUAGES = ['ar', 'he'] as const;
export type RtlLanguage = (typeof RTL_LANGUAGES)[number];

export interface RtlFixture {
  /** `<lang>-<kind>`, the name of its picture in `docs/images/rtl/`. */
  name: string;
  lang: RtlLanguage;
  /** Written by hand (`rtl/<name>.json`) or put into the language from a primitive's English fixture. */
  origin: 'written' | 'translated';
  composition: Record<string, unknown>;
}

const FIXTURES = join(import.meta.dirname, '../fixtures');
const COMPOSITIONS = join(FIXTURES, 'compositions');
const WRITTEN = join(COMPOSITIONS, 'rtl');

/** English → [Arabic, Hebrew]. */
export const TRANSLATIONS: Readonly<Record<string, readonly [string, string]>> = JSON.parse(
  readFileSync(join(FIXTURES, 'rtl-translations.json'), 'utf8'),
);

const read = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8'));

/** A string in the language, or as it is when the table has none. */
function say(text: string, lang: RtlLanguage): string {
  return TRANSLATIONS[text]?.[RTL_LANGUAGES.indexOf(lang)] ?? text;
}

/** Every string value of a model value put into the language; keys, numbers and booleans stay. */
function translated(value: unknown, lang: RtlLanguage): unknown {
  if (typeof value === 'string') return say(value, lang);
  if (Array.isArray(value)) return value.map((item) => translated(item, lang));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translated(item, lang)]));
  return value;
}

/** The primitive types a composition uses, its nested nodes' included. */
export function typesOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) typesOf(item, into);
  else if (value && typeof value === 'object') {
    const { type } = value as { type?: unknown };
    if (typeof type === 'string' && type !== 'view') into.add(type);
    for (const item of Object.values(value)) typesOf(item, into);
  }
  return into;
}

/**
 * A node drawn as the gallery draws one (`test/support/preview-slide.ts`), in the language: under
 * a heading in a page frame, a title alone in an inverse frame.
 */
function preview(node: Record<string, unknown>, lang: RtlLanguage): Record<string, unknown> {
  const title = `${say('Preview', lang)}: ${String(node.type)}`;
  const frame = {
    type: 'slideFrame',
    brand: 'Kestrel Freight',
    section: say('Preview', lang),
    sectionNumber: '01',
    url: 'https://kestrel.example/relay',
  };
  const body =
    node.type === 'slideTitle'
      ? [{ ...frame, tone: 'inverse', body: [node] }]
      : [
          {
            ...frame,
            body: [{ type: 'slideHeading', title, lede: say('How this primitive looks on a slide.', lang) }, node],
          },
        ];
  return { type: 'view', lang, title, body };
}

/** Every right-to-left fixture: the written ones, then one per primitive they leave out, per language. */
export function rtlFixtures(): RtlFixture[] {
  const written = readdirSync(WRITTEN)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const composition = read(join(WRITTEN, file));
      return {
        name: file.slice(0, -5),
        lang: composition.lang as RtlLanguage,
        origin: 'written' as const,
        composition,
      };
    });
  const english = readdirSync(COMPOSITIONS)
    .filter((file) => /^slide-[a-z-]+\.json$/.test(file))
    .sort()
    .map((file) => ({ kind: file.slice('slide-'.length, -5), node: read(join(COMPOSITIONS, file)) }));
  const out: RtlFixture[] = [...written];
  for (const lang of RTL_LANGUAGES) {
    const shown = typesOf(written.filter((fixture) => fixture.lang === lang).map((fixture) => fixture.composition));
    for (const { kind, node } of english) {
      if (shown.has(String(node.type))) continue;
      const composition = preview(translated(node, lang) as Record<string, unknown>, lang);
      out.push({ name: `${lang}-${kind}`, lang, origin: 'translated', composition });
    }
  }
  return out;
}
