import { describe, expect, it } from 'vitest';
import { displayWidth, padToWidth } from '../../../src/core/text/display-width.ts';

// Runs in workerd: the library's Unicode property escapes and Intl.Segmenter must work there.
describe('displayWidth: the columns a text takes in a monospace font', () => {
  it.each([
    ['printable ASCII', 'Refunds settle', 14],
    ['a rare CJK ideograph (U+20BB7, outside the BMP)', '𠮷', 2],
    ['common CJK', '日本語', 6],
    ['Hangul syllables', '한국어', 6],
    ['full-width Latin', 'ＡＢ', 4],
    ['a wide emoji', '🦄', 2],
    ['a ZWJ sequence, one glyph', '👩‍💻', 2],
    ['a flag, two regional indicators drawn as one', '🇯🇵', 2],
    ['an emoji with VS16', '❤️', 2],
    ['a keycap', '1️⃣', 2],
    ['ZERO WIDTH SPACE (the mention break)', '\u200B', 0],
    ['WORD JOINER', '\u2060', 0],
    ['ZERO WIDTH JOINER (the autolink break) after a letter', 'a\u200D', 1],
    ['a combining accent on its letter', 'cafe\u0301', 4],
    ['a soft hyphen', 'co\u00ADop', 4],
    ['Thai with its vowel marks', 'ที่ไม่', 3],
    ['East Asian Ambiguous, drawn narrow', '—①', 2],
    ['the empty string', '', 0],
  ])('%s', (_what, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('counts an ANSI escape sequence as shown: the ESC takes nothing, the rest its letters', () => {
    // Chat clients draw `[31m` as text, so stripping the sequence would pad the cell short by 4.
    expect(displayWidth('\u001b[31mred\u001b[0m')).toBe(10);
    expect(displayWidth('\u009b31m')).toBe(3);
  });

  it('stays linear on long hostile text', () => {
    const long = `${'e\u0301'.repeat(50_000)}${'👩‍💻'.repeat(10_000)}${'\u200B'.repeat(50_000)}`;
    const started = Date.now();
    expect(displayWidth(long)).toBe(50_000 + 20_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('padToWidth', () => {
  it('pads to a display width, never cuts', () => {
    expect(padToWidth('日本', 6)).toBe('日本  ');
    expect(padToWidth('a\u200Bb', 4)).toBe('a\u200Bb  ');
    expect(padToWidth('🇯🇵', 1)).toBe('🇯🇵');
  });
});
