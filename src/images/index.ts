/**
 * isomer-edge/images: PNG, WebP, SVG and PDF drawn by takumi (WebAssembly) from the snapshot
 * surface, with bundled fonts. Import it only where images are served: it brings the WASM module
 * and about a megabyte of fonts into the bundle (nothing runs until the first image request).
 */
export { createImageFormats, renderPdf, MAX_OUTPUT_PIXELS } from './formats.ts';
export type {
  ImageBytes,
  ImageFormat,
  ImageFormats,
  ImageFormatsOptions,
  ImageRenderOptions,
  ImageSnapshotSource,
  PdfFormat,
  PdfRenderOptions,
} from './formats.ts';
export { BUNDLED_FONTS, parseUnicodeRange } from './fonts/fonts.ts';
export type { ImageFontFace, CodePointRange } from './fonts/fonts.ts';
export {
  RESOURCE_CACHE_BYTES,
  GLYPH_CACHE_BYTES,
  engineDrawCount,
  engineMemoryBytes,
  prepareImageEngine,
} from './engine/engine.ts';
export { POINTS_PER_PIXEL } from './pdf/render.ts';
export { createLayoutCheck, LAYOUT_DETECTORS } from './layout-check/check.ts';
export type {
  LayoutCheck,
  LayoutCheckOptions,
  LayoutDetector,
  LayoutFinding,
  LayoutFindingKind,
  LayoutScene,
} from './layout-check/check.ts';
export {
  assetFontFiles,
  createScriptFonts,
  decodeRanges,
  encodeRanges,
  hanFamily,
  scriptFontsFor,
} from './fonts/script-fonts.ts';
export type { CjkFamily, FontFiles, ScriptFaces, ScriptFontManifest, ScriptFonts } from './fonts/script-fonts.ts';
