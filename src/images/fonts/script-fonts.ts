/**
 * Fonts for the scripts the bundled faces do not draw — Japanese, Chinese, Korean, Arabic, Hebrew,
 * Devanagari, Bengali, Tamil, Thai — and colour emoji, fetched the first time a slide needs them.
 * They are tens of megabytes, split by Unicode range into files of 10–500 KB (`scripts/font-files.ts`
 * writes them and `manifest.json`); a slide fetches only the files its characters fall in, and a
 * slide the bundled faces draw fetches nothing, not even the manifest. Each file is fetched once
 * per isolate; a failed fetch is forgotten, so the next image tries again.
 */
import { BUNDLED_COVERAGE } from './bundled-coverage.ts';
import type { FontFiles } from './font-files.ts';
import type { CodePointRange, ImageFontFace } from './fonts.ts';

export type { FontFiles } from './font-files.ts';

/** `manifest.json`: every file, its family, and the code points it draws (`encodeRanges`). */
export interface ScriptFontManifest {
  faces: readonly { family: string; file: string; ranges: string }[];
}

/** What one image or layout check draws with beyond the bundled faces. */
export interface ScriptFaces {
  /** The faces to register, the chosen CJK family's first. */
  faces: readonly ImageFontFace[];
  /** Code points no font draws (or none could be fetched for), in the order the text has them. */
  missing: readonly number[];
}

/**
 * Ranges as short text: each range as the distance from the previous range's end and its length
 * less one, in base 36 (`a.3` is ten code points on, four long).
 * @example
 * ```ts
 * import { decodeRanges, encodeRanges } from 'isomer-edge/images';
 *
 * decodeRanges(encodeRanges([[0x3041, 0x3096]])); // [[0x3041, 0x3096]]
 * ```
 */
export function encodeRanges(ranges: readonly CodePointRange[]): string {
  let end = 0;
  return ranges
    .map(([first, last]) => {
      const part = `${(first - end).toString(36)}.${(last - first).toString(36)}`;
      end = last;
      return part;
    })
    .join(',');
}

/**
 * The ranges `encodeRanges` wrote.
 * @example
 * ```ts
 * import { decodeRanges } from 'isomer-edge/images';
 *
 * decodeRanges('1c.5e'); // [[48, 242]]
 * ```
 */
export function decodeRanges(value: string): CodePointRange[] {
  if (value === '') return [];
  let end = 0;
  return value.split(',').map((part) => {
    const [gap, length] = part.split('.') as [string, string];
    const first = end + Number.parseInt(gap, 36);
    end = first + Number.parseInt(length, 36);
    return [first, end] as const;
  });
}

const CJK_FAMILIES = ['Noto Sans JP', 'Noto Sans SC', 'Noto Sans TC', 'Noto Sans KR'] as const;
export type CjkFamily = (typeof CJK_FAMILIES)[number];

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
/** Characters whose shape differs between the CJK families: Han, kana, Hangul, CJK punctuation and full-width forms. */
const CJK_SHARED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303F\uFF00-\uFFEF]/u;

/**
 * The family that draws a slide's Han characters: its language when the composition names one
 * (`ja` Japanese; `ko` Korean; `zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO` Traditional Chinese; other `zh`
 * Simplified Chinese), else Japanese when kana appear, Korean when Hangul appear, else Simplified
 * Chinese. The same ideograph is drawn differently in each; a wrong guess is still legible.
 * @example
 * ```ts
 * import { hanFamily } from 'isomer-edge/images';
 *
 * hanFamily('zh-TW', '銷售'); // 'Noto Sans TC'
 * hanFamily(undefined, '第3四半期の売上'); // 'Noto Sans JP'
 * hanFamily(undefined, '第三季度销售额'); // 'Noto Sans SC'
 * ```
 */
