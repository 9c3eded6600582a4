/**
 * The playground at `/` in the system Chromium, against the real Worker under `wrangler dev` (the
 * assets and `_headers` as deployed, the Worker's routes, auth and origin policy). Every page
 * records console errors and CSP violations from its first script on; each test ends with none.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type RunningWorker, startWorker } from '../../e2e/server.ts';
import { launchChromium } from '../chromium.ts';

const BUILT = new URL('../../../build/playground/index.html', import.meta.url);
const TOKEN = 'tok_playground_0123456789abcdef';

let browser: Browser;
let open: RunningWorker;
let guarded: RunningWorker;

beforeAll(async () => {
  if (!existsSync(BUILT)) throw new Error('build/playground is missing: run `npm run build:playground` first.');
  [browser, open, guarded] = await Promise.all([
    launchChromium(),
    startWorker(),
    startWorker({ vars: { ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'playground-test' } }) } }),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([open?.stop(), guarded?.stop()]);
});

interface Watched {
  page: Page;
  problems: string[];
}

/** A page that records console errors, uncaught exceptions, CSP violations and dialogs. */
async function watchedPage(): Promise<Watched> {
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
const renders = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.renders ?? '0'));

async function waitForRender(page: Page, after: number, timeout = 60_000): Promise<void> {
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

/** What each surface shows now: enough to tell that each one drew this composition. */
async function surfaces(page: Page) {
  return page.evaluate(() => {
    const image = (id: string) => {
      const img = document.getElementById(id) as HTMLImageElement;
      return { src: img.src.slice(0, 5), width: img.naturalWidth };
    };
    const frame = (document.getElementById('out-html') as HTMLIFrameElement).contentDocument;
    return {
      png: image('out-png'),
      svg: image('out-svg'),
      html: (frame?.body?.textContent ?? '').trim().length,
      markdown: document.getElementById('out-markdown')!.childElementCount,
      markdownSource: document.getElementById('out-markdown-source')!.textContent!.length,
      text: document.getElementById('out-text')!.textContent!.length,
      slackBlocks: document.querySelectorAll('#out-slack .slack-block').length,
      slackBuilder: (document.getElementById('slack-builder') as HTMLAnchorElement).href.split('#')[0],
      pdf: (document.getElementById('out-pdf') as HTMLAnchorElement).href.slice(0, 5),
      sizes: [...document.querySelectorAll('#sizes-body td')].map((cell) => cell.textContent),
    };
  });
}

function expectEverySurface(shown: Awaited<ReturnType<typeof surfaces>>): void {
  expect(shown.png).toEqual({ src: 'blob:', width: 960 });
  expect(shown.svg).toEqual({ src: 'blob:', width: 960 });
  expect(shown.html).toBeGreaterThan(0);
  expect(shown.markdown).toBeGreaterThan(0);
  expect(shown.markdownSource).toBeGreaterThan(0);
  expect(shown.text).toBeGreaterThan(0);
  expect(shown.slackBlocks).toBeGreaterThan(0);
  expect(shown.slackBuilder).toBe('https://app.slack.com/block-kit-builder');
  expect(shown.pdf).toBe('blob:');
  expect(shown.sizes).toHaveLength(7);
  for (const size of shown.sizes) expect(size).toMatch(/\d+(\.\d)? (B|KB|MB)$/);
}

/** Replaces the editor's text as a paste would, then types one space so the change is keyed. */
async function typeComposition(page: Page, text: string): Promise<void> {
  await page.locator('#editor .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await page.keyboard.type(' ');
}

const editorText = (page: Page) =>
  page.evaluate(() => {
    const content = document.getElementById('editor')!.shadowRoot!.querySelector('.cm-content')!;
    return [...content.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n');
  });

describe('the playground', () => {
  it('loads with no console error or CSP violation and renders the first example on every surface', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    expectEverySurface(await surfaces(page));
    // The catalog and the guide came from the Worker's own routes.
    expect(await page.locator('#primitive-list button').count()).toBeGreaterThanOrEqual(42);
    expect(await page.locator('#guide h1').textContent()).toBe('View authoring');
    // Tabs: ARIA roles, one tab in the Tab order, arrow keys move the selection and show the panel.
    await page.locator('#tab-png').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-svg');
    expect(await page.getAttribute('#tab-svg', 'aria-selected')).toBe('true');
    expect(await page.isVisible('#panel-svg')).toBe(true);
    expect(await page.isHidden('#panel-png')).toBe(true);
    await page.keyboard.press('End');
    expect(await page.getAttribute('#tab-pdf', 'aria-selected')).toBe('true');
    expect(await page.locator('#surface-tabs [role="tab"][tabindex="0"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders every surface for each catalog example and each view', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    const values = await page.$$eval('#examples option', (options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ''),
    );
    // Every primitive of the slides pack has an example, and the default Worker has one view.
    expect(values.filter((value) => value.startsWith('p:'))).toHaveLength(42);
    expect(values.filter((value) => value.startsWith('v:'))).toEqual(['v:summary-slide']);
    for (const value of values) {
      const before = await renders(page);
      await page.selectOption('#examples', value);
      await waitForRender(page, before);
      const shown = await surfaces(page);
      expectEverySurface(shown);
      if (value.startsWith('v:')) expect(await page.isVisible('#view-input-text')).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 900_000);

  it('shows an error with its path within a second of typing, and marks the place in the editor', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    const heading = '{"type":"slideHeading"}';
    await typeComposition(page, `{"type":"view","body":[{"type":"slideFrame","body":[${heading}]}]}`);
    const typed = Date.now();
    await page.waitForSelector('#errors li', { timeout: 5000 });
    const elapsed = Date.now() - typed;
    expect(await page.locator('#errors li').allTextContents()).toEqual([
      'body[0].body[0].title (in slideHeading) is required',
    ]);
    expect(elapsed).toBeLessThan(1000);
    // The mark covers the node missing its title.
    const marked = page.locator('#editor .cm-lintRange-error');
    await marked.first().waitFor();
    expect((await marked.allTextContents()).join('')).toBe(heading);
    expect(await page.locator('#editor .cm-lint-marker-error').count()).toBe(1);
    // Not JSON at all: the syntax error is listed and marked too.
    await typeComposition(page, '{"type":"view",');
    await page.waitForFunction(() => document.getElementById('errors')!.textContent!.startsWith('JSON syntax'));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('puts the state in the URL fragment, and a shared link restores it', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    const composition = JSON.stringify({
      type: 'view',
      title: 'Shared',
      body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: 'A link carries the whole slide' }] }],
    });
    let before = await renders(page);
    await typeComposition(page, composition);
    await waitForRender(page, before);
    await page.selectOption('#render-theme', 'dark');
    await page.click('#tab-markdown');
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    await page.waitForTimeout(300);
    const link = page.url();
    const typed = await editorText(page);
    expect(typed.trim()).toBe(composition);

    const { page: other, problems: otherProblems } = await watchedPage();
    await other.goto(link);
    await waitForRender(other, 0);
    expect(await editorText(other)).toBe(typed);
    expect(await other.inputValue('#render-theme')).toBe('dark');
    expect(await other.getAttribute('#tab-markdown', 'aria-selected')).toBe('true');
    expect(await other.textContent('#out-markdown')).toContain('A link carries the whole slide');

    // A new fragment in the same page (hashchange) restores that state too.
    const second = link;
    before = await renders(page);
    await typeComposition(page, composition.replace('A link carries', 'Another link carries'));
    await waitForRender(page, before);
    before = await renders(page);
    await page.evaluate((hash) => {
      location.hash = hash;
    }, new URL(second).hash);
    await waitForRender(page, before);
    expect(await editorText(page)).toBe(typed);
    expect(problems).toEqual([]);
    expect(otherProblems).toEqual([]);
    await page.close();
    await other.close();
  });

  it('asks for a token when the Worker wants one, keeps it for the tab, and sends it', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${guarded.url}/`);
    const dialog = page.locator('#token-dialog');
    await dialog.waitFor({ state: 'visible' });
    await page.fill('#token-input', 'tok_wrong_0123456789abcdef');
    await page.click('#token-dialog button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('token-message')!.textContent!.includes('refused'));
    expect(await dialog.isVisible()).toBe(true);
    await page.fill('#token-input', TOKEN);
    await page.click('#token-dialog button[type="submit"]');
    await waitForRender(page, 0);
    expectEverySurface(await surfaces(page));
    expect(await page.evaluate(() => sessionStorage.getItem('isomer-playground-token'))).toBe(TOKEN);
    // The copied snippets say a token is needed, without carrying it.
    expect(await page.evaluate(() => document.getElementById('forget-token')!.hidden)).toBe(false);
    // A reload in the same tab keeps the token: no dialog.
    await page.reload();
    await waitForRender(page, 0);
    expect(await dialog.isVisible()).toBe(false);
    // The browser's 401s are console errors; nothing else is.
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    await page.close();
  });

  it('shows hostile text as text everywhere and runs nothing', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    const script = '<script>window.__pwned = 1</script>';
    const image = '<img src=x onerror="window.__pwned = 2">';
    const hostile = {
      type: 'view',
      title: `${script} <!channel>`,
      body: [
        {
          type: 'slideFrame',
          brand: '<@U123> <!here>',
          body: [
            {
              type: 'slideHeading',
              title: `${script} ${image}`,
              lede: '[click](javascript:window.__pwned=3) <!channel>',
            },
            {
              type: 'slideBulletList',
              items: ['<javascript:window.__pwned=4|open> <@U123>', '<a href="javascript:window.__pwned=5">x</a>'],
            },
          ],
        },
      ],
    };
    const before = await renders(page);
    await typeComposition(page, JSON.stringify(hostile));
    await waitForRender(page, before);
    for (const tab of ['png', 'svg', 'html', 'markdown', 'text', 'slack', 'pdf']) await page.click(`#tab-${tab}`);
    await page.waitForTimeout(300);

    const findings = await page.evaluate(() => {
      const documents: Document[] = [document];
      const frame = (document.getElementById('out-html') as HTMLIFrameElement).contentDocument;
      if (frame) documents.push(frame);
      const roots: (Document | ShadowRoot)[] = [...documents];
      for (const host of document.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
      const badUrls: string[] = [];
      const handlers: string[] = [];
      let scripts = 0;
      for (const root of roots) {
        for (const element of root.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            if (/^on/i.test(attribute.name)) handlers.push(`${element.nodeName} ${attribute.name}`);
            if (/^(href|src|action|formaction|xlink:href)$/i.test(attribute.name)) {
              const protocol = (() => {
                try {
                  return new URL(attribute.value, location.href).protocol;
                } catch {
                  return 'unparsable:';
                }
              })();
              if (!['http:', 'https:', 'blob:', 'mailto:', 'data:'].includes(protocol))
                badUrls.push(`${element.nodeName} ${attribute.name}=${attribute.value}`);
            }
          }
        }
        scripts += root.querySelectorAll('script').length;
      }
      return {
        pwned: (window as { __pwned?: unknown }).__pwned,
        badUrls,
        handlers,
        scripts,
        slack: document.getElementById('out-slack')!.textContent,
        markdown: document.getElementById('out-markdown')!.textContent,
        text: document.getElementById('out-text')!.textContent,
        html: frame?.body.textContent ?? '',
      };
    });
    expect(findings.pwned).toBeUndefined();
    expect(findings.badUrls).toEqual([]);
    expect(findings.handlers).toEqual([]);
    // The page's own module script only.
    expect(findings.scripts).toBe(1);
    for (const surface of ['slack', 'markdown', 'text', 'html'] as const) {
      expect(findings[surface], surface).toContain('<script>window.__pwned = 1</script>');
      expect(findings[surface], surface).toContain('onerror=');
    }
    expect(findings.slack).toContain('<!channel>');
    expect(findings.slack).toContain('<@U123>');
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await page.close();
  });
});
