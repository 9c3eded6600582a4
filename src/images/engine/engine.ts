/**
 * The takumi engine, started once per isolate on the first image request: instantiate the WASM
 * from the bundled module (in workerd never compiled from bytes; Node reads and compiles the file,
 * see `#images/assets`), cap its caches, then register font faces as images first need them.
 * Requests that draw no image never pay for any of it.
 */
import { initSync, Renderer, setGlyphCacheMaxBytes, type MeasuredNode, type Node } from '@takumi-rs/wasm';
import { takumiWasm } from '#images/assets';
import type { ImageFontFace } from '../fonts/fonts.ts';

/** Decoded images, SVG rasters and parsed stylesheets; takumi's default is 64 MiB of a 128 MB isolate. */
export const RESOURCE_CACHE_BYTES = 8 * 1024 * 1024;
/** Resolved glyphs and glyph masks (module-wide): takumi's default, stated so it cannot drift up. */
export const GLYPH_CACHE_BYTES = 8 * 1024 * 1024;

export type RasterFormat = 'png' | 'webp' | 'jpeg' | 'raw';

export interface EngineRenderOptions {
  width: number;
  height: number;
  css: string[];
  /** Output pixels per layout pixel: layout is `width / devicePixelRatio` wide. */
  devicePixelRatio?: number;
}

/** The synchronous calls of takumi's WASM renderer that the formats use. */
export interface TakumiEngine {
  render(
    node: Node,
    options: EngineRenderOptions & { format: RasterFormat; quality?: number },
  ): Uint8Array<ArrayBuffer>;
  renderSvg(node: Node, options: EngineRenderOptions): string;
  measure(node: Node, options: EngineRenderOptions): MeasuredNode;
}

type WithFamilies<T> = T & { fontFamilies?: string[] };

interface WasmRenderer {
  render(
    node: Node,
    options: WithFamilies<EngineRenderOptions & { format: RasterFormat; quality?: number }>,
  ): Uint8Array<ArrayBuffer>;
  renderSvg(node: Node, options: WithFamilies<EngineRenderOptions>): string;
  measure(node: Node, options: WithFamilies<EngineRenderOptions>): MeasuredNode;
  registerFont(font: {
    name: string;
    data: Uint8Array;
    weight: number;
    style: string;
    unicodeRange?: [number, number][];
    generic?: string;
  }): unknown;
  free(): void;
}

type WasmRendererClass = new (options?: { cacheMaxBytes?: number }) => WasmRenderer;

interface Engine {
  renderer: WasmRenderer;
  /** Faces registered so far, in registration order: each at most once per isolate. */
  registered: Set<ImageFontFace>;
}

const engines = new WeakMap<readonly ImageFontFace[], Engine>();
let memory: WebAssembly.Memory | undefined;
let draws = 0;
/** Layouts measured (the layout check's work); read by tests through `engineMeasureCount`. */
let measures = 0;

/**
 * Pictures the engine has drawn in this isolate (each PNG, WebP, SVG, and each PDF page's picture);
 * measuring for the layout check is not drawing. What tests and the abandoned-request check count.
 * @example
 * ```ts
 * import { engineDrawCount } from 'isomer-edge/images';
 *
 * const before = engineDrawCount();
 * // … render an image …
 * console.log(`${engineDrawCount() - before} drawn`);
 * ```
 */
export function engineDrawCount(): number {
  return draws;
}

/** Layouts the engine has measured in this isolate (not exported from the package: tests count with it). */
export function engineMeasureCount(): number {
  return measures;
}

/**
 * Bytes of WebAssembly memory the engine holds (it never shrinks), or 0 before the first image.
 * @example
 * ```ts
 * import { engineMemoryBytes } from 'isomer-edge/images';
 *
 * console.log(`takumi holds ${(engineMemoryBytes() / 2 ** 20).toFixed(1)} MiB`);
 * ```
 */
export function engineMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/**
 * Instantiates takumi's WebAssembly once per isolate (the first image's first cost); later calls
 * do nothing. `takumiEngine` calls it; exported so the benchmark can time it on its own.
 */
export function instantiateTakumi(): void {
  if (memory) return;
  memory = initSync({ module: takumiWasm() }).memory;
  // Read when a glyph cache is first used, so it must precede the first render.
  setGlyphCacheMaxBytes(GLYPH_CACHE_BYTES);
}

