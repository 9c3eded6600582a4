/// <reference path="./modules.d.ts" />
/**
 * The engine's files for a Worker bundle (the `workerd`/`worker`/default branch of `#images/assets`):
 * the WASM as a CompiledWasm module and the fonts as Data modules, so wrangler bundles them and
 * workerd never compiles WASM from bytes. The fonts are TrueType files the build makes from
 * Fontsource's WOFF (`scripts/engine-fonts.ts`, into `build/engine-fonts/`): the engine registers an
 * uncompressed face several times faster than a WOFF2 one. The published build rewrites these imports
 * to copies shipped as `.bin` files, which wrangler's default rules load as Data, so a consumer's
 * `wrangler.toml` needs no rule; `assets.node.ts` is the Node branch, with the same exports.
 */
import bundledWasm from '@takumi-rs/wasm/auto';
import dejavuSans400 from '../../../build/engine-fonts/dejavu-sans-latin-400-normal.ttf';
import interLatin400Italic from '../../../build/engine-fonts/inter-latin-400-italic.ttf';
import interLatin400 from '../../../build/engine-fonts/inter-latin-400-normal.ttf';
import interLatin500 from '../../../build/engine-fonts/inter-latin-500-normal.ttf';
import interLatin600 from '../../../build/engine-fonts/inter-latin-600-normal.ttf';
import interLatin700 from '../../../build/engine-fonts/inter-latin-700-normal.ttf';
import interLatin800 from '../../../build/engine-fonts/inter-latin-800-normal.ttf';
import interLatinExt400Italic from '../../../build/engine-fonts/inter-latin-ext-400-italic.ttf';
import interLatinExt400 from '../../../build/engine-fonts/inter-latin-ext-400-normal.ttf';
import interLatinExt500 from '../../../build/engine-fonts/inter-latin-ext-500-normal.ttf';
import interLatinExt600 from '../../../build/engine-fonts/inter-latin-ext-600-normal.ttf';
import interLatinExt700 from '../../../build/engine-fonts/inter-latin-ext-700-normal.ttf';
import interLatinExt800 from '../../../build/engine-fonts/inter-latin-ext-800-normal.ttf';
import monoLatin400 from '../../../build/engine-fonts/roboto-mono-latin-400-normal.ttf';
import monoLatin500 from '../../../build/engine-fonts/roboto-mono-latin-500-normal.ttf';
import monoLatin600 from '../../../build/engine-fonts/roboto-mono-latin-600-normal.ttf';
import monoLatin700 from '../../../build/engine-fonts/roboto-mono-latin-700-normal.ttf';
import monoLatinExt400 from '../../../build/engine-fonts/roboto-mono-latin-ext-400-normal.ttf';
import monoLatinExt500 from '../../../build/engine-fonts/roboto-mono-latin-ext-500-normal.ttf';
import monoLatinExt600 from '../../../build/engine-fonts/roboto-mono-latin-ext-600-normal.ttf';
import monoLatinExt700 from '../../../build/engine-fonts/roboto-mono-latin-ext-700-normal.ttf';
import type { FontFiles } from '../fonts/font-files.ts';

/** The bundled font files by name (the Fontsource file name without its extension). */
const FONT_FILES = {
  'dejavu-sans-latin-400-normal': dejavuSans400,
  'inter-latin-400-italic': interLatin400Italic,
  'inter-latin-400-normal': interLatin400,
  'inter-latin-500-normal': interLatin500,
  'inter-latin-600-normal': interLatin600,
  'inter-latin-700-normal': interLatin700,
  'inter-latin-800-normal': interLatin800,
  'inter-latin-ext-400-italic': interLatinExt400Italic,
  'inter-latin-ext-400-normal': interLatinExt400,
  'inter-latin-ext-500-normal': interLatinExt500,
  'inter-latin-ext-600-normal': interLatinExt600,
  'inter-latin-ext-700-normal': interLatinExt700,
  'inter-latin-ext-800-normal': interLatinExt800,
  'roboto-mono-latin-400-normal': monoLatin400,
  'roboto-mono-latin-500-normal': monoLatin500,
  'roboto-mono-latin-600-normal': monoLatin600,
  'roboto-mono-latin-700-normal': monoLatin700,
  'roboto-mono-latin-ext-400-normal': monoLatinExt400,
  'roboto-mono-latin-ext-500-normal': monoLatinExt500,
  'roboto-mono-latin-ext-600-normal': monoLatinExt600,
  'roboto-mono-latin-ext-700-normal': monoLatinExt700,
};

export type FontFileName = keyof typeof FONT_FILES;

/**
 * What takumi's `initSync` instantiates: here the module the bundler compiled; under Node the
 * file's bytes, which `initSync` compiles synchronously (allowed there, never in workerd).
 */
export function takumiWasm(): WebAssembly.Module | Uint8Array {
  return bundledWasm;
}

/** A bundled font file's bytes. */
export function fontFile(name: FontFileName): ArrayBuffer {
  return FONT_FILES[name];
}

/**
 * Where the script fonts come from by default: nowhere in a Worker bundle, since they live in the
 * Worker's static assets, which only a request's `env` reaches (`assetFontFiles`).
 */
export const defaultFontFiles: FontFiles | undefined = undefined;
