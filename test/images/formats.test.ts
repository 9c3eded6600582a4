import { describe, expect, it } from 'vitest';
import { createIsomerTools } from '../../src/index.ts';
import { BUNDLED_FONTS, createImageFormats, MAX_OUTPUT_PIXELS, renderPdf } from '../../src/images/index.ts';
import { fontFaces, slideDeckFrame } from '../../src/packs/slides/index.ts';
import { fixtureComposition, fixtures, registeredTypes, slidesRuntime } from '../support/slides.ts';
import { embeddedSvgs, pdfPageTexts, pngSize, readPdf, svgRoot, webpSize } from './inspect.ts';

const snapshot = slidesRuntime.surfaces.snapshot!;
const formats = createImageFormats({ snapshot });

function slide(body: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'view',
    title: 'Refunds',
    body: [{ type: 'slideFrame', brand: 'Ledger', section: 'Settlement', sectionNumber: '02', body, ...extra }],
  };
}

const heading = (title: string, lede?: string) => ({ type: 'slideHeading', title, ...(lede ? { lede } : {}) });
const composition = slide([
  heading(
    'Refunds settle in **two days**, not five',
    'Moving the ledger write ahead of the fraud check removed three batch windows.',
  ),
]);

describe('PNG', () => {
  it('draws the 1920×1080 canvas by default', async () => {
    expect(formats.png.mimeType).toBe('image/png');
    expect(pngSize(await formats.png.render(composition))).toEqual({ width: 1920, height: 1080 });
  });

  it('scales the drawing, not the layout: 2/3 gives 1280×720', async () => {
    expect(pngSize(await formats.png.render(composition, { scale: 2 / 3 }))).toEqual({ width: 1280, height: 720 });
    const small = createImageFormats({ snapshot, scale: 2 / 3 });
    expect(pngSize(await small.png.render(composition))).toEqual({ width: 1280, height: 720 });
    expect(pngSize(await small.png.render(composition, { scale: 1 }))).toEqual({ width: 1920, height: 1080 });
  });

  it('gives the same bytes for the same input, and different bytes for light and dark', async () => {
    const first = await formats.png.render(composition);
    expect(await formats.png.render(structuredClone(composition))).toEqual(first);
    const dark = await formats.png.render(composition, { theme: 'dark' });
    expect(dark).not.toEqual(first);
    expect(await formats.png.render({ ...composition, theme: 'dark' })).toEqual(dark);
  });

  it('refuses a scale that is not a positive number or would make too large an image', async () => {
    for (const scale of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(formats.png.render(composition, { scale })).rejects.toThrow(RangeError);
      expect(() => createImageFormats({ snapshot, scale })).toThrow(RangeError);
    }
    await expect(formats.png.render(composition, { scale: 2 })).rejects.toThrow(
      /scale 2 makes a 3840×2160 image; the most this renders is 3,686,400 pixels/,
    );
    expect(MAX_OUTPUT_PIXELS).toBe(2560 * 1440);
    expect(pngSize(await formats.png.render(composition, { scale: 4 / 3 }))).toEqual({ width: 2560, height: 1440 });
  });

  it('rejects an invalid composition with the runtime’s validation error', async () => {
    await expect(formats.png.render({ type: 'view', body: [{ type: 'slideFrame', body: [] }] })).rejects.toThrow();
  });
});

describe('WebP', () => {
  it('is a lossless WebP of the canvas, scaled like PNG', async () => {
    expect(formats.webp.mimeType).toBe('image/webp');
    expect(webpSize(await formats.webp.render(composition))).toEqual({ width: 1920, height: 1080, chunk: 'VP8L' });
    expect(webpSize(await formats.webp.render(composition, { scale: 2 / 3 }))).toMatchObject({
      width: 1280,
      height: 720,
    });
  });

  it('is deterministic and follows the theme', async () => {
    const light = await formats.webp.render(composition);
    expect(await formats.webp.render(composition)).toEqual(light);
    expect(await formats.webp.render(composition, { theme: 'dark' })).not.toEqual(light);
  });
});