export function hanFamily(lang: string | undefined, text: string): CjkFamily {
  const [language = '', ...subtags] = (lang ?? '').toLowerCase().split('-');
  if (language === 'ja') return 'Noto Sans JP';
  if (language === 'ko') return 'Noto Sans KR';
  if (language === 'zh' || language === 'yue' || language === 'cmn') {
    const traditional = subtags.some((tag) => tag === 'hant' || tag === 'tw' || tag === 'hk' || tag === 'mo');
    return traditional || language === 'yue' ? 'Noto Sans TC' : 'Noto Sans SC';
  }
  if (KANA.test(text)) return 'Noto Sans JP';
  if (HANGUL.test(text)) return 'Noto Sans KR';
  return 'Noto Sans SC';
}

/**
 * Characters that draw nothing of their own: joiners, variation selectors, tags, bidi and break
 * controls (the pictures add U+200B and isolates). They never need a font.
 */
const FORMAT_CHARACTER = /\p{Cc}|\p{Cf}|\p{Zl}|\p{Zp}|\p{Variation_Selector}|\u20E3/u;
/** Drawn by a script font even where DejaVu Sans has a glyph: its Arabic and Hebrew lack the Noto faces' shaping, and emoji should be in colour. */
const PREFER_SCRIPT_FONT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Emoji_Presentation}]/u;

interface Face {
  family: string;
  file: string;
  ranges: readonly CodePointRange[];
}

/** Sorted [first, last, face] triples of one family, for a binary search per character. */
type Index = readonly (readonly [number, number, Face])[];

interface Manifest {
  families: Map<string, Index>;
  order: readonly string[];
}

/**
 * The script fonts of one isolate, read through `files`. `facesFor` finds what a text needs,
 * fetching the manifest and the files it names the first time; `loadedFor` answers from what is
 * already here, without fetching (the layout check, which is synchronous, after `facesFor`).
 * @example
 * ```ts
 * import { createScriptFonts } from 'isomer-edge/images';
 *
 * declare const env: { ASSETS: { fetch(input: string): Promise<Response> } };
 * const fonts = createScriptFonts(async (file) => {
 *   const response = await env.ASSETS.fetch(`https://assets.invalid/fonts/${file}`);
 *   return response.ok ? response.arrayBuffer() : undefined;
 * });
 * const { faces, missing } = await fonts.facesFor('第3四半期の売上');
 * ```
 */
