/**
 * Where lines may break in scripts written without spaces between words. Thai, Lao, Khmer and
 * Burmese break at word boundaries, which only a dictionary finds (`Intl.Segmenter`, in V8 and
 * workerd alike); the image engine breaks at spaces and by UAX #14 only, which handles CJK and
 * closing punctuation but not these, so the pictures get a ZERO WIDTH SPACE at each boundary.
 * Browsers find the boundaries themselves, so the HTML surface is left as it is.
 */

export const ZERO_WIDTH_SPACE = '\u200B';

/** A letter or mark of the scripts that need a dictionary to break. */
const DICTIONARY_SCRIPT = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

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
