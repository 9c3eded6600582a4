/// <reference types="node" />
/**
 * The engine's files under Node (the `node` branch of `#images/assets`, with the same exports as
 * `assets.ts`): Node cannot import `.wasm` or font files, so they are read from disk, and the WASM
 * is read and compiled when the first image starts the engine, never at import.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { FontFileName } from './assets.ts';
import type { FontFiles } from '../fonts/font-files.ts';

const require = createRequire(import.meta.url);
// The published build ships the fonts beside this file; in the repository they are Fontsource's.
const SHIPPED_FONTS = new URL('./fonts/', import.meta.url);
const BUILT_FONTS = new URL('../../../build/engine-fonts/', import.meta.url);

/** The installed takumi's WASM file, read once when the engine starts; `initSync` compiles it. */
export function takumiWasm(): WebAssembly.Module | Uint8Array {
  return readFileSync(require.resolve('@takumi-rs/wasm/takumi_wasm_bg.wasm'));
}

/**
 * A bundled font file's bytes: the TrueType copy the package ships beside this file, or in the
 * repository the one the build made (`build/engine-fonts/`), else Fontsource's WOFF2 of the same
 * face (the same glyphs; the engine only registers it more slowly).
 */
export function fontFile(name: FontFileName): ArrayBuffer {
  const shipped = [new URL(`${name}.ttf.bin`, SHIPPED_FONTS), new URL(`${name}.ttf`, BUILT_FONTS)].find((url) =>
    existsSync(url),
  );
  // Fontsource names files `<package>-<subset>-<weight>-<style>`, and every subset bundled is latin or latin-ext.
  const bytes = shipped
    ? readFileSync(shipped)
    : readFileSync(require.resolve(`@fontsource/${name.slice(0, name.indexOf('-latin'))}/files/${name}.woff2`));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

// The script fonts: the package ships them in `dist/fonts/`; in the repository the playground build
// writes them to `build/playground/fonts/` (what the Worker serves as static assets).
const SCRIPT_FONT_DIRS = [
  new URL('../../fonts/', import.meta.url),
  new URL('../../../build/playground/fonts/', import.meta.url),
];

/** The script fonts from the package's own files; a file that is not there reads as `undefined`. */
export const defaultFontFiles: FontFiles | undefined = async (file) => {
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(file)) return undefined;
  for (const dir of SCRIPT_FONT_DIRS) {
    const url = new URL(file, dir);
    if (existsSync(url)) {
      const bytes = await readFile(url);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    }
  }
  return undefined;
};
