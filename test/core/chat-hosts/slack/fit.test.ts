import { describe, expect, it } from 'vitest';
import type { SlackAssetRequest, SlackBlock } from '../../../../src/core/chat-hosts/slack/blocks.ts';
import { fitSlackMessage, type SlackFitInput } from '../../../../src/core/chat-hosts/slack/fit.ts';
import { SLACK_ELIDED_NOTE, SLACK_EMPTY_TEXT, SLACK_IMAGE_ALT } from '../../../../src/core/chat-hosts/slack/notes.ts';
import { limitViolations } from '../../../../src/core/chat-hosts/slack/checks.ts';

const DIVIDER = { type: 'divider' };

const section = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const field = (text: string): SlackBlock => ({ type: 'section', fields: [{ type: 'mrkdwn', text }] });
const header = (text: string): SlackBlock => ({ type: 'header', text: { type: 'plain_text', text } });
const context = (text: string): SlackBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const button = (text: string, id = 'b'): Record<string, unknown> => ({
  type: 'button',
  action_id: id,
  text: { type: 'plain_text', text },
});
const actions = (...elements: unknown[]): SlackBlock => ({ type: 'actions', elements });
const raw = (text: string): Record<string, unknown> => ({ type: 'raw_text', text });
const table = (rows: string[][]): SlackBlock => ({ type: 'table', rows: rows.map((row) => row.map(raw)) });
const image = (ref: string): SlackBlock => ({ type: 'image', slack_file: { ref }, alt_text: ref });
const richSection = (...elements: unknown[]): Record<string, unknown> => ({ type: 'rich_text_section', elements });
const richText = (...elements: unknown[]): SlackBlock => ({ type: 'rich_text', elements });

/** Fits bare body blocks, one node each, with no title. */
function fitBlocks(...blocks: SlackBlock[]): SlackBlock[] {
  return fitSlackMessage({ nodes: blocks.map((block) => [block]), text: '' }).blocks;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** A table whose cells hold `chars` characters in total (2 columns, header included). */
function tableOf(chars: number, label = 'x'): SlackBlock {
  const rows: string[][] = [['A', 'B']];
  let left = chars - 2;
  while (left > 0) {
    const a = Math.min(left, 500);
    const b = Math.min(left - a, 500);
    rows.push([label.repeat(a), label.repeat(b)]);
    left -= a + b;
  }
  return table(rows);
}

describe('fitSlackMessage: title and subtitle', () => {
  it('renders the title as a header and the subtitle as an escaped context line', () => {
    const message = fitSlackMessage({
      title: '  Quarterly\n\treport  ',
      subtitle: '<!here> & <@U123>',
      nodes: [],
      text: 'Quarterly report',
    });
    expect(message).toEqual({
      text: 'Quarterly report',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Quarterly report', emoji: true } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: '&lt;!here&gt; &amp; &lt;@U123&gt;' }] },
      ],
      assets: [],
    });
  });

  it('clamps a 200-character title to 150 ending in …', () => {
    const [block] = fitSlackMessage({ title: 'a'.repeat(200), nodes: [], text: '' }).blocks;
    const text = (block!.text as { text: string }).text;
    expect(text).toBe(`${'a'.repeat(149)}…`);
    expect(text.length).toBeLessThanOrEqual(150);
  });

  it('skips a blank title or subtitle', () => {
    expect(fitSlackMessage({ title: ' \n ', subtitle: '  ', nodes: [], text: '' }).blocks).toEqual([]);
  });

  it('gives the subtitle no spacer, and no divider before body content', () => {
    const blocks = fitSlackMessage({ title: 'T', subtitle: 'S', nodes: [[section('A')]], text: '' }).blocks;
    expect(blocks.map((block) => block.type)).toEqual(['header', 'context', 'section']);
  });
});

