/**
 * The bundled faces as TrueType, for the Worker bundle: each face `src/images/engine/assets.ts`
 * imports from `build/engine-fonts/` is Fontsource's WOFF2 of the same name decoded (Google's woff2
 * decoder, through `wawoff2`), so the engine draws the same glyphs and registers each face several
 * times faster than from WOFF2. `npm run build:playground` and `npm run build` call it; it rewrites
 * only files that changed.
 *
 *   node --experimental-strip-types --no-warnings scripts/engine-fonts.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { decompress } from 'wawoff2';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(join(ROOT, 'package.json'));
export const ENGINE_FONTS = join(ROOT, 'build', 'engine-fonts');
const ASSETS = join(ROOT, 'src', 'images', 'engine', 'assets.ts');

/** The face names the Worker loader imports, in its order. */
export function engineFontNames(): string[] {
  const source = readFileSync(ASSETS, 'utf8');
  const names = Array.from(source.matchAll(/build\/engine-fonts\/([a-z0-9-]+)\.ttf'/g), (match) => match[1]!);
  if (names.length === 0) throw new Error(`engine-fonts: no font imports found in ${ASSETS}`);
  return names;
}

/** The Fontsource package a face comes from: its files are `<package>-<subset>-<weight>-<style>`. */
export function fontsourcePackage(name: string): string {
  return name.slice(0, name.indexOf('-latin'));
}

/** Writes every face's TrueType file into `dir`; answers the paths written or already current. */
export async function writeEngineFonts(dir = ENGINE_FONTS): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  for (const name of engineFontNames()) {
    const woff2 = readFileSync(require.resolve(`@fontsource/${fontsourcePackage(name)}/files/${name}.woff2`));
    const ttf = Buffer.from(await decompress(woff2));
    const path = join(dir, `${name}.ttf`);
    if (!existsSync(path) || !readFileSync(path).equals(ttf)) writeFileSync(path, ttf);
    paths.push(path);
  }
  return paths;
}

if (import.meta.filename === process.argv[1]) console.log(`engine-fonts: ${(await writeEngineFonts()).length} faces`);
