import { describe, expect, it } from 'vitest';
import type { SlackAssetRequest, SlackBlock } from '../../../../src/core/chat-hosts/slack/blocks.ts';
import { fitBlock } from '../../../../src/core/chat-hosts/slack/block-limits.ts';
import { cloneData } from '../../../../src/core/text/well-formed.ts';
import { fitSlackMessage, type SlackFitInput } from '../../../../src/core/chat-hosts/slack/fit.ts';
import { richTextSurvives } from '../../../../src/core/chat-hosts/slack/rich-text-limits.ts';
import { limitViolations } from '../../../../src/core/chat-hosts/slack/checks.ts';
import { mulberry32 } from '../../../support/random.ts';

const generator = mulberry32;

const PIECES = [
  'a',
  'b',
  ' ',
  '  ',
  '\n',
  '<!channel>',
  '&',
  '&amp;',
  '<https://x.test|y>',
  '👍',
  '👨\u200d👩\u200d👧',
  '🇫🇷',
  'e\u0301',
  '*',
  '_',
  '`',
];

function makeRandom(seed: number) {
  const random = generator(seed);
  const int = (max: number): number => Math.floor(random() * (max + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const string = (cap = 12_000): string => {
    const roll = random();
    const target = Math.min(cap, roll < 0.5 ? int(40) : roll < 0.8 ? int(400) : roll < 0.95 ? int(4000) : int(12_000));
    const parts: string[] = [];
    let length = 0;
    while (length < target) {
      // Long runs of one piece keep big strings cheap to build.
      const piece = pick(PIECES).repeat(1 + int(target > 1000 ? 200 : 3));
      parts.push(piece);
      length += piece.length;
    }
    return parts.join('');
  };
  const text = (type: 'mrkdwn' | 'plain_text' = random() < 0.5 ? 'mrkdwn' : 'plain_text') => ({ type, text: string() });
  const option = (i: number) => ({ text: text('plain_text'), value: `v${i}` });
  const element = (): Record<string, unknown> => {
    const kind = int(3);
    if (kind === 0) return { type: 'button', action_id: `a${int(1e6)}`, text: text('plain_text') };
    if (kind === 1) {
      const options = Array.from({ length: int(random() < 0.15 ? 130 : 8) }, (_, i) => option(i));
      return {
        type: 'static_select',
        action_id: 's',
        placeholder: text('plain_text'),
        options,
        ...(options[0] ? { initial_option: options[int(options.length - 1)] } : {}),
      };
    }
    if (kind === 2)
      return { type: 'overflow', action_id: 'o', options: Array.from({ length: 1 + int(9) }, (_, i) => option(i)) };
    return { type: 'image', image_url: 'https://x.test/i.png', alt_text: string() };
  };
  const cell = () =>
    random() < 0.7
      ? { type: 'raw_text', text: string(300) }
      : {
          type: 'rich_text',
          elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: string(300) }] }],
        };
  const richElement = (): Record<string, unknown> => {
    const inline = () => (random() < 0.8 ? { type: 'text', text: string() } : { type: 'user', user_id: 'U1' });
    const kind = pick(['rich_text_section', 'rich_text_quote', 'rich_text_preformatted', 'rich_text_list'] as const);
    const section = () => ({ type: 'rich_text_section', elements: Array.from({ length: 1 + int(3) }, inline) });
    if (kind === 'rich_text_list')
      return { type: kind, style: 'bullet', indent: int(20) - 5, elements: Array.from({ length: int(3) }, section) };
    return { type: kind, elements: Array.from({ length: 1 + int(3) }, inline) };
  };
  let refs = 0;
  const block = (): SlackBlock => {
    switch (int(8)) {
      case 0:
        return { type: 'section', text: text(), ...(random() < 0.3 ? { accessory: element() } : {}) };
      case 1:
        return { type: 'section', fields: Array.from({ length: 1 + (random() < 0.6 ? 0 : int(14)) }, () => text()) };
      case 2:
        return {
          type: 'context',
          elements: Array.from({ length: 1 + int(random() < 0.3 ? 14 : 3) }, () =>
            random() < 0.9 ? text() : element(),
          ),
        };
      case 3:
        return { type: 'header', text: text('plain_text') };
      case 4:
        return { type: 'rich_text', elements: Array.from({ length: 1 + int(3) }, richElement) };
      case 5: {
        const columns = 1 + int(random() < 0.9 ? 5 : 24);
        const rows = 1 + int(random() < 0.9 ? 10 : 120);
        return { type: 'table', rows: Array.from({ length: rows }, () => Array.from({ length: columns }, cell)) };
      }
      case 6:
        return { type: 'actions', elements: Array.from({ length: 1 + int(random() < 0.2 ? 30 : 4) }, element) };
      case 7:
        return {
          type: 'image',
          slack_file: { ref: `asset-${refs++}` },
          alt_text: string(),
          ...(random() < 0.5 ? { title: text('plain_text') } : {}),
        };
      default:
        return { type: 'divider' };
    }
  };
  const input = (): SlackFitInput => {
    const nodes = Array.from({ length: int(120) }, () => Array.from({ length: random() < 0.2 ? int(3) : 1 }, block));
    const assets: SlackAssetRequest[] = Array.from({ length: refs }, (_, i) => ({
      ref: `asset-${i}`,
      node: i,
      altText: `alt ${i}`,
    }));
    return {
      ...(random() < 0.7 ? { title: string() } : {}),
      ...(random() < 0.5 ? { subtitle: string() } : {}),
      nodes,
      text: string(),
      assets,
    };
  };
  return input;
}