describe('fitSlackMessage: text limits', () => {
  it('clamps a 10,000-character section to 3000', () => {
    const [block] = fitBlocks(section('x'.repeat(10_000)));
    expect(block).toEqual(section(`${'x'.repeat(2999)}…`));
  });

  it('clamps node headers to 150', () => {
    expect(fitBlocks(header('h'.repeat(151)))).toEqual([header(`${'h'.repeat(149)}…`)]);
  });

  it('keeps at most 10 fields of at most 2000 characters', () => {
    const fields = Array.from({ length: 12 }, (_, i) => ({
      type: 'mrkdwn',
      text: String(i).repeat(2500).slice(0, 2500),
    }));
    const [block] = fitBlocks({ type: 'section', fields });
    const kept = block?.fields as { text: string }[];
    expect(kept).toHaveLength(10);
    expect(kept.map((item) => item.text.length)).toEqual(Array(10).fill(2000));
    expect(kept[9]?.text).toBe(`${'9'.repeat(1999)}…`);
  });

  it('keeps at most 10 context elements of at most 2000 characters', () => {
    const elements = Array.from({ length: 12 }, () => ({ type: 'plain_text', text: 'c'.repeat(2001) }));
    const [block] = fitBlocks({ type: 'context', elements });
    expect(block?.elements).toEqual(Array(10).fill({ type: 'plain_text', text: `${'c'.repeat(1999)}…` }));
  });

  it('clamps mrkdwn without leaving a half link', () => {
    const text = `${'a'.repeat(2990)} <https://example.com/long|label>`;
    const [block] = fitBlocks(section(text));
    expect(block).toEqual(section(`${'a'.repeat(2990)}…`));
  });

  it('clamps image alt text and title', () => {
    const [block] = fitBlocks({
      type: 'image',
      image_url: 'https://x.test/a.png',
      alt_text: 'a'.repeat(2001),
      title: { type: 'plain_text', text: 't'.repeat(2001) },
    });
    expect(block).toEqual({
      type: 'image',
      image_url: 'https://x.test/a.png',
      alt_text: `${'a'.repeat(1999)}…`,
      title: { type: 'plain_text', text: `${'t'.repeat(1999)}…` },
    });
  });

  it('turns an image whose URL is over 3000 characters into its alt text, or drops it', () => {
    const url = `https://x.test/${'p'.repeat(3000)}`;
    expect(fitBlocks({ type: 'image', image_url: url, alt_text: 'A <chart>' })).toEqual([context('A &lt;chart&gt;')]);
    expect(fitBlocks({ type: 'image', image_url: url, alt_text: '' })).toEqual([]);
  });

  it('clamps video title, description and author name', () => {
    const [block] = fitBlocks({
      type: 'video',
      title: { type: 'plain_text', text: 'v'.repeat(201) },
      description: { type: 'plain_text', text: 'd'.repeat(201) },
      author_name: 'n'.repeat(51),
    });
    expect(block).toEqual({
      type: 'video',
      title: { type: 'plain_text', text: `${'v'.repeat(199)}…` },
      description: { type: 'plain_text', text: `${'d'.repeat(199)}…` },
      author_name: `${'n'.repeat(49)}…`,
    });
  });

  it('keeps at most 25 action elements and clamps button text to 75', () => {
    const [block] = fitBlocks(actions(...Array.from({ length: 30 }, (_, i) => button('b'.repeat(100), `b${i}`))));
    const elements = block?.elements as { text: { text: string } }[];
    expect(elements).toHaveLength(25);
    expect(elements[0]).toEqual(button(`${'b'.repeat(74)}…`, 'b0'));
  });

  it('clamps section accessory buttons and confirm dialogs', () => {
    const [block] = fitBlocks({
      ...section('A'),
      accessory: {
        ...button('x'.repeat(80)),
        confirm: {
          title: { type: 'plain_text', text: 't'.repeat(101) },
          text: { type: 'plain_text', text: 'c'.repeat(301) },
          confirm: { type: 'plain_text', text: 'y'.repeat(31) },
          deny: { type: 'plain_text', text: 'n'.repeat(31) },
        },
      },
    });
    expect(block?.accessory).toEqual({
      ...button(`${'x'.repeat(74)}…`),
      confirm: {
        title: { type: 'plain_text', text: `${'t'.repeat(99)}…` },
        text: { type: 'plain_text', text: `${'c'.repeat(299)}…` },
        confirm: { type: 'plain_text', text: `${'y'.repeat(29)}…` },
        deny: { type: 'plain_text', text: `${'n'.repeat(29)}…` },
      },
    });
  });

  it('fits select options, groups, placeholders and initial options', () => {
    const option = (i: number, text = `Option ${i}`): Record<string, unknown> => ({
      text: { type: 'plain_text', text },
      value: `v${i}`,
    });
    const long = 'o'.repeat(80);
    const [block] = fitBlocks(
      actions(
        {
          type: 'static_select',
          action_id: 's',
          placeholder: { type: 'plain_text', text: 'p'.repeat(200) },
          options: Array.from({ length: 120 }, (_, i) => option(i, i === 0 ? long : `Option ${i}`)),
          initial_option: option(0, long),
        },
        {
          type: 'static_select',
          action_id: 'g',
          option_groups: [{ label: { type: 'plain_text', text: 'l'.repeat(76) }, options: [option(1, long)] }],
        },
        {
          type: 'overflow',
          action_id: 'o',
          options: Array.from({ length: 8 }, (_, i) => option(i)),
          initial_option: option(7),
        },
        {
          type: 'multi_static_select',
          action_id: 'm',
          options: Array.from({ length: 101 }, (_, i) => option(i)),
          initial_options: [option(1), option(100)],
        },
      ),
    );
    const [select, grouped, overflow, multi] = block!.elements as Record<string, unknown>[];
    const clampedOption = option(0, `${'o'.repeat(74)}…`);
    expect((select!.placeholder as { text: string }).text).toBe(`${'p'.repeat(149)}…`);
    expect(select?.options).toHaveLength(100);
    expect((select!.options as unknown[])[0]).toEqual(clampedOption);
    expect(select?.initial_option).toEqual(clampedOption);
    expect(grouped?.option_groups).toEqual([
      { label: { type: 'plain_text', text: `${'l'.repeat(74)}…` }, options: [option(1, `${'o'.repeat(74)}…`)] },
    ]);
    expect(overflow?.options).toHaveLength(5);
    // Its initial option was dropped with the options past 5; Slack would refuse an orphan.
    expect(overflow).not.toHaveProperty('initial_option');
    expect(multi?.options).toHaveLength(100);
    expect(multi?.initial_options).toEqual([option(1)]);
  });
});

