import { describe, expect, it } from 'vitest';
import { escapeHtml, html, raw, textMarkup } from '../../../src/core/model/markup.ts';
import { isolateText, needsIsolation, textDirection } from '../../../src/core/text/text-direction.ts';

const FSI = '\u2068';
const PDI = '\u2069';
const RLO = '\u202E';

describe('textDirection: the first strong character, as dir="auto" reads it', () => {
  it.each([
    ['שלום world', 'rtl'],
    ['مرحبا بالعالم 2024 Hello', 'rtl'],
    ['Hello שלום', 'ltr'],
    ['123 שלום', 'rtl'], // digits are weak and never decide
    ['(2024) — مرحبا', 'rtl'],
    ['Q3: مرحبا', 'ltr'],
    ['ދިވެހި', 'rtl'], // Thaana
    ['ߒߞߏ', 'rtl'], // N'Ko
    ['ܐܪܡܝܐ', 'rtl'], // Syriac
    ['𞤀𞤣𞤤𞤢𞤥', 'rtl'], // Adlam, outside the BMP
    ['ﷲ', 'rtl'], // an Arabic presentation form
    ['\u05B0שלום', 'rtl'], // a Hebrew point (a mark) first
    ['\u200F2024', 'rtl'], // RLM is strong
    ['\u200E2024 שלום', 'ltr'], // LRM is strong
    ['ภาษาไทย', 'ltr'],
    ['第3四半期の売上', 'ltr'],
    ['Привет', 'ltr'],
  ])('%s → %s', (text, direction) => {
    expect(textDirection(text)).toBe(direction);
  });

  it('has no direction for text without a strong character', () => {
    for (const text of ['', '2024', '١٢٣', '12.5%', '— → ✓', '\u202E', '   '])
      expect(textDirection(text)).toBeUndefined();
  });

  it('skips what isolates hold (rule P2), nested or not, and ignores embeddings', () => {
    expect(textDirection('\u2067abc\u2069 שלום')).toBe('rtl');
    expect(textDirection(`${FSI}\u2067א${PDI}b${PDI} c`)).toBe('ltr');
    expect(textDirection(`${FSI}never closed שלום`)).toBeUndefined();
    expect(textDirection(`${RLO}abc`)).toBe('ltr'); // an override is not a strong character
    expect(textDirection(`${PDI}${PDI}שלום`)).toBe('rtl'); // stray pops close nothing
  });

  it('reads past lone surrogates and other junk', () => {
    expect(textDirection('\uD800\uDFFF\uDC00שלום')).toBe('rtl');
    expect(textDirection('\uD83Dabc')).toBe('ltr');
    expect(textDirection('\u0000\uFFFD\uFEFFمرحبا')).toBe('rtl');
  });

  it('takes linear time on the longest neutral text the budget allows', () => {
    const text = `${'1 '.repeat(500_000)}א`;
    const started = performance.now();
    expect(textDirection(text)).toBe('rtl');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('needsIsolation and isolateText', () => {
  it('leaves left-to-right text alone, byte for byte', () => {
    for (const text of ['Refunds settle in **two days**', 'Привет', 'ภาษาไทย', '第3四半期', '\u200E', '']) {
      expect(needsIsolation(text)).toBe(false);
      expect(isolateText(text)).toBe(text);
    }
  });

  it('isolates right-to-left text and text with bidi controls', () => {
    expect(isolateText('مرحبا')).toBe(`${FSI}مرحبا${PDI}`);
    expect(isolateText(`abc${RLO}def`)).toBe(`${FSI}abc${RLO}def${PDI}`);
    for (const rtl of ['𞤀𞤣𞤤', '𐤀', 'ﷲ', 'ﻻ', '\u200F', 'ש', 'ߒ']) expect(needsIsolation(`x${rtl}`), rtl).toBe(true);
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(needsIsolation(`x${control}y`)).toBe(true);
  });

  it('drops a PDI that closes nothing, which would end the isolate early', () => {
    expect(isolateText(`a${PDI}${RLO}b`)).toBe(`${FSI}a${RLO}b${PDI}`);
    expect(isolateText(`\u2067x${PDI}${PDI}y`)).toBe(`${FSI}\u2067x${PDI}y${PDI}`);
    expect(isolateText(`${PDI.repeat(3)}`)).toBe(`${FSI}${PDI}`);
  });

  it('keeps lone surrogates as they are', () => {
    expect(isolateText('\uD800مرحبا\uDC00')).toBe(`${FSI}\uD800مرحبا\uDC00${PDI}`);
  });

  it('takes linear time on a budget-sized run of bidi controls', () => {
    const text = `${'\u2069\u2067'.repeat(250_000)}`;
    const started = performance.now();
    const isolated = isolateText(text);
    expect(performance.now() - started).toBeLessThan(2000);
    // The first PDI closes nothing and goes; each later one closes the RLI before it.
    expect(isolated.length).toBe(2 * 250_000 - 1 + 2);
  });
});

describe('html: each text takes its direction and cannot reorder the markup around it', () => {
  it('changes nothing for left-to-right text', () => {
    expect(String(html`<p class="x">${'Hello'}</p>`)).toBe('<p class="x">Hello</p>');
    expect(String(html`<p>${'1 < 2'}</p>`)).toBe('<p>1 &lt; 2</p>');
  });

  it('gives an element the direction of the text that fills it', () => {
    expect(String(html`<p class="x">${'مرحبا 2024'}</p>`)).toBe(`<p class="x" dir="rtl">${FSI}مرحبا 2024${PDI}</p>`);
    expect(String(html`<li><span>${'Release مع 3'}</span></li>`)).toBe(
      `<li><span dir="ltr">${FSI}Release مع 3${PDI}</span></li>`,
    );
    // No strong character: the default, as dir="auto" has it.
    expect(String(html`<b>${`${RLO}١٢٣`}</b>`)).toBe(`<b dir="ltr">${FSI}${RLO}١٢٣${PDI}</b>`);
  });

  it('isolates a text that shares its element, without a dir', () => {
    expect(String(html`<p>Name: ${'שלום'}, 12 items</p>`)).toBe(`<p>Name: ${FSI}שלום${PDI}, 12 items</p>`);
    expect(String(html`<p>${'שלום'}${'x'}</p>`)).toBe(`<p>${FSI}שלום${PDI}x</p>`);
  });

  it('keeps a bidi override inside its own text', () => {
    expect(String(html`<p>User ${`${RLO}evil`} wrote</p>`)).toBe(`<p>User ${FSI}${RLO}evil${PDI} wrote</p>`);
    expect(String(html`<p>User ${`${PDI}${RLO}evil`} wrote</p>`)).toBe(`<p>User ${FSI}${RLO}evil${PDI} wrote</p>`);
  });

  it('never touches attribute values, where an isolate would change a URL', () => {
    expect(String(html`<a href="${'https://e.com/שלום'}" title="${'מידע'}">x</a>`)).toBe(
      '<a href="https://e.com/שלום" title="מידע">x</a>',
    );
  });

  it('adds dir only to an opening tag the text fills, never twice', () => {
    expect(String(html`<p dir="ltr">${'שלום'}</p>`)).toBe(`<p dir="ltr">${FSI}שלום${PDI}</p>`);
    expect(String(html`<br/>${'שלום'}</p>`)).toBe(`<br/>${FSI}שלום${PDI}</p>`);
    expect(String(html`</b>${'שלום'}</p>`)).toBe(`</b>${FSI}שלום${PDI}</p>`);
    expect(String(html`${'שלום'}`)).toBe(`${FSI}שלום${PDI}`);
  });

  it('textMarkup isolates a text drawn with inline markup once, and its element takes its direction', () => {
    const bold = (text: string) => raw(escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<b>$1</b>'));
    expect(String(html`<h1>${textMarkup('מכירות **רבעון 3** עלו', bold)}</h1>`)).toBe(
      `<h1 dir="rtl">${FSI}מכירות <b>רבעון 3</b> עלו${PDI}</h1>`,
    );
    expect(String(html`<h1>${textMarkup('Plain **text**', bold)}</h1>`)).toBe('<h1>Plain <b>text</b></h1>');
    // A stray PDI is gone before the inline markup is built.
    expect(String(textMarkup(`a${PDI}<`, (text) => raw(escapeHtml(text))))).toBe(`${FSI}a&lt;${PDI}`);
  });
});
