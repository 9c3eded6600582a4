import type { SlideSize } from './fields.ts';

/**
 * The largest size step whose budget holds the load (characters, items, words…); `s` past both.
 * Explicit sizes win: renderers call this only when `size` is omitted.
 */
export function stepFor(load: number, budgets: { l: number; m: number }): SlideSize {
  if (load <= budgets.l) return 'l';
  if (load <= budgets.m) return 'm';
  return 's';
}

/** The size to draw: the author's, else the largest that fits the load. */
export function sizeOf(size: SlideSize | undefined, load: number, budgets: { l: number; m: number }): SlideSize {
  return size ?? stepFor(load, budgets);
}

/** Character count with wide glyphs (CJK, emoji) counted twice, as they take two columns. */
export function charLoad(text: string): number {
  let load = 0;
  for (const char of text)
    load +=
      /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u.test(
        char,
      )
        ? 2
        : 1;
  return load;
}
