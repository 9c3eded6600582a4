/**
 * The MCP Apps page in a web host of our own, in the system Chromium, against the real Worker
 * under `wrangler dev`: the official MCP client reads `ui://isomer/show` and calls `isomer_show`;
 * the SDK's `AppBridge` hands the app its input and result through a sandbox proxy on another
 * origin, whose frame runs under the spec's restrictive default CSP. Every page records console
 * errors, exceptions, dialogs and CSP violations from every frame; each test ends with none.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { ISOMER_SHOW_APP_URI } from '../../../src/core/tools/names.ts';
import { startWorker, type RunningWorker } from '../../e2e/server.ts';
import { HOSTILE_PAYLOADS } from '../../support/hostile-payloads.ts';
import { oneSlide } from '../../support/one-slide.ts';
import { previewSlide } from '../../support/preview-slide.ts';
import { launchChromium } from '../chromium.ts';
import type { HostApi } from './mcp-app-host/host.ts';
import { startTestHost, type TestHostServer } from './mcp-app-host/server.ts';
import type { PrimitiveNode } from '../../../src/index.ts';

const fixtureFiles = import.meta.glob('../../fixtures/compositions/*.json', { import: 'default', eager: true });
const FIXTURES = Object.entries(fixtureFiles).map(([path, value]) => {
  const node = value as PrimitiveNode & Record<string, unknown>;
  return {
    name: path.split('/').at(-1)!.replace('.json', ''),
    composition: node.type === 'view' ? (node as Record<string, unknown>) : previewSlide(node),
  };
});

const WIDTH = 800;

/**
 * Chromium's warning for the proxy frame's `allow-scripts allow-same-origin`, which the spec
 * requires of a sandbox proxy; it holds no model text, and its origin is not the host's.
 */
const PROXY_SANDBOX_WARNING = 'An iframe which has both allow-scripts and allow-same-origin';

let browser: Browser;
let worker: RunningWorker;
let hostServer: TestHostServer;
let page: Page;
let problems: string[];

declare const host: HostApi;