describe('fitSlackMessage: blank text (Slack refuses it where text is required)', () => {
  it('drops a header whose text shows nothing, from the title or from a node', () => {
    expect(fitSlackMessage({ title: '\u200b', nodes: [[header(' ')], [section('A')]], text: 'A' }).blocks).toEqual([
      section('A'),
    ]);
    expect(fitBlocks(header('\u200b \u2060'), header('\t\n'))).toEqual([]);
  });

  it('drops blank section text and fields, and a section left with neither', () => {
    const both = {
      type: 'section',
      text: { type: 'mrkdwn', text: ' ' },
      fields: [
        { type: 'mrkdwn', text: ' ' },
        { type: 'plain_text', text: 'F' },
      ],
    };
    expect(fitBlocks(both)).toEqual([{ type: 'section', fields: [{ type: 'plain_text', text: 'F' }] }]);
    const withAccessory = { ...section('\n'), accessory: button('Go') };
    expect(fitBlocks(withAccessory, field('  '), section('B'))).toEqual([section('B')]);
  });

  it('counts only visible fields against the 10-field limit', () => {
    const fields = [
      ...Array.from({ length: 5 }, () => ({ type: 'mrkdwn', text: ' ' })),
      ...Array.from({ length: 10 }, (_, i) => ({ type: 'mrkdwn', text: `f${i}` })),
    ];
    const [block] = fitBlocks({ type: 'section', fields });
    expect(block?.fields).toEqual(fields.slice(5));
  });

  it('drops blank context elements and an empty context', () => {
    expect(fitBlocks(context(' '), { type: 'context', elements: [] })).toEqual([]);
    expect(
      fitBlocks({
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: '\u200b' },
          { type: 'plain_text', text: 'kept' },
        ],
      }),
    ).toEqual([{ type: 'context', elements: [{ type: 'plain_text', text: 'kept' }] }]);
  });

  it('drops buttons without a visible label, and actions left empty', () => {
    expect(fitBlocks(actions(button(' ')))).toEqual([]);
    expect(fitBlocks(actions(button(' ', 'a'), button('Go', 'b')))).toEqual([actions(button('Go', 'b'))]);
    expect(fitBlocks({ ...section('A'), accessory: button('') })).toEqual([section('A')]);
  });

  it('drops a blank image title but keeps the image', () => {
    const img = { type: 'image', image_url: 'https://x.test/a.png', alt_text: 'a' };
    expect(fitBlocks({ ...img, title: { type: 'plain_text', text: ' ' } })).toEqual([img]);
  });

  it('gives an image without alt text the fixed one, since Slack requires it', () => {
    const img = { type: 'image', image_url: 'https://x.test/a.png' };
    expect(fitBlocks({ ...img, alt_text: ' ' }, img)).toEqual([
      { ...img, alt_text: SLACK_IMAGE_ALT },
      { ...img, alt_text: SLACK_IMAGE_ALT },
    ]);
    const [block] = fitBlocks({ type: 'context', elements: [{ type: 'image', image_url: 'https://x.test/b.png' }] });
    expect(block?.elements).toEqual([{ type: 'image', image_url: 'https://x.test/b.png', alt_text: 'Image' }]);
  });

  it('drops rich text elements and list items that show nothing, and a rich_text left empty', () => {
    const blankSection = richSection({ type: 'text', text: ' \n ' });
    const mention = richSection({ type: 'user', user_id: 'U1' });
    expect(fitBlocks(richText(blankSection, { type: 'rich_text_preformatted', elements: [] }))).toEqual([]);
    expect(
      fitBlocks(
        richText(
          blankSection,
          mention,
          { type: 'rich_text_list', style: 'bullet', indent: 0, elements: [blankSection] },
          { type: 'rich_text_list', style: 'bullet', indent: 0, elements: [blankSection, mention] },
        ),
      ),
    ).toEqual([richText(mention, { type: 'rich_text_list', style: 'bullet', indent: 0, elements: [mention] })]);
  });

  it('leaves no blank piece when splitting a long section', () => {
    const [block] = fitBlocks(richText(richSection({ type: 'text', text: `${'a'.repeat(3000)}   ` })));
    expect(block).toEqual(richText(richSection({ type: 'text', text: 'a'.repeat(3000) })));
  });
});

