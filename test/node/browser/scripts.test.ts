import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MeasuredNode } from '@takumi-rs/wasm';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { withWordBreaks } from '../../../src/core/text/line-breaks.ts';
import { takumiEngine } from '../../../src/images/engine/engine.ts';
import { BUNDLED_FONTS, createImageFormats, createLayoutCheck, type ImageFontFace } from '../../../src/images/index.ts';
import { toImageDocument } from '../../../src/images/engine/markup.ts';
import { html } from '../../../src/core/model/markup.ts';
import { createIsomerRuntime, textDirection } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { slidePageForFile } from './slide-page.ts';
import { CANVAS, findOverflow, loadSlide, slideFragment } from '../chromium-overflow.ts';

/**
 * Right-to-left and mixed lines come out of the image engine in the order Chromium draws the HTML
 * surface of the same slide, and scripts without spaces wrap in a narrow column in both (issue 20).
 * Orders are compared, not pixels: each line's words and numbers, sorted by where each engine puts
 * them (takumi's measured runs; Chromium's `Range.getClientRects`).
 */
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const snapshot = runtime.surfaces.snapshot!;

// Noto Sans Thai from npm, registered for these tests only (Debian's copy draws it in Chromium).
const require = createRequire(import.meta.url);
const thaiFont = (weight: number): ImageFontFace => {
  const bytes = readFileSync(
    require.resolve(`@fontsource/noto-sans-thai/files/noto-sans-thai-thai-${weight}-normal.woff2`),
  );
  return { family: 'Noto Sans Thai', weight, style: 'normal', data: new Uint8Array(bytes) };
};
const FONTS: readonly ImageFontFace[] = [...BUNDLED_FONTS, thaiFont(400), thaiFont(600), thaiFont(700)];

const slide = (body: unknown[]) => ({ type: 'view', body: [{ type: 'slideFrame', brand: 'Ledger', body }] });

/** Arabic and Hebrew with numbers and Latin words; mixed-direction lines that a wrong order would show. */
const HEBREW = [
  'שלום world 123 עולם',
  'Hello שלום 123 world',
  'גרסה 2.5 של Ledger זמינה',
  'ABC אבג DEF',
  'אבג 15 גדה 30 הוז',
  'Release v3 כולל 4 תיקונים',
];
const ARABIC = [
  'مرحبا بالعالم 2024 Hello',
  'Release v2 ships مع 3 ميزات',
  'الربع الثالث 45 مليون dollars',
  'نظام Ledger يعمل الآن',
  'Sales 2025 ارتفعت بنسبة 12',
  'تم شحن 300 طلب اليوم',
];
const TITLES = ['מכירות **רבעון 3** עלו', 'تقرير **الربع 3** للعام 2025'];
const MIXED_SLIDES = [
  slide([
    { type: 'slideHeading', title: TITLES[0] },
    {
      type: 'slideSplit',
      panes: [
        { label: 'עברית', items: [{ type: 'slideBulletList', items: HEBREW }] },
        { label: 'عربي', items: [{ type: 'slideBulletList', items: ARABIC }] },
      ],
    },
  ]),
  slide([
    { type: 'slideHeading', title: TITLES[1] },
    { type: 'slideBulletList', items: [...ARABIC.slice(0, 3), ...HEBREW.slice(0, 3)] },
  ]),
];
const LINES = [...TITLES.map((title) => title.replaceAll('**', '')), ...HEBREW, ...ARABIC];

/** The words and numbers of a line that one direction draws whole (mixed tokens like `v2.1` are skipped). */
const tokensOf = (line: string) => line.split(/\s+/).filter((token) => /^(?:[\p{L}\p{M}]+|[\d.]+)$/u.test(token));
const RTL_LETTER = /[\u0590-\u08FF]/;

const sorted = (text: string) => [...text.replace(/\p{Cf}/gu, '')].sort().join('');

