/**
 * `npm run gallery`: every slides example and project fixture (test/fixtures/compositions) as a
 * 1920×1080 slide, light and dark, screenshotted in headless Chromium (Debian's, driven by
 * playwright-core; `CHROMIUM_PATH` names another) to `gallery/*.png`, with an index page. Fonts
 * are the image formats' own (`BUNDLED_FONTS`), copied to `gallery/fonts/`. A slide that overflows
 * in Chromium (test/node/chromium-overflow.ts, the layout check's reference) is reported.
 *
 * Options: `--only <type>` to draw one primitive's examples; `--out <dir>`; `--worker <url>` to
 * also fetch each slide as a PNG from a running Worker (`npm start`), saved as `*-worker.png`
 * beside the Chromium screenshot, so the image path can be compared with the browser.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUNDLED_FONTS } from '../src/images/fonts/fonts.ts';
import { createIsomerRuntime, exampleNodes, type PrimitiveNode } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import {
  describeFinding,
  fontBytes,
  fontFaceCss,
  overflowInChromium,
  prepareSlidePage,
  slideDocument,
} from '../test/node/chromium-overflow.ts';
import { CHROMIUM_PATH, hasChromium, launchChromium } from '../test/node/chromium.ts';
import { readFixtures, previewSlide } from './preview.ts';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const out = resolve(args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'gallery');
const worker = args.includes('--worker') ? args[args.indexOf('--worker') + 1] : undefined;
if (!hasChromium()) {
  console.error(`gallery: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const registered = new Set(runtime.primitives.map((p) => p.type));

// The saved pages name the font files beside them, so the gallery folder opens anywhere.
mkdirSync(resolve(out, 'fonts'), { recursive: true });
for (const i of BUNDLED_FONTS.keys()) writeFileSync(resolve(out, 'fonts', `${i}.woff2`), fontBytes(i));
const fontCss = fontFaceCss((i) => `fonts/${i}.woff2`);

type Entry = { name: string; composition: Record<string, unknown> };
const entries: Entry[] = [];
for (const definition of runtime.primitives) {
  if (only && definition.type !== only) continue;
  for (const [i, node] of exampleNodes(definition).entries())
    entries.push({ name: `${definition.type}-${i + 1}`, composition: previewSlide(node as PrimitiveNode) });
}
for (const fixture of readFixtures()) {
  const types =
    JSON.stringify(fixture.composition)
      .match(/"type":"(slide\w+)"/g)
      ?.map((m) => m.slice(8, -1)) ?? [];
  if (!types.every((type) => registered.has(type))) continue;
  if (only && !types.includes(only)) continue;
  entries.push({ name: `fixture-${fixture.name}`, composition: fixture.composition });
}

const browser = await launchChromium();
const page = await browser.newPage();
await prepareSlidePage(page);
const problems: string[] = [];
const rows: string[] = [];
for (const entry of entries) {
  for (const theme of ['light', 'dark'] as const) {
    // Anchors name the primitive each overflowing box belongs to.
    const result = runtime.surfaces.html.render(entry.composition, {
      heading: false,
      framed: false,
      theme,
      anchors: true,
    });
    if (result.validationErrors.length > 0)
      problems.push(`${entry.name}: ${result.validationErrors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    const file = `${entry.name}-${theme}`;
    writeFileSync(resolve(out, `${file}.html`), slideDocument(result.html, fontCss));
    const overflow = await overflowInChromium(page, result.html);
    if (overflow.length > 0) problems.push(`${file}: ${overflow.slice(0, 5).map(describeFinding).join('; ')}`);
    await page.screenshot({ path: resolve(out, `${file}.png`), clip: { x: 0, y: 0, width: 1920, height: 1080 } });
    rows.push(`<figure><img src="${file}.png" width="960" height="540"><figcaption>${file}</figcaption></figure>`);
    if (worker) {
      const response = await fetch(`${worker}/render/png?theme=${theme}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entry.composition),
      });
      if (!response.ok) problems.push(`${file}: the Worker answered ${response.status}`);
      else {
        writeFileSync(resolve(out, `${file}-worker.png`), new Uint8Array(await response.arrayBuffer()));
        rows.push(
          `<figure><img src="${file}-worker.png" width="960" ` +
            `height="540"><figcaption>${file} (Worker PNG)</figcaption></figure>`,
        );
      }
    }
  }
}
await browser.close();
writeFileSync(
  resolve(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>isomer-edge gallery</title><style>body{font-family:sans-serif;` +
    `display:grid;grid-template-columns:repeat(2,960px);gap:16px}</style>${rows.join('')}`,
);
console.log(`${entries.length * 2} slides written to ${out}`);
if (problems.length > 0) {
  console.log(`\n${problems.length} with problems:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
