import { describe, expect, it } from 'vitest';
import { registeredFaces, takumiEngine } from '../../src/images/engine/engine.ts';
import { createImageFormats } from '../../src/images/formats.ts';
import { BUNDLED_FONTS, facesFor, IN_EVERY_FILE, type ImageFontFace } from '../../src/images/fonts/fonts.ts';
import { toImageDocument } from '../../src/images/engine/markup.ts';
import { fixtureComposition, fixtures, slidesRuntime } from '../support/slides.ts';

const snapshot = slidesRuntime.surfaces.snapshot!;
const formats = createImageFormats({ snapshot });
// A list of its own registers every face up front, as the formats did before choosing per image.
const EVERY_FACE = [...BUNDLED_FONTS];
const everyFace = createImageFormats({ snapshot, fonts: EVERY_FACE });

/** A face as `Family weight style subset`, the subset read off its unicode-range. */
function label(face: ImageFontFace): string {
  const subset = !face.unicodeRange ? 'all' : face.unicodeRange.some(([first]) => first === 0) ? 'latin' : 'latin-ext';
  return `${face.family} ${face.weight} ${face.style} ${subset}`;
}

const chosen = (html: string, css: string) => facesFor(BUNDLED_FONTS, [toImageDocument(html, css)]).map(label);

const slide = (title: string, lede = 'Plain words.') => ({
  type: 'view',
  title: 'Fonts',
  body: [{ type: 'slideFrame', brand: 'Ledger', body: [{ type: 'slideHeading', title, lede }] }],
});

describe('the faces an image needs', () => {
  it('Inter regular and bold only, for text set in Inter with a bold word', () => {
    const css = 'p { font-family: Inter, sans-serif } .key { font-weight: 700 }';
    expect(chosen('<p>Refunds <span class="key">settle</span> in two days</p>', css)).toEqual([
      'Inter 400 normal latin',
      'Inter 700 normal latin',
    ]);
    // `<b>` is `bolder`: 700 over regular text, 900 (drawn with 800) over bold text.
    expect(chosen('<p>Refunds <b>settle</b></p>', '')).toEqual([
      'Inter 400 normal latin',
      'Inter 700 normal latin',
      'Inter 800 normal latin',
    ]);
  });

  it('adds Roboto Mono when code is set in it, at the weights the markup asks for', () => {
    const css = 'p { font-family: Inter } code { font-family: "Roboto Mono", monospace; font-weight: 500 }';
    expect(chosen('<p>Run <code>npm test</code></p>', css)).toEqual([
      'Inter 400 normal latin',
      'Inter 500 normal latin',
      'Roboto Mono 400 normal latin',
      'Roboto Mono 500 normal latin',
    ]);
    // The user agent's `code { font-family: monospace }` reaches it through the generic family.
    expect(chosen('<p>Run <code>npm test</code></p>', '')).toEqual([
      'Inter 400 normal latin',
      'Roboto Mono 400 normal latin',
    ]);
  });

  it('adds DejaVu Sans for arrows and check marks, and latin-ext for the letters that need it', () => {
    expect(chosen('<p>Before → after ✓</p>', '')).toEqual(['Inter 400 normal latin', 'DejaVu Sans 400 normal all']);
    expect(chosen('<p>łódź</p>', '')).toEqual(['Inter 400 normal latin', 'Inter 400 normal latin-ext']);
    // In Inter's range but not in its files: the fallback draws it, so it is registered.
    expect(chosen('<p>‰</p>', '')).toContain('DejaVu Sans 400 normal all');
    // Drawn by the stylesheet, not the markup: generated content and list markers.
    expect(chosen('<p>x</p>', 'p::before { content: "\\2192" }')).toContain('DejaVu Sans 400 normal all');
    expect(chosen('<ul><li>x</li></ul>', 'ul { list-style-type: square }')).toContain('DejaVu Sans 400 normal all');
    expect(chosen('<ul><li>x</li></ul>', 'ul { list-style: none }')).not.toContain('DejaVu Sans 400 normal all');
  });

  it('takes the CSS best match for a weight the family lacks, and italic when text is slanted', () => {
    expect(chosen('<p>x</p>', 'p { font-family: "Roboto Mono"; font-weight: 800 }')).toEqual([
      'Inter 400 normal latin',
      'Inter 800 normal latin',
      'Roboto Mono 400 normal latin',
      'Roboto Mono 700 normal latin',
    ]);
    expect(chosen('<p><em>x</em></p>', '')).toEqual(['Inter 400 normal latin', 'Inter 400 italic latin']);
  });

  it('registers every face when it cannot read the fonts, and narrows only the bundled list', () => {
    expect(facesFor(BUNDLED_FONTS, [toImageDocument('<p>x</p>', 'p { font: bold 12px Inter }')])).toBe(BUNDLED_FONTS);
    expect(facesFor(BUNDLED_FONTS, [toImageDocument('<p>x</p>', 'p { font-weight: var(--w) }')])).toBe(BUNDLED_FONTS);
    const own = [...BUNDLED_FONTS];
    expect(facesFor(own, [toImageDocument('<p>x</p>', '')])).toBe(own);
  });

  it('a slides-theme heading needs Inter and Roboto Mono in latin, not the fallback, not italic', () => {
    const { html, css } = snapshot.render(slide('Refunds settle in **two days**'));
    const faces = chosen(html, css);
    expect(faces).toContain('Inter 700 normal latin');
    expect(faces).toContain('Roboto Mono 400 normal latin');
    expect(
      faces.filter((face) => face.includes('latin-ext') || face.includes('DejaVu') || face.includes('italic')),
    ).toEqual([]);
    expect(faces.length).toBeLessThan(BUNDLED_FONTS.length / 2);
  });
});

