/**
 * Where lines may break in scripts written without spaces between words. Thai, Lao, Khmer and
 * Burmese break at word boundaries, which only a dictionary finds (`Intl.Segmenter`, in V8 and
 * workerd alike); the image engine breaks at spaces and by UAX #14 only, which handles CJK and
 * closing punctuation but not these, so the pictures get a ZERO WIDTH SPACE at each boundary.
 * Browsers find the boundaries themselves, so the HTML surface is left as it is.
 */
import { displayWidth } from './display-width.ts';

export const ZERO_WIDTH_SPACE = '\u200B';

/**
 * A character of the scripts that need a dictionary to break: the Thai, Lao, Myanmar (and its
 * extensions A and B), Khmer and Khmer Symbols blocks. Plain ranges, not Script properties: every
 * snapshot's markup is tested once, and the ranges test it several times faster.
 */
const DICTIONARY_SCRIPT = /[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u19E0-\u19FF\uA9E0-\uA9FF\uAA60-\uAA7F]/;

let words: Intl.Segmenter | undefined;
/** One word segmenter per isolate; the dictionaries are picked by script, whatever the locale. */
function wordSegmenter(): Intl.Segmenter {
  words ??= new Intl.Segmenter('th', { granularity: 'word' });
  return words;
}

/**
 * The text with a ZERO WIDTH SPACE at each word boundary between two characters of Thai, Lao,
 * Khmer or Burmese; any other text is returned as it is.
 * @example
 * ```ts
 * import { withWordBreaks } from 'isomer-edge';
 *
 * withWordBreaks('ภาษาไทย'); // 'ภาษา\u200Bไทย'
 * withWordBreaks('Refunds settle'); // 'Refunds settle'
 * ```
 */
export function withWordBreaks(text: string): string {
  if (!DICTIONARY_SCRIPT.test(text)) return text;
  let out = '';
  for (const { segment } of wordSegmenter().segment(text)) {
    // Each script's characters are in the BMP, so one code unit either side decides.
    if (out !== '' && DICTIONARY_SCRIPT.test(out[out.length - 1]!) && DICTIONARY_SCRIPT.test(segment[0]!))
      out += ZERO_WIDTH_SPACE;
    out += segment;
  }
  return out;
}

/**
 * Markup with `withWordBreaks` applied to its text, never inside a tag: what the image engine
 * needs to wrap these scripts. Markup without them is returned as it is.
 */
export function withWordBreaksInMarkup(markup: string): string {
  if (!DICTIONARY_SCRIPT.test(markup)) return markup;
  return markup.replace(/(^|>)([^<]+)/g, (whole, open: string, text: string) =>
    DICTIONARY_SCRIPT.test(text) ? open + withWordBreaks(text) : whole,
  );
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A word split around each wide glyph (Han, kana, Hangul, full-width forms, emoji): UAX #14 lets a
 * line break on either side of each. Wide is what `displayWidth` counts as two columns, so the
 * widths and the breaks read one list. Printable ASCII has none and is returned whole.
 */
function splitAroundWide(word: string): string[] {
  if (/^[\x20-\x7E]*$/.test(word)) return [word];
  const pieces: string[] = [];
  let narrow = '';
  for (const { segment } of graphemes.segment(word)) {
    if (displayWidth(segment) < 2) {
      narrow += segment;
      continue;
    }
    if (narrow !== '') pieces.push(narrow);
    pieces.push(segment);
    narrow = '';
  }
  if (narrow !== '') pieces.push(narrow);
  return pieces;
}

/**
 * The pieces of a text no line can break inside, for width estimates: words between spaces, then
 * each wide glyph on its own (CJK and emoji break between them) and each dictionary word of Thai,
 * Lao, Khmer or Burmese. A sentence in these scripts is no longer one unbreakable "word".
 * @example
 * ```ts
 * import { unbreakablePieces } from 'isomer-edge';
 *
 * unbreakablePieces('Refunds settle'); // ['Refunds', 'settle']
 * unbreakablePieces('第3四半期'); // ['第', '3', '四', '半', '期']
 * unbreakablePieces('ภาษาไทย'); // ['ภาษา', 'ไทย']
 * ```
 */
export function unbreakablePieces(text: string): string[] {
  return text
    .split(/\s+/)
    .flatMap((word) => {
      const pieces = DICTIONARY_SCRIPT.test(word) ? withWordBreaks(word).split(ZERO_WIDTH_SPACE) : [word];
      return pieces.flatMap(splitAroundWide);
    })
    .filter((piece) => piece !== '');
}
