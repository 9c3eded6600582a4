/**
 * The type scale's steps and the one way a primitive picks among them: size steps, the field that
 * sets one, text measures from the theme's advance estimates (no browser to measure), and the
 * "largest step that fits" picker every primitive uses when an author leaves `size` out.
 */
import * as z from 'zod';
import { displayWidth } from '../../../core/text/display-width.ts';
import { unbreakablePieces } from '../../../core/text/line-breaks.ts';
import { advance } from '../theme.ts';

export const SIZES = ['l', 'm', 's'] as const;
export type SlideSize = (typeof SIZES)[number];

export const sizeField = () =>
  z.enum(SIZES).optional().describe('Type size step, largest first; omit to pick the largest that fits.');

/** Whether a primitive's content fits when drawn at a step. */
export type StepTest = (step: SlideSize) => boolean;

/** The largest step that passes `fits`; `s` when neither `l` nor `m` does. Explicit sizes win at the caller. */
export function largestStep(fits: StepTest): SlideSize {
  return fits('l') ? 'l' : fits('m') ? 'm' : 's';
}

/** Of several steps, the smallest: every part of a primitive has to fit. */
export function smallerStep(...steps: SlideSize[]): SlideSize {
  return SIZES[Math.max(...steps.map((step) => SIZES.indexOf(step)))]!;
}

/** A load (characters, items, words…) within the most each larger step holds. */
export function loadFits(load: number, budgets: { l: number; m: number }): StepTest {
  return (step) => step === 's' || load <= budgets[step];
}

/**
 * A text's load in columns, its display width: wide glyphs (CJK, Hangul, emoji, flags) count
 * twice, zero-width and combining characters not at all.
 */
export const charLoad = displayWidth;

/** A glyph two columns wide (CJK, Hangul, full-width forms, emoji, flags): its display width says so. */
const WIDE_GLYPH = { test: (glyph: string): boolean => displayWidth(glyph) === 2 };

/** Advance classes of bold type, first match wins; any other glyph is `advance.other` wide. */
export type AdvanceClasses = readonly (readonly [test: { test(glyph: string): boolean }, em: number])[];

/** Display type (titles, section numbers): a wide glyph takes a whole em. */
export const DISPLAY_ADVANCES: AdvanceClasses = [
  [WIDE_GLYPH, 1],
  [/[\sijlftrI.,:;!|'’]/, advance.narrow],
  [/[mwMW@%]/, advance.wide],
  [/[A-Z]/, advance.upper],
  [/[0-9]/, advance.digit],
];

/** Figures (values, units, labels beside them): digits first, brackets narrow. */
export const FIGURE_ADVANCES: AdvanceClasses = [
  [/[0-9]/, advance.digit],
  [/[iljtfr.,:;'’!|\s()[\]]/, advance.narrow],
  [/[mwMW@%—]/, advance.wide],
  [/[A-Z]/, advance.upper],
];

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The characters a reader sees: an emoji sequence, a flag or a letter with its marks is one. */
function glyphs(text: string): Iterable<string> {
  // Printable ASCII is one glyph per code unit: no segmenter needed for the common case.
  return /^[\x20-\x7E]*$/.test(text) ? text : Array.from(graphemes.segment(text), (part) => part.segment);
}

/** Estimated width of bold text in em, by one set of advance classes. */
export function emWidth(text: string, classes: AdvanceClasses): number {
  let em = 0;
  for (const glyph of glyphs(text)) em += classes.find(([test]) => test.test(glyph))?.[1] ?? advance.other;
  return em;
}

/** The estimates run a little narrower than Inter really draws, so a fit keeps this share of the room. */
export const WIDTH_MARGIN = 0.9;

/**
 * Display text (marks already removed) whose longest word fits one line of the column and which
 * fits in `lines` lines, with a little room lost to wrapping.
 */
export function textFits(
  plain: string,
  sizes: Readonly<Record<SlideSize, number>>,
  column: number,
  lines = 2,
): StepTest {
  const longest = Math.max(0, ...unbreakablePieces(plain).map((word) => emWidth(word, DISPLAY_ADVANCES)));
  const total = emWidth(plain, DISPLAY_ADVANCES);
  return (step) =>
    longest * sizes[step] <= column * WIDTH_MARGIN &&
    total * sizes[step] <= column * lines * WIDTH_MARGIN * WIDTH_MARGIN;
}