describe('fitSlackMessage: never an empty message', () => {
  it('says the view has nothing for Slack when there are no blocks and the text is blank', () => {
    expect(fitSlackMessage({ nodes: [], text: '' })).toEqual({ text: SLACK_EMPTY_TEXT, blocks: [], assets: [] });
    expect(fitSlackMessage({ title: ' ', nodes: [[header(' ')]], text: ' \n\n ' }).text).toBe(SLACK_EMPTY_TEXT);
    expect(SLACK_EMPTY_TEXT).toBe('This view has nothing to show in Slack.');
  });

  it('keeps a blank text when blocks carry the message, and any visible text as given', () => {
    expect(fitSlackMessage({ nodes: [[section('A')]], text: '' }).text).toBe('');
    expect(fitSlackMessage({ nodes: [], text: 'Hi' }).text).toBe('Hi');
  });
});

describe('fitSlackMessage: well-formed text', () => {
  it('replaces half a surrogate pair with U+FFFD everywhere Slack reads', () => {
    const message = fitSlackMessage({
      title: 'T\uD800',
      subtitle: 'S\uDC00',
      nodes: [[section('a\uD800b'), image('asset-0')]],
      text: 'x\uDBFF',
      assets: [{ ref: 'asset-0', node: {}, altText: 'alt\uD800' }],
    });
    expect(message.blocks.slice(0, 3)).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'T\uFFFD', emoji: true } },
      context('S\uFFFD'),
      section('a\uFFFDb'),
    ]);
    expect(message.text).toBe('x\uFFFD');
    expect(message.assets[0]?.altText).toBe('alt\uFFFD');
    expect(fitBlocks(section('👍 kept'))).toEqual([section('👍 kept')]);
  });
});

describe('fitSlackMessage: block ids', () => {
  it('keeps the first use of a block_id and removes repeats and ids Slack refuses', () => {
    const withId = (text: string, id: unknown): SlackBlock => ({ ...section(text), block_id: id });
    const blocks = fitBlocks(
      withId('a', 'x'),
      withId('b', 'x'),
      withId('c', 'y'),
      withId('d', 'z'.repeat(256)),
      withId('e', ''),
      withId('f', 7),
    );
    expect(blocks).toEqual([
      withId('a', 'x'),
      section('b'),
      withId('c', 'y'),
      section('d'),
      section('e'),
      section('f'),
    ]);
    expect(limitViolations({ text: '', blocks })).toEqual([]);
  });
});

