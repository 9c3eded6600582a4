/**
 * The fonts for scripts beyond Latin, Greek and Cyrillic, and colour emoji: too large to bundle, so
 * copied beside the Worker as static assets (`build/playground/fonts/`, by `npm run build:playground`)
 * and into the package (`dist/formats/fonts/`, by `npm run build`), with `manifest.json` saying which
 * file draws which code points. The engine fetches a file the first time a slide needs it
 * (`src/images/fonts/script-fonts.ts`). Coverage is each file's own cmap, cut to its unicode-range.
 *
 * `node --experimental-strip-types scripts/font-files.ts --bundled` rewrites
 * `src/images/fonts/bundled-coverage.ts`, the coverage of the faces the Worker bundles.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { CodePointRange } from '../src/images/fonts/fonts.ts';
import { encodeRanges, type ScriptFontManifest } from '../src/images/fonts/script-fonts.ts';
import { engineFontNames, fontsourcePackage } from './engine-fonts.ts';
import { intersect, merge, woff2Coverage } from './font-coverage.ts';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(join(ROOT, 'package.json'));

/**
 * The families, in the order they are tried after the bundled faces (a slide's Han characters
 * first try the CJK family its language picks: see `hanFamily`). One weight each: the engine
 * emboldens it for bold text, as it does for DejaVu Sans, and a second weight would double the
 * bytes a first Japanese slide fetches.
 */
export const SCRIPT_FAMILIES = [
  { family: 'Noto Sans JP', package: 'noto-sans-jp', subsets: 'numbered' },
  { family: 'Noto Sans SC', package: 'noto-sans-sc', subsets: 'numbered' },
  { family: 'Noto Sans TC', package: 'noto-sans-tc', subsets: 'numbered' },
  { family: 'Noto Sans KR', package: 'noto-sans-kr', subsets: 'numbered' },
  { family: 'Noto Sans Arabic', package: 'noto-sans-arabic', subsets: ['arabic'] },
  { family: 'Noto Sans Hebrew', package: 'noto-sans-hebrew', subsets: ['hebrew'] },
  { family: 'Noto Sans Devanagari', package: 'noto-sans-devanagari', subsets: ['devanagari'] },
  { family: 'Noto Sans Bengali', package: 'noto-sans-bengali', subsets: ['bengali'] },
  { family: 'Noto Sans Tamil', package: 'noto-sans-tamil', subsets: ['tamil'] },
  { family: 'Noto Sans Thai', package: 'noto-sans-thai', subsets: ['thai'] },
] as const;

/** Twemoji as a COLRv0 font (the engine draws COLRv0 layers; it skips COLRv1, which Noto Color Emoji is). */
const EMOJI = { family: 'Twemoji', package: 'twemoji-colr-font', file: 'twemoji.woff2' } as const;

/** Characters drawn as text unless a slide's fonts lack them: the emoji face takes only these. */
function emojiRange(textFaces: readonly CodePointRange[]): CodePointRange[] {
  const points: CodePointRange[] = [];
  const text = merge(textFaces);
  const inText = (point: number) => text.some(([a, b]) => point >= a && point <= b);
  for (let point = 0x20; point <= 0xe007f; point++) {
    if (point >= 0xd800 && point <= 0xdfff) continue;
    const char = String.fromCodePoint(point);
    // Emoji by default, their modifiers and joiners, keycap bases; text-default symbols only where
    // no text face has them (☀ ✓ ↔ stay text, as a browser draws them without U+FE0F).
    const wanted =
      /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Emoji_Component}/u.test(char) ||
      (/\p{Extended_Pictographic}/u.test(char) && !inText(point));
    if (wanted) points.push([point, point]);
  }
  return merge(points);
}

function unicodeRanges(pkg: string): Record<string, string> {
  return JSON.parse(readFileSync(require.resolve(`@fontsource/${pkg}/unicode.json`), 'utf8'));
}

function parseRanges(value: string): CodePointRange[] {
  return value.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return [Number.parseInt(first, 16), Number.parseInt(last, 16)] as const;
  });
}

