/**
 * The playground at `/` in the system Chromium, against the real Worker under `wrangler dev` (the
 * assets and `_headers` as deployed, the Worker's routes, auth and origin policy). Every page
 * records console errors and CSP violations from its first script on; each test ends with none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { CHAT_FORMAT_NAMES } from '../../../src/chat/index.ts';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type RunningWorker, startWorker } from '../../e2e/server.ts';
import { launchChromium } from '../chromium.ts';
import {
  copied,
  editorText,
  openWithSlide,
  renders,
  typeComposition,
  gate,
  waitForRender,
  watchedPage,
} from './playground-page.ts';

const BUILT = new URL('../../../build/playground/index.html', import.meta.url);
const TOKEN = 'tok_playground_0123456789abcdef';

let browser: Browser;
let open: RunningWorker;
let guarded: RunningWorker;

beforeAll(async () => {
  if (!existsSync(BUILT)) throw new Error('build/playground is missing: run `npm run build:playground` first.');
  [browser, open, guarded] = await Promise.all([
    launchChromium(),
    // The previews draw every format of many slides: a count of limits is not what this tests.
    startWorker({ limits: false }),
    startWorker({ vars: { ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'playground-test' } }) } }),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([open?.stop(), guarded?.stop()]);
});

/** The chat hosts' tabs (those converted from the Markdown tree), in tab order, read from the registry. */
const CHAT_TABS = CHAT_FORMAT_NAMES;
/** The registry's hosts that take a picture (and so read `theme`), by how they are drawn. */
const pictured = (from: 'surface' | 'markdown'): string[] =>
  BUILT_IN_HOSTS.filter((host) => host.from === from && host.picture).map((host) => host.name);

/** What each surface shows now: enough to tell that each one drew this composition. */
async function surfaces(page: Page) {
  return page.evaluate((tabs) => {
    const image = (id: string) => {
      const img = document.getElementById(id) as HTMLImageElement;
      return { src: img.src.slice(0, 5), width: img.naturalWidth };
    };
    const frame = (document.getElementById('out-html') as HTMLIFrameElement).contentDocument;
    return {
      png: image('out-png'),
      webp: image('out-webp'),
      svg: image('out-svg'),
      html: (frame?.body?.textContent ?? '').trim().length,
      markdown: document.getElementById('out-markdown')!.childElementCount,
      markdownSource: document.getElementById('out-markdown-source')!.textContent!.length,
      text: document.getElementById('out-text')!.textContent!.length,
      slackBlocks: document.querySelectorAll('#out-slack .slack-block').length,
      slackBuilder: (document.getElementById('slack-builder') as HTMLAnchorElement).href.split('#')[0],
      teamsCards: document.querySelectorAll('#out-teams .ac-adaptiveCard').length,
      discordEmbeds: document.querySelectorAll('#out-discord .discord-embed').length,
      googleChatCards: document.querySelectorAll('#out-googlechat .gchat-card').length,
      telegramMessages: document.querySelectorAll('#out-telegram .telegram-message').length,
      chatJson: tabs.map((tab) => document.getElementById(`out-${tab}-json`)!.textContent!.slice(0, 1)),
      pdf: (document.getElementById('out-pdf') as HTMLAnchorElement).href.slice(0, 5),
      sizes: [...document.querySelectorAll('#sizes-body td')].map((cell) => cell.textContent),
    };
  }, CHAT_TABS);
}

