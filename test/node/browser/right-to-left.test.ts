import { describe, expect, it } from 'vitest';
import { createLayoutCheck } from '../../../src/images/index.ts';
import { createIsomerRuntime } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { RTL_SCOPE } from '../../../src/packs/slides/mirror.ts';
import { SLIDE_PRIMITIVES } from '../../../src/packs/slides/pack.ts';
import { glyphs } from '../../../src/packs/slides/theme.ts';
import { RTL_LANGUAGES, rtlFixtures, typesOf } from '../../support/rtl-fixtures.ts';
import { slidePageForFile } from './slide-page.ts';
import { loadSlide, slideFragment } from '../chromium-overflow.ts';
import {
  type Drawn,
  inChromium,
  inPicture,
  SAME_FACES,
  type TextLine,
  withoutMirror,
} from '../right-to-left-geometry.ts';

/**
 * Right to left, everywhere (issue 34): each Arabic and Hebrew fixture is laid out from the right in
 * the picture, and the picture agrees with Chromium's layout of the same slide's HTML on where each
 * text sits on the slide and on the order of the items across it. A text is a model string, found
 * in each engine by its characters (`right-to-left-geometry.ts`); its left edge, right edge or
 * middle must land within `TOLERANCE` of Chromium's, so a text that hugs the wrong side of its box,
 * or a box that sits on the wrong side, fails. Both engines set Arabic and Hebrew in the same file
 * (`SAME_FACES`), but not always at the same width, which is why one of the three edges suffices:
 * a text hugging the same side agrees on that edge whatever its width. Code, commands, diffs and
 * transcripts (kept left to right) are held to the same rule: they hug the left in both.
 */
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const snapshot = runtime.surfaces.snapshot!;
const layout = createLayoutCheck({ snapshot });
const FIXTURES = rtlFixtures();

/** Slide pixels (1920 wide) two engines' edges may differ by: well under a chip's side padding. */
const TOLERANCE = 6;
/** Characters a primitive sets around a text (a timeline heading's quotes) or the markup consumes. */
const DROP = [glyphs.quoteOpen, glyphs.quoteClose, '*', '`'];
/** Words a primitive prints before a text, in the picture in the same box (`Source ·`). */
const DECORATIONS = [glyphs.sourcePrefix, glyphs.current];

/**
 * The texts of a slide worth placing: every model string with a letter, each once. The footer's
 * brand and section share a line with the slide number, so they are not a text of their own.
 * Strings the slide never shows whole (enum values, URLs, a render grid's body shown in several
 * panels) are not found in Chromium and so not compared.
 */
function probes(composition: unknown): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (key === 'type' || key === 'url' || !/\p{L}/u.test(text)) return;
      if (seen.has(text)) out.delete(text);
      else out.add(text);
      seen.add(text);
    } else if (Array.isArray(value)) for (const item of value) visit(item, key);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (k !== 'brand' && k !== 'section') visit(v, k);
  };
  visit((composition as { body: unknown }).body, 'body');
  return [...out];
}

/** A text's horizontal extent over all its lines, and the middle of its first line. */
function extent(lines: readonly TextLine[]): { left: number; right: number; centre: number; top: number } {
  const left = Math.min(...lines.map((line) => line.left));
  const right = Math.max(...lines.map((line) => line.right));
  return { left, right, centre: (left + right) / 2, top: lines[0]!.middle };
}

/** Whether two extents share an edge or a middle within `TOLERANCE`. */
function agree(a: { left: number; right: number }, b: { left: number; right: number }): boolean {
  const gaps = [a.left - b.left, a.right - b.right, (a.left + a.right - b.left - b.right) / 2];
  return gaps.some((gap) => Math.abs(gap) <= TOLERANCE);
}

/**
 * The texts whose place differs between the engines: over all their lines, and on their last line
 * when both break them into as many lines (where a wrapped text shows the side it hugs).
 */
