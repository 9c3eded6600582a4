import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../chromium.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the system Chromium', () => {
  it('lays out a page in standards mode', async () => {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>t</title><p style="width:100px">hello</p>');
    expect(await page.evaluate(() => document.compatMode)).toBe('CSS1Compat');
    expect(await page.evaluate(() => document.querySelector('p')!.getBoundingClientRect().width)).toBe(100);
    await page.close();
  });
});
