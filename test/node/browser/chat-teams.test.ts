import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatFormats } from '../../../src/chat/index.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from '../../support/slides.ts';
import { launchChromium } from '../chromium.ts';

const modules = (path: string): string => fileURLToPath(new URL(`../../../node_modules/${path}`, import.meta.url));
/** The SDK's browser build, and markdown-it, which it uses for TextBlock Markdown as Teams does. */
const ADAPTIVE_CARDS_SCRIPT = modules('adaptivecards/dist/adaptivecards.min.js');
const MARKDOWN_IT_SCRIPT = modules('markdown-it/dist/browser/markdown-it.umd.min.js');

const chat = createChatFormats({ runtime: slidesRuntime });
const cases = [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
];

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setContent('<!doctype html><title>cards</title><main id="cards"></main>');
  await page.addScriptTag({ path: MARKDOWN_IT_SCRIPT });
  await page.addScriptTag({ path: ADAPTIVE_CARDS_SCRIPT });
});
afterAll(() => browser?.close());

/** Renders a card with the SDK in the page; answers the rendered text and any SDK error. */
async function render(card: unknown): Promise<{ text: string; failure?: string }> {
  return page.evaluate((json) => {
    const sdk = (window as unknown as { AdaptiveCards: typeof import('adaptivecards') }).AdaptiveCards;
    const adaptive = new sdk.AdaptiveCard();
    adaptive.parse(json as object);
    const element = adaptive.render();
    if (!element) return { text: '', failure: 'render() returned nothing' };
    const holder = document.getElementById('cards')!;
    holder.replaceChildren(element);
    return { text: element.textContent ?? '' };
  }, card);
}

describe('Teams cards in Chromium with the adaptivecards SDK', () => {
  it.each(cases)('$name renders its text with no console errors', async ({ composition }) => {
    errors.length = 0;
    const card = chat.teams.build(composition).attachments[0].content;
    const { text, failure } = await render(card);
    expect(failure).toBeUndefined();
    expect(errors).toEqual([]);
    // The heading text the preview slide always draws, read back from the rendered DOM.
    const title = (composition as { title?: string }).title ?? '';
    expect(text.length).toBeGreaterThan(0);
    if (title.startsWith('Preview of ')) expect(text).toContain(title);
  });

  it('draws a safe link as a link, and Markdown in model text as the characters written', async () => {
    const { text } = await render(
      chat.teams.build({
        type: 'view',
        body: [
          {
            type: 'slideClosing',
            title: 'Next',
            links: [{ label: 'Docs', href: 'https://example.com/docs', text: 'example.com/docs' }],
          },
          {
            type: 'slideBulletList',
            items: ['See [docs](https://evil.example/x) *not em* _nor this_ <at>Ann</at> # no heading'],
          },
        ],
      }).attachments[0].content,
    );
    expect(text).toContain(
      'See [docs](https://evil.example/x) *not em* _nor this_ <\u200Bat>Ann<\u200B/at> # no heading',
    );
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('#cards a')].map((a) => [a.getAttribute('href'), a.textContent]),
    );
    expect(links).toEqual([['https://example.com/docs', 'example.com/docs']]);
  });
});
