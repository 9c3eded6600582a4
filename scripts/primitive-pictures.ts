/**
 * Pictures of primitives for docs/packs.md: each example of the named primitives drawn by the image
 * formats (takumi on Node) in the preview slide, 640×360, as `docs/images/png-<type>-<n>.png`.
 *
 * Usage: node --experimental-strip-types scripts/primitive-pictures.ts slideChart slideOrgChart
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SLIDE_PRIMITIVES } from '../src/packs/slides/pack.ts';
import { createImageFormats } from '../src/images/index.ts';
import { createIsomerRuntime, exampleNodes, type PrimitiveNode } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { previewSlide } from './preview.ts';

const out = resolve('docs/images');
mkdirSync(out, { recursive: true });
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const images = createImageFormats({ snapshot: runtime.surfaces.snapshot! });

for (const type of process.argv.slice(2)) {
  const definition = SLIDE_PRIMITIVES.find((entry) => entry.type === type);
  if (!definition) {
    console.error(`primitive-pictures: no primitive ${type}`);
    process.exitCode = 1;
    continue;
  }
  for (const [index, node] of exampleNodes(definition).entries()) {
    const file = resolve(out, `png-${type}-${index}.png`);
    writeFileSync(file, await images.png.render(previewSlide(node as PrimitiveNode), { scale: 1 / 3 }));
    console.log(file);
  }
}
