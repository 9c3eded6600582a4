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
import type { Browser } from 'playwright-core';
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
  // The chunks (the editor, the Teams renderer, what the pages share) load with the first example.
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
  const worker = await startWorker({ limits: false });
  const browser = await launchChromium();
  try {
    const local = await timeLoads(browser, worker.url);
    const remote = await timeLoads(browser, worker.url, VISITOR_LINK);
    lines.push(
      '',
      '| navigation → first example | first picture shown | every surface drawn |',
      '| --- | --- | --- |',
      `| first load, fresh Worker (image engine starts) | ${local.cold.picture.toFixed(0)} ms | ${local.cold.all.toFixed(0)} ms |`,
      `| median of ${WARM_LOADS} later loads (aim < ${FIRST_RENDER_AIM_MS} ms) | ${local.warm.picture.toFixed(0)} ms | ${local.warm.all.toFixed(0)} ms |`,
      `| the same over a ${VISITOR_LINK.latency} ms, ${(VISITOR_LINK.downloadThroughput * 8e-6).toFixed(0)} Mbit/s link (Chromium's emulation) | ${remote.warm.picture.toFixed(0)} ms | ${remote.warm.all.toFixed(0)} ms |`,
    );
    return lines.join('\n');
  } finally {
    await browser.close();
    await worker.stop();
  }
}

/** A visitor's link to a deployed Worker, as Chromium emulates it: round trip added, bytes per second. */
const VISITOR_LINK = { offline: false, latency: 50, downloadThroughput: 2.5e6, uploadThroughput: 2.5e6 };

interface Load {
  picture: number;
  all: number;
}

/** A first load, then the median of `WARM_LOADS` more, each in a new context (nothing cached). */
async function timeLoads(browser: Browser, url: string, link?: typeof VISITOR_LINK) {
  const loads: Load[] = [];
  for (let i = 0; i <= WARM_LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    if (link) await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', link);
    await page.goto(`${url}/`);
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
  return {
    cold: cold!,
    warm: { picture: median(warm.map((load) => load.picture)), all: median(warm.map((load) => load.all)) },
  };
}

if (import.meta.filename === process.argv[1]) console.log(await benchPlayground());
