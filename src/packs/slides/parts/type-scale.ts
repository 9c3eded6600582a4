/**
 * The type scale's steps and the one way a primitive picks among them: size steps, the field that
 * sets one, text measures from the theme's advance estimates (no browser to measure), and the
 * "largest step that fits" picker every primitive uses when an author leaves `size` out.
 */
import * as z from 'zod';
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

/** CJK, Hangul, full-width forms and emoji: glyphs two columns wide. */
const WIDE_GLYPH =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u;

/** Character count with wide glyphs (CJK, emoji) counted twice, as they take two columns. */
export function charLoad(text: string): number {
  let load = 0;
  for (const char of text) load += WIDE_GLYPH.test(char) ? 2 : 1;
  return load;
}

/** Advance classes of bold type, first match wins; any other character is `advance.other` wide. */
export type AdvanceClasses = readonly (readonly [test: RegExp, em: number])[];

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

/** Estimated width of bold text in em, by one set of advance classes. */
export function emWidth(text: string, classes: AdvanceClasses): number {
  let em = 0;
  for (const char of text) em += classes.find(([test]) => test.test(char))?.[1] ?? advance.other;
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
