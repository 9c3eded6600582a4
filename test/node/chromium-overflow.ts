/**
 * The browser's verdict on whether a slide fits: what `npm run gallery` reports and what the layout
 * agreement test (test/node/browser/layout-agreement.test.ts) holds the image engine's check to.
 * `findOverflow` runs inside the page; the rest loads a slide's HTML into a Playwright page at the
 * slide canvas, with the font files the image formats draw with, so both engines set the same type.
 */
import type { Page } from 'playwright-core';
import { BUNDLED_FONTS } from '../../src/images/fonts/fonts.ts';
import type { IsomerRuntime } from '../../src/index.ts';

/** The slide canvas in CSS px, the viewport the page is laid out at. */
export const CANVAS = { width: 1920, height: 1080 } as const;

/** What Chromium saw, in the terms of the engine check's kinds where one corresponds. */
export interface ChromiumFinding {
  /**
   * `outside-canvas`: a box past the slide's 1920×1080 frame. `outside-content`: a box inside the
   * content area (`.sl-frame-body`) that runs past it, over the footer or the margins. `clipped`: a
   * box whose `overflow` hides part of its content (`scrollWidth`/`scrollHeight` past its client box).
   * `broken-word`: a word of a script that spaces its words laid out on two lines. `narrow`: a box whose
   * text runs three lines or more at under four characters a line.
   */
  kind: 'outside-canvas' | 'outside-content' | 'clipped' | 'overflow' | 'broken-word' | 'narrow';
  /** The primitive the box belongs to: its nearest `data-isomer-node` (render with `anchors: true`). */
  node: string;
  /** The box's classes, or its tag when it has none. */
  element: string;
  /** How far past, in CSS px (rounded). */
  by: number;
  /** For `clipped`: which way the content is cut. */
  axis?: 'x' | 'y';
  /** For `broken-word`: the word. */
  word?: string;
}

/**
 * Runs in the page (Playwright serialises its source, so it uses nothing from outside its body).
 * Block-level boxes only: an inline box is as tall as its font's ascent and descent, which display
 * type set at a line height under 1 exceeds by design; its block container's box is the one that
 * shows a real spill. One pixel of slack absorbs subpixel rounding.
 */
export function findOverflow(): ChromiumFinding[] {
  const SLACK = 1;
  const frame = document.querySelector('.sl-frame');
  const content = frame?.querySelector('.sl-frame-body');
  if (!frame || !content) throw new Error('no slide frame (.sl-frame with a .sl-frame-body) on the page');
  const canvas = frame.getBoundingClientRect();
  const area = content.getBoundingClientRect();
  const past = (r: DOMRect, bounds: DOMRect) =>
    Math.max(r.right - bounds.right, r.bottom - bounds.bottom, bounds.left - r.left, bounds.top - r.top);
  const found: ChromiumFinding[] = [];
  for (const element of [frame, ...frame.querySelectorAll('*')]) {
    const style = getComputedStyle(element);
    if (style.display === 'inline' || style.display === 'none' || style.display === 'contents') continue;
    const describe = {
      node: element.closest('[data-isomer-node]')?.getAttribute('data-isomer-node') ?? 'slideFrame',
      element: (typeof element.className === 'string' && element.className) || element.tagName.toLowerCase(),
    };
    const r = element.getBoundingClientRect();
    if (r.width > 0 || r.height > 0) {
      const outCanvas = past(r, canvas);
      const outArea = content.contains(element) && element !== content ? past(r, area) : 0;
      if (outCanvas > SLACK) found.push({ kind: 'outside-canvas', ...describe, by: Math.round(outCanvas) });
      else if (outArea > SLACK) found.push({ kind: 'outside-content', ...describe, by: Math.round(outArea) });
    }
    // SVG and other non-HTML boxes have no scroll box to compare.
    if (!(element instanceof HTMLElement)) continue;
    // A visible box's content spilling sideways is a real spill (a line wider than its pane); spilling
    // downwards is not counted, as display type's glyphs overhang a line height under 1 by design.
    const spillX = element.scrollWidth - element.clientWidth;
    const spillY = element.scrollHeight - element.clientHeight;
    if (spillX > SLACK)
      found.push({ kind: style.overflowX === 'visible' ? 'overflow' : 'clipped', ...describe, by: spillX, axis: 'x' });
    if (spillY > SLACK && style.overflowY !== 'visible')
      found.push({ kind: 'clipped', ...describe, by: spillY, axis: 'y' });
  }
  // Lines as Chromium laid out the text: one rect per line box a range covers.
  const lineTops = (range: Range) => {
    const tops: number[] = [];
    for (const rect of range.getClientRects())
      if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
    return tops.length;
  };
  const UNSPACED =
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
  const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
  const narrowSeen = new Set<Element>();
  for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
    const parent = text.parentElement;
    if (!parent || parent.closest('svg')) continue;
    const describe = {
      node: parent.closest('[data-isomer-node]')?.getAttribute('data-isomer-node') ?? 'slideFrame',
      element: (typeof parent.className === 'string' && parent.className) || parent.tagName.toLowerCase(),
    };
    // A render's slide is a picture drawn small: not text to read.
    if (parent.closest('[class*="-embed"]')) continue;
    // Runs of letters and digits: a line may break at a space, a hyphen, a dash or a slash, never inside one.
    for (const match of text.data.matchAll(/[\p{L}\p{N}\p{M}]{2,}/gu)) {
      if (UNSPACED.test(match[0])) continue;
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      if (lineTops(range) > 1) found.push({ kind: 'broken-word', ...describe, by: 0, word: match[0] });
    }
    const block = parent.closest('p, li, h1, h2, h3, div, span, td, th') ?? parent;
    if (narrowSeen.has(block)) continue;
    narrowSeen.add(block);
    const whole = document.createRange();
    whole.selectNodeContents(block);
    const lines = lineTops(whole);
    const visible = (block.textContent ?? '').replace(/\s/g, '').length;
    if (lines >= 3 && visible / lines < 4) found.push({ kind: 'narrow', ...describe, by: lines });
  }
  return found;
}