describe('SVG', () => {
  it('is well-formed, canvas-sized, and draws text as glyph outlines', async () => {
    expect(formats.svg.mimeType).toBe('image/svg+xml');
    const svg = await formats.svg.render(composition);
    expect(svgRoot(svg)).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      width: '1920',
      height: '1080',
      viewBox: '0 0 1920 1080',
    });
    // Glyphs are paths (no font needed to view it), and there are many of them.
    expect(svg).not.toMatch(/<text\b/);
    expect(svg.match(/<path\b/g)?.length ?? 0).toBeGreaterThan(40);
  });

  it('keeps inline SVG (the footer mark) as images a browser draws: namespaced', async () => {
    const images = embeddedSvgs(await formats.svg.render(composition));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('scales by its displayed size and keeps the canvas as the viewBox', async () => {
    const svg = await formats.svg.render(composition, { scale: 2 / 3 });
    expect(svgRoot(svg)).toMatchObject({ width: '1280', height: '720', viewBox: '0 0 1920 1080' });
  });

  it('is deterministic and follows the theme', async () => {
    const light = await formats.svg.render(composition);
    expect(await formats.svg.render(composition)).toBe(light);
    const dark = await formats.svg.render(composition, { theme: 'dark' });
    expect(dark).not.toBe(light);
    expect(dark).toContain('#07101f');
  });
});

describe('PDF', () => {
  it('is one 1440×810 pt page per composition, with selectable text', async () => {
    expect(formats.pdf.mimeType).toBe('application/pdf');
    const pdf = await formats.pdf.render(composition);
    const { header, objects, trailer } = readPdf(pdf);
    expect(header).toBe('%PDF-1.7');
    const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dictionary));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.dictionary).toContain('/MediaBox [0 0 1440 810]');
    expect([...objects.values()].some((o) => o.dictionary.includes('/Count 1'))).toBe(true);
    expect(trailer).toMatch(/\/Root \d+ 0 R \/Info \d+ 0 R \/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
    const [text] = await pdfPageTexts(pdf);
    expect(text).toContain('Refunds settle in two days, not five');
    expect(text).toContain('Moving the ledger write ahead of the fraud check removed three batch windows.');
    expect(text).toContain('Ledger · 02 Settlement');
  });

  it('draws a deck as pages in order, and titles the document', async () => {
    const deck = [slide([heading('First slide')]), slide([heading('Second slide')]), slide([heading('Third slide')])];
    const pdf = await formats.pdf.renderDeck(deck, { theme: 'dark' });
    const { objects } = readPdf(pdf);
    expect([...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dictionary))).toHaveLength(3);
    expect(await pdfPageTexts(pdf)).toEqual([
      expect.stringContaining('First slide'),
      expect.stringContaining('Second slide'),
      expect.stringContaining('Third slide'),
    ]);
    const info = [...objects.values()].find((o) => o.dictionary.startsWith('/Producer'))!;
    // "Refunds" in UTF-16BE after a byte-order mark.
    expect(info.dictionary).toBe('/Producer (isomer-edge) /Title <FEFF0052006500660075006E00640073>');
    expect(await renderPdf(snapshot, deck, { theme: 'dark' })).toEqual(pdf);
  });

  it('gives the same bytes for the same deck, and different bytes for light and dark', async () => {
    const deck = [composition, slide([heading('Second')])];
    const first = await formats.pdf.renderDeck(deck);
    expect(await formats.pdf.renderDeck(structuredClone(deck))).toEqual(first);
    expect(await formats.pdf.renderDeck(deck, { theme: 'dark' })).not.toEqual(first);
  });

  it('embeds the lossless page picture and a text layer drawn invisibly', async () => {
    const { objects } = readPdf(await formats.pdf.render(composition));
    const image = [...objects.values()].find((o) => o.dictionary.includes('/Subtype /Image'))!;
    expect(image.dictionary).toMatch(
      /\/Width 1920 \/Height 1080 \/ColorSpace (\[\/Indexed \/DeviceRGB \d+ <[0-9a-f]+>\]|\/DeviceRGB)/,
    );
    expect(image.dictionary).toContain('/Predictor 15');
    const font = [...objects.values()].find((o) => o.dictionary.includes('/Subtype /Type0'))!;
    expect(font.dictionary).toMatch(/\/Encoding \/Identity-H .*\/ToUnicode \d+ 0 R/);
    expect([...objects.values()].some((o) => /\/FontFile2 \d+ 0 R/.test(o.dictionary))).toBe(true);
  });

  it('refuses a picture resolution beyond the pixel budget', async () => {
    await expect(createImageFormats({ snapshot, pdfImageScale: 3 }).pdf.render(composition)).rejects.toThrow(
      /pdfImageScale 3 makes a 5760×3240 image/,
    );
  });

  it('refuses an empty deck', async () => {
    await expect(formats.pdf.renderDeck([])).rejects.toThrow(/at least one composition/);
  });
});

