import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';

/** Direction, word breaks and size steps of the slides pack in scripts other than Latin (issue 20). */
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const slide = (...body: unknown[]) => ({ type: 'view', body: [{ type: 'slideFrame', brand: 'Ledger', body }] });
const htmlOf = (composition: unknown) => runtime.surfaces.html.render(composition, { heading: false }).body;

describe('text direction on the HTML and snapshot surfaces', () => {
  const composition = slide(
    { type: 'slideHeading', title: 'מכירות **רבעון 3** עלו', lede: 'Q3 in Israel: שלום' },
    {
      type: 'slideBulletList',
      label: 'عربي',
      items: ['مرحبا بالعالم 2024', 'Release v2 ships مع 3 ميزات', 'Plain Latin'],
    },
  );

  it('makes each text of a right-to-left slide a right-to-left isolate, the same markup on both surfaces', () => {
    // Most letters are Hebrew and Arabic, so the slide is right to left: a text that could reorder
    // is a right-to-left paragraph (RLI … PDI), a Latin-first one included; plain Latin is untouched.
    const html = htmlOf(composition);
    const heading =
      '<h1 class="sl-heading-title sl-display" dir="rtl">\u2067מכירות <strong class="sl-strong">רבעון 3</strong> עלו\u2069</h1>';
    expect(html).toContain(heading);
    expect(html).toContain('<p class="sl-heading-lede" dir="rtl">\u2067Q3 in Israel: שלום\u2069</p>');
    expect(html).toContain('<div class="sl-label" dir="rtl">\u2067عربي\u2069</div>');
    expect(html).toContain('<span dir="rtl">\u2067مرحبا بالعالم 2024\u2069</span>');
    expect(html).toContain('<span dir="rtl">\u2067Release v2 ships مع 3 ميزات\u2069</span>');
    expect(html).toContain('<span>Plain Latin</span>');
    expect(runtime.surfaces.snapshot!.render(composition).html).toContain(heading);
  });

  it('keeps a model override inside its own text, never reaching the slide around it', () => {
    const html = htmlOf(slide({ type: 'slideBulletList', items: ['\u2069\u202Eevil', 'next'] }));
    expect(html).toContain('<span dir="ltr">\u2068\u202Eevil\u2069</span>');
    expect(html).toContain('<span>next</span>');
  });

  it('leaves the text surfaces as they were: isolates are markup only', () => {
    expect(runtime.surfaces.text.render(composition, { heading: false })).not.toMatch(/[\u2068\u2069]/);
    expect(runtime.surfaces.markdown.render(composition, { heading: false })).not.toMatch(/[\u2068\u2069]/);
  });
});

describe('word breaks', () => {
  const thai = slide({ type: 'slideBulletList', items: ['ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค'] });

  it('are added to the pictures only: browsers break Thai themselves', () => {
    expect(runtime.surfaces.snapshot!.render(thai).html).toContain('ภาษา\u200Bไทย\u200Bเป็น');
    expect(htmlOf(thai)).toContain('ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค');
  });
});

describe('size steps count a sentence without spaces as the words it breaks into', () => {
  const step = (title: string) => /sl-title-([lms])\b/.exec(htmlOf(slide({ type: 'slideTitle', title })))?.[1];

  it('draws a short Japanese or Thai title large, not at the smallest step', () => {
    // Wide characters count a whole em, as in the code panels; a line may break between them.
    expect(step('第3四半期の売上報告')).toBe('l');
    // Thai vowel and tone marks sit on their consonant and take no advance: 18 glyphs, not 23 code points.
    expect(step('ภาษาไทยเป็นภาษาที่ไม่มี')).toBe('l');
    expect(step('ภาษาไทยเป็นภาษาที่ไม่มีการเว้น')).toBe('m');
    expect(step('Northwind Quarterly')).toBe('l');
    // One long Latin word still cannot break, so it still steps down.
    expect(step('Supercalifragilisticexpialidocious')).toBe('s');
  });
});
