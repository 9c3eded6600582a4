/**
 * The playground's Discord, Google Chat and Telegram previews, fed payloads no Worker would send
 * (host markup written to attack the page), in Chromium under the playground's own CSP. Each host's
 * markup must be read as that host reads it: its allow-list becomes elements, a link only to a URL
 * the host opens, and everything else shows as the characters it is. Nothing runs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../chromium.ts';

const SOURCE = fileURLToPath(new URL('../../../playground/', import.meta.url));
const ORIGIN = 'https://previews.test';

/** The page policy from `_headers` (the `/*` block), as the deployed playground sends it. */
const POLICY = /^\/\*\n\s+Content-Security-Policy: (.+)$/m.exec(readFileSync(`${SOURCE}_headers`, 'utf8'))![1]!;

let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: [
        "import { discordPreview } from './discord.ts';",
        "import { googleChatPreview } from './googlechat.ts';",
        "import { telegramPreview } from './telegram.ts';",
        'Object.assign(window, { previews: { discord: discordPreview, googlechat: googleChatPreview, telegram: telegramPreview } });',
      ].join('\n'),
      resolveDir: `${SOURCE}src`,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'warning',
  });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/previews.js')
      return route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0]!.text });
    if (pathname === '/') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'content-security-policy': POLICY },
        body: '<!doctype html><title>previews</title><script src="/previews.js"></script><main id="out"></main>',
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto(`${ORIGIN}/`);
}, 60_000);

afterAll(() => browser?.close());

/** Draws `payload` with one host's preview; answers what a test needs to judge the result. */
async function draw(host: 'discord' | 'googlechat' | 'telegram', payload: unknown) {
  return page.evaluate(
    ({ host, payload }) => {
      const out = document.getElementById('out')!;
      out.replaceChildren();
      (window as unknown as { previews: Record<string, (root: HTMLElement, payload: unknown) => void> }).previews[
        host
      ]!(out, payload);
      const all = [...out.querySelectorAll('*')];
      return {
        text: out.textContent ?? '',
        tags: all.map((element) => element.localName),
        links: [...out.querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
        attributes: all.flatMap((element) =>
          [...element.attributes]
            .map((attribute) => attribute.name)
            .filter((name) => !['class', 'aria-hidden', 'href', 'target', 'rel', 'data-language'].includes(name)),
        ),
        styled: Object.fromEntries(
          ['strong', 'em', 'u', 's', 'code', 'pre', 'blockquote', 'li', 'h3'].map((tag) => [
            tag,
            [...out.querySelectorAll(tag)].map((element) => element.textContent),
          ]),
        ),
        languages: [...out.querySelectorAll('[data-language]')].map(
          (element) => (element as HTMLElement).dataset.language,
        ),
        stripe: (out.querySelector('.discord-embed') as HTMLElement | null)?.style.borderLeftColor ?? '',
        pwned: (window as { __pwned?: unknown }).__pwned,
      };
    },
    { host, payload },
  );
}

const ATTACKS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '<svg onload="window.__pwned=3"></svg>',
  '<iframe src="javascript:window.__pwned=4"></iframe>',
  '<b onclick="window.__pwned=5">',
];

