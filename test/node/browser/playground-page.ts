/**
 * Driving the playground in Chromium: a page that records every console error, uncaught exception,
 * CSP violation and dialog from its first script on, waiting for every surface to draw, and the
 * editor's text typed and read as a person would.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Watched {
  page: Page;
  problems: string[];
}

/** A page that records console errors, uncaught exceptions, CSP violations and dialogs. */
export async function watchedPage(browser: Browser): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return { page, problems };
}

/** How many times every surface has drawn since the page loaded. */
export const renders = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.renders ?? '0'));

export async function waitForRender(page: Page, after: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (count) =>
      Number(document.documentElement.dataset.renders ?? '0') > count ||
      document.documentElement.dataset.state === 'invalid',
    after,
    { timeout },
  );
  const state = await page.evaluate(() => ({
    state: document.documentElement.dataset.state,
    errors: document.getElementById('errors')!.textContent,
  }));
  expect(state).toEqual({ state: 'rendered', errors: '' });
}

/** Replaces the editor's text as a paste would, then types one space so the change is keyed. */
export async function typeComposition(page: Page, text: string): Promise<void> {
  await page.locator('#editor .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await page.keyboard.type(' ');
}

/** The editor's text, once CodeMirror has arrived (its own chunk, after the first picture). */
export const editorText = async (page: Page) => {
  await page.waitForFunction(() => document.documentElement.dataset.editor === 'ready');
  return page.evaluate(() => {
    const content = document.getElementById('editor')!.shadowRoot!.querySelector('.cm-content')!;
    return [...content.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n');
  });
};

/** Opens the page, types a one-slide composition headed `heading`, and waits until every surface drew it. */
export async function openWithSlide(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(`${url}/`);
  await waitForRender(page, 0);
  const composition = JSON.stringify({
    type: 'view',
    title: 'Shared',
    body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: heading }] }],
  });
  const before = await renders(page);
  await typeComposition(page, composition);
  await waitForRender(page, before);
}

const COPIED = { link: 'Copied the link.', curl: 'Copied the curl command.', composition: 'Copied the composition.' };

/** Clicks a copy button, waits for the status line to say so, and answers what the clipboard holds. */
export async function copied(page: Page, what: keyof typeof COPIED): Promise<string> {
  await page.click(`#copy-${what}`);
  await page.waitForFunction((said) => document.getElementById('status')!.textContent === said, COPIED[what]);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** A promise held until `release` is called: a route that waits on it holds its request. */
export function gate(): { released: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}
