/**
 * The playground's weight and speed: the JavaScript and CSS the page loads (gzipped, as served
 * compressed), and the time from navigation to the first example drawn, in the system Chromium
 * against `wrangler dev`. The first load in a fresh Worker includes starting the image engine
 * (WASM, fonts); later loads show what a visitor to a warm isolate sees.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startWorker } from '../test/e2e/server.ts';
import { hasChromium, launchChromium, CHROMIUM_PATH } from '../test/node/chromium.ts';

const OUT = join(import.meta.dirname, '..', 'build', 'playground');
/** The aims in issue 12: under 250 KB of JavaScript and CSS, under one second to the first example. */
const WEIGHT_AIM_KB = 250;
const FIRST_RENDER_AIM_MS = 1000;
const WARM_LOADS = 5;

function gzipKb(file: string): { raw: number; gzip: number } {
  const bytes = readFileSync(join(OUT, file));
  return { raw: bytes.length / 1024, gzip: gzipSync(bytes, { level: 9 }).length / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchPlayground(): Promise<string> {
  // The chunks (the Teams renderer and what it shares with the page) load with every render.
  const chunks = readdirSync(join(OUT, 'chunks')).map((name) => `chunks/${name}`);
  const files = ['early.js', 'playground.js', ...chunks, 'playground.css', 'index.html'].map((file) => ({
    file,
    ...gzipKb(file),
  }));
  const scriptAndStyle = files.filter(({ file }) => !file.endsWith('.html')).reduce((sum, { gzip }) => sum + gzip, 0);
  const lines = [
    '| file | raw | gzip -9 |',
    '| --- | --- | --- |',
    ...files.map(({ file, raw, gzip }) => `| ${file} | ${raw.toFixed(1)} KiB | ${gzip.toFixed(1)} KiB |`),
    `| **JavaScript + CSS** | | **${scriptAndStyle.toFixed(1)} KiB** (aim < ${WEIGHT_AIM_KB}) |`,
  ];
  if (!hasChromium()) return `${lines.join('\n')}\n\nLoad time: skipped, no Chromium at ${CHROMIUM_PATH}.`;
  const worker = await startWorker();
  const browser = await launchChromium();
  try {
    const loads: { picture: number; all: number }[] = [];
    for (let i = 0; i <= WARM_LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      await page.goto(`${worker.url}/`);
      await page.waitForFunction(() => Number(document.documentElement.dataset.renders ?? '0') > 0, undefined, {
        timeout: 120_000,
      });
      loads.push(
        await page.evaluate(() => ({
          picture: performance.getEntriesByName('playground-first-picture')[0]!.startTime,
          all: performance.getEntriesByName('playground-first-render')[0]!.startTime,
        })),
      );
      await context.close();
    }
    const [cold, ...warm] = loads;
    const warmPicture = median(warm.map((load) => load.picture));
    const warmAll = median(warm.map((load) => load.all));
    lines.push(
      '',
      '| navigation → first example | first picture shown | every surface drawn |',
      '| --- | --- | --- |',
      `| first load, fresh Worker (image engine starts) | ${cold!.picture.toFixed(0)} ms | ${cold!.all.toFixed(0)} ms |`,
      `| median of ${WARM_LOADS} later loads (aim < ${FIRST_RENDER_AIM_MS} ms) | ${warmPicture.toFixed(0)} ms | ${warmAll.toFixed(0)} ms |`,
    );
    return lines.join('\n');
  } finally {
    await browser.close();
    await worker.stop();
  }
}

if (import.meta.filename === process.argv[1]) console.log(await benchPlayground());