describe('fitSlackMessage: property', () => {
  it('always fits Slack’s limits, never throws, and never mutates its input (300 random messages)', () => {
    let rawViolating = 0;
    for (let seed = 1; seed <= 300; seed += 1) {
      const input = makeRandom(seed)();
      // The checker must have something to catch: most raw inputs break a limit.
      if (limitViolations({ text: input.text, blocks: input.nodes.flat(), assets: [] }).length > 0) rawViolating += 1;
      const before = JSON.stringify(input);
      let message: ReturnType<typeof fitSlackMessage>;
      try {
        message = fitSlackMessage(input);
      } catch (error) {
        throw new Error(`seed ${seed} threw: ${String(error)}`);
      }
      expect({ seed, problems: limitViolations(message) }).toEqual({ seed, problems: [] });
      expect(message.blocks.length).toBeLessThanOrEqual(50);
      expect(JSON.stringify(input) === before, `seed ${seed} mutated its input`).toBe(true);
      const refs = new Set(JSON.stringify(message.blocks).match(/asset-\d+/g) ?? []);
      expect(message.assets.map((asset) => asset.ref).sort()).toEqual([...refs].sort());
    }
    expect(rawViolating).toBeGreaterThan(250);
  }, 60_000);
});

describe('richTextSurvives: property', () => {
  // The pipeline counts rich text past the block budget with this check alone, so it must agree
  // with copying and fitting the block, or the elided count would be wrong.
  const BLANKS = ['', ' ', '\n', '\u200b', '\u2800', '\u3164', '\u00ad'];
  const SHOWN = ['a', '\uD800', '\uDC00', '👍', 'e\u0301', '\uFFFD'];

  function makeBlock(seed: number): Record<string, unknown> {
    const random = generator(seed);
    const int = (max: number): number => Math.floor(random() * (max + 1));
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const text = (): string => {
      // Mostly blank, sometimes over the 4000-unit element limit so splitting happens.
      const long = random() < 0.1;
      const parts = Array.from({ length: long ? 2 : 1 + int(3) }, () => pick(BLANKS).repeat(long ? 2500 : 1 + int(3)));
      if (random() < 0.3) parts.splice(int(parts.length), 0, pick(SHOWN));
      return parts.join('');
    };
    const inline = (): unknown => {
      const roll = random();
      if (roll < 0.75) return { type: 'text', text: text() };
      if (roll < 0.85) return { type: 'link', url: 'https://x.test', text: text() };
      if (roll < 0.9) return { type: 'user', user_id: 'U1' };
      return pick([null, 'loose', 7, { type: 'text' }, { type: 'text', text: 12 }]);
    };
    const inlines = (): unknown => (random() < 0.05 ? 'not a list' : Array.from({ length: int(3) }, inline));
    const element = (): unknown => {
      const roll = random();
      if (roll < 0.05) return pick([null, 'loose', { type: 'unknown_element' }]);
      if (roll < 0.35) {
        const items = random() < 0.05 ? 'not a list' : Array.from({ length: int(3) }, () => element());
        return { type: 'rich_text_list', style: 'bullet', indent: int(3), elements: items };
      }
      return {
        type: pick(['rich_text_section', 'rich_text_quote', 'rich_text_preformatted']),
        elements: inlines(),
      };
    };
    return { type: 'rich_text', elements: random() < 0.03 ? {} : Array.from({ length: int(3) }, element) };
  }

  it('agrees with copying and fitting the block (5,000 random rich text blocks)', () => {
    const seen = { kept: 0, dropped: 0 };
    for (let seed = 1; seed <= 5000; seed += 1) {
      const block = makeBlock(seed);
      const fitted = fitBlock(cloneData(block, new Map()) as Record<string, unknown>) !== null;
      expect({ seed, survives: richTextSurvives(block) }).toEqual({ seed, survives: fitted });
      seen[fitted ? 'kept' : 'dropped'] += 1;
    }
    // Both answers must be common, or the property would prove little.
    expect(Math.min(seen.kept, seen.dropped)).toBeGreaterThan(1000);
  }, 60_000);
});