interface FontFile {
  source: string;
  file: string;
  family: string;
  ranges: CodePointRange[];
}

/** Every file the manifest names, with its measured coverage. */
export function scriptFontFiles(bundled: readonly CodePointRange[]): FontFile[] {
  const files: FontFile[] = [];
  for (const { family, package: pkg, subsets } of SCRIPT_FAMILIES) {
    const ranges = unicodeRanges(pkg);
    const keys = subsets === 'numbered' ? Object.keys(ranges).filter((key) => /^\[\d+\]$/.test(key)) : subsets;
    for (const key of keys) {
      const subset = key.replace(/^\[(\d+)\]$/, '$1');
      const file = `@fontsource/${pkg}/files/${pkg}-${subset}-400-normal.woff2`;
      const source = require.resolve(file);
      const covered = intersect(woff2Coverage(readFileSync(source)), parseRanges(ranges[key]!));
      if (covered.length > 0)
        files.push({ source, file: `${pkg}-${subset}-400-normal.woff2`, family, ranges: covered });
    }
  }
  const source = require.resolve(`${EMOJI.package}/${EMOJI.file}`);
  files.push({
    source,
    file: EMOJI.file,
    family: EMOJI.family,
    ranges: intersect(woff2Coverage(readFileSync(source)), emojiRange(bundled)),
  });
  return files;
}

/** The licence files that travel with the fonts (SIL Open Font License 1.1, each with its copyright). */
function licences(): { name: string; source: string }[] {
  return [
    ...SCRIPT_FAMILIES.map(({ package: pkg }) => ({
      name: `${pkg}.LICENSE`,
      source: require.resolve(`@fontsource/${pkg}/LICENSE`),
    })),
    { name: `${EMOJI.package}.LICENSE`, source: require.resolve(`${EMOJI.package}/LICENSE`) },
  ];
}

/** Copies the files and writes `manifest.json` into `out`; returns the manifest. */
export function writeScriptFonts(out: string, bundled: readonly CodePointRange[]): ScriptFontManifest {
  mkdirSync(out, { recursive: true });
  const files = scriptFontFiles(bundled);
  for (const { source, file } of files) copyFileSync(source, join(out, file));
  for (const { name, source } of licences()) copyFileSync(source, join(out, name));
  const manifest: ScriptFontManifest = {
    faces: files.map(({ file, family, ranges }) => ({ family, file, ranges: encodeRanges(ranges) })),
  };
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest));
  return manifest;
}

/** The union of what every bundled font file draws, read from the files. */
export function measureBundledCoverage(files: readonly string[]): CodePointRange[] {
  return merge(files.flatMap((file) => woff2Coverage(readFileSync(file))));
}

/** The bundled files, as `src/images/engine/assets.ts` imports them. */
export function bundledFontPaths(): string[] {
  // The Worker bundles each face as TrueType made from Fontsource's files of the same name; their
  // WOFF2 holds the same cmap.
  return engineFontNames().map((name) => require.resolve(`@fontsource/${fontsourcePackage(name)}/files/${name}.woff2`));
}

/** The source of `src/images/fonts/bundled-coverage.ts` for the bundled files as they are now. */
export function bundledCoverageModule(): string {
  const ranges = encodeRanges(measureBundledCoverage(bundledFontPaths()));
  const lines = ranges.match(/.{1,100}/g) ?? [];
  return [
    '/**',
    ' * What the bundled font files draw (the union of their cmaps), written by',
    ' * `node --experimental-strip-types scripts/font-files.ts --bundled`; a test keeps it true to the files.',
    ' */',
    'export const BUNDLED_COVERAGE =',
    `${lines.map((line) => `  '${line}'`).join(' +\n')};`,
    '',
  ].join('\n');
}

if (import.meta.filename === process.argv[1] && process.argv.includes('--bundled')) {
  writeFileSync(join(ROOT, 'src', 'images', 'fonts', 'bundled-coverage.ts'), bundledCoverageModule());
}
