/**
 * Base direction of model text, the one source for the HTML surface and the pictures: a text's
 * direction is that of its first strong character (the Unicode Bidirectional Algorithm's rules P2
 * and P3, which HTML's `dir="auto"` follows), and a text that could reorder its neighbours is
 * drawn as an isolate, so nothing in it moves the text around it. A whole composition's direction
 * (the side a slide is laid out from) is the one it states, its language's, or its letters' majority.
 */

export type TextDirection = 'ltr' | 'rtl';

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: `dir="auto"` as characters, which every bidi engine reads. */
export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_DIRECTIONAL_ISOLATE = '\u2069';

// JavaScript has no Bidi_Class property, so right-to-left letters are read off the blocks UAX #9
// gives a right-to-left default (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation
// forms and the historic scripts of the SMP), plus RLM and ALM. Letters elsewhere are strong
// left-to-right; digits, marks and punctuation are weak or neutral and never decide.
const RTL_BLOCKS = '\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFC\\u{10800}-\\u{10FFF}\\u{1E800}-\\u{1EFFF}';
const RTL_LETTER = new RegExp(`[\\u200F\\u061C]|(?=[${RTL_BLOCKS}])\\p{L}`, 'u');
const LTR_LETTER = new RegExp(`[\\u200E]|(?![${RTL_BLOCKS}])\\p{L}`, 'u');
/**
 * A right-to-left character, or a bidi control (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI). Every
 * string a renderer interpolates is tested, so this is a code-unit class without the `u` flag: the
 * blocks outside the BMP are their high surrogates (D802–D803, D83A–D83B).
 */
const BIDI_SENSITIVE =
  /[\u0590-\u08FF\u200F\u202A-\u202E\u2066-\u2069\uFB1D-\uFDFF\uFE70-\uFEFC\uD802\uD803\uD83A\uD83B]/;

/**
 * The direction of a text's first strong character, skipping what isolates (LRI, RLI, FSI … PDI)
 * hold, as `dir="auto"` reads it; `undefined` when it has none (digits, symbols, nothing).
 * @example
 * ```ts
 * import { textDirection } from 'isomer-edge';
 *
 * textDirection('שלום world'); // 'rtl'
 * textDirection('Q3: مرحبا'); // 'ltr'
 * textDirection('2024'); // undefined
 * ```
 */
export function textDirection(text: string): TextDirection | undefined {
  let depth = 0;
  for (const char of text) {
    if (char === '\u2066' || char === '\u2067' || char === '\u2068') depth++;
    else if (char === '\u2069') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      if (RTL_LETTER.test(char)) return 'rtl';
      if (LTR_LETTER.test(char)) return 'ltr';
    }
  }
  return undefined;
}

/**
 * Whether a text needs bidi handling at all: it holds a right-to-left character or a bidi control.
 * Plain left-to-right text is drawn untouched, byte for byte.
 * @example
 * ```ts
 * import { needsIsolation } from 'isomer-edge';
 *
 * needsIsolation('Refunds settle in two days'); // false
 * needsIsolation('مرحبا 2024'); // true
 * needsIsolation('abc\u202Edef'); // true: an override would reverse what follows it
 * ```
 */
export function needsIsolation(text: string): boolean {
  return BIDI_SENSITIVE.test(text);
}

/**
 * The text as a first-strong isolate (FSI … PDI), when it needs one: embeddings and overrides it
 * opens end at its closing PDI, and a PDI of its own that opens nothing is dropped, since it would
 * close the isolate early and let the rest reorder the text around it. Other text is returned as is.
 * @example
 * ```ts
 * import { isolateText } from 'isomer-edge';
 *
 * isolateText('Ledger'); // 'Ledger'
 * isolateText('مرحبا'); // '\u2068مرحبا\u2069'
 * isolateText('a\u2069\u202Eb'); // '\u2068a\u202Eb\u2069'
 * ```
 */
export function isolateText(text: string): string {
  if (!needsIsolation(text)) return text;
  return FIRST_STRONG_ISOLATE + withoutStrayPops(text) + POP_DIRECTIONAL_ISOLATE;
}

/** Removes each PDI that closes no isolate opened earlier in the same text. */
function withoutStrayPops(text: string): string {
  if (!text.includes(POP_DIRECTIONAL_ISOLATE)) return text;
  let open = 0;
  let out = '';
  for (const char of text) {
    if (char === '\u2066' || char === '\u2067' || char === '\u2068') open++;
    else if (char === POP_DIRECTIONAL_ISOLATE) {
      if (open === 0) continue;
      open--;
    }
    out += char;
  }
  return out;
}

/** A composition's stated direction: `auto` (the default) reads it from the language or the text. */
export const TEXT_DIRECTIONS = ['ltr', 'rtl', 'auto'] as const;

// Primary language subtags written right to left by default, and the scripts that are: a tag's
// script subtag, when it has one, decides (`az-Arab` is right to left, `ku-Latn` is not).
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ji',
  'ks',
  'nqo',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'syrc', 'thaa', 'nkoo', 'adlm', 'rohg', 'mand', 'samr']);

/**
 * The direction a BCP 47 language tag is written in: its script subtag's when it names one, else its
 * language's default.
 * @example
 * ```ts
 * import { languageDirection } from 'isomer-edge';
 *
 * languageDirection('ar-EG'); // 'rtl'
 * languageDirection('pa-Arab'); // 'rtl'
 * languageDirection('ja'); // 'ltr'
 * ```
 */
export function languageDirection(tag: string): TextDirection {
  const [language = '', ...subtags] = tag.toLowerCase().split('-');
  const script = subtags.find((subtag) => /^[a-z]{4}$/.test(subtag));
  if (script !== undefined) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/**
 * The direction most of a text's letters are written in, the first strong character's on a tie;
 * `undefined` when it has no letter. What a whole slide is laid out by when it states no direction:
 * an Arabic slide naming a Latin product stays right to left, a Latin slide with one Hebrew brand
 * name stays left to right, whichever comes first.
 * @example
 * ```ts
 * import { dominantDirection } from 'isomer-edge';
 *
 * dominantDirection('Ledger: نظام الدفع الجديد'); // 'rtl'
 * dominantDirection('Refunds via שלום Pay'); // 'ltr'
 * ```
 */
export function dominantDirection(text: string): TextDirection | undefined {
  let balance = 0;
  for (const char of text) {
    if (RTL_LETTER.test(char)) balance++;
    else if (LTR_LETTER.test(char)) balance--;
  }
  if (balance > 0) return 'rtl';
  if (balance < 0) return 'ltr';
  return textDirection(text);
}