describe('text outside every bundled font', () => {
  // A private-use code point, a rare CJK ideograph (U+20BB7, outside the BMP), an emoji, and
  // characters only the fallback font has.
  const strange = slide([
    heading('Odd \uE000 𠮷 龘 😀 🚀 ✓ → ≠ łódź', 'Private use \uE000, CJK 𠮷, emoji 😀👍🏽, arrows ⇒ ↔, checks ✓ ✗.'),
  ]);

  for (const format of ['png', 'webp', 'svg', 'pdf'] as const) {
    it(`never stops a ${format} render`, async () => {
      const output = await formats[format].render(strange);
      expect(output.length).toBeGreaterThan(1000);
    });
  }

  it('keeps those characters in the PDF text layer', async () => {
    const [text] = await pdfPageTexts(await formats.pdf.render(strange));
    expect(text).toContain('Odd \uE000 𠮷 龘 😀 🚀 ✓ → ≠ łódź');
  });
});

describe('fonts', () => {
  it('bundles every face the slides theme names, in latin and latin-ext', () => {
    for (const face of fontFaces) {
      const files = BUNDLED_FONTS.filter(
        (f) => f.family === face.family && f.weight === face.weight && f.style === face.style,
      );
      expect(files, `${face.family} ${face.weight} ${face.style}`).toHaveLength(2);
    }
  });

  it('ends with a fallback that covers arrows, checks and math', () => {
    expect(BUNDLED_FONTS.at(-1)).toMatchObject({ family: 'DejaVu Sans' });
    expect(BUNDLED_FONTS.at(-1)?.unicodeRange).toBeUndefined();
  });

  it('draws the fallback glyphs: a slide with arrows differs from one with plain letters in their place', async () => {
    const arrows = await formats.png.render(slide([heading('Before → after ✓')]));
    const letters = await formats.png.render(slide([heading('Before x after x')]));
    expect(arrows).not.toEqual(letters);
  });
});

describe('host formats for the agent tools', () => {
  it('plug into createIsomerTools and come back as image blocks', async () => {
    const tools = createIsomerTools({ runtime: slidesRuntime, frame: slideDeckFrame, formats });
    const render = tools.find((tool) => tool.name === 'isomer_render')!;
    const result = await render.handler(render.inputSchema.parse({ composition, format: 'png' }));
    const block = result.content[0] as { type: string; mimeType: string; data: string };
    expect(block).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(pngSize(Uint8Array.from(atob(block.data), (c) => c.charCodeAt(0)))).toEqual({ width: 1920, height: 1080 });
    const pdf = await render.handler(render.inputSchema.parse({ composition, format: 'pdf' }));
    expect(pdf.content[0]).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf' } });
  });
});

describe('every project fixture renders in every format', () => {
  const covered = fixtures.filter(({ value }) =>
    (JSON.stringify(value).match(/"type":"(slide\w+)"/g) ?? []).every((m) => registeredTypes.has(m.slice(8, -1))),
  );

  it('covers every fixture: each uses registered primitives only', () => {
    expect(covered.map((f) => f.name)).toEqual(fixtures.map((f) => f.name));
    expect(covered.length).toBeGreaterThanOrEqual(48);
  });

  for (const fixture of covered) {
    it(fixture.name, async () => {
      const value = fixtureComposition(fixture.value);
      expect(pngSize(await formats.png.render(value))).toEqual({ width: 1920, height: 1080 });
      expect(webpSize(await formats.webp.render(value, { scale: 2 / 3 }))).toMatchObject({ width: 1280, height: 720 });
      const svg = await formats.svg.render(value, { theme: 'dark' });
      expect(svgRoot(svg)).toMatchObject({ width: '1920', height: '1080' });
      for (const image of embeddedSvgs(svg)) expect(svgRoot(image).xmlns).toBe('http://www.w3.org/2000/svg');
      const [text] = await pdfPageTexts(await formats.pdf.render(value));
      expect(text!.length).toBeGreaterThan(0);
    });
  }

  it('all of them as one deck', async () => {
    const pdf = await formats.pdf.renderDeck(covered.map((f) => fixtureComposition(f.value)));
    expect(await pdfPageTexts(pdf)).toHaveLength(covered.length);
  }, 60_000);
});