describe('fitSlackMessage: rich text', () => {
  it('splits an over-long section into adjacent sections without losing text', () => {
    const text = Array.from({ length: 7000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const [block] = fitBlocks(richText(richSection({ type: 'text', text, style: { bold: true } })));
    expect(block).toEqual(
      richText(
        richSection({ type: 'text', text: text.slice(0, 3000), style: { bold: true } }),
        richSection({ type: 'text', text: text.slice(3000, 6000), style: { bold: true } }),
        richSection({ type: 'text', text: text.slice(6000), style: { bold: true } }),
      ),
    );
  });

  it('keeps atomic elements whole and in order', () => {
    const a = 'a'.repeat(2000);
    const b = 'b'.repeat(2000);
    const [block] = fitBlocks(
      richText({
        type: 'rich_text_quote',
        elements: [
          { type: 'text', text: a },
          { type: 'user', user_id: 'U1' },
          { type: 'text', text: b },
        ],
      }),
    );
    expect(block).toEqual(
      richText(
        {
          type: 'rich_text_quote',
          elements: [
            { type: 'text', text: a },
            { type: 'user', user_id: 'U1' },
            { type: 'text', text: 'b'.repeat(1000) },
          ],
        },
        { type: 'rich_text_quote', elements: [{ type: 'text', text: 'b'.repeat(1000) }] },
      ),
    );
  });

  it('splits preformatted text and list items, never inside a grapheme', () => {
    const family = '👨\u200d👩\u200d👧';
    const text = `x${family.repeat(500)}`; // 4001 units; 3000 falls inside a family
    const [block] = fitBlocks(
      richText(
        { type: 'rich_text_preformatted', elements: [{ type: 'text', text }] },
        { type: 'rich_text_list', style: 'bullet', indent: 12, elements: [richSection({ type: 'text', text })] },
      ),
    );
    const [pre1, pre2, list] = block!.elements as Record<string, unknown>[];
    expect(pre1?.type).toBe('rich_text_preformatted');
    expect(pre2?.type).toBe('rich_text_preformatted');
    const pieces = [pre1, pre2].map((element) => (element!.elements as { text: string }[])[0]?.text ?? '');
    expect(pieces[0]).toBe(`x${family.repeat(374)}`);
    expect(pieces.join('')).toBe(text);
    expect(list?.indent).toBe(8);
    const items = list?.elements as { elements: { text: string }[] }[];
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.elements[0]?.text).join('')).toBe(text);
  });

  it('clamps list indent into 0–8', () => {
    const list = (indent: unknown): SlackBlock =>
      richText({
        type: 'rich_text_list',
        style: 'ordered',
        indent,
        elements: [richSection({ type: 'text', text: 'i' })],
      });
    expect(fitBlocks(list(-3))).toEqual([list(0)]);
    expect(fitBlocks(list(3))).toEqual([list(3)]);
    expect(fitBlocks(list(Number.NaN))).toEqual([list(0)]);
  });
});

