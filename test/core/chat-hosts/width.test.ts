/**
 * Monospace tables line up by display width on every host of the registry: a slideTable whose cells
 * hold rare and common CJK, Hangul, wide and ZWJ emoji, a flag, zero-width characters, a combining
 * accent and an ANSI escape, rendered for real. Where a host pads a table, each column starts at the
 * same display column on every row; the other hosts draw native cells, unpadded.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { displayWidth } from '../../../src/core/text/display-width.ts';
import { allUnderTest, shownText } from '../../support/chat-host-suites/host.ts';
import { slidesRuntime } from '../../support/slides.ts';

const COLUMNS = ['Name', 'Note', 'End'];
const ROWS = [
  ['𠮷野家', 'rare', 'x'],
  ['日本語', '🦄 unicorn', 'x'],
  ['👩‍💻 dev', '🇯🇵 flag', 'x'],
  ['a\u200Bb\u2060c\u200Dd', 'cafe\u0301', 'x'],
  ['한국어', '@everyone', 'x'],
  ['\u001b[1mbold', 'esc', 'x'],
];
const composition = {
  type: 'view',
  title: 'Widths',
  body: [{ type: 'slideFrame', body: [{ type: 'slideTable', columns: COLUMNS, rows: ROWS }] }],
};

/**
 * The table as every host that pads one must draw it, written out by hand: `Name` is 7 columns wide
 * (the ESC row's `[1mbold`), `Note` 10 (`🦄 unicorn`); 𠮷, 日, 한 and each emoji take 2, the flag 2,
 * ZWSP, WORD JOINER, ZWJ, the combining accent and ESC 0.
 */
const EXPECTED = [
  'Name     Note        End',
  '-------  ----------  ---',
  '𠮷野家   rare        x',
  '日本語   🦄 unicorn  x',
  '👩‍💻 dev   🇯🇵 flag     x',
  'a\u200Bb\u2060c\u200Dd     cafe\u0301        x',
  '한국어   @everyone   x',
  '\u001b[1mbold  esc         x',
].join('\n');

/** Characters the hosts insert that show nothing (mention and autolink breaks). */
const INVISIBLE = /\u200B|\u200D|\u2060/g;

/** A row's cells cut at display columns; fails unless each cut falls on a grapheme boundary after two spaces. */
function cutAt(line: string, starts: number[]): string[] {
  const cells: string[] = [];
  let column = 0;
  let from = 0;
  let index = 0;
  let next = 1;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line)) {
    if (next < starts.length && column === starts[next]) {
      expect(line.slice(index - 2, index), `two spaces before column ${next} of ${JSON.stringify(line)}`).toBe('  ');
      cells.push(line.slice(from, index));
      from = index;
      next++;
    }
    column += displayWidth(segment);
    index += segment.length;
  }
  expect(next, `every column found in ${JSON.stringify(line)}`).toBe(starts.length);
  cells.push(line.slice(from));
  return cells.map((cell) => cell.trimEnd());
}

const hosts = await allUnderTest(BUILT_IN_HOSTS);

/**
 * Each padded table a host shows, as its header and rows (the rule under the header left out), or
 * none when it draws native cells only. Slack shows both: its table block, and the text surface's
 * padded table as the message's fallback `text`.
 */
function paddedTables(host: (typeof hosts)[number]): string[][] {
  const lines = shownText(host, host.build(composition, { heading: false }))
    .split('\n')
    .map((line) => line.replace(/^\s+(?=Name)/, ''));
  return lines.flatMap((line, index) => {
    if (!/^Name {2,}Note {2,}End\s*$/.test(line)) return [];
    const rule = /^-+( {2}-+)+$/.test(lines[index + 1] ?? '');
    if (rule) expect(lines[index + 1]).toBe('-------  ----------  ---');
    const first = index + (rule ? 2 : 1);
    return [[line, ...lines.slice(first, first + ROWS.length)]];
  });
}

describe('monospace tables on the chat hosts', () => {
  it('the composition is valid', () => {
    expect(slidesRuntime.validate(composition).errors).toEqual([]);
  });

  for (const host of hosts)
    it(`${host.name}: columns start at the same display column on every row`, () => {
      const tables = paddedTables(host);
      if (tables.length === 0) {
        // Native tables only: each cell shown whole and unpadded.
        const shown = shownText(host, host.build(composition, { heading: false }));
        for (const cell of ROWS.flat().filter((cell) => cell !== 'x'))
          expect(shown.replace(INVISIBLE, ''), host.name).toContain(cell.replace(INVISIBLE, ''));
        expect(shown, host.name).not.toMatch(/\S {3,}\S/);
        return;
      }
      // The host may add breaks that show nothing (`@\u200Beveryone`); what shows is the cell.
      const strip = (row: string[]) => row.map((cell) => cell.replace(INVISIBLE, ''));
      for (const table of tables)
        expect(table.map((line) => strip(cutAt(line, [0, 9, 21])))).toEqual([COLUMNS, ...ROWS].map(strip));
    });

  it('Slack (its fallback text), Discord and Telegram pad tables; Teams and Google Chat draw native cells', () => {
    expect(hosts.filter((host) => paddedTables(host).length > 0).map((host) => host.name)).toEqual([
      'slack',
      'discord',
      'telegram',
    ]);
  });

  it('Discord draws the table exactly, fenced', () => {
    const discord = hosts.find((host) => host.name === 'discord')!;
    const payload = discord.build(composition, { heading: false }) as { embeds: { description: string }[] };
    expect(payload.embeds[0]!.description).toBe(`\`\`\`\n${EXPECTED}\n\`\`\``);
  });

  it('Telegram draws the same table in <pre>, its mention break shown as nothing', () => {
    const telegram = hosts.find((host) => host.name === 'telegram')!;
    const payload = telegram.build(composition, { heading: false }) as { messages: { text: string }[] };
    expect(payload.messages[0]!.text).toBe(`<pre>${EXPECTED.replace('@everyone', '@\u200Beveryone')}</pre>`);
  });
});

describe('the text surface', () => {
  it('pads slideTable columns by the same display width', () => {
    const text = slidesRuntime.surfaces.text.render(composition, { heading: false });
    expect(text).toContain(EXPECTED.split('\n').toSpliced(1, 1).join('\n'));
  });
});
