/**
 * The takumi engine, started once per isolate on the first image request: instantiate the WASM
 * from the bundled module (in workerd never compiled from bytes; Node reads and compiles the file,
 * see `#formats/assets`), cap its caches, register the fonts.
 * Requests that draw no image never pay for any of it.
 */
import { initSync, Renderer, setGlyphCacheMaxBytes, type MeasuredNode, type Node } from '@takumi-rs/wasm';
import { takumiWasm } from '#formats/assets';
import type { ImageFontFace } from './fonts.ts';

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

interface WasmRenderer extends TakumiEngine {
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

const engines = new WeakMap<readonly ImageFontFace[], TakumiEngine>();
let memory: WebAssembly.Memory | undefined;

/** Bytes of WebAssembly memory the engine holds (it never shrinks), or 0 before the first image. */
export function engineMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/**
 * The engine for a font list, started on first use and kept for the isolate's life. Pass the same
 * array each time (`BUNDLED_FONTS`, or one of your own made once): each new list starts an engine.
 */
export function takumiEngine(fonts: readonly ImageFontFace[]): TakumiEngine {
  const existing = engines.get(fonts);
  if (existing) return existing;
  const engine = startEngine(fonts);
  engines.set(fonts, engine);
  return engine;
}

function startEngine(fonts: readonly ImageFontFace[]): TakumiEngine {
  if (!memory) {
    memory = initSync({ module: takumiWasm() }).memory;
    // Read when a glyph cache is first used, so it must precede the first render.
    setGlyphCacheMaxBytes(GLYPH_CACHE_BYTES);
  }
  // The exported `Renderer` wraps the WASM class without passing options through, so its resource
  // cache would keep the 64 MiB default. Build the inner class ourselves with a budget, and call its
  // synchronous methods directly (fonts are registered eagerly below, so the wrapper's async font
  // loading has nothing to do).
  const wrapper = new Renderer();
  const inner = (wrapper as unknown as { inner: WasmRenderer }).inner;
  const WasmRenderer = inner.constructor as WasmRendererClass;
  inner.free();
  const renderer = new WasmRenderer({ cacheMaxBytes: RESOURCE_CACHE_BYTES });
  try {
    for (const face of fonts) {
      renderer.registerFont({
        name: face.family,
        data: face.data instanceof Uint8Array ? face.data : new Uint8Array(face.data),
        weight: face.weight,
        style: face.style,
        ...(face.unicodeRange
          ? { unicodeRange: face.unicodeRange.map(([first, last]) => [first, last] as [number, number]) }
          : {}),
        ...(face.generic ? { generic: face.generic } : {}),
      });
    }
  } catch (error) {
    renderer.free();
    throw error;
  }
  return renderer;
}
