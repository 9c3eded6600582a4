/**
 * `npm run gallery`: every slides example and project fixture (test/fixtures/compositions) as a
 * 1920×1080 slide, light and dark, screenshotted in headless Chromium (Debian's, driven by
 * playwright-core; `CHROMIUM_PATH` names another) to `gallery/*.png`, with an index page. Fonts
 * come from the same @fontsource files the image formats bundle.
 *
 * Options: `--only <type>` to draw one primitive's examples; `--out <dir>`; `--worker <url>` to
 * also fetch each slide as a PNG from a running Worker (`npm start`), saved as `*-worker.png`
 * beside the Chromium screenshot, so the image path can be compared with the browser.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createIsomerRuntime, exampleNodes, type PrimitiveNode } from '../src/index.ts';
import { fontFaces, slideDeckFrame, slidesPack } from '../src/slides.ts';
import { readFixtures, previewSlide } from './preview.ts';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const out = resolve(args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'gallery');
const worker = args.includes('--worker') ? args[args.indexOf('--worker') + 1] : undefined;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`gallery: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const registered = new Set(runtime.primitives.map((p) => p.type));

const fontDir = pathToFileURL(resolve('node_modules/@fontsource')).href;
const fontCss = fontFaces
  .map((face) => {
    const pkg = face.family === 'Inter' ? 'inter' : 'roboto-mono';
    return ['latin', 'latin-ext']
      .map(
        (subset) =>
          `@font-face{font-family:'${face.family}';font-weight:${face.weight};font-style:${face.style};` +
          `src:url('${fontDir}/${pkg}/files/${pkg}-${subset}-${face.weight}-${face.style}.woff2') ` +
          `format('woff2')}`,
      )
      .join('');
  })
  .join('');

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

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
const problems: string[] = [];
const rows: string[] = [];
for (const entry of entries) {
  for (const theme of ['light', 'dark'] as const) {
    const result = runtime.surfaces.html.render(entry.composition, { heading: false, framed: false, theme });
    if (result.validationErrors.length > 0)
      problems.push(`${entry.name}: ${result.validationErrors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    const file = `${entry.name}-${theme}`;
    const pageHtml =
      `<!doctype html><html><head><meta charset="utf-8"><style>${fontCss}html,body{margin:0;background:#888}` +
      `</style></head><body>${result.html}</body></html>`;
    writeFileSync(resolve(out, `${file}.html`), pageHtml);
    await page.goto(pathToFileURL(resolve(out, `${file}.html`)).href);
    await page.evaluate(() => document.fonts.ready);
    // Anything whose box spills past the slide's canvas or its own clipping parent is reported.
    const overflow = await page.evaluate(() => {
      const frame = document.querySelector('.sl-frame');
      if (!frame) return ['no slide frame'];
      const box = frame.getBoundingClientRect();
      const found: string[] = [];
      for (const element of frame.querySelectorAll('*')) {
        const r = element.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.top < box.top - 1)
          found.push(
            `${element.className || element.tagName} spills by ` +
              `${Math.round(Math.max(r.right - box.right, r.bottom - box.bottom, box.left - r.left, box.top - r.top))}px`,
          );
        const html = element as HTMLElement;
        if (html.scrollWidth > html.clientWidth + 1 && getComputedStyle(html).overflowX !== 'visible')
          found.push(`${element.className || element.tagName} clips its content horizontally`);
      }
      return found.slice(0, 5);
    });
    if (overflow.length > 0) problems.push(`${file}: ${overflow.join('; ')}`);
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