/** Each line's tokens, left to right, as takumi lays out the snapshot markup. */
function takumiOrders(composition: unknown): Map<string, string[]> {
  const image = snapshot.render(composition);
  const document = toImageDocument(image.html, image.css);
  const measured = takumiEngine(FONTS).measure(document.node, {
    width: image.width,
    height: image.height,
    css: document.css,
  });
  const orders = new Map<string, string[]>();
  const visit = (box: MeasuredNode) => {
    // Runs come in visual order, so a line is recognised by its characters, in any order.
    const text = sorted(box.runs.map((run) => run.text).join(''));
    const line = LINES.find((candidate) => sorted(candidate) === text);
    if (line) {
      const ys = box.runs.map((run) => run.y);
      expect(Math.max(...ys) - Math.min(...ys), `one line: ${line}`).toBeLessThan(box.runs[0]!.height / 2);
      const [a, , , , e] = box.transform;
      const placed = tokensOf(line).map((token) => {
        const run = box.runs.find((r) =>
          new RegExp(`(^|[^\\p{L}\\p{M}\\d.])${token}($|[^\\p{L}\\p{M}\\d.])`, 'u').test(
            r.text.replace(/\p{Cf}/gu, ' '),
          ),
        )!;
        expect(run, `${token} in ${line}`).toBeDefined();
        const at = run.text.indexOf(token) / run.text.length;
        const share = token.length / run.text.length;
        // A right-to-left run lays its logical start at its right end.
        const start = RTL_LETTER.test(run.text) ? 1 - at - share : at;
        return { token, x: a * (run.x + (start + share / 2) * run.width) + e };
      });
      orders.set(
        line,
        placed.sort((p, q) => p.x - q.x).map((p) => p.token),
      );
    }
    for (const child of box.children) visit(child);
  };
  visit(measured);
  return orders;
}

/** Runs in the page: each line's tokens, left to right, by the centre of each token's range. */
function chromiumOrders({
  within,
  lines,
}: {
  within: string;
  lines: { line: string; tokens: string[] }[];
}): [string, string[]][] {
  const strip = (text: string) => text.replace(/\p{Cf}/gu, '');
  const out: [string, string[]][] = [];
  for (const { line, tokens } of lines) {
    const holder = [...document.querySelectorAll(`${within} *`)].find(
      (element) => strip(element.textContent ?? '') === line && !element.querySelector('*:not(strong):not(code)'),
    );
    if (!holder) continue;
    const nodes: { node: Text; start: number }[] = [];
    let joined = '';
    const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      nodes.push({ node, start: joined.length });
      joined += node.data;
    }
    const placed = tokens.map((token) => {
      const index = joined.search(new RegExp(`(?<![\\p{L}\\p{M}\\d.])${token}(?![\\p{L}\\p{M}\\d.])`, 'u'));
      const at = nodes.findLast((n) => n.start <= index)!;
      const range = document.createRange();
      range.setStart(at.node, index - at.start);
      range.setEnd(at.node, index - at.start + token.length);
      const rect = range.getBoundingClientRect();
      return { token, x: (rect.left + rect.right) / 2 };
    });
    out.push([line, placed.sort((p, q) => p.x - q.x).map((p) => p.token)]);
  }
  return out;
}

const tab = slidePageForFile();