function expectEverySurface(shown: Awaited<ReturnType<typeof surfaces>>): void {
  expect(shown.png).toEqual({ src: 'blob:', width: 960 });
  expect(shown.webp).toEqual({ src: 'blob:', width: 960 });
  expect(shown.svg).toEqual({ src: 'blob:', width: 960 });
  expect(shown.html).toBeGreaterThan(0);
  expect(shown.markdown).toBeGreaterThan(0);
  expect(shown.markdownSource).toBeGreaterThan(0);
  expect(shown.text).toBeGreaterThan(0);
  expect(shown.slackBlocks).toBeGreaterThan(0);
  expect(shown.slackBuilder).toBe('https://app.slack.com/block-kit-builder');
  expect(shown.teamsCards).toBe(1);
  expect(shown.discordEmbeds).toBeGreaterThan(0);
  expect(shown.googleChatCards).toBe(1);
  expect(shown.telegramMessages).toBeGreaterThan(0);
  expect(shown.chatJson).toEqual(['{', '{', '{', '{']);
  expect(shown.pdf).toBe('blob:');
  expect(shown.sizes).toHaveLength(12);
  for (const size of shown.sizes) expect(size).toMatch(/\d+(\.\d)? (B|KB|MB)$/);
}

/** What each chat tab shows, as a person reads it: zero-width breaks dropped, whitespace collapsed. */
const chatTexts = (page: Page) =>
  page.evaluate(
    (tabs) =>
      Object.fromEntries(
        tabs.map((tab) => [
          tab,
          (document.getElementById(`out-${tab}`)!.textContent ?? '')
            .replace(/\u200b/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        ]),
      ),
    CHAT_TABS,
  );

/** The plain-text surface cut into the pieces every host keeps: lines, ` · ` parts, table cells. */
const textPieces = (page: Page) =>
  page.evaluate(() =>
    document
      .getElementById('out-text')!
      .textContent!.split('\n')
      .flatMap((line) => line.split(/ · |\s{2,}/))
      .map((piece) => piece.replace(/\s+/g, ' ').trim())
      .filter((piece) => piece !== ''),
  );

describe('the playground', () => {
  it('loads with no console error or CSP violation and renders the first example on every surface', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    expectEverySurface(await surfaces(page));
    // The catalog and the guide came from the Worker's own routes.
    expect(await page.locator('#primitive-list button').count()).toBeGreaterThanOrEqual(42);
    expect(await page.locator('#guide h1').textContent()).toBe('View authoring');
    // One tab per format the Worker serves, in its order, named by its title; the page opens on PNG.
    const { formats } = (await (await fetch(`${open.url}/formats`)).json()) as {
      formats: { name: string; title: string }[];
    };
    const tabs = await page.$$eval('#surface-tabs [role="tab"]', (buttons) =>
      buttons.map((button) => ({ name: (button as HTMLElement).dataset.tab, title: button.textContent })),
    );
    expect(tabs).toEqual(formats.map(({ name, title }) => ({ name, title })));
    for (const host of BUILT_IN_HOSTS) expect(tabs.find((tab) => tab.name === host.name)?.title).toBe(host.title);
    expect(await page.getAttribute('#tab-png', 'aria-selected')).toBe('true');
    expect(await page.locator('#surface-panels [role="tabpanel"]:visible').count()).toBe(1);
    // Tabs: ARIA roles, one tab in the Tab order, arrow keys move the selection and show the panel.
    await page.locator('#tab-png').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-webp');
    expect(await page.getAttribute('#tab-webp', 'aria-selected')).toBe('true');
    expect(await page.isVisible('#panel-webp')).toBe(true);
    expect(await page.isHidden('#panel-png')).toBe(true);
    await page.keyboard.press('End');
    expect(await page.getAttribute('#tab-telegram', 'aria-selected')).toBe('true');
    expect(await page.isVisible('#panel-telegram')).toBe(true);
    expect(await page.locator('#surface-tabs [role="tab"][tabindex="0"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders every surface for each catalog example and each view', async () => {
    const { page, problems } = await watchedPage(browser);
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

  it("shows each example's text on the Teams, Discord, Google Chat and Telegram tabs", async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    const examples = ['slideHeading', 'slideBulletList', 'slideDefinitions', 'slideCode', 'slideQuote', 'slideStat'];
    for (const example of examples) {
      const before = await renders(page);
      await page.selectOption('#examples', `p:${example}`);
      await waitForRender(page, before);
      const pieces = await textPieces(page);
      expect(pieces.length, example).toBeGreaterThan(1);
      const shown = await chatTexts(page);
      for (const tab of CHAT_TABS)
        for (const piece of pieces) expect(shown[tab], `${example} on ${tab}`).toContain(piece);
    }
    // A table: Teams draws it with the SDK's Table (registered by the page, not by the bundle), the
    // others as monospace text or, in Google Chat, one line per row.
    const before = await renders(page);
    await page.selectOption('#examples', 'p:slideTable');
    await waitForRender(page, before);
    const shown = await chatTexts(page);
    for (const tab of CHAT_TABS)
      for (const cell of ['Europe', '48,210', '0.2%', 'North America', '61,905', '0.1%'])
        expect(shown[tab], `slideTable on ${tab}`).toContain(cell);
    expect(await page.locator('#out-teams .ac-adaptiveCard [role="table"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('shares and copies on the chat tabs as on the others', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: open.url });
    await openWithSlide(page, open.url, 'A link keeps the chat tab');
    const { formats } = (await (await fetch(`${open.url}/formats`)).json()) as {
      formats: { name: string; options: string[] }[];
    };
    const readers = {
      theme: formats.filter((format) => format.options.includes('theme')).map((format) => format.name),
    };
    expect(readers.theme).toEqual([
      'html',
      ...pictured('surface'),
      'png',
      'webp',
      'svg',
      'pdf',
      ...pictured('markdown'),
    ]);
    for (const tab of CHAT_TABS) {
      const hash = await page.evaluate(() => location.hash);
      await page.click(`#tab-${tab}`);
      await page.waitForFunction((previous) => location.hash !== previous, hash);

      // Copy link: the URL with this tab in its fragment.
      const link = await copied(page, 'link');
      expect(link).toBe(page.url());

      // Copy curl: the command for this tab's format, which the Worker answers with that host's payload.
      const curl = await copied(page, 'curl');
      // The render theme goes only to a format that reads it (GET /formats), as the route refuses the rest.
      const theme = readers.theme.includes(tab) ? `?theme=${await page.inputValue('#render-theme')}` : '';
      expect(curl.split('\n')[0]).toBe(`curl '${open.url}/render/${tab}${theme}' \\`);
      const answer = JSON.parse(
        execFileSync('bash', ['-c', curl], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      ) as Record<string, unknown>;
      const shownJson = await page.textContent(`#out-${tab}-json`);
      expect(answer).toEqual(JSON.parse(shownJson!));

      // The link opens on this tab, drawn.
      const { page: other, problems: otherProblems } = await watchedPage(browser);
      await other.goto(link);
      await waitForRender(other, 0);
      expect(await other.getAttribute(`#tab-${tab}`, 'aria-selected')).toBe('true');
      expect(await other.isVisible(`#panel-${tab}`)).toBe(true);
      expect((await chatTexts(other))[tab]).toContain('A link keeps the chat tab');
      expect(otherProblems).toEqual([]);
      await other.close();
    }
    expect(await copied(page, 'composition')).toBe(await editorText(page));
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('shows an error with its path within a second of typing, and marks the place in the editor', async () => {
    const { page, problems } = await watchedPage(browser);
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
    const { page, problems } = await watchedPage(browser);
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

    const { page: other, problems: otherProblems } = await watchedPage(browser);
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

  it('asks for the formats, the guide and the views once each, though two scripts read them', async () => {
    const { page, problems } = await watchedPage(browser);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    const count = (line: string) => asked.filter((entry) => entry === line).length;
    expect(count('GET /formats')).toBe(1);
    expect(count('GET /resources/isomer-authoring-guide')).toBe(1);
    expect(count('POST /tools/isomer_list_views')).toBe(1);
    expect(asked.indexOf('GET /early.js')).toBeLessThan(asked.indexOf('GET /playground.js'));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('checks a link before the editor has arrived, and hands the editor its text and marks', async () => {
    const { page, problems } = await watchedPage(browser);
    const { released, release } = gate();
    let asked = false;
    await page.route('**/chunks/editor-*.js', async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    // A link to a composition missing a title: its error comes back while the editor is held.
    const heading = '{"type":"slideHeading"}';
    const text = `{"type":"view","body":[{"type":"slideFrame","body":[${heading}]}]}`;
    const state = deflateRawSync(JSON.stringify({ text, theme: 'light', tab: 'png' })).toString('base64url');
    await page.goto(`${open.url}/#s=${state}`);
    await page.waitForSelector('#errors li');
    expect(await page.locator('#errors li').allTextContents()).toEqual([
      'body[0].body[0].title (in slideHeading) is required',
    ]);
    expect(await page.textContent('#editor .editor-waiting')).toBe(text);
    expect(await page.evaluate(() => document.documentElement.dataset.editor)).toBeUndefined();
    // Asked for once the check settled, and not there until it is let through; a click on the
    // finding meanwhile selects its place once the editor is there.
    await expect.poll(() => asked).toBe(true);
    await page.click('#errors li button');
    release();
    await page.waitForFunction(() => document.documentElement.dataset.editor === 'ready');
    expect(await editorText(page)).toBe(text);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (document.getElementById('editor')!.shadowRoot as ShadowRoot & { getSelection(): Selection })
            .getSelection()
            .toString(),
        ),
      )
      .toBe(heading);
    expect(await page.locator('#editor .editor-waiting').count()).toBe(0);
    const marked = page.locator('#editor .cm-lintRange-error');
    await marked.first().waitFor();
    expect((await marked.allTextContents()).join('')).toBe(heading);
    // The handed-over text is not a change: no second check.
    expect(await page.evaluate(() => document.documentElement.dataset.state)).toBe('invalid');
    // A link's surfaces are asked for beside its validation; an invalid one's answer 422 (dropped).
    expect(problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    await page.close();
  });

  it('draws the first example while the editor is held', async () => {
    const { page, problems } = await watchedPage(browser);
    const { released, release } = gate();
    await page.route('**/chunks/editor-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${open.url}/`);
    await waitForRender(page, 0);
    expectEverySurface(await surfaces(page));
    expect(await page.evaluate(() => document.documentElement.dataset.editor)).toBeUndefined();
    const shown = await page.textContent('#editor .editor-waiting');
    release();
    expect(await editorText(page)).toBe(shown);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a link to a tab this Worker does not serve on the PNG tab', async () => {
    const { page, problems } = await watchedPage(browser);
    const text = JSON.stringify({
      type: 'view',
      title: 'Elsewhere',
      body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: 'A tab another Worker serves' }] }],
    });
    // The fragment as the page writes it (raw deflate, base64url), naming an added host's tab.
    const state = deflateRawSync(JSON.stringify({ text, theme: 'dark', tab: 'zulip' })).toString('base64url');
    await page.goto(`${open.url}/#s=${state}`);
    await waitForRender(page, 0);
    expect(await editorText(page)).toBe(text);
    expect(await page.inputValue('#render-theme')).toBe('dark');
    expect(await page.locator('#tab-zulip').count()).toBe(0);
    expect(await page.getAttribute('#tab-png', 'aria-selected')).toBe('true');
    expect(await page.isVisible('#panel-png')).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Every surface twice on a Worker whose image engine starts here: the other page tests' allowance.
  it('asks for a token when the Worker wants one, keeps it for the tab, and sends it', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${guarded.url}/`);
    const dialog = page.locator('#token-dialog');
    // No timing is promised here: on a loaded machine the first 401 has taken over Playwright's 30 s default.
    await dialog.waitFor({ state: 'visible', timeout: 120_000 });
    await page.fill('#token-input', 'tok_wrong_0123456789abcdef');
    await page.click('#token-dialog button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('token-message')!.textContent!.includes('refused'), null, {
      timeout: 120_000,
    });
    expect(await dialog.isVisible()).toBe(true);
    await page.fill('#token-input', TOKEN);
    await page.click('#token-dialog button[type="submit"]');
    // This Worker's image engine starts here: the first draw of every surface gets the same allowance.
    await waitForRender(page, 0, 120_000);
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
  }, 300_000);

  // On a slow Worker one request's refusal of a wrong token can arrive after the right token was given
  // in the dialog another request opened: that request is sent again with the new token, not asked twice.
  it('sends a request refused for a replaced token again with the new one, without asking again', async () => {
    const { page, problems } = await watchedPage(browser);
    const wrong = 'tok_wrong_fedcba9876543210';
    const { released, release } = gate();
    let held = 0;
    await page.route('**/formats', async (route) => {
      if (route.request().headers().authorization === `Bearer ${wrong}`) {
        held += 1;
        await released;
      }
      await route.continue();
    });
    await page.goto(`${guarded.url}/`);
    const dialog = page.locator('#token-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 120_000 });
    await page.fill('#token-input', wrong);
    await page.click('#token-dialog button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('token-message')!.textContent!.includes('refused'), null, {
      timeout: 120_000,
    });
    await page.fill('#token-input', TOKEN);
    await page.click('#token-dialog button[type="submit"]');
    expect(held).toBe(1);
    release();
    // Either every surface draws, or a second dialog opens: the second is the defect.
    await page.waitForFunction(
      () =>
        Number(document.documentElement.dataset.renders ?? '0') > 0 ||
        (document.getElementById('token-dialog') as HTMLDialogElement).open,
      null,
      { timeout: 120_000 },
    );
    expect(await dialog.isVisible()).toBe(false);
    await waitForRender(page, 0);
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    await page.close();
  }, 300_000);

  it('shows hostile text as text everywhere and runs nothing', async () => {
    const { page, problems } = await watchedPage(browser);
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
    for (const tab of await page.locator('#surface-tabs [role="tab"]').all()) await tab.click();
    await page.waitForTimeout(300);

    const findings = await page.evaluate(() => {
      const documents: Document[] = [document];
      const frame = (document.getElementById('out-html') as HTMLIFrameElement).contentDocument;
      if (frame) documents.push(frame);
      const roots: (Document | ShadowRoot)[] = [...documents];
      for (const host of document.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
      const badUrls: string[] = [];
      const handlers: string[] = [];
      const scripts: string[] = [];
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
        for (const script of root.querySelectorAll('script')) scripts.push(script.getAttribute('src') ?? 'inline');
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
    // The page's own module scripts only.
    expect(findings.scripts).toEqual(['/early.js', '/playground.js']);
    for (const surface of ['slack', 'markdown', 'text', 'html'] as const) {
      expect(findings[surface], surface).toContain('<script>window.__pwned = 1</script>');
      expect(findings[surface], surface).toContain('onerror=');
    }
    expect(findings.slack).toContain('<!channel>');
    expect(findings.slack).toContain('<@U123>');
    // Each chat host shows the same characters: its markup (Telegram's and Google Chat's HTML,
    // Discord's and Teams' Markdown) came only from the Worker, and what the model wrote is text.
    const chats = await chatTexts(page);
    for (const tab of CHAT_TABS) {
      expect(chats[tab], tab).toContain('<script>window.__pwned = 1</script>');
      expect(chats[tab], tab).toContain('<img src=x onerror="window.__pwned = 2">');
      expect(chats[tab], tab).toContain('<a href="javascript:window.__pwned=5">x</a>');
      expect(chats[tab], tab).toContain('[click](javascript:window.__pwned=3)');
      expect(chats[tab], tab).toContain('<@U123>');
    }
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await page.close();
  });
});