describe('fitSlackMessage: table budget', () => {
  it('keeps tables while the cell budget lasts and degrades every later one', () => {
    const small = table([
      ['Name', 'Role'],
      ['Ada', 'Eng'],
      ['Bob', ''],
    ]);
    const blocks = fitBlocks(tableOf(6000), tableOf(5000), small);
    expect(blocks[0]).toEqual(tableOf(6000));
    expect(blocks[1]?.type).toBe('rich_text');
    // The small table would fit on its own, but tables after the first overflow all degrade.
    expect(blocks[2]).toEqual(
      richText(
        richSection(
          { type: 'text', text: 'Name: ', style: { bold: true } },
          { type: 'text', text: 'Ada' },
          { type: 'text', text: '\n' },
          { type: 'text', text: 'Role: ', style: { bold: true } },
          { type: 'text', text: 'Eng' },
          { type: 'text', text: '\n\n' },
          { type: 'text', text: 'Name: ', style: { bold: true } },
          { type: 'text', text: 'Bob' },
        ),
      ),
    );
  });

  it('keeps one table of exactly 10,000 cell characters, and only one table per message', () => {
    expect(fitBlocks(tableOf(10_000)).filter((block) => block.type === 'table')).toHaveLength(1);
    const blocks = fitBlocks(tableOf(40), tableOf(60));
    expect(blocks.map((block) => block.type)).toEqual(['table', 'rich_text']);
    expect(fitBlocks(tableOf(10_001)).map((block) => block.type)).toEqual(['rich_text']);
  });

  it('counts rich text cells by the text of their elements', () => {
    const richCell = {
      type: 'rich_text',
      elements: [
        richSection({ type: 'text', text: 'r'.repeat(5000) }, { type: 'link', url: 'https://x.test', text: 'link' }),
      ],
    };
    const withRich: SlackBlock = { type: 'table', rows: [[raw('H')], [richCell]] };
    const blocks = fitBlocks(withRich, tableOf(4996));
    // 1 + 5004 + 4996 = 10,001: the second table no longer fits.
    expect(blocks[0]?.type).toBe('table');
    expect(blocks[1]?.type).toBe('rich_text');
  });

  it('keeps rich cells’ links and styles when degrading', () => {
    const cell = { type: 'rich_text', elements: [richSection({ type: 'link', url: 'https://x.test', text: 'docs' })] };
    const big: SlackBlock = { type: 'table', rows: [[raw('Link')], [cell]] };
    const [, degraded] = fitBlocks(tableOf(10_000), big);
    expect(degraded).toEqual(
      richText(
        richSection(
          { type: 'text', text: 'Link: ', style: { bold: true } },
          { type: 'link', url: 'https://x.test', text: 'docs' },
        ),
      ),
    );
  });

  it('renders a degraded header-only table as one line joined by ·', () => {
    const blocks = fitBlocks(tableOf(10_000), table([['Alpha', '', 'Beta', 'Gamma']]));
    expect(blocks[1]).toEqual(
      richText(
        richSection(
          { type: 'text', text: 'Alpha' },
          { type: 'text', text: ' · ' },
          { type: 'text', text: 'Beta' },
          { type: 'text', text: ' · ' },
          { type: 'text', text: 'Gamma' },
        ),
      ),
    );
  });

  it('degrades a table over 100 rows or 20 columns without spending the budget', () => {
    const tall = table(Array.from({ length: 101 }, (_, i) => (i === 0 ? ['N'] : [String(i)])));
    const wide = table([Array.from({ length: 21 }, (_, i) => `H${i}`), Array.from({ length: 21 }, (_, i) => `c${i}`)]);
    const exactly = table(Array.from({ length: 100 }, (_, i) => (i === 0 ? ['N'] : [String(i)])));
    const blocks = fitBlocks(tall, wide, exactly, tableOf(9000));
    expect(blocks.map((block) => block.type)).toEqual(['rich_text', 'rich_text', 'table', 'rich_text']);
    const tallText = ((blocks[0]!.elements as { elements: { text: string }[] }[])[0]?.elements ?? [])
      .map((e) => e.text)
      .join('');
    expect(tallText.startsWith('N: 1\n\nN: 2\n\n')).toBe(true);
    expect(tallText.endsWith('N: 100')).toBe(true);
  });

  it('drops a degraded table with nothing to show', () => {
    expect(fitBlocks(tableOf(10_000), table([['', ' ']]))).toEqual([tableOf(10_000)]);
  });
});

describe('fitSlackMessage: field coalescing', () => {
  it('merges 12 single-field sections into a 10-field and a 2-field section', () => {
    const blocks = fitBlocks(...Array.from({ length: 12 }, (_, i) => field(`f${i}`)));
    const fieldsOf = (from: number, to: number): unknown[] =>
      Array.from({ length: to - from }, (_, i) => ({ type: 'mrkdwn', text: `f${from + i}` }));
    expect(blocks).toEqual([
      { type: 'section', fields: fieldsOf(0, 10) },
      { type: 'section', fields: fieldsOf(10, 12) },
    ]);
  });

  it('merges only consecutive, bare single-field sections', () => {
    const withText = { ...field('t'), text: { type: 'mrkdwn', text: 'T' } };
    const withId = { ...field('i'), block_id: 'keep' };
    const blocks = fitBlocks(field('a'), section('S'), field('b'), withText, withId, field('c'), field('d'));
    expect(blocks).toEqual([
      field('a'),
      section('S'),
      field('b'),
      withText,
      withId,
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: 'c' },
          { type: 'mrkdwn', text: 'd' },
        ],
      },
    ]);
  });
});

