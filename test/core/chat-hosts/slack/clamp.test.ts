import { describe, expect, it } from 'vitest';
import { clampText, codePointPrefix, graphemePrefix } from '../../../../src/core/text/clamp.ts';
import { clampSlackMrkdwn } from '../../../../src/core/chat-hosts/slack/mrkdwn.ts';
import { hasLoneSurrogate } from '../../../../src/core/chat-hosts/checks.ts';

const FAMILY = '👨\u200d👩\u200d👧'; // 8 UTF-16 units, one grapheme
const FRANCE = '🇫🇷'; // 4 units, one grapheme

describe('clampText', () => {
  it('leaves text that fits exactly unchanged', () => {
    const text = 'a'.repeat(150);
    expect(clampText(text, 150)).toBe(text);
    expect(clampText('', 5)).toBe('');
  });

  it('cuts text one unit over to max - 1 and appends …', () => {
    expect(clampText('a'.repeat(151), 150)).toBe(`${'a'.repeat(149)}…`);
    expect(clampText('a'.repeat(151), 150)).toHaveLength(150);
  });

  it('trims trailing whitespace before the ellipsis', () => {
    expect(clampText('Hello world', 7)).toBe('Hello…');
    expect(clampText('abc \n\t defgh', 8)).toBe('abc…');
  });

  it('never splits a surrogate pair', () => {
    expect(clampText('ab👍cd', 4)).toBe('ab…');
    expect(clampText('ab👍cd', 5)).toBe('ab👍…');
  });

  it('never splits an emoji ZWJ sequence or a flag', () => {
    const text = `x${FAMILY}yz`;
    expect(clampText(text, 8)).toBe('x…');
    expect(clampText(text, 9)).toBe('x…');
    expect(clampText(text, 10)).toBe(`x${FAMILY}…`);
    expect(clampText(`${FRANCE}${FRANCE}`, 5)).toBe(`${FRANCE}…`);
    expect(clampText(`${FRANCE}${FRANCE}`, 4)).toBe('…');
  });

  it('keeps combining marks with their base letter', () => {
    expect(clampText('ae\u0301bc', 3)).toBe('a…');
    expect(clampText('ae\u0301bc', 4)).toBe('ae\u0301…');
  });

  it('handles degenerate limits', () => {
    expect(clampText('abc', 1)).toBe('…');
    expect(clampText('abc', 0)).toBe('');
  });

  it('always fits, keeps a prefix, and leaves no lone surrogate', () => {
    const pieces = ['a', ' ', '👍', FAMILY, FRANCE, 'e\u0301', '\n'];
    let text = '';
    for (let i = 0; i < 60; i += 1) text += pieces[(i * 7 + 3) % pieces.length];
    for (let max = 1; max <= text.length + 1; max += 1) {
      const clamped = clampText(text, max);
      expect(clamped.length).toBeLessThanOrEqual(max);
      expect(hasLoneSurrogate(clamped)).toBe(false);
      if (clamped !== text) {
        expect(clamped.endsWith('…')).toBe(true);
        expect(text.startsWith(clamped.slice(0, -1))).toBe(true);
      }
    }
  });
});

describe('graphemePrefix / codePointPrefix', () => {
  it('returns the longest whole-grapheme prefix, or nothing', () => {
    expect(graphemePrefix(`${FAMILY}a`, 8)).toBe(FAMILY);
    expect(graphemePrefix(`${FAMILY}a`, 7)).toBe('');
    expect(graphemePrefix('abc', 10)).toBe('abc');
  });

  it('cuts by code point when a grapheme alone is too long', () => {
    expect(codePointPrefix(FAMILY, 7)).toBe('👨\u200d👩\u200d');
    expect(codePointPrefix('👍👍', 3)).toBe('👍');
  });
});

describe('clampSlackMrkdwn', () => {
  it('does not end inside a link or mention', () => {
    expect(clampSlackMrkdwn('see <https://example.com|docs>', 12)).toBe('see…');
    expect(clampSlackMrkdwn('hi <@U123> there friend', 9)).toBe('hi…');
  });

  it('does not end inside an entity', () => {
    expect(clampSlackMrkdwn('a &amp; b', 5)).toBe('a…');
    expect(clampSlackMrkdwn('a &amp; bcdef', 9)).toBe('a &amp;…');
  });

  it('leaves fitting text alone and still fits max', () => {
    expect(clampSlackMrkdwn('<https://x.test|x>', 18)).toBe('<https://x.test|x>');
    expect(clampSlackMrkdwn(`${'&lt;'.repeat(100)}`, 50).length).toBeLessThanOrEqual(50);
  });
});