export function createScriptFonts(
  files: FontFiles | undefined,
  bundled: readonly CodePointRange[] = decodeRanges(BUNDLED_COVERAGE),
): ScriptFonts {
  let manifest: Promise<Manifest | undefined> | undefined;
  let readyManifest: Manifest | undefined;
  const loaded = new Map<string, ImageFontFace>();
  const loading = new Map<string, Promise<ImageFontFace | undefined>>();
  const inBundled = (point: number) => contains(bundled, point);

  const getManifest = (): Promise<Manifest | undefined> => {
    if (!files) return Promise.resolve(undefined);
    manifest ??= fetchManifest(files).then(
      (value) => {
        if (!value) manifest = undefined;
        readyManifest = value;
        return value;
      },
      (error: unknown) => {
        manifest = undefined;
        console.warn(`isomer-edge fonts: manifest.json could not be read (${String(error).slice(0, 120)})`);
        return undefined;
      },
    );
    return manifest;
  };

  const load = (face: Face): Promise<ImageFontFace | undefined> => {
    const done = loaded.get(face.file);
    if (done) return Promise.resolve(done);
    let pending = loading.get(face.file);
    if (!pending) {
      pending = (files as FontFiles)(face.file).then(
        (data) => {
          loading.delete(face.file);
          if (!data) return undefined;
          const ready: ImageFontFace = {
            family: face.family,
            weight: 400,
            style: 'normal',
            data,
            unicodeRange: face.ranges,
          };
          loaded.set(face.file, ready);
          return ready;
        },
        (error: unknown) => {
          loading.delete(face.file);
          console.warn(`isomer-edge fonts: ${face.file} could not be read (${String(error).slice(0, 120)})`);
          return undefined;
        },
      );
      loading.set(face.file, pending);
    }
    return pending;
  };

  /** What `text` needs: the faces (by manifest entry) and the code points nothing draws. */
  const plan = (text: string, lang: string | undefined, known: Manifest | undefined, scope = text) => {
    const needed = new Map<string, Face>();
    const missing: number[] = [];
    const seen = new Set<number>();
    const han = hanFamily(lang, scope);
    for (const char of text) {
      const point = char.codePointAt(0)!;
      if (point < 0x80 || seen.has(point)) continue;
      seen.add(point);
      if (FORMAT_CHARACTER.test(char)) continue;
      const bundledHas = inBundled(point);
      if (bundledHas && !PREFER_SCRIPT_FONT.test(char)) continue;
      const face = known ? findFace(known, point, CJK_SHARED.test(char) ? han : undefined) : undefined;
      if (face) needed.set(face.file, face);
      else if (!bundledHas) missing.push(point);
    }
    return { needed, missing, han };
  };

  const ordered = (faces: readonly ImageFontFace[], han: string, known: Manifest): ImageFontFace[] => {
    const rank = (family: string) => (family === han ? -1 : known.order.indexOf(family));
    return [...faces].sort((a, b) => rank(a.family) - rank(b.family));
  };

  /** Whether some character of the text is one only a script font draws (or draws best). */
  const wantsScriptFonts = (text: string): boolean => {
    for (const [char] of text.matchAll(/[^\0-\x7f]/gu)) {
      const point = char.codePointAt(0)!;
      if (FORMAT_CHARACTER.test(char)) continue;
      if (!inBundled(point) || PREFER_SCRIPT_FONT.test(char)) return true;
    }
    return false;
  };

  return {
    async facesFor(text, lang) {
      if (!wantsScriptFonts(text)) return { faces: [], missing: [] };
      const known = await getManifest();
      const { needed, missing, han } = plan(text, lang, known);
      if (!known) return { faces: [], missing };
      const entries = [...needed.values()];
      const results = await Promise.all(entries.map(load));
      const faces = results.filter((face): face is ImageFontFace => face !== undefined);
      const absent = entries.filter((_, index) => results[index] === undefined);
      return { faces: ordered(faces, han, known), missing: [...missing, ...missingFrom(text, absent, inBundled)] };
    },
    loadedFor(text, lang, scope) {
      if (!wantsScriptFonts(text)) return { faces: [], missing: [] };
      const { needed, missing, han } = plan(text, lang, readyManifest, scope);
      const faces: ImageFontFace[] = [];
      const absent: Face[] = [];
      for (const face of needed.values()) {
        const ready = loaded.get(face.file);
        if (ready) faces.push(ready);
        else absent.push(face);
      }
      const all = [...missing, ...missingFrom(text, absent, inBundled)];
      return { faces: readyManifest ? ordered(faces, han, readyManifest) : faces, missing: all };
    },
  };
}

export interface ScriptFonts {
  /** The faces `text` needs, fetched and ready, and what nothing draws; fetches what is not here yet. */
  facesFor(text: string, lang?: string): Promise<ScriptFaces>;
  /**
   * The same from what is already fetched: a face not fetched yet counts its characters as missing.
   * `scope` is the text that picks the Han family (default `text`): a field of a slide is drawn in
   * the family the whole slide's text picks.
   */
  loadedFor(text: string, lang?: string, scope?: string): ScriptFaces;
}

/** The text's characters that only the given faces would have drawn. */
function missingFrom(text: string, faces: readonly Face[], inBundled: (point: number) => boolean): number[] {
  if (faces.length === 0) return [];
  const out = new Set<number>();
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (point < 0x80 || FORMAT_CHARACTER.test(char) || inBundled(point)) continue;
    if (faces.some((face) => contains(face.ranges, point))) out.add(point);
  }
  return [...out];
}

