import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { HtmlValidate } from 'html-validate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DECK_SLIDES } from '../../../src/core/model/deck.ts';
import { WRAPPER_CSS } from '../../../src/core/runtime/stylesheet.ts';
import { DOCUMENT_LANG } from '../../../src/core/runtime/surfaces/html.ts';
import type { RenderTheme } from '../../../src/index.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from '../../support/slides.ts';
import { launchChromium } from '../chromium.ts';

/**
 * The page `POST /render/html` serves (the html surface's `document`), for every shared fixture and
 * every primitive example, light and dark, checked by two independent HTML validators and loaded in
 * the real Chromium.
 */

const { html } = slidesRuntime.surfaces;

interface Page {
  name: string;
  title: string;
  document: string;
  findings: string[];
}

function page(name: string, composition: Record<string, unknown>, theme: RenderTheme, heading: boolean): Page {
  const result = html.render(composition, { theme, heading });
  const findings = result.validationErrors.map((error) => `${name}: ${error.path} ${error.message}`);
  return { name, title: composition.title as string, document: result.document, findings };
}

const pages: Page[] = [
  // The route's default is no heading (a slide draws its own); one pass with it covers <h2> and the subtitle.
  ...fixtures.flatMap(({ name, value }) => [
    page(`fixture ${name} light`, fixtureComposition(value), 'light', false),
    page(`fixture ${name} dark`, fixtureComposition(value), 'dark', false),
    page(`fixture ${name} auto with heading`, fixtureComposition(value), 'auto', true),
  ]),
  ...examplePreviews().flatMap(({ name, composition }) => [
    page(`${name} light`, composition, 'light', false),
    page(`${name} dark`, composition, 'dark', false),
  ]),
];

/** The 20 largest fixtures, each titled, as one deck: what `POST /render/html` serves for a JSON array. */
const deckSlides = [...fixtures]
  .sort((a, b) => JSON.stringify(b.value).length - JSON.stringify(a.value).length)
  .slice(0, MAX_DECK_SLIDES)
  .map(({ name, value }, index) => ({ ...fixtureComposition(value), title: `Slide ${index + 1}: ${name}` }));

function deckPage(name: string, slides: Record<string, unknown>[], theme: RenderTheme, heading: boolean): Page {
  const result = html.renderDeck(slides, { theme, heading });
  const findings = result.validationErrors.map((error) => `${name}: ${error.path} ${error.message}`);
  return { name, title: slides[0]!.title as string, document: result.document, findings };
}

const deckPages: Page[] = [
  deckPage('deck of 20, light, with heading', deckSlides, 'light', true),
  deckPage('deck of 20, dark', deckSlides, 'dark', false),
  deckPage('deck of 3, auto', deckSlides.slice(0, 3), 'auto', false),
  deckPage('deck of 1, auto', deckSlides.slice(0, 1), 'auto', true),
];

/** Every document the validators read: each single page, then each deck. */
const validated = [...pages, ...deckPages];

/**
 * html-validate's recommended preset, less one rule: `no-inline-style`. Two primitives place data-driven
 * geometry in a `style` attribute (a bar's width, an annotation pin's position), which no class can
 * express; the Worker's CSP allows inline styles (`style-src 'unsafe-inline'`).
 */
const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'no-inline-style': 'off' } });

