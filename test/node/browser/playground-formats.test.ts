/**
 * The playground's tabs follow the Worker's formats: against a Worker that serves one more chat
 * host (Zulip) and one format given in code (`csv`), under `wrangler dev`
 * (test/support/workers/extra-formats.ts), the page shows a tab for each, draws them with its
 * generic preview, shares a link to them and copies a curl command the Worker answers.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '../../e2e/server.ts';
import { launchChromium } from '../chromium.ts';
import { FORMATS } from '../../../src/core/formats.ts';
import {
  copied,
  editorText,
  openWithSlide,
  renders,
  typeComposition,
  waitForRender,
  watchedPage,
} from './playground-page.ts';

const BUILT = new URL('../../../build/playground/index.html', import.meta.url);
/** The formats this Worker adds to the built-in ones. */
const ADDED = ['zulip', 'csv'] as const;

interface Listed {
  name: string;
  title: string;
  mimeType: string;
  options: string[];
}

let browser: Browser;
let worker: RunningWorker;
let formats: Listed[];

beforeAll(async () => {
  if (!existsSync(BUILT)) throw new Error('build/playground is missing: run `npm run build:playground` first.');
  [browser, worker] = await Promise.all([
    launchChromium(),
    startWorker({ entry: 'test/support/workers/extra-formats.ts' }),
  ]);
  ({ formats } = (await (await fetch(`${worker.url}/formats`)).json()) as { formats: Listed[] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
});

const wordsOf = (text: string): string[] => [...new Set(text.match(/\p{L}{3,}/gu) ?? [])];

/** Every string a composition holds. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(strings)
      : [];

/** Zulip's messages as a person reads them: the contents, Markdown's backslash escapes undone. */
const zulipText = (payload: string): string =>
  (JSON.parse(payload) as { messages: { content: string }[] }).messages
    .map((message) => message.content.replace(/\\(.)/g, '$1'))
    .join('\n');

/** What an added format's panel holds: its text, and the elements in it besides the one <pre>. */
const panel = (page: Page, name: string) =>
  page.evaluate((name) => {
    const out = document.getElementById(`out-${name}`)!;
    return {
      tag: out.tagName,
      text: out.textContent ?? '',
      elements: document.getElementById(`panel-${name}`)!.querySelectorAll('*').length,
    };
  }, name);

describe('the playground against a Worker with an added host and a code format', () => {
  it('shows a tab for every served format, titled as the Worker says, and draws the added ones as text', async () => {
    expect(formats.map((format) => format.name)).toEqual([...FORMATS.map((format) => format.name), ...ADDED]);
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${worker.url}/`);
    await waitForRender(page, 0);
    const tabs = await page.$$eval('#surface-tabs [role="tab"]', (buttons) =>
      buttons.map((button) => ({ name: (button as HTMLElement).dataset.tab, title: button.textContent })),
    );
    expect(tabs).toEqual(formats.map(({ name, title }) => ({ name, title })));
    expect(tabs.slice(-2)).toEqual([
      { name: 'zulip', title: 'Zulip' },
      { name: 'csv', title: 'csv' },
    ]);
    expect(await page.getAttribute('#tab-png', 'aria-selected')).toBe('true');
    // A size for every format, the added ones in characters (they are text).
    const sizes = await page.$$eval('#sizes-body tr', (rows) =>
      rows.map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]),
    );
    expect(sizes.map(([title]) => title)).toEqual(formats.map((format) => format.title));
    for (const [, size] of sizes) expect(size).toMatch(/\d+(\.\d)? (B|KB|MB)$/);
    for (const [title, size] of sizes.slice(-2)) expect(size, title!).toMatch(/^[\d,]+ characters · /);

    // The first example, in each added format: the payload's text, holding the example's words
    // (Zulip: every word the plain-text surface shows; the CSV: every word of every string).
    const words = {
      zulip: wordsOf((await page.textContent('#out-text')) ?? ''),
      csv: wordsOf(strings(JSON.parse(await editorText(page))).join(' ')),
    };
    for (const name of ADDED) {
      expect(words[name].length, name).toBeGreaterThan(5);
      await page.click(`#tab-${name}`);
      expect(await page.isVisible(`#panel-${name}`)).toBe(true);
      const shown = await panel(page, name);
      expect(shown.tag, name).toBe('PRE');
      expect(shown.elements, name).toBe(1);
      for (const word of words[name]) expect(shown.text, `${word} on ${name}`).toContain(word);
    }
    // Zulip's payload is JSON (its media type ends in +json): shown pretty-printed.
    const zulip = (await panel(page, 'zulip')).text;
    expect(zulip).toBe(JSON.stringify(JSON.parse(zulip), null, 2));
    expect((await panel(page, 'csv')).text.split('\r\n')[0]).toBe('path,text');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shares a link to an added tab and copies a curl command the Worker answers as shown', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: worker.url });
    await openWithSlide(page, worker.url, 'A link keeps the added tab');
    for (const name of ADDED) {
      const hash = await page.evaluate(() => location.hash);
      await page.click(`#tab-${name}`);
      await page.waitForFunction((previous) => location.hash !== previous, hash);

      const link = await copied(page, 'link');
      expect(link).toBe(page.url());

      // The theme only where the route reads it (the code format reads every option but `image`).
      const curl = await copied(page, 'curl');
      const reads = formats.find((format) => format.name === name)!.options.includes('theme');
      expect(reads, name).toBe(name === 'csv');
      const theme = reads ? `?theme=${await page.inputValue('#render-theme')}` : '';
      expect(curl.split('\n')[0]).toBe(`curl '${worker.url}/render/${name}${theme}' \\`);
      expect(curl, name).not.toContain(' -o ');
      const answer = execFileSync('bash', ['-c', curl], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const shown = (await panel(page, name)).text;
      if (name === 'zulip') expect(JSON.parse(answer)).toEqual(JSON.parse(shown));
      else expect(answer).toBe(shown);
      expect(shown).toContain('A link keeps the added tab');

      // The link opens on this tab, drawn.
      const { page: other, problems: otherProblems } = await watchedPage(browser);
      await other.goto(link);
      await waitForRender(other, 0);
      expect(await editorText(other)).toBe(await editorText(page));
      expect(await other.getAttribute(`#tab-${name}`, 'aria-selected')).toBe('true');
      expect(await other.isVisible(`#panel-${name}`)).toBe(true);
      expect((await panel(other, name)).text).toBe(shown);
      expect(otherProblems).toEqual([]);
      await other.close();
    }

    // A binary format's command writes a file: the PNG's bytes.
    await page.click('#tab-png');
    const curl = await copied(page, 'curl');
    expect(curl.split('\n')).toContain('  -o composition.png \\');
    const directory = mkdtempSync(join(tmpdir(), 'isomer-curl-'));
    try {
      execFileSync('bash', ['-c', curl], { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] });
      const png = readFileSync(join(directory, 'composition.png'));
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('shows hostile text in the added formats as text and runs nothing', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${worker.url}/`);
    await waitForRender(page, 0);
    const image = '<img src=x onerror="window.__pwned = 1">';
    const script = '<script>window.__pwned = 2</script>';
    const hostile = {
      type: 'view',
      title: 'Hostile',
      body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: image, lede: script }] }],
    };
    const before = await renders(page);
    await typeComposition(page, JSON.stringify(hostile));
    await waitForRender(page, before);
    for (const name of ADDED) {
      await page.click(`#tab-${name}`);
      const shown = await panel(page, name);
      expect(shown.elements, name).toBe(1);
      // The tags are there as characters (Zulip escapes them for its Markdown, the CSV doubles quotes).
      const text = name === 'zulip' ? zulipText(shown.text) : shown.text;
      for (const tag of ['<img src=x onerror=', '<script>window.__pwned = 2</script>'])
        expect(text, `${tag} on ${name}`).toContain(tag);
    }
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();
  });
});