/** One line per finding, for reports: `slideList .sl-list-row: 96 px past the content area`. */
export function describeFinding(finding: ChromiumFinding): string {
  const where = `${finding.node} .${finding.element.split(/\s+/).join('.')}`;
  if (finding.kind === 'clipped')
    return `${where}: clips ${finding.by} px of its content ${finding.axis === 'x' ? 'sideways' : 'at the bottom'}`;
  if (finding.kind === 'broken-word') return `${where}: breaks “${finding.word}” across lines`;
  if (finding.kind === 'narrow') return `${where}: ${finding.by} lines of a few characters each`;
  if (finding.kind === 'overflow') return `${where}: its content spills ${finding.by} px out of its box sideways`;
  return `${where}: ${finding.by} px past the ${finding.kind === 'outside-canvas' ? 'slide' : 'content area'}`;
}

/**
 * `@font-face` rules for the image formats' own font list (`BUNDLED_FONTS`), with each face's
 * unicode-range, so Chromium picks the same file for each character as the engine does. `src(i)`
 * names where the i-th face's bytes are served.
 */
export function fontFaceCss(src: (index: number) => string): string {
  return BUNDLED_FONTS.map((face, i) => {
    const range = face.unicodeRange
      ?.map(([first, last]) => `U+${first.toString(16)}${last === first ? '' : `-${last.toString(16)}`}`)
      .join(',');
    return (
      `@font-face{font-family:'${face.family}';font-weight:${face.weight};font-style:${face.style};` +
      `src:url('${src(i)}') format('woff2')${range ? `;unicode-range:${range}` : ''}}`
    );
  }).join('');
}

/** The i-th bundled face's bytes. */
export function fontBytes(index: number): Uint8Array {
  const data = BUNDLED_FONTS[index]!.data;
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

/** A page holding one slide's HTML fragment at the canvas's top left, on a neutral ground. */
export function slideDocument(fragment: string, fonts: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${fonts}` +
    `html,body{margin:0;background:#888}</style></head><body>${fragment}</body></html>`
  );
}

// Served by Playwright's router, never the network: one origin for the page and its fonts.
const ORIGIN = 'http://slides.invalid';

/** The slide's HTML fragment, drawn the way a browser shows the slide, with node anchors for naming. */
export function slideFragment(
  runtime: Pick<IsomerRuntime, 'surfaces'>,
  composition: unknown,
  theme: 'light' | 'dark' = 'light',
): string {
  const result = runtime.surfaces.html.render(composition, { heading: false, framed: false, theme, anchors: true });
  if (result.validationErrors.length > 0)
    throw new Error(
      `not a valid composition: ${result.validationErrors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
    );
  return result.html;
}

/**
 * Makes `page` (sized to the canvas) ready to load slides: its fonts and pages are answered from
 * memory. Call once per page, then `overflowInChromium` for each slide.
 */
export async function prepareSlidePage(page: Page): Promise<void> {
  await page.setViewportSize(CANVAS);
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const font = /^\/fonts\/(\d+)\.woff2$/.exec(path);
    if (font) return route.fulfill({ body: Buffer.from(fontBytes(Number(font[1]))), contentType: 'font/woff2' });
    return route.fulfill({ status: 404 });
  });
}

/** Where a page made ready by `prepareSlidePage` serves the i-th bundled face. */
export const fontUrl = (index: number): string => `${ORIGIN}/fonts/${index}.woff2`;

/**
 * Loads a slide's HTML fragment into a page made ready by `prepareSlidePage`; fails if a font fails
 * to load. `moreFonts` is `@font-face` CSS added after the bundled faces (serve them with `fontUrl`).
 */
export async function loadSlide(page: Page, fragment: string, moreFonts = ''): Promise<void> {
  const html = slideDocument(fragment, fontFaceCss(fontUrl) + moreFonts);
  await page.route(`${ORIGIN}/slide.html`, (route) => route.fulfill({ body: html, contentType: 'text/html' }), {
    times: 1,
  });
  await page.goto(`${ORIGIN}/slide.html`);
  const failed = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === 'error').map((face) => face.family);
  });
  if (failed.length > 0) throw new Error(`fonts failed to load in Chromium: ${failed.join(', ')}`);
}

/** Chromium's findings for one slide's HTML fragment (`slideFragment`). */
export async function overflowInChromium(page: Page, fragment: string): Promise<ChromiumFinding[]> {
  await loadSlide(page, fragment);
  return page.evaluate(findOverflow);
}
