/**
 * Pictures of the right-to-left fixtures for docs/images.md: each Arabic and Hebrew slide of
 * `rtlFixtures()` (the ones written in `test/fixtures/compositions/rtl/`, then every other slides
 * primitive's fixture put into Arabic and Hebrew) drawn by the image formats (takumi on Node) at
 * 960×540, as `docs/images/rtl/<name>.png`, and the total size printed.
 *
 * Usage: node --experimental-strip-types scripts/rtl-pictures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createImageFormats } from '../src/images/index.ts';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { rtlFixtures } from '../test/support/rtl-fixtures.ts';

const out = resolve('docs/images/rtl');
mkdirSync(out, { recursive: true });
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const images = createImageFormats({ snapshot: runtime.surfaces.snapshot! });

let bytes = 0;
for (const { name, composition } of rtlFixtures()) {
  const png = await images.png.render(composition, { scale: 1 / 2 });
  writeFileSync(resolve(out, `${name}.png`), png);
  bytes += png.byteLength;
}
console.log(`${rtlFixtures().length} pictures in ${out}, ${(bytes / 1e6).toFixed(2)} MB`);
