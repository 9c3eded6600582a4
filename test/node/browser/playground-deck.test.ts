/**
 * A deck in the playground, in the system Chromium against the real Worker under `wrangler dev`:
 * a JSON array in the editor is checked as `compositions`, every tab shows the deck (the pictures a
 * slide at a time, paged with `?slide=N`; the PDF the whole deck), a slide's error is listed with its
 * `compositions[i]` path and marked in that slide's place, and a shared link restores the deck.
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES } from '../../../src/chat/index.ts';
import { MAX_DECK_SLIDES } from '../../../src/core/model/deck.ts';
import { type RunningWorker, startWorker } from '../../e2e/server.ts';
import { launchChromium } from '../chromium.ts';
import { renders, typeComposition, waitForRender, watchedPage } from './playground-page.ts';

const BUILT = new URL('../../../build/playground/index.html', import.meta.url);

let browser: Browser;
let worker: RunningWorker;

beforeAll(async () => {
  if (!existsSync(BUILT)) throw new Error('build/playground is missing: run `npm run build:playground` first.');
  // Limits off: every check draws every format of a deck, more than a minute's share.
  [browser, worker] = await Promise.all([launchChromium(), startWorker({ limits: false })]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
});

/** A deck of `count` slides headed `Deck slide N`, each with its own section number. */
function deck(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'view',
    title: `Deck slide ${index + 1}`,
    body: [
      {
        type: 'slideFrame',
        brand: 'Ledger',
        section: 'Review',
        sectionNumber: String(index + 1).padStart(2, '0'),
        body: [{ type: 'slideHeading', title: `Deck slide ${index + 1}` }],
      },
    ],
  }));
}

