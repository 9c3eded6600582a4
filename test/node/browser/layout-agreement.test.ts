import { describe, expect, it } from 'vitest';
import { createLayoutCheck } from '../../../src/images/index.ts';
import { createIsomerRuntime, formatValidationError } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { slidePageForFile } from './slide-page.ts';
import { describeFinding } from '../chromium-overflow.ts';
import {
  agreementCorpus,
  agreementTable,
  disagreementTable,
  judge,
  tally,
  type Verdicts,
} from '../layout-agreement.ts';

/**
 * Ground truth for the layout check (issue 14): Chromium's overflow verdict on every composition of
 * the overflow corpus and every well-formed fixture, against the engine's. The same computation
 * writes docs/layout-findings.md (`scripts/layout-agreement.ts`).
 */
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const layout = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
const corpus = agreementCorpus();
const overflow = corpus.filter((entry) => entry.set === 'overflow');
const fixtures = corpus.filter((entry) => entry.set === 'fixture');
const kinds = corpus.filter((entry) => entry.set === 'kinds');
const containers = corpus.filter((entry) => entry.set === 'containers');
const verdicts = new Map<string, Verdicts>();

const tab = slidePageForFile();

const key = (entry: { set: string; name: string }) => `${entry.set}/${entry.name}`;

describe('the overflow corpus', () => {
  it('holds at least 40 compositions across at least 15 primitives, each named after one it uses', () => {
    expect(overflow.length).toBeGreaterThanOrEqual(40);
    // `<primitive>-<how>`: slideBulletList is `bullet-list-…`; the longest match wins (`render-grid` over `render`).
    const kebab = new Map(
      runtime.primitives.map((p) => [
        p.type
          .slice('slide'.length)
          .replace(/(?<!^)[A-Z]/g, '-$&')
          .toLowerCase(),
        p.type,
      ]),
    );
    const named = overflow.map((entry) => {
      const prefix = [...kebab.keys()]
        .filter((k) => entry.name.startsWith(`${k}-`))
        .sort((a, b) => b.length - a.length)[0];
      const type = prefix === undefined ? undefined : kebab.get(prefix);
      return {
        name: entry.name,
        type,
        used: type !== undefined && JSON.stringify(entry.composition).includes(`"type":"${type}"`),
      };
    });
    expect(named.filter((entry) => !entry.used)).toEqual([]);
    expect(new Set(named.map((entry) => entry.type)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(overflow.map((entry) => [entry.name, entry] as const))(
    '%s is valid and Chromium flags it',
    async (_, entry) => {
      expect(runtime.validate(entry.composition).errors.map(formatValidationError)).toEqual([]);
      const judged = await judge(tab.page, runtime, layout, entry);
      verdicts.set(key(entry), judged);
      expect(judged.chromium.length, 'not an overflow in Chromium: fix the corpus item').toBeGreaterThan(0);
    },
  );
});

describe('the kinds that are not about the slide’s edges (issue 22)', () => {
  it.each(kinds.map((entry) => [entry.name, entry] as const))(
    '%s is valid, and both Chromium and the engine see the same kind',
    async (_, entry) => {
      expect(runtime.validate(entry.composition).errors.map(formatValidationError)).toEqual([]);
      const judged = await judge(tab.page, runtime, layout, entry);
      verdicts.set(key(entry), judged);
      // The fixture's name starts with the kind it shows.
      const kind = ['broken-word', 'narrow', 'clipped'].find((k) => entry.name.startsWith(`${k}-`))!;
      expect(judged.engine.map((finding) => finding.kind)).toContain(kind);
      expect(judged.chromium.map((finding) => finding.kind)).toContain(kind);
    },
  );
});

describe('clipping inside containers, and well-drawn counterparts (issue 34)', () => {
  it('holds at least 12 clipped cases across windows of every chrome, tables, lists, code and panes, each with a counterpart', () => {
    const clipped = containers.filter((entry) => entry.name.startsWith('clipped-'));
    const fits = containers.filter((entry) => entry.name.startsWith('fits-'));
    expect(clipped.length).toBeGreaterThanOrEqual(12);
    expect(fits.length).toBe(clipped.length);
    expect(clipped.length + fits.length).toBe(containers.length);
    const uses = (type: string) =>
      clipped.some((entry) => JSON.stringify(entry.composition).includes(`"type":"${type}"`));
    for (const type of ['slideTranscript', 'slideTable', 'slideBulletList', 'slideCode', 'slideSplit'])
      expect(uses(type), type).toBe(true);
    for (const chrome of ['chat', 'slack', 'browser', 'terminal'])
      expect(
        clipped.some((entry) => JSON.stringify(entry.composition).includes(`"chrome":"${chrome}"`)),
        chrome,
      ).toBe(true);
  });

  it.each(containers.map((entry) => [entry.name, entry] as const))('%s', async (name, entry) => {
    expect(runtime.validate(entry.composition).errors.map(formatValidationError)).toEqual([]);
    const judged = await judge(tab.page, runtime, layout, entry);
    verdicts.set(key(entry), judged);
    if (name.startsWith('clipped-')) {
      // Chromium sees a box hiding part of its content: the case is a real clipping.
      expect(
        judged.chromium.map((finding) => finding.kind),
        'not clipped in Chromium: fix the case',
      ).toContain('clipped');
      expect(judged.engine.map((finding) => finding.kind)).toContain('clipped');
    } else {
      expect(judged.chromium.map(describeFinding), 'not well drawn in Chromium: fix the counterpart').toEqual([]);
      expect(judged.engine.map((finding) => `${finding.path} (in ${finding.nodeType}) ${finding.message}`)).toEqual([]);
    }
  });
});

describe('the well-formed fixtures', () => {
  it.each(fixtures.map((entry) => [entry.name, entry] as const))('%s: neither check flags it', async (_, entry) => {
    const judged = await judge(tab.page, runtime, layout, entry);
    verdicts.set(key(entry), judged);
    expect(judged.engine.map((finding) => `${finding.path} (in ${finding.nodeType}) ${finding.message}`)).toEqual([]);
    expect(judged.chromium.map(describeFinding)).toEqual([]);
  });
});

describe('agreement between the engine and Chromium', () => {
  it('is at least 95 % over the corpus and the fixtures', () => {
    // Every composition was judged above; a missing one means an earlier case threw before judging.
    expect([...verdicts.keys()].sort()).toEqual(corpus.map(key).sort());
    const rows = corpus.map((entry) => verdicts.get(key(entry))!);
    console.log(`${agreementTable(rows)}\n\n${disagreementTable(rows)}`);
    expect(tally(rows).agreement).toBeGreaterThanOrEqual(0.95);
  });
});
