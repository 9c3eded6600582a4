/**
 * The font files the image formats draw with, bundled (`#formats/assets`), never fetched. Order is
 * fallback order: a character the named family lacks is drawn by the first registered face that
 * has it, so the wide-coverage fallback comes last.
 */
import { fontFile } from '#formats/assets';
import type { FontFileName } from './assets.ts';

/** An inclusive code point range, as CSS `unicode-range` writes `U+0100-017F`. */
export type CodePointRange = readonly [first: number, last: number];

/** One font file and the face it provides. */
export interface ImageFontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  /** woff2, woff, ttf or otf bytes. */
  data: ArrayBuffer | Uint8Array;
  /** The code points this file serves; omit for the whole file. Subsets of one family each name theirs. */
  unicodeRange?: readonly CodePointRange[];
  /** A CSS generic family (`monospace`, `sans-serif`…) this face also answers to. */
  generic?: 'sans-serif' | 'monospace';
}

/** Parses a CSS `unicode-range` value (`U+0000-00FF,U+0131`) into ranges. */
export function parseUnicodeRange(value: string): CodePointRange[] {
  return value.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return [Number.parseInt(first, 16), Number.parseInt(last, 16)] as const;
  });
}

// The code points of the two Fontsource subsets we ship (the Google Fonts `latin` and `latin-ext`
// slices): Latin-1 with typographic punctuation, then the accented Latin of Central and Eastern
// European, Turkish and Vietnamese-adjacent alphabets.
const LATIN = parseUnicodeRange(
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
);
const LATIN_EXT = parseUnicodeRange(
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
);

function subsets(
  family: string,
  weight: number,
  style: ImageFontFace['style'],
  latin: FontFileName,
  latinExt: FontFileName,
  generic?: ImageFontFace['generic'],
): ImageFontFace[] {
  const base = { family, weight, style, ...(generic ? { generic } : {}) };
  return [
    { ...base, data: fontFile(latin), unicodeRange: LATIN },
    { ...base, data: fontFile(latinExt), unicodeRange: LATIN_EXT },
  ];
}

/**
 * What the slides theme names — Inter 400–800 and 400 italic, Roboto Mono 400–700, each in its
 * latin and latin-ext subsets — then DejaVu Sans for what models often write that those subsets
 * lack: arrows (→ ⇒ ↔), check marks and crosses (✓ ✗), math (≤ ≥ ≠ ≈ ∞), Greek, Cyrillic, box
 * drawing and geometric shapes. A character no face has (private use, CJK, most emoji) is drawn
 * as a "no glyph" box, never an error. About 0.71 MB of woff2 in all.
 */
export const BUNDLED_FONTS: readonly ImageFontFace[] = [
  ...subsets('Inter', 400, 'normal', 'inter-latin-400-normal', 'inter-latin-ext-400-normal', 'sans-serif'),
  ...subsets('Inter', 500, 'normal', 'inter-latin-500-normal', 'inter-latin-ext-500-normal', 'sans-serif'),
  ...subsets('Inter', 600, 'normal', 'inter-latin-600-normal', 'inter-latin-ext-600-normal', 'sans-serif'),
  ...subsets('Inter', 700, 'normal', 'inter-latin-700-normal', 'inter-latin-ext-700-normal', 'sans-serif'),
  ...subsets('Inter', 800, 'normal', 'inter-latin-800-normal', 'inter-latin-ext-800-normal', 'sans-serif'),
  ...subsets('Inter', 400, 'italic', 'inter-latin-400-italic', 'inter-latin-ext-400-italic', 'sans-serif'),
  ...subsets(
    'Roboto Mono',
    400,
    'normal',
    'roboto-mono-latin-400-normal',
    'roboto-mono-latin-ext-400-normal',
    'monospace',
  ),
  ...subsets(
    'Roboto Mono',
    500,
    'normal',
    'roboto-mono-latin-500-normal',
    'roboto-mono-latin-ext-500-normal',
    'monospace',
  ),
  ...subsets(
    'Roboto Mono',
    600,
    'normal',
    'roboto-mono-latin-600-normal',
    'roboto-mono-latin-ext-600-normal',
    'monospace',
  ),
  ...subsets(
    'Roboto Mono',
    700,
    'normal',
    'roboto-mono-latin-700-normal',
    'roboto-mono-latin-ext-700-normal',
    'monospace',
  ),
  // One weight is enough: takumi emboldens it for bold text (a heading's → matches its letters).
  { family: 'DejaVu Sans', weight: 400, style: 'normal', data: fontFile('dejavu-sans-latin-400-normal') },
];