describe('fitSlackMessage: rhythm', () => {
  it('puts dividers before non-first headers and before actions', () => {
    const act = actions(button('Go'));
    const message = fitSlackMessage({
      title: 'T',
      nodes: [[section('A')], [header('H')], [section('B')], [act]],
      text: '',
    });
    expect(message.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'T', emoji: true } },
      section('A'),
      DIVIDER,
      header('H'),
      section('B'),
      DIVIDER,
      act,
    ]);
  });

  it('adds no divider before a first header or first actions block', () => {
    expect(fitBlocks(header('H'), section('A'))).toEqual([header('H'), section('A')]);
    const act = actions(button('Go'));
    expect(fitBlocks(act, section('A'))).toEqual([act, section('A')]);
  });

  it('never leads with a divider or doubles one', () => {
    expect(fitBlocks(DIVIDER, section('A'), DIVIDER, DIVIDER, header('H'), DIVIDER, actions(button('Go')))).toEqual([
      section('A'),
      DIVIDER,
      header('H'),
      DIVIDER,
      actions(button('Go')),
    ]);
  });

  it('puts no spacer blocks between content blocks: Slack spaces blocks itself', () => {
    const img = { type: 'image', image_url: 'https://x.test/a.png', alt_text: 'a' };
    const rich = richText(richSection({ type: 'text', text: 'r' }));
    const fields2 = {
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: 'x' },
        { type: 'mrkdwn', text: 'y' },
      ],
    };
    expect(
      fitBlocks(section('A'), img, context('C'), rich, fields2, fields2, tableOf(10), header('H'), section('Z')),
    ).toEqual([
      section('A'),
      img,
      context('C'),
      rich,
      fields2,
      fields2,
      tableOf(10),
      DIVIDER,
      header('H'),
      section('Z'),
    ]);
  });

  it('adds dividers only before headers and actions, whatever precedes them', () => {
    const act = actions(button('Go'));
    const video = {
      type: 'video',
      title: { type: 'plain_text', text: 'V' },
      video_url: 'https://x.test/v',
      thumbnail_url: 'https://x.test/t.png',
      alt_text: 'v',
    };
    expect(fitBlocks(tableOf(10), act, section('A'), header('H'), video, section('B'))).toEqual([
      tableOf(10),
      DIVIDER,
      act,
      section('A'),
      DIVIDER,
      header('H'),
      video,
      section('B'),
    ]);
  });

  it('never emits a zero-width-space section', () => {
    const blocks = fitBlocks(section('A'), section('B'), tableOf(10), section('C'));
    expect(blocks).toEqual([section('A'), section('B'), tableOf(10), section('C')]);
  });
});

describe('fitSlackMessage: block budget', () => {
  it('keeps 50 content blocks whole: no spacer spends the budget', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => section(`s${i}`));
    expect(fitBlocks(...fifty)).toEqual(fifty);
  });

  it('elides blocks past 49 with a note giving the count', () => {
    const blocks = fitBlocks(...Array.from({ length: 60 }, (_, i) => section(`s${i}`)));
    expect(blocks).toHaveLength(50);
    expect(blocks.slice(0, 49)).toEqual(Array.from({ length: 49 }, (_, i) => section(`s${i}`)));
    expect(blocks[49]).toEqual(context("_11 more blocks were elided to fit Slack's 50-block limit._"));
  });

  it('counts every block it cuts, dividers included', () => {
    const nodes = Array.from({ length: 40 }, (_, i) => [header(`h${i}`)]);
    const blocks = fitSlackMessage({ nodes, text: '' }).blocks;
    // 40 headers + 39 dividers = 79 blocks; 49 kept, 30 cut.
    expect(blocks[49]).toEqual(context(SLACK_ELIDED_NOTE(30)));
    expect(limitViolations({ text: '', blocks, assets: [] })).toEqual([]);
  });

  it('counts only rich text that shows something, and leaves the caller’s rich text as it was', () => {
    const text = (value: string) => richText(richSection({ type: 'text', text: value }));
    // Every third block is blank (spaces, a zero-width space, a braille blank): 60 of 90 show something.
    const nodes = Array.from({ length: 90 }, (_, i) => [deepFreeze(text(i % 3 === 2 ? ' \u200b\u2800' : `r${i}`))]);
    const blocks = fitSlackMessage({ nodes, text: '' }).blocks;
    expect(blocks[48]).toEqual(text('r72'));
    expect(blocks[49]).toEqual(context(SLACK_ELIDED_NOTE(11)));
    expect(blocks[0]).not.toBe(nodes[0]![0]);
  });

  it('words the note for one block', () => {
    expect(SLACK_ELIDED_NOTE(1)).toBe("_1 more block was elided to fit Slack's 50-block limit._");
  });

  it('keeps exactly 50 blocks without a note, and elides from 51', () => {
    // Videos get no dividers, so the count is exact.
    const video = (i: number): SlackBlock => ({ type: 'video', title: { type: 'plain_text', text: `v${i}` } });
    const fifty = Array.from({ length: 50 }, (_, i) => video(i));
    expect(fitBlocks(...fifty)).toEqual(fifty);
    const blocks = fitBlocks(...fifty, video(50));
    expect(blocks).toEqual([...fifty.slice(0, 49), context(SLACK_ELIDED_NOTE(2))]);
  });
});

