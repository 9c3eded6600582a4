/**
 * Cutting text to a host's limit without breaking what a reader sees: prefixes that end between
 * graphemes (never inside a surrogate pair or an emoji sequence), clamping with an ellipsis, and
 * telling text that shows nothing. Hosts count UTF-16 code units or fewer and refuse a whole
 * message when one field is too long, so every limited field is cut with these rather than sent
 * and refused.
 */

/** What a clamped text ends with, so a reader can tell something was cut. */
export const ELLIPSIS = '…';

// Whitespace, control and format characters, and the Hangul and braille fillers that draw nothing.
const BLANK = /^[\s\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

/**
 * True when `text` would show nothing. Hosts refuse blank text where a text is required (Slack: a
 * header, a section's text, a message without blocks), so such text is treated as absent.
 * @example isBlankText(' \u200b\n') // true
 */
export function isBlankText(text: string): boolean {
  return BLANK.test(text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest prefix of `text` that ends on a grapheme boundary and is at most `max` UTF-16 units;
 * `''` when even the first grapheme is longer. Only `text.slice(0, max + 2)` is segmented: whether
 * `p` is a boundary depends only on the text before `p` and the code point at `p` (up to two
 * units), so the answer is the same as segmenting the whole string.
 */
export function graphemePrefix(text: string, max: number): string {
  if (max <= 0) return '';
  if (text.length <= max) return text;
  // `containing` finds the grapheme around `max` without walking every grapheme before it.
  const around = graphemes.segment(text.slice(0, max + 2)).containing(max);
  return text.slice(0, around?.index ?? 0);
}

/**
 * The longest prefix of at most `max` UTF-16 units that does not split a surrogate pair. For the
 * rare grapheme longer than a whole limit (stacked combining marks), which must be cut somewhere.
 */
export function codePointPrefix(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const char of text) {
    if (end + char.length > max) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * The longest prefix of at most `max` UTF-16 units that ends between graphemes, or, when the first
 * grapheme alone is longer (a letter under thousands of combining marks), between code points: a
 * cut always makes progress and never splits a surrogate pair.
 */
export function cutPrefix(text: string, max: number): string {
  const prefix = graphemePrefix(text, max);
  return prefix === '' ? codePointPrefix(text, max) : prefix;
}

/**
 * Fits `text` into `max` UTF-16 units. Longer text is cut at a grapheme boundary so that the
 * kept part fits `max - 1`, trailing whitespace is trimmed, and one `…` is appended. Never splits
 * a surrogate pair or an emoji ZWJ sequence.
 * @example
 * ```ts
 * import { clampText, SLACK_LIMITS } from 'isomer-edge';
 *
 * clampText('Hello world', 7); // 'Hello…'
 * declare const altText: string;
 * const alt = clampText(altText, SLACK_LIMITS.imageAltTextChars);
 * ```
 */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  return graphemePrefix(text, max - 1).trimEnd() + ELLIPSIS;
}
