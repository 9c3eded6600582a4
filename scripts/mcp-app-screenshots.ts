/**
 * Screenshots of the MCP Apps page for docs/mcp.md (`docs/images/isomer-show-{light,dark}.png`): the
 * test host (`test/node/browser/mcp-app-host/`) shows a deck slide through `isomer_show` against
 * `wrangler dev`, in the system Chromium, in the host's light and dark themes. Run with
 * `node --experimental-strip-types --no-warnings scripts/mcp-app-screenshots.ts` after
 * `npm run build:playground`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker } from '../test/e2e/server.ts';
import type { HostApi } from '../test/node/browser/mcp-app-host/host.ts';
import { startTestHost } from '../test/node/browser/mcp-app-host/server.ts';
import { launchChromium } from '../test/node/chromium.ts';

const IMAGES = join(import.meta.dirname, '..', 'docs', 'images');
const SLIDE = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'compositions', 'deck-split-slide.json'), 'utf8'),
);

declare const host: HostApi;

mkdirSync(IMAGES, { recursive: true });
const hostServer = await startTestHost();
const [browser, worker] = await Promise.all([
  launchChromium(),
  startWorker({ vars: { ISOMER_CORS_ORIGINS: hostServer.origin } }),
]);
try {
  for (const theme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 832, height: 640 }, colorScheme: theme });
    await page.goto(hostServer.hostUrl);
    await page.evaluate((url) => host.connect(url), worker.url);
    await page.evaluate(() => host.readApp('ui://isomer/show'));
    await page.evaluate(({ url, t }) => host.mount(url, t, 800), { url: hostServer.sandboxUrl, t: theme });
    await page.evaluate(async (composition) => {
      const args = { composition };
      await host.deliver(args, await host.call(args));
    }, SLIDE);
    await page.waitForFunction(() => host.record.painted.length > 0);
    await page.waitForTimeout(200);
    const path = join(IMAGES, `isomer-show-${theme}.png`);
    await page.locator('#host').screenshot({ path });
    console.log(`wrote ${path}`);
    await page.close();
  }
} finally {
  await browser.close();
  await Promise.all([worker.stop(), hostServer.close()]);
}
