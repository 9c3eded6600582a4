/**
 * What right to left adds to a slide's HTML: the bytes of the mirrored CSS rules (those scoped to
 * `RTL_SCOPE`, `src/packs/slides/mirror.ts`) in the HTML surface's fragment of every fixture, the
 * left-to-right ones (`test/fixtures/compositions/*.json`) and the right-to-left ones
 * (`rtlFixtures()`), printed as min / median / max beside the fragment's median size. A slide
 * carries the rules of the primitives it draws only, so the figure varies by slide.
 *
 * Usage: node --experimental-strip-types scripts/rtl-css-bytes.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { RTL_SCOPE } from '../src/packs/slides/mirror.ts';
import { previewSlide } from '../test/support/preview-slide.ts';
import { rtlFixtures } from '../test/support/rtl-fixtures.ts';

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const scope = RTL_SCOPE.replace(/[.[\]"]/g, '\\$&');
const MIRRORED = new RegExp(`${scope} [^{}]*\\{[^{}]*\\}`, 'g');

const dir = resolve('test/fixtures/compositions');
const ltr = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const node = JSON.parse(readFileSync(resolve(dir, file), 'utf8'));
    return node.type === 'view' ? node : previewSlide(node);
  });
const rtl = rtlFixtures().map((fixture) => fixture.composition);

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, compositions] of [
  ['left to right', ltr],
  ['right to left', rtl],
] as const) {
  const added: number[] = [];
  const gzipped: number[] = [];
  const whole: number[] = [];
  for (const composition of compositions) {
    const { html } = runtime.surfaces.html.render(composition, { heading: false, framed: false });
    const rules = (html.match(MIRRORED) ?? []).join('');
    added.push(Buffer.byteLength(rules));
    whole.push(Buffer.byteLength(html));
    gzipped.push(gzipSync(html).byteLength - gzipSync(html.replace(MIRRORED, '')).byteLength);
  }
  const sorted = [...added].sort((a, b) => a - b);
  console.log(
    `${name}: ${compositions.length} slides, mirrored CSS ${sorted[0]} / ${median(added)} / ${sorted.at(-1)} bytes ` +
      `(gzip ${median(gzipped)} median) of a ${median(whole)}-byte fragment (median)`,
  );
}
