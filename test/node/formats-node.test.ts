import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONTS, createImageFormats } from '../../src/images/index.ts';
import { createIsomerRuntime } from '../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../src/packs/slides/index.ts';

/**
 * The image formats under Node, from the sources: `#images/assets` resolves to the Node loader
 * (the WASM and fonts read from disk), where the workerd tests get the bundled modules.
 */
describe('image formats on Node', () => {
  it('resolves #images/assets to the loader that reads files', async () => {
    const assets = await import('#images/assets');
    // Bytes for initSync to compile: a Worker bundle hands over a compiled module instead.
    expect(assets.takumiWasm()).toBeInstanceOf(Uint8Array);
    // The faces the build decoded to TrueType (`npm test` builds them first), as a Worker bundles them.
    expect(new Uint8Array(assets.fontFile('inter-latin-400-normal'), 0, 4)).toEqual(
      new Uint8Array([0x00, 0x01, 0x00, 0x00]), // sfnt, TrueType outlines
    );
  });

  it('draws the same pixels from the TrueType faces as from the WOFF2 they were decoded from', async () => {
    const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
    const require = createRequire(import.meta.url);
    const packages: Record<string, string> = {
      Inter: 'inter',
      'Roboto Mono': 'roboto-mono',
      'DejaVu Sans': 'dejavu-sans',
    };
    // The same list, each face's bytes read from Fontsource's WOFF2 of the same file: files are
    // `<package>-<subset>-<weight>-<style>`, the latin-ext subset the one whose range misses ASCII.
    const fromWoff2 = BUNDLED_FONTS.map((face) => {
      const latin = !face.unicodeRange || face.unicodeRange.some(([first, last]) => first <= 0x41 && 0x41 <= last);
      const file = `${packages[face.family]}-${latin ? 'latin' : 'latin-ext'}-${face.weight}-${face.style}`;
      return {
        ...face,
        data: new Uint8Array(readFileSync(require.resolve(`@fontsource/${packages[face.family]}/files/${file}.woff2`))),
      };
    });
    expect(new Set(fromWoff2.map((face) => face.data.byteLength)).size).toBe(BUNDLED_FONTS.length);
    const slide = {
      type: 'view',
      body: [
        {
          type: 'slideFrame',
          brand: 'Ledger',
          body: [
            { type: 'slideHeading', title: 'Refunds settle in **two days** → ✓', lede: 'Zürich, Łódź' },
            { type: 'slideBulletList', items: ['`ledger.write()` moved first', '_Three_ batch windows removed'] },
          ],
        },
      ],
    };
    const png = (fonts: typeof BUNDLED_FONTS) =>
      createImageFormats({ snapshot: runtime.surfaces.snapshot!, fonts }).png.render(slide, { scale: 0.5 });
    const [ttf, woff] = [await png(BUNDLED_FONTS), await png(fromWoff2)];
    expect(new Uint8Array(BUNDLED_FONTS[0]!.data as ArrayBuffer, 0, 4)).toEqual(new Uint8Array([0, 1, 0, 0]));
    expect(Buffer.from(ttf).equals(Buffer.from(woff))).toBe(true);
  });

  it('draws a PNG of a slide at the scale asked', async () => {
    const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
    const formats = createImageFormats({ snapshot: runtime.surfaces.snapshot! });
    const png = await formats.png.render(
      {
        type: 'view',
        body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: 'Drawn on **Node**' }] }],
      },
      { scale: 0.5 },
    );
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    expect(view.getUint32(0)).toBe(0x89504e47);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([960, 540]);
  });
});