function disagreements(
  picture: ReadonlyMap<string, TextLine[]>,
  chromium: ReadonlyMap<string, TextLine[]>,
  texts: readonly string[],
): string[] {
  const at = (lines: readonly TextLine[]) => {
    const { left, right } = extent(lines);
    return `${Math.round(left)}–${Math.round(right)}`;
  };
  return texts.flatMap((text) => {
    const mine = picture.get(text)!;
    const theirs = chromium.get(text)!;
    const lastAgrees = mine.length !== theirs.length || mine.length === 1 || agree(mine.at(-1)!, theirs.at(-1)!);
    if (agree(extent(mine), extent(theirs)) && lastAgrees) return [];
    return [`${text}: picture ${at(mine)}, Chromium ${at(theirs)}`];
  });
}

/**
 * Texts that share a row (first lines within 24 px of each other), ordered right to left by their
 * right edges, where a right-to-left text starts (a text wrapped otherwise in one engine keeps it).
 */
function rightToLeftRows(placed: ReadonlyMap<string, TextLine[]>, texts: readonly string[]): string[][] {
  const rows: { y: number; texts: string[] }[] = [];
  for (const text of texts) {
    const { top } = extent(placed.get(text)!);
    const row = rows.find((candidate) => Math.abs(candidate.y - top) < 24);
    if (row) row.texts.push(text);
    else rows.push({ y: top, texts: [text] });
  }
  const right = (text: string) => extent(placed.get(text)!).right;
  return rows.filter((row) => row.texts.length > 1).map((row) => row.texts.sort((a, b) => right(b) - right(a)));
}

/** Both engines' placing of a fixture's texts; the picture drawn from `image` (the slide's own by default). */
async function placeBoth(composition: unknown, image: Drawn = snapshot.render(composition)) {
  const texts = probes(composition);
  const picture = inPicture(image, texts, { drop: DROP, decorations: DECORATIONS });
  await loadSlide(tab.page, slideFragment(runtime, composition), SAME_FACES);
  const chromium = new Map(await tab.page.evaluate(inChromium, { texts, drop: DROP }));
  return { texts, picture, chromium, compared: texts.filter((text) => chromium.has(text)) };
}

const tab = slidePageForFile();

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

    it(`${name}: the picture agrees with Chromium on where each text sits and on order`, async () => {
      const { picture, chromium, compared } = await placeBoth(composition);
      // The heading and its lede at least, and every text Chromium shows once is found in the picture.
      expect(compared.length).toBeGreaterThanOrEqual(2);
      expect(compared.filter((text) => !picture.has(text))).toEqual([]);
      expect(disagreements(picture, chromium, compared)).toEqual([]);
      // The order of the texts that share a row, right to left: the first item is the rightmost.
      expect(rightToLeftRows(picture, compared)).toEqual(rightToLeftRows(chromium, compared));
      // The slide's first text (its heading, or a title's eyebrow) stands on the right half.
      expect(extent(picture.get(compared[0]!)!).centre).toBeGreaterThan(snapshot.render(composition).width / 2);
    });
  }
});

describe('the comparison', () => {
  // Slides whose primitives mirror padding, borders, positions or alignment that flex and grid
  // direction alone would not: drawn without the mirrored rules, their pictures must disagree.
  const MIRRORED = ['ar-timeline', 'he-layers', 'ar-tree', 'he-title', 'ar-quadrant', 'he-annotated-render'];

  it.each(MIRRORED)('fails %s drawn with the mirror turned off', async (name) => {
    const { composition } = FIXTURES.find((fixture) => fixture.name === name)!;
    const image = snapshot.render(composition);
    const { picture, chromium, compared } = await placeBoth(composition, {
      ...image,
      css: withoutMirror(image.css, RTL_SCOPE),
    });
    expect(compared.filter((text) => !picture.has(text))).toEqual([]);
    expect(disagreements(picture, chromium, compared).length).toBeGreaterThan(0);
  });
});
