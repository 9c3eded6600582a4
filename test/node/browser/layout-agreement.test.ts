import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLayoutCheck } from '../../../src/images/index.ts';
import { createIsomerRuntime, formatValidationError } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { launchChromium } from '../chromium.ts';
import { describeFinding, prepareSlidePage } from '../chromium-overflow.ts';
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
const verdicts = new Map<string, Verdicts>();

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  await prepareSlidePage(page);
});
afterAll(() => browser?.close());

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
      const judged = await judge(page, runtime, layout, entry);
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
      const judged = await judge(page, runtime, layout, entry);
      verdicts.set(key(entry), judged);
      // The fixture's name starts with the kind it shows.
      const kind = ['broken-word', 'narrow', 'clipped'].find((k) => entry.name.startsWith(`${k}-`))!;
      expect(judged.engine.map((finding) => finding.kind)).toContain(kind);
      expect(judged.chromium.map((finding) => finding.kind)).toContain(kind);
    },
  );
});

describe('the well-formed fixtures', () => {
  it.each(fixtures.map((entry) => [entry.name, entry] as const))('%s: neither check flags it', async (_, entry) => {
    const judged = await judge(page, runtime, layout, entry);
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
