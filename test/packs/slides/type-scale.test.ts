import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../../src/core/text/display-width.ts';
import { charLoad, DISPLAY_ADVANCES, emWidth } from '../../../src/packs/slides/parts/type-scale.ts';

describe("the slides pack's text measures read the core's display width", () => {
  it('a character load is the display width: wide glyphs 2, zero-width and combining 0', () => {
    const text = '日本語 🇯🇵 👩‍💻 cafe\u0301\u200B';
    expect(charLoad(text)).toBe(displayWidth(text));
    expect(charLoad(text)).toBe(17);
  });

  it('display type gives a wide glyph one em, a ZWJ sequence or a flag counted once', () => {
    expect(emWidth('日本', DISPLAY_ADVANCES)).toBe(2);
    expect(emWidth('👩‍💻', DISPLAY_ADVANCES)).toBe(1);
    expect(emWidth('🇯🇵', DISPLAY_ADVANCES)).toBe(1);
    // A combining accent rides on its letter: no advance of its own.
    expect(emWidth('e\u0301', DISPLAY_ADVANCES)).toBe(emWidth('e', DISPLAY_ADVANCES));
  });
});
