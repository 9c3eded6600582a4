/**
 * The MCP Apps page `ui://isomer/show`: its weight (the one HTML document, gzipped as a host would
 * fetch it compressed), and the time from the host handing it a tool result to the slide painted,
 * in the system Chromium through the test host (`test/node/browser/mcp-app-host/`) against
 * `wrangler dev`. Also what a PNG would cost inside every result, which is why none is there.
 * Runs alone: `node --experimental-strip-types --no-warnings bench/mcp-app.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startWorker } from '../test/e2e/server.ts';
import type { HostApi } from '../test/node/browser/mcp-app-host/host.ts';
import { startTestHost } from '../test/node/browser/mcp-app-host/server.ts';
import { CHROMIUM_PATH, hasChromium, launchChromium } from '../test/node/chromium.ts';

const APP = join(import.meta.dirname, '..', 'build', 'mcp-app', 'show.html');
const FIXTURES = join(import.meta.dirname, '..', 'test', 'fixtures', 'compositions');
const DECKS = ['title', 'section', 'content', 'split', 'statement', 'closing'].map((kind) =>
  JSON.parse(readFileSync(join(FIXTURES, `deck-${kind}-slide.json`), 'utf8')),
);
/** The budget for the page. */
const WEIGHT_AIM_KB = 200;
const ROUNDS = 5;

declare const host: HostApi;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchApps(): Promise<string> {
  const page = readFileSync(APP);
  const gzip = gzipSync(page, { level: 9 }).length / 1024;
  const lines = [
    '| page | raw | gzip -9 |',
    '| --- | --- | --- |',
    `| build/mcp-app/show.html (App class, script and style inline) | ${(page.length / 1024).toFixed(1)} KiB | ` +
      `**${gzip.toFixed(1)} KiB** (aim ≤ ${WEIGHT_AIM_KB}) |`,
  ];
  if (!hasChromium()) return `${lines.join('\n')}\n\nPaint time: skipped, no Chromium at ${CHROMIUM_PATH}.`;
  const hostServer = await startTestHost();
  const [browser, worker] = await Promise.all([
    launchChromium(),
    startWorker({ limits: false, vars: { ISOMER_CORS_ORIGINS: hostServer.origin } }),
  ]);
  try {
    const tab = await browser.newPage({ viewport: { width: 900, height: 900 } });
    await tab.goto(hostServer.hostUrl);
    await tab.evaluate((url) => host.connect(url), worker.url);
    await tab.evaluate(() => host.readApp('ui://isomer/show'));
    await tab.evaluate((url) => host.mount(url, 'light', 800), hostServer.sandboxUrl);
    const paints: number[] = [];
    const sizes: number[] = [];
    let first = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const composition of DECKS) {
        const sample = await tab.evaluate(async (c) => {
          const args = { composition: c };
          const result = await host.call(args);
          const before = host.record.painted.length;
          const delivered = await host.deliver(args, result);
          while (host.record.painted.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
          return {
            ms: host.record.painted.at(-1)!.at - delivered,
            bytes: JSON.stringify(result.structuredContent).length,
          };
        }, composition);
        if (paints.length === 0) first = sample.ms;
        paints.push(sample.ms);
        sizes.push(sample.bytes);
      }
    }
    // What a PNG in every result would cost: the render a PNG call takes (warm) and its base64 size.
    const png = await tab.evaluate(async (c) => {
      const args = { composition: c, format: 'png' };
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 4; i++) {
        const started = performance.now();
        const result = (await host.render(args)) as { content: { type: string; data?: string }[] };
        times.push(performance.now() - started);
        bytes = result.content[0]?.data?.length ?? 0;
      }
      return { ms: times.slice(1).sort((a, b) => a - b)[1]!, bytes };
    }, DECKS[2]);
    lines.push(
      '',
      `| tool result → slide painted (${DECKS.length} deck slides × ${ROUNDS}, 800 px frame) | median | max | first |`,
      '| --- | --- | --- | --- |',
      `| ui/notifications/tool-result sent → app's "painted" log (two frames after drawing) | ` +
        `${median(paints).toFixed(1)} ms | ${Math.max(...paints).toFixed(1)} ms | ${first.toFixed(1)} ms |`,
      '',
      '| in each isomer_show result | median |',
      '| --- | --- |',
      `| structuredContent (HTML surface document, title, theme) | ${(median(sizes) / 1024).toFixed(1)} KiB |`,
      `| a PNG as a data: URL would add (content slide, base64) | ${(png.bytes / 1024).toFixed(1)} KiB, ` +
        `and ${png.ms.toFixed(0)} ms of rendering per call (warm) |`,
    );
    return lines.join('\n');
  } finally {
    await browser.close();
    await Promise.all([worker.stop(), hostServer.close()]);
  }
}

if (import.meta.filename === process.argv[1]) console.log(await benchApps());
