/**
 * One Chromium page ready for slides (`prepareSlidePage`), opened before a test file's tests and
 * closed after them: what every browser test that loads slides into one page starts with.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../chromium.ts';
import { prepareSlidePage } from '../chromium-overflow.ts';

/** Registers the file's hooks; read `.page` inside a test, once `beforeAll` has run. */
export function slidePageForFile(): { readonly page: Page } {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    await prepareSlidePage(page);
  });
  afterAll(() => browser?.close());
  return {
    get page(): Page {
      if (!page) throw new Error('the slide page opens in beforeAll: read it inside a test');
      return page;
    },
  };
}