describe('right-to-left and mixed lines', () => {
  it('are at least a dozen, each with a right-to-left run and numbers or Latin words', () => {
    expect(LINES.length).toBeGreaterThanOrEqual(12);
    for (const line of LINES) {
      expect(line).toMatch(RTL_LETTER);
      expect(line).toMatch(/[0-9A-Za-z]/);
    }
  });

  it('take the direction of their first strong character, as Chromium reads dir="auto"', async () => {
    await tab.page.setContent('<!doctype html><html lang="en"><body></body></html>');
    const chromium = await tab.page.evaluate((lines) => {
      return lines.map((line) => {
        const div = document.createElement('div');
        div.dir = 'auto';
        div.textContent = line;
        document.body.append(div);
        return div.matches(':dir(rtl)') ? 'rtl' : 'ltr';
      });
    }, LINES);
    expect(chromium).toEqual(LINES.map((line) => textDirection(line) ?? 'ltr'));
  });

  it('are drawn in the order Chromium draws the HTML surface', async () => {
    let compared = 0;
    for (const composition of MIXED_SLIDES) {
      const engine = takumiOrders(composition);
      const fragment = slideFragment(runtime, composition);
      // Both slides are mostly right-to-left letters, so each is laid out right to left, every line
      // in it too, a line that opens with a Latin word included (the slide's direction rule).
      expect(fragment).toMatch(/class="sl-frame[^"]*" dir="rtl"/);
      await loadSlide(tab.page, fragment);
      const lines = [...engine.keys()].map((line) => ({ line, tokens: tokensOf(line) }));
      const chromium = new Map(await tab.page.evaluate(chromiumOrders, { within: '.sl-frame', lines }));
      // And as a browser draws the bare text in an element of its own in the slide's direction, the
      // oracle: the order a reader of a right-to-left slide expects.
      await tab.page.setContent(
        `<!doctype html><html lang="en"><body><main>${lines.map(({ line }) => `<div dir="rtl">${line}</div>`).join('')}</main></body></html>`,
      );
      const bare = new Map(await tab.page.evaluate(chromiumOrders, { within: 'main', lines }));
      for (const [line, order] of engine) {
        expect(chromium.get(line), line).toEqual(order);
        expect(bare.get(line), line).toEqual(order);
        // An order worth comparing: a right-to-left base reverses the logical order of the words.
        expect(order, line).not.toEqual(tokensOf(line));
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it('keep the HTML document valid (html-validate, as the document test runs it)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'no-inline-style': 'off' } });
    for (const composition of MIXED_SLIDES) {
      const { document } = runtime.surfaces.html.render({ ...composition, title: 'דוח רבעוני' }, { heading: true });
      expect(document).toContain('<h2 class="isomer-title" dir="rtl">');
      const report = await validator.validateString(document);
      expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    }
  });

  it('right-align when they start right to left, in both engines', async () => {
    const composition = MIXED_SLIDES[1]!;
    const image = snapshot.render(composition);
    expect(image.html).toContain('<h1 class="sl-heading-title sl-display" dir="rtl">');
    await loadSlide(tab.page, slideFragment(runtime, composition));
    const gap = await tab.page.evaluate(() => {
      const title = document.querySelector('.sl-heading-title')!;
      const range = document.createRange();
      range.selectNodeContents(title);
      return title.getBoundingClientRect().right - range.getBoundingClientRect().right;
    });
    expect(gap).toBeLessThan(2);
  });
});

describe('bidi controls in model text', () => {
  // Text the model wrote, between text of ours in one line: overrides, embeddings and isolates left
  // open, and pops that would close what is around the text.
  const HOSTILE = [
    '\u202Eevil text',
    '\u2069\u202Eevil text',
    '\u202Bשלום text',
    '\u2067evil text',
    '\u202Dעברית\u2069\u2069',
  ];
  const line = (model: string) =>
    html`<div style="display:flex;flex-direction:column;width:1400px;font-family:Inter;font-size:40px"><p>Owner: ${model} — done</p></div>`
      .value;

  it('reorder nothing outside their own text, in the picture and in Chromium', async () => {
    for (const model of HOSTILE) {
      const document = toImageDocument(line(model), '');
      const measured = takumiEngine(FONTS).measure(document.node, { width: 1400, height: 200, css: document.css });
      const runs: { text: string; x: number }[] = [];
      const visit = (box: MeasuredNode) => {
        for (const run of box.runs) runs.push({ text: run.text, x: box.transform[4] + run.x });
        for (const child of box.children) visit(child);
      };
      visit(measured);
      const at = (word: string) => runs.find((run) => run.text.includes(word))!.x;
      const modelWord = /evil|שלום|עברית/.exec(model)![0];
      expect(at('Owner'), model).toBeLessThan(at(modelWord));
      expect(at(modelWord), model).toBeLessThan(at('done'));

      await tab.page.setContent(`<!doctype html><html lang="en"><body>${line(model)}</body></html>`);
      const chromium = await tab.page.evaluate((word) => {
        const p = document.querySelector('p')!;
        const text = p.firstChild as Text;
        const x = (token: string) => {
          const range = document.createRange();
          const index = text.data.indexOf(token);
          range.setStart(text, index);
          range.setEnd(text, index + token.length);
          return range.getBoundingClientRect().left;
        };
        return { owner: x('Owner'), model: x(word), done: x('done') };
      }, modelWord);
      expect(chromium.owner, model).toBeLessThan(chromium.model);
      expect(chromium.model, model).toBeLessThan(chromium.done);
    }
  });

  it('would reorder the line without the isolate (the case is real)', async () => {
    const raw = `<div style="display:flex;flex-direction:column;width:1400px;font-family:Inter;font-size:40px"><p>Owner: \u202Eevil text — done</p></div>`;
    await tab.page.setContent(`<!doctype html><html lang="en"><body>${raw}</body></html>`);
    const reordered = await tab.page.evaluate(() => {
      const text = document.querySelector('p')!.firstChild as Text;
      const x = (token: string) => {
        const range = document.createRange();
        range.setStart(text, text.data.indexOf(token));
        range.setEnd(text, text.data.indexOf(token) + token.length);
        return range.getBoundingClientRect().left;
      };
      return x('done') < x('evil');
    });
    expect(reordered).toBe(true);
  });
});

describe('Thai in a narrow column', () => {
  const THAI =
    'ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ การตัดบรรทัดจึงต้องอาศัยพจนานุกรมเพื่อหาขอบเขตของคำแต่ละคำในประโยค' +
    'ซึ่งทำให้การแสดงผลข้อความยาวในคอลัมน์แคบเป็นเรื่องที่ต้องระวังเป็นพิเศษสำหรับระบบที่สร้างภาพนิ่ง';
  const composition = slide([
    { type: 'slideHeading', title: 'รายงานไตรมาสที่สาม' },
    {
      type: 'slideColumns',
      items: [
        { title: 'ภาพรวม', body: THAI },
        { title: 'Queue', body: 'Park the request and process it when the bank is back.' },
        { title: 'Fail fast', body: 'Tell the customer right away and let them choose another card.' },
      ],
    },
  ]);

  it('wraps inside its column in the picture, with no layout finding', async () => {
    const findings = createLayoutCheck({ snapshot, fonts: FONTS }).check(composition);
    expect(findings).toEqual([]);
    const image = snapshot.render(composition);
    expect(image.html).toContain(withWordBreaks(THAI).slice(0, 40));
    const document = toImageDocument(image.html, image.css);
    const measured = takumiEngine(FONTS).measure(document.node, { width: 1920, height: 1080, css: document.css });
    let paragraph: { box: MeasuredNode; lines: number } | undefined;
    let column: MeasuredNode | undefined;
    const visit = (box: MeasuredNode, parent?: MeasuredNode) => {
      const text = box.runs.map((run) => run.text).join('');
      if (text.replace(/\p{Cf}/gu, '').startsWith('ภาษาไทย')) {
        paragraph = { box, lines: new Set(box.runs.map((run) => Math.round(run.y))).size };
        column = parent;
      }
      for (const child of box.children) visit(child, box);
    };
    visit(measured);
    expect(paragraph!.lines).toBeGreaterThanOrEqual(4);
    const right = paragraph!.box.transform[4] + paragraph!.box.width;
    for (const run of paragraph!.box.runs) expect(run.x + run.width).toBeLessThanOrEqual(paragraph!.box.width + 1);
    expect(right).toBeLessThanOrEqual(column!.transform[4] + column!.width + 1);
    expect(right).toBeLessThan(CANVAS.width / 2);
    // And the picture draws without error, with the Thai face.
    const png = await createImageFormats({ snapshot, fonts: FONTS }).png.render(composition);
    expect(png.byteLength).toBeGreaterThan(10_000);
  });

  it('wraps inside its column in Chromium, which breaks Thai itself (no break characters on the HTML surface)', async () => {
    const fragment = slideFragment(runtime, composition);
    expect(fragment).not.toContain('\u200B');
    await loadSlide(tab.page, fragment);
    expect(await tab.page.evaluate(findOverflow)).toEqual([]);
    const { lines, right, columnRight } = await tab.page.evaluate(() => {
      const body = [...document.querySelectorAll('.sl-frame *')].find(
        (element) => element.children.length === 0 && (element.textContent ?? '').startsWith('ภาษาไทย'),
      )!;
      const range = document.createRange();
      range.selectNodeContents(body);
      const rects = [...range.getClientRects()];
      return {
        lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
        right: Math.max(...rects.map((rect) => rect.right)),
        columnRight: body.parentElement!.getBoundingClientRect().right,
      };
    });
    expect(lines).toBeGreaterThanOrEqual(4);
    expect(right).toBeLessThanOrEqual(columnRight + 1);
  });
});

describe('Japanese in a narrow column', () => {
  const JAPANESE =
    '第3四半期の売上は前年同期比で大きく伸びました。新しい市場への展開が「成功」したことが主な要因です、と担当者は述べた。' +
    '来期も同じ方針で進めます。';
  const composition = slide([
    {
      type: 'slideColumns',
      items: [
        { title: '概要', body: JAPANESE },
        { title: 'Queue', body: 'Park it.' },
        { title: 'Fail', body: 'Tell them.' },
      ],
    },
  ]);

  it('breaks between ideographs and never before closing punctuation, in the picture', () => {
    const image = snapshot.render(composition);
    expect(image.html).toContain(JAPANESE); // no break characters: the engine breaks CJK by UAX #14 itself
    const document = toImageDocument(image.html, image.css);
    const measured = takumiEngine(FONTS).measure(document.node, { width: 1920, height: 1080, css: document.css });
    const starts: string[] = [];
    const visit = (box: MeasuredNode) => {
      if (box.runs.map((run) => run.text).join('') === JAPANESE) {
        const byLine = new Map<number, string>();
        for (const run of box.runs) byLine.set(Math.round(run.y), (byLine.get(Math.round(run.y)) ?? '') + run.text);
        starts.push(...[...byLine.values()].map((line) => line[0]!));
      }
      for (const child of box.children) visit(child);
    };
    visit(measured);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (const start of starts) expect('、。」』）！？').not.toContain(start);
    expect(createLayoutCheck({ snapshot, fonts: FONTS }).check(composition)).toEqual([]);
  });
});