/** What the Worker answers for `body` in `format` (what each tab should hold). */
async function workerText(format: string, body: string): Promise<string> {
  const response = await fetch(`${worker.url}/render/${format}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(response.status, format).toBe(200);
  return response.text();
}

/** Types `text` and waits until every surface has drawn it. */
async function write(page: Page, text: string): Promise<void> {
  const before = await renders(page);
  await typeComposition(page, text);
  await waitForRender(page, before);
}

/** The pager over a picture tab: its counter and buttons. */
const pager = (page: Page, format: string) =>
  page.evaluate((name) => {
    const button = (part: string) => document.getElementById(`deck-${name}-${part}`) as HTMLButtonElement;
    return {
      hidden: (button('counter').parentElement as HTMLElement).hidden,
      counter: button('counter').textContent,
      previousDisabled: button('previous').disabled,
      nextDisabled: button('next').disabled,
    };
  }, format);

/** The positions of `needles` in `haystack`, to show they come in order. */
const inOrder = (haystack: string, needles: string[], label = '') => {
  const at = needles.map((needle) => haystack.indexOf(needle));
  expect(
    at.every((index) => index >= 0),
    `${label}: ${haystack.slice(0, 2000)}`,
  ).toBe(true);
  expect(
    [...at].sort((a, b) => a - b),
    label,
  ).toEqual(at);
};

describe('a deck in the playground', () => {
  it('checks a 3-slide deck and shows it in every tab, the pictures paged a slide at a time', async () => {
    const { page, problems } = await watchedPage(browser);
    const pictures: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/render\/(png|webp|svg)$/.test(url.pathname)) pictures.push(`${url.pathname}?${url.searchParams}`);
    });
    await page.goto(`${worker.url}/`);
    await waitForRender(page, 0);
    const text = JSON.stringify(deck(3), null, 2);
    await write(page, text);
    expect(await page.textContent('#status')).toMatch(/^Valid deck of 3 slides; every surface rendered in \d+ ms\.$/);
    const titles = ['Deck slide 1', 'Deck slide 2', 'Deck slide 3'];

    // Text and Markdown: the Worker's deck answer (every slide, in order, with its separators).
    const body = `${text} `;
    expect(await page.textContent('#out-text')).toBe(await workerText('text', body));
    expect(await page.textContent('#out-markdown-source')).toBe(await workerText('markdown', body));
    inOrder((await page.textContent('#out-text'))!, titles);
    // HTML: one document, every slide in it, in order.
    const html = await page.evaluate(
      () => (document.getElementById('out-html') as HTMLIFrameElement).contentDocument!.body.textContent ?? '',
    );
    inOrder(html, titles);
    // Every chat tab carries every slide.
    for (const tab of ['slack', ...CHAT_FORMAT_NAMES])
      inOrder((await page.textContent(`#out-${tab}`)) ?? '', titles, tab);

    // The PDF tab offers what the Worker draws for the deck: one document, one page a slide.
    expect(await page.getAttribute('#out-pdf', 'href')).toMatch(/^blob:/);
    const pdf = await workerText('pdf', body);
    expect(pdf.match(/\/Type\s*\/Page(?![a-zA-Z])/g)).toHaveLength(3);

    // The pictures show slide 1, then page.
    expect(pictures.filter((request) => request.includes('slide=1'))).toHaveLength(3);
    expect(await pager(page, 'png')).toEqual({
      hidden: false,
      counter: 'Slide 1 of 3',
      previousDisabled: true,
      nextDisabled: false,
    });
    const firstSrc = await page.getAttribute('#out-png', 'src');
    await page.click('#deck-png-next');
    await page.waitForFunction(() => document.documentElement.dataset.paged === '2');
    expect(pictures.filter((request) => request.includes('slide=2'))).toHaveLength(3);
    expect(await page.getAttribute('#out-png', 'src')).not.toBe(firstSrc);
    // One slide for every picture tab: the WebP's pager moved with the PNG's.
    expect(await pager(page, 'webp')).toMatchObject({ counter: 'Slide 2 of 3', previousDisabled: false });
    await page.click('#deck-png-next');
    await page.waitForFunction(() => document.documentElement.dataset.paged === '3');
    expect(await pager(page, 'png')).toMatchObject({ counter: 'Slide 3 of 3', nextDisabled: true });
    // An edit keeps the slide in view: the deck redraws with the pictures still on slide 3.
    await write(page, text.replace('Deck slide 3', 'Deck slide three'));
    expect(await pager(page, 'svg')).toMatchObject({ counter: 'Slide 3 of 3' });
    expect(pictures.filter((request) => request.includes('slide=3'))).toHaveLength(6);
    // A single composition again: no pager, no slide asked for.
    const asked = pictures.length;
    await write(page, JSON.stringify(deck(1)[0]));
    expect(await pager(page, 'png')).toMatchObject({ hidden: true });
    expect(pictures.slice(asked).some((request) => request.includes('slide='))).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('lists an invalid middle slide’s error under its path and marks it in that slide', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${worker.url}/`);
    await waitForRender(page, 0);
    const slides: unknown[] = deck(3);
    const heading = '{"type":"slideHeading"}';
    slides[1] = { type: 'view', body: [{ type: 'slideFrame', body: [JSON.parse(heading)] }] };
    await typeComposition(page, JSON.stringify(slides));
    await page.waitForFunction(() => document.documentElement.dataset.state === 'invalid');
    expect(await page.locator('#errors li').allTextContents()).toEqual([
      'compositions[1].body[0].body[0].title (in slideHeading) is required',
    ]);
    const marked = page.locator('#editor .cm-lintRange-error');
    await marked.first().waitFor();
    expect((await marked.allTextContents()).join('')).toBe(heading);
    await page.click('#errors li button');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (document.getElementById('editor')!.shadowRoot as ShadowRoot & { getSelection(): Selection })
            .getSelection()
            .toString(),
        ),
      )
      .toBe(heading);
    expect(problems).toEqual([]);
    await page.close();
  });

  it(`checks a ${MAX_DECK_SLIDES}-slide deck and a one-slide deck, and refuses one over the limit`, async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${worker.url}/`);
    await waitForRender(page, 0);
    await write(page, JSON.stringify(deck(MAX_DECK_SLIDES)));
    expect(await page.textContent('#status')).toMatch(new RegExp(`^Valid deck of ${MAX_DECK_SLIDES} slides`));
    expect(await pager(page, 'png')).toMatchObject({ counter: `Slide 1 of ${MAX_DECK_SLIDES}` });
    // Two quick clicks: the first page's pictures are dropped for the second's.
    await page.click('#deck-png-next');
    await page.click('#deck-png-next');
    await page.waitForFunction(() => document.documentElement.dataset.paged === '3');
    expect(await pager(page, 'png')).toMatchObject({ counter: `Slide 3 of ${MAX_DECK_SLIDES}` });
    inOrder((await page.textContent('#out-text'))!, ['Deck slide 1', 'Deck slide 10', `Deck slide ${MAX_DECK_SLIDES}`]);

    // A deck of one: still a deck (checked as `compositions`), with nothing to page.
    await write(page, JSON.stringify(deck(1)));
    expect(await page.textContent('#status')).toMatch(/^Valid deck of 1 slide;/);
    expect(await pager(page, 'png')).toMatchObject({ hidden: true, counter: 'Slide 1 of 1' });

    await typeComposition(page, JSON.stringify(deck(MAX_DECK_SLIDES + 1)));
    await page.waitForFunction(() => document.documentElement.dataset.state === 'invalid');
    const errors = await page.locator('#errors li').allTextContents();
    expect(errors).toHaveLength(1);
    // The field and its limit, whichever check (the tool's schema or the deck's) says it first.
    expect(errors[0]).toMatch(new RegExp(`^compositions\\b.*\\b${MAX_DECK_SLIDES}\\b`));
    // The tool's schema refuses the input with a 400, which the browser logs as a failed load.
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
    await page.close();
  }, 180_000);

  it('a shared link restores the deck and the slide tab', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${worker.url}/`);
    await waitForRender(page, 0);
    await write(page, JSON.stringify(deck(3)));
    await page.click('#tab-markdown');
    // The link is written after each change, compressed: wait until it holds the deck and the tab.
    await page.waitForFunction(async () => {
      if (!location.hash.startsWith('#s=')) return false;
      try {
        const data = location.hash.slice(3).replace(/-/g, '+').replace(/_/g, '/');
        const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
        const state = JSON.parse(await new Response(stream).text()) as { text: string; tab?: string };
        return state.tab === 'markdown' && state.text.includes('Deck slide 3');
      } catch {
        return false;
      }
    });
    const link = await page.evaluate(() => location.href);
    const other = await watchedPage(browser);
    await other.page.goto(link);
    await waitForRender(other.page, 0);
    expect(await other.page.textContent('#status')).toMatch(/^Valid deck of 3 slides/);
    inOrder((await other.page.textContent('#out-markdown-source'))!, ['Deck slide 1', 'Deck slide 2', 'Deck slide 3']);
    expect(await other.page.getAttribute('#tab-markdown', 'aria-selected')).toBe('true');
    expect([...problems, ...other.problems]).toEqual([]);
    await Promise.all([page.close(), other.page.close()]);
  }, 120_000);
});
