/**
 * The font files the image formats draw with, bundled (`#images/assets`), never fetched. Order is
 * fallback order: a character the named family lacks is drawn by the first registered face that
 * has it, so the wide-coverage fallback comes last.
 */
import { fontFile } from '#images/assets';
import type { FontFileName } from '../engine/assets.ts';
import { perStylesheet } from '../engine/per-stylesheet.ts';

/** An inclusive code point range, as CSS `unicode-range` writes `U+0100-017F`. */
export type CodePointRange = readonly [first: number, last: number];

/** One font file and the face it provides. */
export interface ImageFontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  /** TrueType, OpenType or WOFF2 bytes (the engine reads no WOFF 1.0). */
  data: ArrayBuffer | Uint8Array;
  /** The code points this file serves; omit for the whole file. Subsets of one family each name theirs. */
  unicodeRange?: readonly CodePointRange[];
  /** A CSS generic family (`monospace`, `sans-serif`…) this face also answers to. */
  generic?: 'sans-serif' | 'monospace';
}

/**
 * Parses a CSS `unicode-range` value (`U+0000-00FF,U+0131`) into ranges.
 * @example
 * ```ts
 * import { parseUnicodeRange } from 'isomer-edge/images';
 *
 * parseUnicodeRange('U+0000-00FF,U+0131'); // [[0, 255], [305, 305]]
 * ```
 */
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
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,' +
    'U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
);
const LATIN_EXT = parseUnicodeRange(
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,' +
    'U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
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
 * as a "no glyph" box, never an error. Bundled as TrueType (about 2.5 MB; 0.71 MB as WOFF2), which
 * the engine registers several times faster.
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

/** What an image draws with, as the font selection reads it: stylesheets and the takumi node tree. */
export interface FontSource {
  css: readonly unknown[];
  node: unknown;
}

/**
 * The faces of `fonts` that images drawn from `sources` can use, in list order: registering only
 * these (the first image on an isolate pays for each face it registers) draws the same pixels as
 * registering the whole list. Only `BUNDLED_FONTS`, whose coverage is known, is narrowed; any
 * other list is returned whole.
 *
 * A family counts when a `font-family` names it (or a generic it answers to), and the list's first
 * family always (text no rule styles). Its faces are the CSS best match for every weight and style
 * the markup asks for, and of those the subset files whose unicode-range the text reaches. The
 * fallback family (DejaVu Sans) counts when some character is not one every Inter and Roboto Mono
 * file holds (`IN_EVERY_FILE`). A `font` shorthand or a weight this cannot read registers the
 * whole list. The engine registers each face once per isolate (`takumiEngine`).
 */
export function facesFor(fonts: readonly ImageFontFace[], sources: readonly FontSource[]): readonly ImageFontFace[] {
  if (fonts !== BUNDLED_FONTS) return fonts;
  const ask = { families: new Set<string>(), weights: new Set([400]), italic: false, everything: false, text: '' };
  for (const source of sources) {
    for (const sheet of source.css) {
      if (typeof sheet === 'string') addAsk(ask, stylesheetAsk(sheet));
      else readRule(sheet, ask);
    }
    readNode(source.node, ask);
  }
  if (ask.everything) return fonts;

  const families = [...new Set(fonts.map((face) => face.family))];
  const named = new Set([families[0]!]);
  for (const family of ask.families) {
    const match =
      families.find((name) => name.toLowerCase() === family) ?? fonts.find((face) => face.generic === family)?.family;
    if (match) named.add(match);
  }
  // ASCII lies in every file's range, so one character stands for all: reading each character one
  // by one costs the first image milliseconds in a cold isolate, and the others are few.
  const codePoints = new Set<number>();
  const ascii = /[\0-\x7e]/.exec(ask.text);
  if (ascii) codePoints.add(ascii[0].charCodeAt(0));
  for (const [char] of ask.text.matchAll(/[^\0-\x7e]/gu)) codePoints.add(char.codePointAt(0)!);
  const styles: ImageFontFace['style'][] = ask.italic ? ['normal', 'italic'] : ['normal'];

  const chosen = new Set<ImageFontFace>();
  const pick = (family: string, points: ReadonlySet<number>) => {
    const own = fonts.filter((face) => face.family === family);
    for (const style of styles) {
      for (const weight of ask.weights) {
        const best = bestMatch(own, weight, style);
        for (const face of own) {
          if (face.weight === best.weight && face.style === best.style && reaches(face, points)) chosen.add(face);
        }
      }
    }
  };
  for (const family of named) pick(family, codePoints);
  // A file's unicode-range says what it may serve, not what it holds: Inter's and Roboto Mono's
  // subsets lack some of their ranges' characters (phonetic letters, rare punctuation), which the
  // fallback then draws. Only characters every one of their files holds go without it.
  const uncovered = new Set([...codePoints].filter((point) => !inRanges(point, IN_EVERY_FILE)));
  if (uncovered.size > 0) for (const family of families) if (!named.has(family)) pick(family, uncovered);
  return fonts.filter((face) => chosen.has(face));
}

/**
 * Characters every Inter and Roboto Mono file of their subset holds, checked by drawing each with
 * and without the fallback: ASCII, Latin-1, Latin Extended-A and common typographic punctuation
 * (dashes, quotes, dagger, bullet, ellipsis, guillemets, euro, trade mark; not ŉ, ‡ or ‰). Text with
 * anything else also registers the fallback.
 */
export const IN_EVERY_FILE = parseUnicodeRange(
  'U+0000-007E,U+00A0-0148,U+014A-017F,U+2013-2014,U+2018-201A,U+201C-201E,U+2020,U+2022,U+2026,U+2039-203A,U+20AC,U+2122',
);

interface FontAsk {
  families: Set<string>;
  weights: Set<number>;
  italic: boolean;
  everything: boolean;
  text: string;
}

const FONT_DECLARATION = /(font-family|font-weight|font-style|list-style(?:-type)?)\s*(?::\s*([^;}]+)|=\s*"([^"]*)")/gi;

