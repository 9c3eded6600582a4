/**
 * The parts of takumi that `src/images/engine/engine.ts` uses beyond its documented API: the exported
 * `Renderer`'s private `inner` WASM renderer (built again with a resource-cache budget, then called
 * synchronously), the module's `memory` from `initSync`, and `setGlyphCacheMaxBytes`. An upgrade
 * that changes any of them fails here, saying what to re-check, instead of silently losing a
 * cache budget or failing on the first image.
 */
import { initSync, Renderer, setGlyphCacheMaxBytes } from '@takumi-rs/wasm';
import { describe, expect, it } from 'vitest';
import { takumiWasm } from '#images/assets';
import { GLYPH_CACHE_BYTES, instantiateTakumi, RESOURCE_CACHE_BYTES } from '../../src/images/engine/engine.ts';
import { BUNDLED_FONTS } from '../../src/images/fonts/fonts.ts';

const RECHECK = 'takumi upgrade: re-check src/images/engine/engine.ts';

interface InnerRenderer {
  registerFont(font: { name: string; data: Uint8Array; weight: number; style: string }): unknown;
  measure(node: unknown, options: { width: number; height: number; fontFamilies?: string[] }): unknown;
  free(): void;
}
type InnerClass = new (options?: Record<string, unknown>) => InnerRenderer;

/** The class `newRenderer()` builds, found the way it finds it. */
function innerClass(): InnerClass {
  instantiateTakumi();
  const wrapper = new Renderer() as unknown as { inner?: InnerRenderer };
  expect(
    wrapper.inner,
    `${RECHECK} newRenderer(): \`new Renderer().inner\` (the WASM renderer it wraps) is gone`,
  ).toBeTypeOf('object');
  const inner = wrapper.inner!;
  inner.free();
  return inner.constructor as InnerClass;
}

function throws(run: () => void): boolean {
  try {
    run();
    return false;
  } catch {
    return true;
  }
}

describe('the takumi internals the engine relies on', () => {
  it('initSync answers the module exports with its memory', () => {
    const exports = initSync({ module: takumiWasm() }) as unknown as { memory?: unknown };
    expect(
      exports.memory instanceof WebAssembly.Memory,
      `${RECHECK} instantiateTakumi()/engineMemoryBytes(): \`initSync(...).memory\` is no longer a WebAssembly.Memory`,
    ).toBe(true);
  });

  it('setGlyphCacheMaxBytes exists and takes a byte count', () => {
    expect(
      setGlyphCacheMaxBytes,
      `${RECHECK} instantiateTakumi(): \`setGlyphCacheMaxBytes\` is gone (GLYPH_CACHE_BYTES would not apply)`,
    ).toBeTypeOf('function');
    expect(
      throws(() => setGlyphCacheMaxBytes(GLYPH_CACHE_BYTES)),
      `${RECHECK} instantiateTakumi(): \`setGlyphCacheMaxBytes(${GLYPH_CACHE_BYTES})\` throws`,
    ).toBe(false);
  });

  it('Renderer wraps an inner WASM renderer with the synchronous methods the engine calls', () => {
    const prototype = innerClass().prototype as unknown as Record<string, unknown>;
    for (const method of ['render', 'renderSvg', 'measure', 'registerFont', 'free']) {
      expect(
        prototype[method],
        `${RECHECK} newRenderer(): the inner renderer has no synchronous \`${method}\``,
      ).toBeTypeOf('function');
    }
  });

  it('the inner constructor reads { cacheMaxBytes } (RESOURCE_CACHE_BYTES would otherwise be ignored)', () => {
    const Inner = innerClass();
    // An unknown option is ignored, so only a typed read of this name can refuse a string: a
    // renamed or dropped option would leave the 64 MiB default in place without a word.
    expect(
      throws(() => new Inner({ someOtherOption: 'ignored' }).free()),
      `${RECHECK} newRenderer(): the inner constructor now refuses unknown options`,
    ).toBe(false);
    expect(
      throws(() => new Inner({ cacheMaxBytes: 'not a number' }).free()),
      `${RECHECK} newRenderer(): the inner constructor no longer reads \`cacheMaxBytes\` (the resource cache budget)`,
    ).toBe(true);
    expect(
      throws(() => new Inner({ cacheMaxBytes: RESOURCE_CACHE_BYTES }).free()),
      `${RECHECK} newRenderer(): the inner constructor refuses \`{ cacheMaxBytes: ${RESOURCE_CACHE_BYTES} }\``,
    ).toBe(false);
  });

  it('an inner renderer built that way registers a font, measures text with it, and frees', () => {
    const renderer = new (innerClass())({ cacheMaxBytes: RESOURCE_CACHE_BYTES });
    const face = BUNDLED_FONTS[0]!;
    const data = face.data instanceof Uint8Array ? face.data : new Uint8Array(face.data);
    expect(
      throws(() => renderer.registerFont({ name: face.family, data, weight: face.weight, style: face.style })),
      `${RECHECK} registerFaces(): the inner \`registerFont({ name, data, weight, style })\` throws`,
    ).toBe(false);
    const measured = renderer.measure(
      { type: 'text', text: 'Measured text', style: { fontSize: 40 } },
      { width: 800, height: 200, fontFamilies: [face.family] },
    ) as { width?: unknown; height?: unknown };
    expect(
      typeof measured.width === 'number' && measured.width > 0 && typeof measured.height === 'number',
      `${RECHECK} takumiEngine().measure: the inner \`measure(node, options)\` no longer answers { width, height }`,
    ).toBe(true);
    expect(
      throws(() => renderer.free()),
      `${RECHECK} the inner \`free()\` throws`,
    ).toBe(false);
  });
});