/**
 * The engine for a font list, started on first use and kept for the isolate's life, with `faces`
 * (default: the whole list) registered: a face already registered is not registered again, so a
 * caller may name only what one image needs and pay for each face once. Pass the same list each
 * time (`BUNDLED_FONTS`, or one of your own made once): each new list starts an engine.
 *
 * The engine draws with `faces`' families as its fallback chain, in the list's order, whatever
 * else earlier images registered: an image's glyphs then depend on that image alone. `extra` are
 * faces outside the list (the script fonts an image fetched), registered the same way.
 */
export function takumiEngine(
  fonts: readonly ImageFontFace[],
  faces: readonly ImageFontFace[] = fonts,
  extra: readonly ImageFontFace[] = [],
): TakumiEngine {
  let engine = engines.get(fonts);
  if (!engine) {
    engine = { renderer: newRenderer(), registered: new Set() };
    engines.set(fonts, engine);
  }
  registerFaces(engine, faces);
  registerFaces(engine, extra);
  const { renderer } = engine;
  const fontFamilies = fallbackChain(fonts, faces, extra);
  return {
    render: (node, options) => {
      draws++;
      return renderer.render(node, { ...options, fontFamilies });
    },
    renderSvg: (node, options) => {
      draws++;
      return renderer.renderSvg(node, { ...options, fontFamilies });
    },
    measure: (node, options) => {
      measures++;
      return renderer.measure(node, { ...options, fontFamilies });
    },
  };
}

/**
 * Starts the engine for a font list and registers every face of it now, ahead of any image (the
 * Worker's warm-up does this after answering an agent's first request). What later images draw is
 * unchanged: each draws with the faces it needs, whatever else is registered.
 * @example
 * ```ts
 * import { BUNDLED_FONTS, prepareImageEngine } from 'isomer-edge/images';
 *
 * prepareImageEngine(BUNDLED_FONTS); // about 40 ms of CPU once per isolate; the first PNG is then cheaper
 * ```
 */
export function prepareImageEngine(fonts: readonly ImageFontFace[]): void {
  takumiEngine(fonts);
}

/**
 * The families an image draws with, in fallback order: the list's own (those `faces` has), with the
 * script faces (`extra`, fetched for this image) before the list's last family, its wide-coverage
 * fallback, so that a script font draws its script where DejaVu Sans also has a glyph.
 */
function fallbackChain(
  fonts: readonly ImageFontFace[],
  faces: readonly ImageFontFace[],
  extra: readonly ImageFontFace[],
): string[] {
  const own = [...new Set(fonts.filter((face) => faces.includes(face)).map((face) => face.family))];
  if (extra.length === 0) return own;
  const last = fonts[fonts.length - 1]?.family;
  const scripts = [...new Set(extra.map((face) => face.family))];
  const at = own.at(-1) === last ? own.length - 1 : own.length;
  return [...own.slice(0, at), ...scripts, ...own.slice(at)];
}

/** The faces of a font list registered so far in this isolate, in registration order. */
export function registeredFaces(fonts: readonly ImageFontFace[]): readonly ImageFontFace[] {
  return [...(engines.get(fonts)?.registered ?? [])];
}

function newRenderer(): WasmRenderer {
  instantiateTakumi();
  // The exported `Renderer` wraps the WASM class without passing options through, so its resource
  // cache would keep the 64 MiB default. Build the inner class ourselves with a budget, and call its
  // synchronous methods directly (fonts are registered eagerly, before a render needs them, so the
  // wrapper's async font loading has nothing to do).
  const wrapper = new Renderer();
  const inner = (wrapper as unknown as { inner: WasmRenderer }).inner;
  const WasmRenderer = inner.constructor as WasmRendererClass;
  inner.free();
  return new WasmRenderer({ cacheMaxBytes: RESOURCE_CACHE_BYTES });
}

function registerFaces(engine: Engine, faces: readonly ImageFontFace[]): void {
  for (const face of faces) {
    if (engine.registered.has(face)) continue;
    engine.renderer.registerFont({
      name: face.family,
      data: face.data instanceof Uint8Array ? face.data : new Uint8Array(face.data),
      weight: face.weight,
      style: face.style,
      ...(face.unicodeRange
        ? { unicodeRange: face.unicodeRange.map(([first, last]) => [first, last] as [number, number]) }
        : {}),
      ...(face.generic ? { generic: face.generic } : {}),
    });
    engine.registered.add(face);
  }
}