describe('the HTML document', () => {
  it('covers every fixture and every primitive example, each valid', () => {
    expect(fixtures.length).toBeGreaterThan(0);
    expect(pages.length).toBe(fixtures.length * 3 + examplePreviews().length * 2);
    expect(pages.flatMap((entry) => entry.findings)).toEqual([]);
    expect(deckSlides.length).toBe(MAX_DECK_SLIDES);
    expect(deckPages.flatMap((entry) => entry.findings)).toEqual([]);
  });

  it('measures its total as the bytes of the document itself', () => {
    const encoder = new TextEncoder();
    for (const { value, name } of fixtures) {
      const result = html.render(fixtureComposition(value), { heading: true });
      expect(result.measurement, name).toEqual({
        html: encoder.encode(result.html).length,
        css: encoder.encode(result.css).length,
        js: 0,
        total: encoder.encode(result.document).length,
      });
    }
  });

  it('passes html-validate (recommended) with no message', async () => {
    const problems: string[] = [];
    for (const { name, document: markup } of validated) {
      const report = await validator.validateString(markup);
      for (const result of report.results)
        for (const message of result.messages) problems.push(`${name}: ${message.ruleId} ${message.message}`);
    }
    expect(problems).toEqual([]);
    // The same validator refuses the embeddable fragment: no doctype, <style> inside <section>.
    const fragment = html.render(fixtureComposition(fixtures[0]!.value)).html;
    expect((await validator.validateString(fragment)).valid).toBe(false);
  }, 120_000);

  it('passes the W3C Nu checker with no error and no warning', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'isomer-vnu-'));
    try {
      const files = validated.map(({ document }, i) => {
        const file = join(folder, `page-${i}.html`);
        writeFileSync(file, document);
        return file;
      });
      // A known-bad page in the same run proves the checker read the files and reports per file.
      const control = join(folder, 'control.html');
      writeFileSync(control, html.render(fixtureComposition(fixtures[0]!.value)).html);
      const report = await nuCheck([...files, control]);
      const serious = report.filter((message) => message.type === 'error' || message.subType === 'warning');
      const byFile = (file: string) => serious.filter((message) => message.url.endsWith(`/${file.split('/').at(-1)}`));
      expect(byFile(control).length).toBeGreaterThan(0);
      expect(
        files.flatMap((file, i) => byFile(file).map((message) => `${validated[i]!.name}: ${message.message}`)),
      ).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the HTML document in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('loads every page in standards mode, titled, in English, with its stylesheet applied', async () => {
    const tab = await browser.newPage();
    const seen: string[] = [];
    for (const { name, title, document: markup } of pages) {
      await tab.setContent(markup);
      const state = await tab.evaluate(() => {
        const section = document.querySelector('body > section.isomer');
        return {
          mode: document.compatMode,
          lang: document.documentElement.lang,
          title: document.title,
          sections: document.querySelectorAll('body > section.isomer').length,
          // The framed wrapper's radius comes only from the <style> in <head>.
          radius: section ? getComputedStyle(section).borderTopLeftRadius : '',
        };
      });
      const expected = { mode: 'CSS1Compat', lang: DOCUMENT_LANG, title, sections: 1, radius: '12px' };
      if (JSON.stringify(state) !== JSON.stringify(expected)) seen.push(`${name}: ${JSON.stringify(state)}`);
    }
    await tab.close();
    expect(seen).toEqual([]);
  }, 120_000);

  it('carries the composition’s title escaped, falling back to the aria-label', async () => {
    const tab = await browser.newPage();
    const hostile = '</title><script>window.ran = 1</script>Q3 & <b>more</b>';
    const composition = fixtureComposition(fixtures[0]!.value);
    await tab.setContent(html.render({ ...composition, title: hostile }).document);
    expect(await tab.evaluate(() => [document.title, document.scripts.length])).toEqual([hostile, 0]);
    const { title: _title, ...untitled } = composition;
    const labelled = html.render({ ...untitled, meta: { ariaLabel: 'Quarterly review' } }).document;
    await tab.setContent(labelled);
    expect(await tab.evaluate(() => document.title)).toBe('Quarterly review');
    await tab.setContent(html.render(untitled).document);
    expect(await tab.evaluate(() => document.title)).toBe('View');
    await tab.close();
  });

  it('shows a deck as one document: a framed section per slide, in order, the stylesheet once', async () => {
    const tab = await browser.newPage();
    for (const { name, document: markup } of deckPages) {
      const count = name.startsWith('deck of 20') ? MAX_DECK_SLIDES : name.startsWith('deck of 3') ? 3 : 1;
      // The CSS is in <head> once, however many slides draw the same primitives.
      expect(markup.split(WRAPPER_CSS).length - 1, name).toBe(1);
      await tab.setContent(markup);
      const state = await tab.evaluate(() => ({
        mode: document.compatMode,
        title: document.title,
        styles: document.querySelectorAll('style').length,
        bodyStyles: document.querySelectorAll('body style').length,
        slides: [...document.querySelectorAll('main > section.isomer')].map((section) => ({
          id: section.id,
          label: section.getAttribute('aria-label'),
          radius: getComputedStyle(section).borderTopLeftRadius,
        })),
      }));
      expect(state, name).toEqual({
        mode: 'CSS1Compat',
        title: deckSlides[0]!.title,
        styles: 1,
        bodyStyles: 0,
        slides: deckSlides.slice(0, count).map((slide, index) => ({
          id: `slide-${index + 1}`,
          label: slide.title,
          radius: '12px',
        })),
      });
    }
    await tab.close();
  }, 60_000);

  it('keeps hostile text in any slide of a deck inert', async () => {
    const tab = await browser.newPage();
    const hostile = '</title></section><script>window.ran = 1</script><img src=x onerror="window.ran = 2">';
    const slides = deckSlides.slice(0, 3).map((slide) => ({ ...slide, title: hostile, subtitle: hostile }));
    await tab.setContent(html.renderDeck(slides).document);
    expect(
      await tab.evaluate(() => [
        document.title,
        document.scripts.length,
        document.querySelectorAll('[onerror]').length,
        document.querySelectorAll('main > section').length,
        (window as { ran?: number }).ran ?? 0,
      ]),
    ).toEqual([hostile, 0, 0, 3, 0]);
    await tab.close();
  });

  it('paints the page canvas in the theme’s colour scheme', async () => {
    const tab = await browser.newPage();
    const composition = fixtureComposition(fixtures[0]!.value);
    // The `Canvas` system colour outside the wrapper follows the page's <meta name="color-scheme">.
    const canvas = async (theme: RenderTheme, viewer: 'light' | 'dark') => {
      await tab.emulateMedia({ colorScheme: viewer });
      await tab.setContent(html.render(composition, { theme }).document);
      return tab.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.style.background = 'Canvas';
        return getComputedStyle(probe).backgroundColor;
      });
    };
    const white = 'rgb(255, 255, 255)';
    expect(await canvas('light', 'dark')).toBe(white);
    expect(await canvas('auto', 'light')).toBe(white);
    expect(await canvas('dark', 'light')).not.toBe(white);
    expect(await canvas('auto', 'dark')).toBe(await canvas('dark', 'light'));
    await tab.close();
  });
});

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
}

const vnuJar = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

/** One JVM over every file: the checker exits non-zero when it finds errors, so the JSON is read either way. */
async function nuCheck(files: string[]): Promise<NuMessage[]> {
  const java = process.env.JAVA ?? 'java';
  const run = promisify(execFile);
  let output: string;
  try {
    output = (await run(java, ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], { maxBuffer: 64 << 20 }))
      .stdout;
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (!stdout) throw error;
    output = stdout;
  }
  return (JSON.parse(output) as { messages: NuMessage[] }).messages;
}