describe('fitSlackMessage: fallback text and assets', () => {
  it('clamps fallback text to 4000 and keeps its whitespace', () => {
    expect(fitSlackMessage({ nodes: [], text: '  a\n\n\tb  ' }).text).toBe('  a\n\n\tb  ');
    const text = fitSlackMessage({ nodes: [], text: 'y'.repeat(5000) }).text;
    expect(text).toBe(`${'y'.repeat(3999)}…`);
  });

  it('repairs a lone surrogate just inside the fallback limit, and a pair cut past it never shows', () => {
    const lone = `${'y'.repeat(3998)}\uDC00${'z'.repeat(30)}`;
    expect(fitSlackMessage({ nodes: [], text: lone }).text).toBe(`${'y'.repeat(3998)}\uFFFD…`);
    for (let at = 3995; at < 4030; at++) {
      const text = `${'y'.repeat(at)}😀${'z'.repeat(40)}`;
      const fitted = fitSlackMessage({ nodes: [], text }).text;
      // 3999 units are kept: the emoji whole when it fits, else nothing of it.
      const kept = at + 2 <= 3999 ? `${'y'.repeat(at)}😀${'z'.repeat(3999 - at - 2)}` : 'y'.repeat(Math.min(at, 3999));
      expect(fitted).toBe(`${kept}…`);
    }
  });

  it('keeps only asset requests whose ref survives, in order', () => {
    const assets: SlackAssetRequest[] = ['asset-0', 'asset-1', 'asset-2', 'asset-3'].map((ref) => ({
      ref,
      node: { ref },
      altText: ref,
    }));
    const nodes: SlackBlock[][] = [
      [{ ...section('with accessory'), accessory: { type: 'image', slack_file: { ref: 'asset-2' }, alt_text: 'x' } }],
      [{ type: 'context', elements: [{ type: 'image', slack_file: { ref: 'asset-0' }, alt_text: 'y' }] }],
      ...Array.from({ length: 60 }, (_, i) => [section(`s${i}`)]),
      [image('asset-1')],
    ];
    const message = fitSlackMessage({ nodes, text: '', assets });
    expect(message.assets.map((asset) => asset.ref)).toEqual(['asset-0', 'asset-2']);
    expect(message.assets[0]).toEqual(assets[0]);
  });
});

describe('fitSlackMessage: purity', () => {
  it('does not mutate deep-frozen input', () => {
    const input: SlackFitInput = {
      title: 't'.repeat(300),
      subtitle: 'sub',
      nodes: [
        [section('x'.repeat(5000)), ...Array.from({ length: 12 }, (_, i) => field(`f${i}`))],
        [tableOf(9000), tableOf(9000), table([['only', 'header']])],
        [
          richText(richSection({ type: 'text', text: 'r'.repeat(7000) }), {
            type: 'rich_text_list',
            indent: 20,
            elements: [],
          }),
        ],
        [actions(...Array.from({ length: 30 }, () => button('b'.repeat(100))))],
        [{ type: 'context', elements: Array.from({ length: 12 }, () => ({ type: 'mrkdwn', text: 'c'.repeat(2500) })) }],
        ...Array.from({ length: 50 }, (_, i) => [section(`s${i}`)]),
      ],
      text: 'z'.repeat(5000),
      assets: [{ ref: 'asset-0', node: {}, altText: 'a' }],
    };
    const before = structuredClone(input);
    deepFreeze(input);
    const message = fitSlackMessage(input);
    expect(input).toEqual(before);
    expect(limitViolations(message)).toEqual([]);
  });

  it('returns blocks that do not alias the input', () => {
    const block = section('A');
    const [out] = fitBlocks(block);
    expect(out).toEqual(block);
    expect(out).not.toBe(block);
    expect(out?.text).not.toBe(block.text);
  });

  it('is deterministic', () => {
    const input: SlackFitInput = {
      title: 'T',
      nodes: Array.from({ length: 70 }, (_, i) => [i % 7 ? section(`s${i}`) : tableOf(3000)]),
      text: 't',
    };
    expect(fitSlackMessage(input)).toEqual(fitSlackMessage(input));
  });
});