describe('chat previews under the playground CSP', () => {
  it('Telegram: its HTML allow-list becomes elements, http(s) links only, anything else shows as text', async () => {
    const shown = await draw('telegram', {
      messages: [
        {
          text: [
            '<b>bold</b> <strong>strong</strong> <i>italic</i> <u>under</u> <s>struck</s> <code>code</code>',
            '<pre><code class="language-ts">let x = 1;</code></pre><blockquote>quoted</blockquote>',
            '<a href="https://example.com/ok">ok</a> <a href="javascript:window.__pwned=6">js</a>',
            '<a href="mailto:a@example.com">mail</a> <a href=" JaVaScRiPt:window.__pwned=7">spaced</a>',
            '&lt;b&gt;escaped&lt;/b&gt; &amp;amp; </i>stray close',
            ...ATTACKS,
          ].join('\n'),
        },
        { text: 'second message' },
      ],
    });
    expect(shown.styled.strong).toEqual(['bold', 'strong', '']);
    expect(shown.styled.em).toEqual(['italic']);
    expect(shown.styled.u).toEqual(['under']);
    expect(shown.styled.s).toEqual(['struck']);
    expect(shown.styled.pre).toEqual(['let x = 1;']);
    expect(shown.styled.blockquote).toEqual(['quoted']);
    expect(shown.languages).toEqual(['ts']);
    // Telegram opens http(s) only: mailto, javascript: and friends keep their label, with no target.
    expect(shown.links).toEqual([
      { text: 'ok', href: 'https://example.com/ok' },
      { text: 'js', href: null },
      { text: 'mail', href: null },
      { text: 'spaced', href: null },
    ]);
    expect(shown.text).toContain('<b>escaped</b> &amp; </i>stray close');
    // <b onclick> is an allowed tag with a refused attribute: bold, and the handler is gone.
    for (const attack of ATTACKS.slice(0, 4)) expect(shown.text).toContain(attack);
    expect(shown.tags).not.toContain('img');
    expect(shown.tags).not.toContain('script');
    expect(shown.tags).not.toContain('svg');
    expect(shown.tags).not.toContain('iframe');
    expect(shown.attributes).toEqual([]);
    expect(shown.text).toContain('second message');
    expect(shown.pwned).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('Google Chat: the card header is plain text, card text its HTML subset, images from https only', async () => {
    const shown = await draw('googlechat', {
      fallbackText: 'ignored when there is a card',
      cardsV2: [
        {
          cardId: 'isomer',
          card: {
            header: { title: '<b>title, not bold</b>', subtitle: ATTACKS[0] },
            sections: [
              {
                header: '<i>section</i>',
                widgets: [
                  {
                    textParagraph: {
                      text: `<b>b</b><br><u>u</u> <s>s</s> <font color="#ff0000">red</font> <a href="https://example.com/">e</a> <a href="javascript:window.__pwned=8">x</a> ${ATTACKS.join(' ')}`,
                    },
                  },
                  { decoratedText: { topLabel: 'term <i>label</i>', text: 'definition', wrapText: true } },
                  { divider: {} },
                  { image: { imageUrl: 'javascript:window.__pwned=9', altText: 'refused picture' } },
                  {
                    image: {
                      imageUrl: 'data:image/svg+xml,<svg onload="window.__pwned=10"/>',
                      altText: 'data picture',
                    },
                  },
                ],
              },
            ],
          },
        },
      ],
    });
    expect(shown.text).toContain('<b>title, not bold</b>');
    expect(shown.text).toContain(ATTACKS[0]);
    expect(shown.styled.em).toEqual(['section', 'label']);
    expect(shown.styled.strong).toEqual(['b', '']);
    expect(shown.styled.u).toEqual(['u']);
    expect(shown.styled.s).toEqual(['s']);
    expect(shown.tags.filter((tag) => tag === 'br')).toHaveLength(1);
    expect(shown.tags.filter((tag) => tag === 'hr')).toHaveLength(1);
    expect(shown.links).toEqual([
      { text: 'e', href: 'https://example.com/' },
      { text: 'x', href: null },
    ]);
    // Neither picture is drawn: only an https image would be.
    expect(shown.tags).not.toContain('img');
    expect(shown.text).toContain('refused picture');
    expect(shown.text).toContain('data picture');
    for (const attack of ATTACKS.slice(0, 4)) expect(shown.text).toContain(attack);
    expect(shown.text).not.toContain('ignored when there is a card');
    expect(shown.attributes).toEqual([]);
    expect(shown.pwned).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('Discord: its Markdown becomes elements, masked links to http(s) only, HTML and escapes show as written', async () => {
    const shown = await draw('discord', {
      embeds: [
        {
          title: '**Title** <b>not html</b>',
          description: [
            '**bold** __under__ ~~struck~~ ||spoiler|| *italic* _also_ \\*not italic\\* `a <b> code`',
            '[ok](https://example.com/ok) [bad](javascript:window.__pwned=11) <https://example.com/angle>',
            '```ts',
            'let x = "<img src=x onerror=alert(1)>";',
            '```',
            '> quoted',
            '- item one',
            '1. numbered',
            '# heading',
            ...ATTACKS,
          ].join('\n'),
          color: 0x5865f2,
        },
        { description: 'second embed', color: 'red; background: url(javascript:window.__pwned=12)' },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(shown.styled.strong).toEqual(['Title', 'bold']);
    expect(shown.styled.u).toEqual(['under']);
    expect(shown.styled.s).toEqual(['struck']);
    expect(shown.styled.em).toEqual(['italic', 'also']);
    expect(shown.styled.code).toEqual(['a <b> code', 'let x = "<img src=x onerror=alert(1)>";']);
    expect(shown.languages).toEqual(['ts']);
    expect(shown.styled.blockquote).toEqual(['quoted']);
    expect(shown.styled.li).toEqual(['item one', 'numbered']);
    expect(shown.styled.h3).toEqual(['heading']);
    expect(shown.text).toContain('*not italic*');
    expect(shown.text).toContain('<b>not html</b>');
    expect(shown.text).toContain('[bad](javascript:window.__pwned=11)');
    expect(shown.links).toEqual([
      { text: 'ok', href: 'https://example.com/ok' },
      { text: 'https://example.com/angle', href: 'https://example.com/angle' },
    ]);
    for (const attack of ATTACKS) expect(shown.text).toContain(attack);
    expect(shown.tags).not.toContain('img');
    expect(shown.tags).not.toContain('script');
    // The first embed's stripe is its colour; a colour that is not a number is ignored.
    expect(shown.stripe).toBe('rgb(88, 101, 242)');
    expect(shown.text).toContain('second embed');
    // The stripe's `style` was set through the CSSOM (no CSP violation), the list's start by the page.
    expect(shown.attributes).toEqual(['style', 'start']);
    expect(shown.pwned).toBeUndefined();
    expect(problems).toEqual([]);
  });
});
