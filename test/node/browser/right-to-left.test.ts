import type { MeasuredNode } from '@takumi-rs/wasm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takumiEngine } from '../../../src/images/engine/engine.ts';
import { toImageDocument } from '../../../src/images/engine/markup.ts';
import { BUNDLED_FONTS, createLayoutCheck } from '../../../src/images/index.ts';
import { createIsomerRuntime } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { LEFT_TO_RIGHT_TYPES } from '../../../src/packs/slides/mirror.ts';
import { SLIDE_PRIMITIVES } from '../../../src/packs/slides/pack.ts';
import { glyphs } from '../../../src/packs/slides/theme.ts';
import { RTL_LANGUAGES, rtlFixtures, typesOf } from '../../support/rtl-fixtures.ts';
import { launchChromium } from '../chromium.ts';
import { fontUrl, loadSlide, prepareSlidePage, slideFragment } from '../chromium-overflow.ts';

/**
 * Right to left, everywhere (issue 34): each Arabic and Hebrew fixture is laid out from the right in
 * the picture, and the picture agrees with Chromium's layout of the same slide's HTML on which side
 * each text hugs and on the order of the items across the slide. Positions are compared as orders
 * and sides, not pixels. Both engines set Arabic and Hebrew in the same file (`SAME_FACES`), so
 * their lines wrap alike.
 */
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const snapshot = runtime.surfaces.snapshot!;
const layout = createLayoutCheck({ snapshot });
const FIXTURES = rtlFixtures();

/**
 * The engine draws a letter its slide's family lacks with the bundled fallback face (DejaVu Sans,
 * the one face without a unicode-range); Chromium would pick a system font instead. So every weight
 * and style of each subset family (Inter, Roboto Mono) also gets that file for the right-to-left
 * blocks, unemboldened, as the engine draws it.
 */
const SAME_FACES = (() => {
  const fallback = BUNDLED_FONTS.findIndex((face) => face.unicodeRange === undefined);
  const styles = new Set(
    BUNDLED_FONTS.filter((face) => face.unicodeRange).map((face) => `${face.family}|${face.weight}|${face.style}`),
  );
  return [...styles]
    .map((key) => {
      const [family, weight, style] = key.split('|');
      return (
        `@font-face{font-family:'${family}';font-weight:${weight};font-style:${style};` +
        `src:url('${fontUrl(fallback)}');unicode-range:U+0590-08FF,U+FB1D-FDFF,U+FE70-FEFC}`
      );
    })
    .join('');
})();

/** Where a text sits: its centre, and which side of its own box it hugs. */
interface Placed {
  x: number;
  y: number;
  side: 'left' | 'right' | 'full';
}

// The quote marks a timeline sets around a heading are the slide's, not the model's text.
const QUOTE_GLYPHS = [glyphs.quoteOpen, glyphs.quoteClose];
const clean = (text: string) =>
  QUOTE_GLYPHS.reduce((out, glyph) => out.replaceAll(glyph, ''), text.replace(/\p{Cf}/gu, ''))
    .replaceAll('**', '')
    .trim();

/**
 * The texts of a slide worth placing: every model string with a letter, each once, and those that
 * belong to a primitive that stays left to right (code, terminals), which hug the left by design.
 */
function probes(composition: unknown): { texts: string[]; leftToRight: Set<string> } {
  const out = new Set<string>();
  const seen = new Set<string>();
  const leftToRight = new Set<string>();
  const visit = (value: unknown, key: string, ltr: boolean) => {
    if (typeof value === 'string') {
      const text = clean(value);
      if (key === 'type' || key === 'url' || !/\p{L}/u.test(text)) return;
      if (seen.has(text)) out.delete(text);
      else out.add(text);
      seen.add(text);
      if (ltr) leftToRight.add(text);
    } else if (Array.isArray(value)) for (const item of value) visit(item, key, ltr);
    else if (value && typeof value === 'object') {
      const inside = ltr || LEFT_TO_RIGHT_TYPES.has(String((value as { type?: unknown }).type));
      for (const [k, v] of Object.entries(value)) if (k !== 'brand' && k !== 'section') visit(v, k, inside);
    }
  };
  visit((composition as { body: unknown }).body, 'body', false);
  return { texts: [...out], leftToRight };
}

const sideOf = (gapLeft: number, gapRight: number): Placed['side'] =>
  Math.abs(gapLeft - gapRight) < 8 ? 'full' : gapLeft > gapRight ? 'right' : 'left';

/** Each probe as takumi lays out the snapshot markup: the box whose runs spell it. */
function inPicture(composition: unknown, texts: readonly string[]): Map<string, Placed> {
  const image = snapshot.render(composition);
  const document = toImageDocument(image.html, image.css);
  const root = takumiEngine(BUNDLED_FONTS).measure(document.node, {
    width: image.width,
    height: image.height,
    css: document.css,
  });
  const placed = new Map<string, Placed>();
  // Runs come in visual order, so a text is recognised by its characters, in any order.
  const sorted = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
  const byLetters = new Map(texts.map((text) => [sorted(text), text]));
  const visit = (box: MeasuredNode) => {
    const text = byLetters.get(sorted(clean(box.runs.map((run) => run.text).join(''))));
    if (text !== undefined && !placed.has(text) && box.runs.length > 0) {
      const [a, , , , e, f] = box.transform;
      // The side a text hugs shows on its last line (a wrapped text's other lines fill the box). Runs
      // of one line set in different faces (Arabic in one, digits in another) sit at different
      // baselines, so a line is every run within half a line's height of the lowest.
      const lastY = Math.max(...box.runs.map((run) => run.y));
      const lineHeight = Math.max(...box.runs.map((run) => run.height));
      const last = box.runs.filter((run) => run.y > lastY - lineHeight / 2);
      const left = Math.min(...last.map((run) => run.x));
      const right = Math.max(...last.map((run) => run.x + run.width));
      placed.set(text, {
        x: e + (a * (left + right)) / 2,
        y: f + box.height / 2,
        side: sideOf(left, box.width - right),
      });
    }
    for (const child of box.children) visit(child);
  };
  visit(root);
  return placed;
}