describe('registration on first use', () => {
  it('registers what a render needs once per isolate: a second render registers nothing new', async () => {
    const composition = slide('Registered once');
    await formats.png.render(composition, { scale: 0.25 });
    const { html, css } = snapshot.render(composition);
    const after = registeredFaces(BUNDLED_FONTS);
    for (const face of facesFor(BUNDLED_FONTS, [toImageDocument(html, css)])) expect(after).toContain(face);
    expect(new Set(after).size).toBe(after.length);
    await formats.png.render(composition, { scale: 0.25 });
    await formats.svg.render(composition);
    expect(registeredFaces(BUNDLED_FONTS)).toEqual(after);
    await formats.png.render(slide('Arrows → and checks ✓'), { scale: 0.25 });
    expect(registeredFaces(BUNDLED_FONTS)).toEqual([
      ...after,
      ...(after.includes(BUNDLED_FONTS.at(-1)!) ? [] : [BUNDLED_FONTS.at(-1)]),
    ]);
  });
});

describe('the same bytes as registering every face', () => {
  const held = IN_EVERY_FILE.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, i) => first + i).filter((point) => point >= 0x20),
  );
  const text = String.fromCodePoint(...held);
  const lines = Array.from({ length: Math.ceil(text.length / 120) }, (_, i) =>
    [...text].slice(i * 120, i * 120 + 120).join(''),
  );

  it('for every character counted as held by every Inter and Roboto Mono file, without the fallback', async () => {
    for (const line of lines) {
      const composition = slide(line, line);
      expect(chosen(snapshot.render(composition).html, snapshot.render(composition).css).join()).not.toContain(
        'DejaVu',
      );
      expect(await formats.png.render(composition)).toEqual(await everyFace.png.render(composition));
    }
  });

  it('for those characters in every family, weight and style, each family alone in its stylesheet', () => {
    const every = takumiEngine(EVERY_FACE);
    const html = `<p>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`;
    for (const family of ['Inter', 'Roboto Mono']) {
      for (const weight of [300, 400, 500, 600, 700, 800, 900]) {
        for (const style of ['normal', 'italic']) {
          const css = `p { font-family: '${family}'; font-weight: ${weight}; font-style: ${style}; font-size: 24px }`;
          const { node, css: sheets } = toImageDocument(html, css);
          const faces = facesFor(BUNDLED_FONTS, [{ node, css: sheets }]);
          expect(faces.map(label).join(), css).not.toContain('DejaVu');
          const options = { width: 1200, height: 800, css: sheets, format: 'png' } as const;
          expect(takumiEngine(BUNDLED_FONTS, faces).render(node, options), css).toEqual(every.render(node, options));
        }
      }
    }
    // 28 pairs of renders: seconds on a busy machine.
  }, 60_000);

  it('for arrows, math, Greek, latin-ext and italic text', async () => {
    for (const title of ['A → B ⇒ C ✓ ✗ ≤ ≥ ≠ ∞ αβγ', 'Zażółć gęślą jaźń ‡ ‰', 'Ship it *now*']) {
      const composition = slide(title, title);
      expect(await formats.png.render(composition)).toEqual(await everyFace.png.render(composition));
      expect(await formats.svg.render(composition, { theme: 'dark' })).toEqual(
        await everyFace.svg.render(composition, { theme: 'dark' }),
      );
    }
  });

  for (const fixture of fixtures) {
    it(fixture.name, async () => {
      const value = fixtureComposition(fixture.value);
      expect(await formats.png.render(value, { scale: 0.5 })).toEqual(
        await everyFace.png.render(value, { scale: 0.5 }),
      );
    });
  }
});