// List markers other than `disc` (•) and numbers: drawn from the fallback when the faces lack them.
const LIST_MARKERS = '◦▪■▸▾◂□●○';

/** A stylesheet, an inline SVG or a style value: its font declarations and, when drawn, its characters. */
function readStyles(source: string, ask: FontAsk, kind: 'css' | 'svg'): void {
  // A `font` shorthand sets all three at once; rather than parse it, register everything.
  if (/(?:^|[\s;{"'])font\s*[:=]/i.test(source)) ask.everything = true;
  for (const [, property, cssValue, attributeValue] of source.matchAll(FONT_DECLARATION))
    readDeclaration(property!.toLowerCase(), (cssValue ?? attributeValue ?? '').replace(/!important/i, '').trim(), ask);
  // An inline SVG draws its text; a stylesheet its generated content (`content: "→"`, or `\2192`).
  const drawn = kind === 'svg' ? [source] : Array.from(source.matchAll(/content\s*:([^;}]+)/gi), (match) => match[1]!);
  for (const text of drawn)
    ask.text += text.replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => safeChar(Number.parseInt(hex, 16)));
}

/** A stylesheet's font declarations and generated content, read once per stylesheet text. */
const stylesheetAsk = perStylesheet((sheet: string): Readonly<FontAsk> => {
  const ask: FontAsk = { families: new Set(), weights: new Set(), italic: false, everything: false, text: '' };
  readStyles(sheet, ask, 'css');
  return ask;
});

function addAsk(ask: FontAsk, more: Readonly<FontAsk>): void {
  for (const family of more.families) ask.families.add(family);
  for (const weight of more.weights) ask.weights.add(weight);
  ask.italic ||= more.italic;
  ask.everything ||= more.everything;
  ask.text += more.text;
}

function readDeclaration(property: string, value: string, ask: FontAsk): void {
  const keyword = value.toLowerCase();
  if (keyword === 'inherit' || keyword === 'unset' || keyword === 'initial' || keyword === 'revert' || !keyword) return;
  if (property.startsWith('list-style')) {
    // A marker string (`"→ "`) is drawn; a keyword other than these may draw a symbol.
    if (!/^(none|disc|decimal|outside|inside)(\s+(none|disc|decimal|outside|inside))*$/.test(keyword))
      ask.text += value + LIST_MARKERS;
  } else if (property === 'font-family') {
    // Every name in the stack, not just the first a browser would find: a superset is harmless.
    for (const name of keyword.split(',')) ask.families.add(name.trim().replace(/^['"]|['"]$/g, ''));
  } else if (property === 'font-style') {
    if (keyword !== 'normal') ask.italic = true;
  } else {
    const weight = WEIGHT_KEYWORDS[keyword] ?? (/^\d+(\.\d+)?$/.test(keyword) ? [Number(keyword)] : undefined);
    if (weight) for (const w of weight) ask.weights.add(w);
    else ask.everything = true;
  }
}

// `bolder` and `lighter` are relative to the parent's weight; these are every result they can give.
const WEIGHT_KEYWORDS: Record<string, number[]> = {
  normal: [400],
  bold: [700],
  bolder: [400, 700, 900],
  lighter: [100, 400, 700],
};

/** A takumi tree: the text it draws, its inline SVGs, and the font properties of its styles. */
function readNode(node: unknown, ask: FontAsk): void {
  if (Array.isArray(node)) {
    for (const child of node) readNode(child, ask);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const { text, src, children, preset, style } = node as Record<string, unknown>;
  if (typeof text === 'string') ask.text += text;
  if (typeof src === 'string') readStyles(svgText(src), ask, 'svg');
  readRule(preset, ask);
  readRule(style, ask);
  if (children !== undefined) readNode(children, ask);
}

/** A style object (`{ fontWeight: 600 }`), or a rule written as an object, nested at any depth. */
function readRule(rule: unknown, ask: FontAsk): void {
  if (!rule || typeof rule !== 'object') return;
  for (const [key, value] of Object.entries(rule)) {
    if (key === 'font') ask.everything = true;
    else if (typeof value === 'object') readRule(value, ask);
    else if (key === 'fontWeight' && typeof value === 'number') ask.weights.add(value);
    else if (typeof value !== 'string') continue;
    else if (key === 'fontFamily') readDeclaration('font-family', value, ask);
    else if (key === 'fontWeight') readDeclaration('font-weight', value, ask);
    else if (key === 'fontStyle') readDeclaration('font-style', value, ask);
    else if (key === 'listStyleType' || key === 'listStyle') readDeclaration('list-style', value, ask);
  }
}

/** An inline SVG image's source, whose text and font attributes count like the page's. */
function svgText(src: string): string {
  const data = /^data:image\/svg\+xml(;base64)?,/i.exec(src);
  if (!data) return '';
  const body = src.slice(data[0].length);
  try {
    return data[1]
      ? new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))
      : decodeURIComponent(body);
  } catch {
    return body;
  }
}

function safeChar(point: number): string {
  return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : '';
}

function inRanges(point: number, ranges: readonly CodePointRange[]): boolean {
  return ranges.some(([first, last]) => point >= first && point <= last);
}

function reaches(face: ImageFontFace, points: ReadonlySet<number>): boolean {
  if (!face.unicodeRange) return points.size > 0;
  for (const point of points) if (inRanges(point, face.unicodeRange)) return true;
  return false;
}

/**
 * The face CSS font matching picks from one family (CSS Fonts 4, §5.2): style first (italic falls
 * back to normal), then weight — from 400–500 up to 500, then down, then up; below 400 down first;
 * above 500 up first. It is the best of any subset that holds it, so registering it is enough.
 */
function bestMatch(faces: readonly ImageFontFace[], weight: number, style: ImageFontFace['style']): ImageFontFace {
  const sameStyle = faces.filter((face) => face.style === style);
  const pool = sameStyle.length > 0 ? sameStyle : faces;
  const rank = (w: number): [number, number] => {
    if (w === weight) return [0, 0];
    if (weight >= 400 && weight <= 500) {
      if (w > weight && w <= 500) return [1, w - weight];
      if (w < weight) return [2, weight - w];
      return [3, w - weight];
    }
    if (weight < 400) return w < weight ? [1, weight - w] : [2, w - weight];
    return w > weight ? [1, w - weight] : [2, weight - w];
  };
  return pool.reduce((best, face) => {
    const [a, b] = rank(face.weight);
    const [c, d] = rank(best.weight);
    return a < c || (a === c && b < d) ? face : best;
  });
}