/** Runs in the page: each probe's innermost holder, its text's centre and the side it hugs. */
function inChromium({ texts, quotes }: { texts: string[]; quotes: string[] }): [string, Placed][] {
  const strip = (text: string) =>
    quotes.reduce((out, glyph) => out.replaceAll(glyph, ''), text.replace(/\p{Cf}/gu, '')).trim();
  const out: [string, Placed][] = [];
  for (const text of texts) {
    const holder = [...document.querySelectorAll('.sl-frame *')].find(
      (element) =>
        strip(element.textContent ?? '') === text && !element.querySelector('*:not(strong):not(code):not(span)'),
    );
    if (!holder) continue;
    const range = document.createRange();
    range.selectNodeContents(holder);
    const r = range.getBoundingClientRect();
    const box = holder.getBoundingClientRect();
    const rects = [...range.getClientRects()];
    const lastTop = Math.max(...rects.map((rect) => rect.top));
    const last = rects.filter((rect) => rect.top > lastTop - 2);
    const gapLeft = Math.min(...last.map((rect) => rect.left)) - box.left;
    const gapRight = box.right - Math.max(...last.map((rect) => rect.right));
    const side = Math.abs(gapLeft - gapRight) < 8 ? 'full' : gapLeft > gapRight ? 'right' : 'left';
    out.push([text, { x: (r.left + r.right) / 2, y: (box.top + box.bottom) / 2, side }]);
  }
  return out;
}

/** Texts that share a row (centres within 24 px of each other), ordered right to left. */
function rightToLeftRows(placed: ReadonlyMap<string, Placed>, texts: readonly string[]): string[][] {
  const rows: { y: number; texts: string[] }[] = [];
  for (const text of texts) {
    const at = placed.get(text)!;
    const row = rows.find((candidate) => Math.abs(candidate.y - at.y) < 24);
    if (row) row.texts.push(text);
    else rows.push({ y: at.y, texts: [text] });
  }
  return rows
    .filter((row) => row.texts.length > 1)
    .map((row) => row.texts.sort((a, b) => placed.get(b)!.x - placed.get(a)!.x));
}

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  await prepareSlidePage(page);
});
afterAll(() => browser?.close());

describe('right-to-left fixtures', () => {
  it('show every slides primitive in Arabic and in Hebrew', () => {
    const every = SLIDE_PRIMITIVES.map((primitive) => primitive.type).sort();
    for (const lang of RTL_LANGUAGES) {
      const shown = typesOf(FIXTURES.filter((fixture) => fixture.lang === lang).map((fixture) => fixture.composition));
      expect([...shown].sort(), lang).toEqual(every);
    }
  });

  for (const { name, composition } of FIXTURES) {
    it(`${name}: validates, is drawn right to left and draws with no layout finding`, () => {
      expect(runtime.validate(composition).errors).toEqual([]);
      expect(runtime.validate(composition).warnings).toEqual([]);
      expect(snapshot.render(composition).html).toMatch(/^<div class="sl-frame sl-(?:page|inverse)[^"]*" dir="rtl">/);
      expect(layout.check(composition)).toEqual([]);
    });

    it(`${name}: the picture agrees with Chromium on sides and order`, async () => {
      const { texts, leftToRight } = probes(composition);
      const image = snapshot.render(composition);
      const picture = inPicture(composition, texts);
      await loadSlide(page, slideFragment(runtime, composition), SAME_FACES);
      const chromium = new Map(await page.evaluate(inChromium, { texts, quotes: QUOTE_GLYPHS }));
      const both = texts.filter((text) => picture.has(text) && chromium.has(text));
      expect(both.length, `texts placed in both engines of ${texts.length}`).toBeGreaterThanOrEqual(
        Math.ceil(texts.length * 0.8),
      );
      // The side each text hugs.
      const sides = (placed: ReadonlyMap<string, Placed>) => both.map((text) => `${text}: ${placed.get(text)!.side}`);
      expect(sides(picture)).toEqual(sides(chromium));
      // No text hugs the left of a right-to-left slide, but code and terminal text, kept left to right.
      const prose = both.filter((text) => !leftToRight.has(text));
      expect(prose.filter((text) => picture.get(text)!.side === 'left')).toEqual([]);
      // The order of the texts that share a row, right to left: the first item is the rightmost.
      const rows = rightToLeftRows(chromium, both);
      expect(rightToLeftRows(picture, both)).toEqual(rows);
      const heading = texts[0]!;
      expect(picture.get(heading)!.x).toBeGreaterThan(image.width / 2);
    });
  }
});
