import { describe, expect, it } from 'vitest';
import {
  unbreakablePieces,
  withWordBreaks,
  withWordBreaksInMarkup,
  ZERO_WIDTH_SPACE,
} from '../../../src/core/text/line-breaks.ts';

const ZW = ZERO_WIDTH_SPACE;

/** Offsets into the text without break characters where a break character stands. */
function boundaries(broken: string): Set<number> {
  const at = new Set<number>();
  let offset = 0;
  for (const piece of broken.split(ZW).slice(0, -1)) {
    offset += piece.length;
    at.add(offset);
  }
  return at;
}

// These run in workerd: its ICU must hold the dictionaries, as V8's in Node does.
describe('withWordBreaks: a break opportunity at each dictionary word boundary', () => {
  it.each([
    ['Thai', 'ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค', ['ภาษา', 'ไทย', 'เป็น', 'ภาษา', 'ที่', 'ไม่มี', 'การ', 'เว้น', 'วรรค']],
    ['Lao', 'ພາສາລາວເປັນພາສາທີ່ບໍ່ມີການຍະຫວ່າງ', ['ພາສາ', 'ລາວ', 'ເປັນ', 'ພາສາ', 'ທີ່', 'ບໍ່ມີ', 'ການ', 'ຍະ', 'ຫວ່າງ']],
    ['Khmer', 'ភាសាខ្មែរជាភាសាដែលគ្មានដកឃ្លា', ['ភាសាខ្មែរ', 'ជា', 'ភាសា', 'ដែល', 'គ្មាន', 'ដកឃ្លា']],
    ['Burmese', 'မြန်မာဘာသာစကားသည်', ['မြန်မာဘာသာ', 'စကား', 'သည်']],
  ])('%s', (_script, text, words) => {
    const broken = withWordBreaks(text);
    expect(broken.replaceAll(ZW, '')).toBe(text);
    // Dictionaries differ a little between ICU versions (workerd splits ដកឃ្លា, Node's V8 does not):
    // every boundary between these words is found, and no break falls inside a character cluster.
    expect([...boundaries(words.join(ZW))].filter((at) => !boundaries(broken).has(at))).toEqual([]);
    const clusters = new Set(
      [...new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)].map((g) => g.index),
    );
    for (const at of boundaries(broken)) expect(clusters.has(at)).toBe(true);
  });

  it('adds nothing beside spaces, punctuation, digits or other scripts', () => {
    expect(withWordBreaks('ภาษาไทย Thai, 2024.')).toBe(`ภาษา${ZW}ไทย Thai, 2024.`);
    expect(withWordBreaks('ไทย(ลาว)')).toBe('ไทย(ลาว)');
    expect(withWordBreaks('Q3ไทย')).toBe('Q3ไทย');
  });

  it('leaves other scripts untouched: the engine breaks CJK by UAX #14 itself', () => {
    for (const text of ['第3四半期の売上は「成功」した。', '한국어 문장', 'Refunds settle', 'مرحبا بالعالم', ''])
      expect(withWordBreaks(text)).toBe(text);
  });

  it('survives hostile input: lone surrogates, controls, a long run', () => {
    expect(withWordBreaks('ภาษา\uD800ไทย').replaceAll(ZW, '')).toBe('ภาษา\uD800ไทย');
    expect(withWordBreaks('\u202Eภาษาไทย\u2069').replaceAll(ZW, '')).toBe('\u202Eภาษาไทย\u2069');
    // 68,000 characters: quadratic work would not finish within the test's 30 s.
    const long = 'ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค'.repeat(2_000);
    const broken = withWordBreaks(long);
    expect(broken.replaceAll(ZW, '')).toBe(long);
    expect(broken.split(ZW).length).toBeGreaterThan(2_000 * 8);
  });
});

describe('withWordBreaksInMarkup', () => {
  it('breaks text between tags and never inside a tag', () => {
    expect(withWordBreaksInMarkup('<p class="ภาษาไทย" title="ภาษาไทย">ภาษาไทย<b>ภาษาไทย</b></p>')).toBe(
      `<p class="ภาษาไทย" title="ภาษาไทย">ภาษา${ZW}ไทย<b>ภาษา${ZW}ไทย</b></p>`,
    );
    expect(withWordBreaksInMarkup('ภาษาไทย<br>')).toBe(`ภาษา${ZW}ไทย<br>`);
  });

  it('returns markup without these scripts as it is', () => {
    const markup = '<p class="x">Refunds &amp; returns 第3四半期</p>';
    expect(withWordBreaksInMarkup(markup)).toBe(markup);
  });
});

describe('unbreakablePieces: what no line break splits, for width estimates', () => {
  it('splits at spaces, around each ideograph and at dictionary word boundaries', () => {
    expect(unbreakablePieces(' Refunds  settle\tfast ')).toEqual(['Refunds', 'settle', 'fast']);
    expect(unbreakablePieces('第3四半期の売上')).toEqual(['第', '3', '四', '半', '期', 'の', '売', '上']);
    expect(unbreakablePieces('한국어 문장')).toEqual(['한', '국', '어', '문', '장']);
    expect(unbreakablePieces('ภาษาไทย Thai')).toEqual(['ภาษา', 'ไทย', 'Thai']);
    expect(unbreakablePieces('𠀀𠀁')).toEqual(['𠀀', '𠀁']);
    expect(unbreakablePieces('')).toEqual([]);
  });

  it('splits around every glyph two columns wide, emoji included (UAX #14 class ID)', () => {
    expect(unbreakablePieces('🦄🦄 ok👩‍💻 𠮷野家')).toEqual(['🦄', '🦄', 'ok', '👩‍💻', '𠮷', '野', '家']);
    expect(unbreakablePieces('ＡＢ🇯🇵')).toEqual(['Ａ', 'Ｂ', '🇯🇵']);
    expect(unbreakablePieces('cafe\u0301 a\u200Bb')).toEqual(['cafe\u0301', 'a\u200Bb']);
  });
});
