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
  const frame = page.frames().find((f) => f.name() === 'view');
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