async function fetchManifest(files: FontFiles): Promise<Manifest | undefined> {
  const bytes = await files('manifest.json');
  if (!bytes) return undefined;
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as ScriptFontManifest;
  const families = new Map<string, (readonly [number, number, Face])[]>();
  const order: string[] = [];
  for (const entry of parsed.faces) {
    const face: Face = { family: entry.family, file: entry.file, ranges: decodeRanges(entry.ranges) };
    let index = families.get(face.family);
    if (!index) {
      index = [];
      families.set(face.family, index);
      order.push(face.family);
    }
    for (const [first, last] of face.ranges) index.push([first, last, face]);
  }
  for (const index of families.values()) index.sort((a, b) => a[0] - b[0]);
  return { families, order };
}

/** The first family (the Han family first, for CJK characters) with a file that draws `point`. */
function findFace(manifest: Manifest, point: number, first: string | undefined): Face | undefined {
  if (first) {
    const face = search(manifest.families.get(first), point);
    if (face) return face;
  }
  for (const family of manifest.order) {
    const face = family === first ? undefined : search(manifest.families.get(family), point);
    if (face) return face;
  }
  return undefined;
}

function search(index: Index | undefined, point: number): Face | undefined {
  if (!index) return undefined;
  let low = 0;
  let high = index.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last, face] = index[middle]!;
    if (point < first) high = middle - 1;
    else if (point > last) low = middle + 1;
    else return face;
  }
  return undefined;
}

/** Whether sorted, disjoint ranges hold `point` (binary search). */
export function contains(ranges: readonly CodePointRange[], point: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle]!;
    if (point < first) high = middle - 1;
    else if (point > last) low = middle + 1;
    else return true;
  }
  return false;
}

const instances = new WeakMap<FontFiles, ScriptFonts>();
let withoutFiles: ScriptFonts | undefined;
let bundledRanges: CodePointRange[] | undefined;

/**
 * The one `ScriptFonts` of an isolate for a source of files (so images and the layout check share
 * what was fetched), measured against the bundled faces' coverage; `undefined` gives one that
 * fetches nothing and names every character the bundled faces lack.
 * @example
 * ```ts
 * import { scriptFontsFor } from 'isomer-edge/images';
 *
 * const { missing } = await scriptFontsFor(undefined).facesFor('第3四半期');
 * missing.length; // 5: no font files, so nothing draws them
 * ```
 */
export function scriptFontsFor(files: FontFiles | undefined): ScriptFonts {
  bundledRanges ??= decodeRanges(BUNDLED_COVERAGE);
  if (!files) {
    withoutFiles ??= createScriptFonts(undefined, bundledRanges);
    return withoutFiles;
  }
  let fonts = instances.get(files);
  if (!fonts) {
    fonts = createScriptFonts(files, bundledRanges);
    instances.set(files, fonts);
  }
  return fonts;
}

/**
 * Font files from a Worker's static assets (`env.ASSETS`), served under `/fonts/` as
 * `npm run build:playground` writes them; a consumer Worker serves the package's
 * `dist/formats/fonts/` there (or passes a `FontFiles` of its own, e.g. over an R2 bucket).
 * @example
 * ```ts
 * import { assetFontFiles, createImageFormats } from 'isomer-edge/images';
 *
 * declare const env: { ASSETS: { fetch(input: string): Promise<Response> } };
 * declare const snapshot: Parameters<typeof createImageFormats>[0]['snapshot'];
 * const formats = createImageFormats({ snapshot, fontFiles: assetFontFiles(() => env.ASSETS) });
 * ```
 */
export function assetFontFiles(assets: () => { fetch(input: string): Promise<Response> } | undefined): FontFiles {
  return async (file) => {
    const binding = assets();
    if (!binding) return undefined;
    const response = await binding.fetch(`https://assets.invalid/fonts/${encodeURIComponent(file)}`);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.arrayBuffer();
  };
}