beforeAll(async () => {
  hostServer = await startTestHost();
  [browser, worker] = await Promise.all([
    launchChromium(),
    // The host page calls the Worker from its own origin, as a web host's page would.
    // Limits off: the hostile corpus is many drawn slides from one caller, more than a minute's share.
    startWorker({ limits: false, vars: { ISOMER_CORS_ORIGINS: hostServer.origin } }),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([worker?.stop(), hostServer?.close()]);
});

/** A fresh host page, connected to the Worker, with the app's resource read. */
async function openHost(): Promise<void> {
  page = await browser.newPage({ viewport: { width: WIDTH + 64, height: 900 } });
  problems = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith(PROXY_SANDBOX_WARNING)) return;
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // In every frame, the app's included: CSP violations become console errors, and anything a
  // payload could call to show it ran leaves a mark on the document.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${location.href} ` +
          `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: () => {
          document.documentElement.dataset.executed = name;
          console.error(`script ran: ${name}`);
        },
      });
    }
  });
  await page.goto(hostServer.hostUrl);
  await page.evaluate((url) => host.connect(url), worker.url);
  const app = await page.evaluate((uri) => host.readApp(uri), ISOMER_SHOW_APP_URI);
  expect(app.mimeType).toBe('text/html;profile=mcp-app');
}

async function mount(theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  await page.evaluate(({ url, theme, width }) => host.mount(url, theme, width), {
    url: hostServer.sandboxUrl,
    theme,
    width: WIDTH,
  });
  // The sandbox proxy makes the app's frame once it has loaded, and Playwright hears of it a
  // moment later: under load that can be after `mount` returns.
  const deadline = Date.now() + 10_000;
  let frame = page.frames().find((f) => f.name() === 'view');
  while (!frame && Date.now() < deadline) {
    await page.waitForEvent('frameattached', { timeout: 1_000 }).catch(() => undefined);
    frame = page.frames().find((f) => f.name() === 'view');
  }
  if (!frame) throw new Error('the app frame is missing');
  return frame;
}

/** Calls isomer_show through the client and delivers input and result to the mounted app. */
async function showIn(args: Record<string, unknown>) {
  return page.evaluate(async (a) => {
    const result = await host.call(a);
    const delivered = await host.deliver(a, result);
    return { result, delivered };
  }, args);
}

const slideText = (frame: Frame) =>
  frame.evaluate(() =>
    (document.getElementById('slide')?.shadowRoot?.querySelector('section.isomer')?.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

beforeEach(async () => {
  await openHost();
}, 60_000);

describe('isomer_show in a web host (AppBridge + PostMessageTransport, sandbox proxy, default CSP)', () => {
  it('the resource declares no origin, so the frame runs under the restrictive default', async () => {
    const meta = await page.evaluate((uri) => host.readApp(uri), ISOMER_SHOW_APP_URI);
    expect(meta.meta).toEqual({
      ui: {
        csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
        prefersBorder: false,
      },
    });
    expect(problems).toEqual([]);
  });

  it(`draws every fixture (${FIXTURES.length}) within 500 ms of the result, scaled to the frame at 16:9`, async () => {
    const frame = await mount();
    const timings: number[] = [];
    for (const { name, composition } of FIXTURES) {
      const renders = await frame.evaluate(() => Number(document.documentElement.dataset.renders ?? '0'));
      const { result } = await showIn({ composition });
      expect(result.isError, name).toBeUndefined();
      const started = Date.now();
      await frame.waitForFunction((count) => Number(document.documentElement.dataset.renders ?? '0') > count, renders, {
        timeout: 500,
      });
      timings.push(Date.now() - started);
      const expected = await page.evaluate(
        (html) => host.surfaceText(html),
        String((result.structuredContent as { html: string }).html),
      );
      expect(expected.length, name).toBeGreaterThan(0);
      expect(await slideText(frame), name).toBe(expected);
      const box = await frame.evaluate(() => {
        const slide = document.getElementById('slide')!;
        return { width: slide.clientWidth, height: slide.clientHeight, state: document.documentElement.dataset.state };
      });
      expect(box.state, name).toBe('shown');
      expect(box.width, name).toBe(WIDTH);
      expect(Math.abs(box.height - (WIDTH * 9) / 16), name).toBeLessThanOrEqual(1);
    }
    expect(Math.max(...timings)).toBeLessThan(500);
    expect(problems).toEqual([]);
  }, 120_000);

  it('follows the host theme: light and dark differ, and a host-context change repaints', async () => {
    const frame = await mount('light');
    await showIn({ composition: FIXTURES.find((f) => f.name === 'deck-content-slide')!.composition });
    // The result reaches the frame by postMessage: read the colours once it is drawn.
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    const colours = () =>
      frame.evaluate(() => {
        const section = document.getElementById('slide')!.shadowRoot!.querySelector('section.isomer')!;
        const slide = section.querySelector('div > *') as HTMLElement;
        return {
          theme: section.getAttribute('data-theme'),
          page: document.documentElement.dataset.theme,
          background: getComputedStyle(slide).backgroundColor,
          text: getComputedStyle(slide).color,
        };
      });
    const light = await colours();
    expect(light.theme).toBe('light');
    expect(light.page).toBe('light');
    await page.evaluate(() => host.setTheme('dark'));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const dark = await colours();
    expect(dark.theme).toBe('dark');
    expect(dark.background).not.toBe(light.background);
    expect(dark.text).not.toBe(light.text);
    // A theme pinned by the call wins over the host's.
    await showIn({ composition: oneSlide(), theme: 'light' });
    await frame.waitForFunction(
      () =>
        document.getElementById('slide')?.shadowRoot?.querySelector('section.isomer')?.getAttribute('data-theme') ===
        'light',
    );
    expect(problems).toEqual([]);
  });

  it('reports its size without runaway growth: one height for a width, steady once drawn', async () => {
    const frame = await mount();
    await showIn({ composition: oneSlide() });
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    await page.waitForTimeout(400);
    const settled = await page.evaluate(() => host.record.sizes.map(({ width, height }) => ({ width, height })));
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.length).toBeLessThan(8);
    const last = settled.at(-1)!;
    expect(last.width).toBe(WIDTH);
    // The slide at 16:9 plus the download buttons, and nothing that grows with the frame's height.
    expect(last.height).toBeGreaterThanOrEqual(Math.round((WIDTH * 9) / 16));
    expect(last.height).toBeLessThan(Math.round((WIDTH * 9) / 16) + 80);
    const documentHeight = await frame.evaluate(() => document.documentElement.getBoundingClientRect().height);
    expect(Math.abs(documentHeight - last.height!)).toBeLessThanOrEqual(1);
    // Steady: a theme change and more time send nothing new.
    await page.evaluate(() => host.setTheme('dark'));
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => host.record.sizes.length)).toBe(settled.length);
    expect(problems).toEqual([]);
  });

  it('opens a link through the host (ui/open-link), never navigating the frame', async () => {
    const frame = await mount();
    await showIn({ composition: FIXTURES.find((f) => f.name === 'deck-title-slide')!.composition });
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    const before = frame.url();
    await frame.locator('a[href="https://kestrel.example/relay"]').click();
    await page.waitForFunction(() => host.record.links.length > 0);
    expect(await page.evaluate(() => host.record.links)).toEqual(['https://kestrel.example/relay']);
    expect(frame.url()).toBe(before);
    expect(await slideText(frame)).toContain('Relay');
    expect(problems).toEqual([]);
  });

  it('shows an invalid composition’s errors with their paths', async () => {
    const frame = await mount();
    const bad = { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] };
    const { result } = await showIn({ composition: bad });
    expect(result.isError).toBe(true);
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'invalid');
    const shown = await frame.evaluate(() => ({
      items: [...document.querySelectorAll('#errors li')].map((li) => ({
        path: li.querySelector('code')?.textContent,
        text: li.textContent,
      })),
      slideHidden: document.getElementById('slide')!.hidden,
    }));
    expect(shown.slideHidden).toBe(true);
    expect(shown.items).toContainEqual({
      path: 'body[0].body[0].title',
      text: expect.stringContaining('body[0].body[0].title'),
    });
    expect(problems).toEqual([]);
  });

  it('offers the PNG and PDF through the host: an isomer_render call, then ui/download-file', async () => {
    const frame = await mount();
    await showIn({ composition: oneSlide() });
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    await frame.locator('#download-png').click();
    await page.waitForFunction(() => host.record.downloads.length > 0, undefined, { timeout: 60_000 });
    await frame.locator('#download-pdf').click();
    await page.waitForFunction(() => host.record.downloads.length > 1, undefined, { timeout: 60_000 });
    const downloads = await page.evaluate(() => host.record.downloads);
    expect(downloads.map((d) => [d.uri, d.mimeType])).toEqual([
      ['file:///Refunds-settle-in-two-days.png', 'image/png'],
      ['file:///Refunds-settle-in-two-days.pdf', 'application/pdf'],
    ]);
    for (const download of downloads) expect(download.bytes).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 90_000);

  it('hostile text (the whole corpus) is drawn as text and never runs', async () => {
    const frame = await mount();
    const batch = 8;
    let shownCount = 0;
    for (let i = 0; i < HOSTILE_PAYLOADS.length; i += batch) {
      const payloads = HOSTILE_PAYLOADS.slice(i, i + batch);
      const composition = oneSlide({
        title: payloads[0],
        lede: payloads[1] ?? 'x',
        points: payloads.slice(2).length > 0 ? payloads.slice(2) : ['x'],
        brand: payloads[0]!.slice(0, 60),
        url: 'https://kestrel.example/',
      });
      const renders = await frame.evaluate(() => Number(document.documentElement.dataset.renders ?? '0'));
      await showIn({ composition });
      await frame.waitForFunction((count) => Number(document.documentElement.dataset.renders ?? '0') > count, renders);
      if ((await frame.evaluate(() => document.documentElement.dataset.state)) === 'shown') shownCount++;
      // Each batch's slide, as drawn: nothing ran, and nothing that could run is in it.
      const live = await frame.evaluate(() => {
        const all = [...(document.getElementById('slide')?.shadowRoot?.querySelectorAll('*') ?? [])];
        return {
          executed: document.documentElement.dataset.executed ?? null,
          scripts: all.filter((el) => /^(script|iframe|object|embed)$/i.test(el.tagName)).length,
          handlers: all.filter((el) => [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on'))).length,
          scriptUrls: all.filter((el) => /javascript:/i.test(el.getAttribute('href') ?? '')).length,
        };
      });
      expect(live, payloads.join(' | ')).toEqual({ executed: null, scripts: 0, handlers: 0, scriptUrls: 0 });
    }
    // Most batches are valid slides (a field the schema refuses makes an error list instead).
    expect(shownCount).toBeGreaterThan(HOSTILE_PAYLOADS.length / batch / 2);
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A deck of `count` slides, each titled and numbered for its place (no repeated section number). */
function deckOf(count: number, text: (index: number) => string = (i) => `Slide ${i + 1} of ${count}`) {
  return Array.from({ length: count }, (_, index) => {
    const slide = oneSlide({ title: text(index), points: [`Point of slide ${index + 1}`] });
    const frame = slide.body[0] as Record<string, unknown>;
    frame.sectionNumber = String(index + 1).padStart(2, '0');
    return slide;
  });
}

/** What the app's pager shows now: the counter, the buttons' state, the slide in view. */
const pagerState = (frame: Frame) =>
  frame.evaluate(() => {
    const slide = document.getElementById('slide')!;
    return {
      counter: document.getElementById('counter')!.textContent,
      live: document.getElementById('counter')!.getAttribute('aria-live'),
      pagerHidden: document.getElementById('pager')!.hidden,
      previousDisabled: (document.getElementById('slide-previous') as HTMLButtonElement).disabled,
      nextDisabled: (document.getElementById('slide-next') as HTMLButtonElement).disabled,
      width: slide.clientWidth,
      height: slide.clientHeight,
      theme: slide.shadowRoot?.querySelector('section.isomer')?.getAttribute('data-theme'),
    };
  });

/** Waits for slide `n` (1-based) of the deck to be in view. */
const onSlide = (frame: Frame, n: number) =>
  frame.waitForFunction((want) => document.documentElement.dataset.slide === String(want), n, { timeout: 5_000 });

describe('a deck in the MCP App (isomer_show with compositions)', () => {
  /** The text each slide of a result should show, from the result's own slides. */
  const expectedTexts = (result: { structuredContent?: unknown }) =>
    page.evaluate(
      (slides) => slides.map((slide) => host.surfaceText(slide.html)),
      (result.structuredContent as { slides: { html: string }[] }).slides,
    );

  it('pages through a 3-slide deck by buttons and keys, with a polite counter, in the host theme and size', async () => {
    const frame = await mount('light');
    const compositions = deckOf(3);
    const { result } = await showIn({ compositions });
    expect(result.isError).toBeUndefined();
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    const texts = await expectedTexts(result);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain('Slide 2 of 3');

    const ideal = { width: WIDTH, height: Math.round((WIDTH * 9) / 16) };
    const first = await pagerState(frame);
    expect(first).toMatchObject({ counter: '1 / 3', live: 'polite', pagerHidden: false, previousDisabled: true });
    expect(first).toMatchObject({ nextDisabled: false, theme: 'light', ...ideal });
    expect(await slideText(frame)).toBe(texts[0]);

    // Buttons.
    await frame.locator('#slide-next').click();
    await onSlide(frame, 2);
    expect(await slideText(frame)).toBe(texts[1]);
    expect(await pagerState(frame)).toMatchObject({ counter: '2 / 3', previousDisabled: false, nextDisabled: false });
    await frame.locator('#slide-next').click();
    await onSlide(frame, 3);
    expect(await pagerState(frame)).toMatchObject({ counter: '3 / 3', nextDisabled: true, ...ideal });
    expect(await slideText(frame)).toBe(texts[2]);
    await frame.locator('#slide-previous').click();
    await onSlide(frame, 2);

    // Keys, wherever focus is in the frame; the ends hold.
    await frame.locator('#counter').click();
    await page.keyboard.press('Home');
    await onSlide(frame, 1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await onSlide(frame, 2);
    await page.keyboard.press('End');
    await onSlide(frame, 3);
    await page.keyboard.press('ArrowRight');
    expect(await pagerState(frame)).toMatchObject({ counter: '3 / 3' });
    await page.keyboard.press('ArrowLeft');
    await onSlide(frame, 2);
    expect(await slideText(frame)).toBe(texts[1]);

    // The host's theme reaches the slide in view and the ones paged to after it.
    const sizesBefore = await page.evaluate(() => host.record.sizes.length);
    await page.evaluate(() => host.setTheme('dark'));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await pagerState(frame)).toMatchObject({ theme: 'dark' });
    await page.keyboard.press('ArrowRight');
    await onSlide(frame, 3);
    expect(await pagerState(frame)).toMatchObject({ theme: 'dark', ...ideal });
    // Paging and the theme never resize the frame: every slide is 16:9 at the frame's width.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => host.record.sizes.length)).toBe(sizesBefore);
    const last = await page.evaluate(() => host.record.sizes.at(-1)!);
    expect(last.width).toBe(WIDTH);
    expect(last.height).toBeLessThan(ideal.height + 120);
    expect(problems).toEqual([]);
  });

  it('pages a deck the same over the 2025 protocol (the legacy handshake)', async () => {
    await page.evaluate((url) => host.connect(url, true), worker.url);
    await page.evaluate((uri) => host.readApp(uri), ISOMER_SHOW_APP_URI);
    const frame = await mount();
    const { result } = await showIn({ compositions: deckOf(3) });
    expect(result.isError).toBeUndefined();
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    const texts = await expectedTexts(result);
    await frame.locator('#counter').click();
    await page.keyboard.press('End');
    await onSlide(frame, 3);
    expect(await pagerState(frame)).toMatchObject({ counter: '3 / 3', nextDisabled: true });
    expect(await slideText(frame)).toBe(texts[2]);
    // The 2025 client opens a GET stream, which the stateless endpoint refuses with 405 (as the spec
    // allows); the browser logs that in the host's page, not in the app's frame.
    expect(problems.filter((problem) => !/status of 405/.test(problem))).toEqual([]);
  });

  it('follows a narrower frame: the slide in view rescales at 16:9', async () => {
    const frame = await mount('light');
    await showIn({ compositions: deckOf(3) });
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    await frame.locator('#slide-next').click();
    await onSlide(frame, 2);
    await page.evaluate(() => {
      document.getElementById('view')!.style.width = '480px';
    });
    await frame.waitForFunction(() => document.getElementById('slide')!.clientWidth === 480);
    await frame.waitForFunction(() => Math.abs(document.getElementById('slide')!.clientHeight - 270) <= 1);
    await frame.locator('#slide-next').click();
    await onSlide(frame, 3);
    const state = await pagerState(frame);
    expect(state.width).toBe(480);
    expect(Math.abs(state.height - 270)).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
  });

  it('pages through a 20-slide deck end to end, every slide its own text', async () => {
    const frame = await mount();
    const { result } = await showIn({ compositions: deckOf(20) });
    expect(result.isError).toBeUndefined();
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    const texts = await expectedTexts(result);
    expect(texts).toHaveLength(20);
    await frame.locator('#counter').click();
    for (let n = 1; n <= 20; n++) {
      await onSlide(frame, n);
      expect((await pagerState(frame)).counter).toBe(`${n} / 20`);
      expect(await slideText(frame)).toBe(texts[n - 1]);
      await page.keyboard.press(n % 2 === 0 ? 'PageDown' : 'ArrowRight');
    }
    expect(await pagerState(frame)).toMatchObject({ counter: '20 / 20', nextDisabled: true });
    await page.keyboard.press('Home');
    await onSlide(frame, 1);
    await page.keyboard.press('End');
    await onSlide(frame, 20);
    expect(problems).toEqual([]);
  }, 90_000);

  it('a one-slide deck shows no pager', async () => {
    const frame = await mount();
    await showIn({ compositions: deckOf(1) });
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    expect(await pagerState(frame)).toMatchObject({ pagerHidden: true, width: WIDTH });
    expect(await slideText(frame)).toContain('Slide 1 of 1');
    expect(problems).toEqual([]);
  });

  it('an invalid slide in the middle lists its error under its slide’s path, and pages nothing', async () => {
    const frame = await mount();
    const compositions: unknown[] = deckOf(3);
    compositions[1] = { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] };
    const { result } = await showIn({ compositions });
    expect(result.isError).toBe(true);
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'invalid');
    const shown = await frame.evaluate(() => ({
      paths: [...document.querySelectorAll('#errors li code')].map((code) => code.textContent),
      slideHidden: document.getElementById('slide')!.hidden,
      pagerHidden: document.getElementById('pager')!.hidden,
    }));
    expect(shown).toEqual({
      paths: expect.arrayContaining(['compositions[1].body[0].body[0].title']),
      slideHidden: true,
      pagerHidden: true,
    });
    await frame.locator('#errors').click();
    await page.keyboard.press('ArrowRight');
    expect(await frame.evaluate(() => document.documentElement.dataset.slide ?? null)).toBeNull();
    expect(problems).toEqual([]);
  });

  it('downloads the whole deck as one PDF and the slide in view as a PNG', async () => {
    const frame = await mount();
    await showIn({ compositions: deckOf(3) });
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    await frame.locator('#slide-next').click();
    await onSlide(frame, 2);
    await frame.locator('#download-pdf').click();
    await page.waitForFunction(() => host.record.downloads.length > 0, undefined, { timeout: 60_000 });
    await frame.locator('#download-png').click();
    await page.waitForFunction(() => host.record.downloads.length > 1, undefined, { timeout: 60_000 });
    const downloads = await page.evaluate(() => host.record.downloads);
    expect(downloads.map(({ uri, mimeType, pages }) => ({ uri, mimeType, pages }))).toEqual([
      { uri: 'file:///Slide-1-of-3.pdf', mimeType: 'application/pdf', pages: 3 },
      { uri: 'file:///Slide-2-of-3.png', mimeType: 'image/png', pages: undefined },
    ]);
    expect(downloads[1]!.bytes).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 120_000);

  it('hostile text on every slide of a deck is drawn as text and never runs', async () => {
    const frame = await mount();
    // Twenty payloads spread over the corpus's groups, one slide each: its title and its point.
    const stride = Math.floor(HOSTILE_PAYLOADS.length / 20);
    const picked = Array.from({ length: 20 }, (_, i) => HOSTILE_PAYLOADS[i * stride]!);
    const compositions = deckOf(20, (index) => picked[index]!);
    const { result } = await showIn({ compositions });
    expect(result.isError).toBeUndefined();
    await frame.waitForFunction(() => document.documentElement.dataset.state === 'shown');
    for (let n = 1; n <= 20; n++) {
      await onSlide(frame, n);
      const live = await frame.evaluate(() => {
        const all = [...(document.getElementById('slide')?.shadowRoot?.querySelectorAll('*') ?? [])];
        return {
          executed: document.documentElement.dataset.executed ?? null,
          scripts: all.filter((el) => /^(script|iframe|object|embed)$/i.test(el.tagName)).length,
          handlers: all.filter((el) => [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on'))).length,
          scriptUrls: all.filter((el) => /javascript:/i.test(el.getAttribute('href') ?? '')).length,
        };
      });
      expect(live, `slide ${n}: ${picked[n - 1]}`).toEqual({ executed: null, scripts: 0, handlers: 0, scriptUrls: 0 });
      if (n < 20) await frame.locator('#slide-next').click();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
