/**
 * Screenshots of the playground for the README and docs/playground.md (`docs/images/playground-{light,dark,errors}.png`):
 * the built page against `wrangler dev`, in the system Chromium. Run with
 * `node --experimental-strip-types --no-warnings scripts/playground-screenshots.ts` after
 * `npm run build:playground`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startWorker } from '../test/e2e/server.ts';
import { launchChromium } from '../test/node/chromium.ts';

const IMAGES = join(import.meta.dirname, '..', 'docs', 'images');
/** A slide with enough on it to show every part of the page. */
const EXAMPLE = 'p:slideColumns';
const VIEWPORT = { width: 1440, height: 900 };

async function rendered(page: Page, after: number): Promise<void> {
  await page.waitForFunction((count) => Number(document.documentElement.dataset.renders ?? '0') > count, after, {
    timeout: 120_000,
  });
}

const renders = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.renders ?? '0'));

mkdirSync(IMAGES, { recursive: true });
const worker = await startWorker();
const browser = await launchChromium();
try {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: theme });
    const page = await context.newPage();
    await page.goto(`${worker.url}/`);
    await rendered(page, 0);
    const before = await renders(page);
    await page.selectOption('#examples', EXAMPLE);
    await rendered(page, before);
    await page.screenshot({ path: join(IMAGES, `playground-${theme}.png`) });
    if (theme === 'light') {
      // A composition with two mistakes: the errors listed, and marked in the editor.
      await page.locator('#editor .cm-content').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText(
        JSON.stringify(
          {
            type: 'view',
            title: 'Refunds',
            body: [
              {
                type: 'slideFrame',
                brand: 'Ledger',
                body: [
                  { type: 'slideHeading' },
                  { type: 'slideBulletList', items: ['Ledger write moved first', ''], marker: 'star' },
                ],
              },
            ],
          },
          null,
          2,
        ),
      );
      await page.waitForSelector('#errors li');
      await page.waitForSelector('#editor .cm-lintRange-error');
      await page.screenshot({ path: join(IMAGES, 'playground-errors.png') });
    }
    await context.close();
  }
  console.log(`playground screenshots written to ${IMAGES}`);
} finally {
  await browser.close();
  await worker.stop();
}
