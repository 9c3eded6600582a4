import { describe, expect, it } from 'vitest';
import { createImageFormats } from '../../src/images/index.ts';
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
    expect(new Uint8Array(assets.fontFile('inter-latin-400-normal'), 0, 4)).toEqual(
      new Uint8Array([0x77, 0x4f, 0x46, 0x32]), // wOF2
    );
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
