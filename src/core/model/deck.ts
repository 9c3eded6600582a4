/**
 * A deck: several compositions, one slide each, in order. The limit on its length, how a finding's
 * path names its slide, and the separators the text formats put between slides live here once.
 */

/** Most slides one call may carry: a talk's worth, and a bound on the work one request causes. */
export const MAX_DECK_SLIDES = 20;

/** Between slides in plain text: a line of its own that no slide's text surface writes. */
export const DECK_TEXT_SEPARATOR = '\n\n* * *\n\n';

/** Between slides in Markdown: a thematic break, so each slide reads as a section. */
export const DECK_MARKDOWN_SEPARATOR = '\n\n---\n\n';

/**
 * A finding's path inside slide `index` of a deck: `compositions[2].body[0].title`, or
 * `compositions[2]` for a finding about the whole slide (path `''`).
 * @example
 * ```ts
 * import { deckPath } from 'isomer-edge';
 *
 * deckPath(2, 'body[0].title'); // 'compositions[2].body[0].title'
 * deckPath(0, ''); // 'compositions[0]'
 * ```
 */
export function deckPath(index: number, path: string): string {
  const slide = `compositions[${index}]`;
  if (path === '') return slide;
  return path.startsWith('[') ? `${slide}${path}` : `${slide}.${path}`;
}
