import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../src/chat/index.ts';
import { formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { AT, fixture, LONG_LINE, previewSlide, slidesRuntime } from '../../support/slides.ts';

const { text, markdown, html, slack } = slidesRuntime.surfaces;

/** Every finding for a node inside the preview slide, where it sits at `body[0].body[1]`. */
function formatted(node: Record<string, unknown>): string[] {
  return slidesRuntime.validate(previewSlide(node as PrimitiveNode)).errors.map(formatValidationError);
}

/** The node alone in a bare frame, so text and Markdown print only the node. */
function alone(node: Record<string, unknown>): Record<string, unknown> {
  return { type: 'view', title: 'Alone', body: [{ type: 'slideFrame', body: [node] }] };
}

function textOf(node: Record<string, unknown>): string {
  return text.render(alone(node), { heading: false });
}

function markdownOf(node: Record<string, unknown>): string {
  return markdown.render(alone(node), { heading: false }).trim();
}

function blocksOf(node: Record<string, unknown>): Record<string, unknown>[] {
  return slack.render(alone(node), { heading: false }).blocks as Record<string, unknown>[];
}

function drawn(node: Record<string, unknown>): string {
  return html.render(previewSlide(node as PrimitiveNode)).body;
}

describe('slideStat', () => {
  const base = fixture('slide-stat');
  const at = (path: string) => `${AT}${path} (in slideStat)`;

  it('accepts the fixture, and a stat without a value', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ type: 'slideStat', body: 'Not measured yet.' })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, body: '' })).toContain(`${at('.body')} must not be empty`);
    expect(formatted({ ...base, colour: 'blue' })).toContain(
      `${at('')} has unrecognized key(s): colour; its fields are value, unit, body`,
    );
    expect(formatted({ ...base, value: LONG_LINE })).toContain(`${at('.value')} must be at most 231 characters`);
    expect(formatted({ ...base, value: '' })).toContain(`${at('.value')} must not be empty`);
    expect(formatted({ ...base, value: 2.1 })).toContain(`${at('.value')} must be a string`);
  });

  it('needs a value for a unit', () => {
    const { value: _value, ...noValue } = base;
    expect(formatted(noValue)).toEqual([`${at('.unit')} needs a value: leave the unit out when the value is unknown`]);
    expect(formatted({ ...noValue, unit: undefined })).toEqual([]);
  });

  it('prints the value with its unit, marks stripped or kept', () => {
    expect(textOf(base)).toBe(
      '3.4 hours\nMedian time to find a parcel reported lost, down from two days before handoff scans.',
    );
    expect(markdownOf(base)).toBe(
      '**3.4 hours**\n\nMedian time to find a parcel reported lost, down from **two days** before handoff scans.',
    );
    expect(textOf({ type: 'slideStat', value: '12', unit: '%', body: 'Share.' })).toBe('12%\nShare.');
  });

  it('never invents a number: a missing value is a placeholder on every surface', () => {
    const node = { type: 'slideStat', body: 'Orders recovered last quarter.' };
    expect(textOf(node)).toBe('[no value yet]\nOrders recovered last quarter.');
    expect(markdownOf(node)).toBe('_No value yet_\n\nOrders recovered last quarter.');
    expect(blocksOf(node)).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '_No value yet_\nOrders recovered last quarter.' } },
    ]);
    const body = drawn(node);
    expect(body).toContain('class="sl-stat-missing" role="img" aria-label="No value yet"');
    expect(body).not.toContain('sl-stat-value');
  });

  it('is one Slack section with the value in bold, escaped', () => {
    expect(blocksOf({ type: 'slideStat', value: '<!here>', body: 'Up **twice**.' })).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*&lt;!here&gt;*\nUp *twice*.' } },
    ]);
  });

  it('steps the figure down when the value is long', () => {
    expect(drawn(base)).toContain('sl-stat sl-stat-l');
    expect(drawn({ ...base, value: '1,284,730', unit: 'orders' })).toContain('sl-stat sl-stat-m');
    expect(drawn({ ...base, value: '48,210,000,000', unit: 'requests' })).toContain('sl-stat sl-stat-s');
    expect(drawn(base)).toContain('<span class="sl-stat-unit sl-stat-unit-word">hours</span>');
    expect(drawn({ ...base, unit: '%' })).toContain('<span class="sl-stat-unit">%</span>');
  });
});

describe('slideStats', () => {
  const base = fixture('slide-stats');
  const items = base.items as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideStats)`;

  it('accepts the fixture, every size, and items without values', () => {
    expect(formatted(base)).toEqual([]);
    for (const size of ['l', 'm', 's']) expect(formatted({ ...base, size })).toEqual([]);
    expect(formatted({ ...base, items: [{ label: 'Refunds', body: 'Not in yet.' }, items[1]] })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, items: [{ ...items[0], label: undefined }, items[1]] })).toContain(
      `${at('.items[0].label')} is required`,
    );
    expect(formatted({ ...base, layout: 'row' })).toContain(
      `${at('')} has unrecognized key(s): layout; its fields are items, size`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], icon: 'globe' }, items[1]] })).toContain(
      `${at('.items[0]')} has unrecognized key(s): icon`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], label: LONG_LINE }, items[1]] })).toContain(
      `${at('.items[0].label')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, items: [...items, ...items] })).toContain(`${at('.items')} must have at most 4 items`);
    expect(formatted({ ...base, items: [items[0]] })).toContain(`${at('.items')} must have at least 2 items`);
    expect(formatted({ ...base, size: 'xl' })).toContain(`${at('.size')} must be one of: l, m, s; did you mean "l"?`);
  });

  it('needs a value for a unit, item by item', () => {
    expect(formatted({ ...base, items: [items[0], { ...items[1], value: undefined }] })).toEqual([
      `${at('.items[1].unit')} needs a value: leave the unit out when the value is unknown`,
    ]);
    expect(formatted({ ...base, items: [items[0], { ...items[1], value: undefined, unit: undefined }] })).toEqual([]);
  });

  it('prints each number with its label and context', () => {
    expect(textOf(base)).toBe(
      [
        '14 · Depots',
        'Each one scans at every handoff now.',
        '',
        '99.7% · Scans delivered',
        'Including those queued while a depot was offline.',
        '',
        '0 · Lost scans',
        'Across two depot-wide Wi-Fi outages in May.',
      ].join('\n'),
    );
    expect(markdownOf({ type: 'slideStats', items: [items[0], { label: 'Refunds', body: 'Not in yet.' }] })).toBe(
      [
        '- **14** · Depots\\',
        '  Each one scans at **every** handoff now.',
        '- _No value yet_ · Refunds\\',
        '  Not in yet.',
      ].join('\n'),
    );
  });

  it('is one Slack section with a field per number', () => {
    const blocks = blocksOf({ type: 'slideStats', items: [items[1], { label: 'Refunds', body: 'Not in yet.' }] });
    expect(blocks).toEqual([
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: '*99.7%* · Scans delivered\nIncluding those queued while a depot was offline.' },
          { type: 'mrkdwn', text: '_No value yet_ · Refunds\nNot in yet.' },
        ],
      },
    ]);
  });

  it('draws a column per item, placeholders for missing values, and steps down for wide values', () => {
    expect(drawn(base)).toContain('sl-stats sl-stats-l sl-stats-n3');
    expect(drawn({ ...base, size: 's' })).toContain('sl-stats sl-stats-s sl-stats-n3');
    expect(
      drawn({ ...base, items: [...items, { value: '1,204', unit: 'orders', label: 'Peak', body: 'At 14:00.' }] }),
    ).toContain('sl-stats sl-stats-s sl-stats-n4');
    const body = drawn({ ...base, items: [items[0], { label: 'Refunds', body: 'Not in yet.' }] });
    expect(body.match(/class="sl-stats-missing"/g)).toHaveLength(1);
  });
});

describe('slideDelta', () => {
  const base = fixture('slide-delta');
  const at = (path: string) => `${AT}${path} (in slideDelta)`;

  it('accepts the fixture, and sides without values when there is no change', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, change: undefined, after: { label: 'Postgres tracker' } })).toEqual([]);
    expect(
      formatted({ ...base, change: undefined, before: { label: 'Old' }, after: { label: 'New' }, size: 's' }),
    ).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { before: _before, ...noBefore } = base;
    expect(formatted(noBefore)).toContain(`${at('.before')} is required`);
    expect(formatted({ ...base, after: { label: 3, value: '1.1s' } })).toContain(
      `${at('.after.label')} must be a string`,
    );
    expect(formatted({ ...base, trend: 'down' })).toContain(
      `${at('')} has unrecognized key(s): trend; its fields are before, after, change, body, size`,
    );
    expect(formatted({ ...base, before: { label: 'Old', value: '4.2s', unit: 's' } })).toContain(
      `${at('.before')} has unrecognized key(s): unit`,
    );
    expect(formatted({ ...base, change: LONG_LINE })).toContain(`${at('.change')} must be at most 231 characters`);
    expect(formatted({ ...base, size: 'huge' })).toContain(`${at('.size')} must be one of: l, m, s`);
  });

  it('allows a change only when both values are there', () => {
    expect(formatted({ ...base, after: { label: 'Postgres tracker' } })).toEqual([
      `${at('.change')} needs both before.value and after.value`,
    ]);
    expect(formatted({ ...base, before: { label: 'Old tracker' } })).toEqual([
      `${at('.change')} needs both before.value and after.value`,
    ]);
  });

  it('prints before → after with the change', () => {
    expect(textOf(base)).toBe(
      'Old tracker: 38 min → Postgres tracker: 40 s (57× faster)\nTime for ' +
        'a depot’s end-of-day report, median over the same ten working days.',
    );
    expect(markdownOf(base)).toBe(
      'Old tracker: **38 min** → Postgres tracker: **40 s** (57× faster)\n\nTime ' +
        'for a depot’s **end-of-day** report, median over the same ten working days.',
    );
    expect(textOf({ ...base, change: undefined, after: { label: 'Postgres tracker' } }).split('\n')[0]).toBe(
      'Old tracker: 38 min → Postgres tracker: [no value yet]',
    );
  });

  it('falls back to Markdown on Slack', () => {
    expect(blocksOf(base).map((block) => block.type)).toEqual(['rich_text']);
  });

  it('draws a placeholder for a missing value and the change as a chip', () => {
    expect(drawn(base)).toContain('<div class="sl-delta-change">57× faster</div>');
    expect(drawn(base)).toContain('sl-delta sl-delta-l');
    const body = drawn({ ...base, change: undefined, after: { label: 'Postgres tracker' } });
    expect(body).toContain('class="sl-delta-missing"');
    expect(body).not.toContain('sl-delta-change');
    expect(
      drawn({
        ...base,
        before: { label: 'Monolith deploy', value: '2 h 40 min' },
        after: { label: 'Per-service deploy', value: '11 min' },
        change: '14× faster',
      }),
    ).toContain('sl-delta sl-delta-s');
  });
});

describe('slideBars', () => {
  const base = fixture('slide-bars');
  const items = base.items as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideBars)`;

  it('accepts the fixture, a max above every value, and zeros', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, max: 63 })).toEqual([]);
    expect(formatted({ ...base, max: 80, size: 'm' })).toEqual([]);
    expect(
      formatted({
        type: 'slideBars',
        items: [
          { label: 'a', value: 0 },
          { label: 'b', value: 0 },
        ],
      }),
    ).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, items: [{ label: 'Leeds' }, items[1]] })).toContain(
      `${at('.items[0].value')} is required`,
    );
    expect(formatted({ ...base, unit: 'orders' })).toContain(
      `${at('')} has unrecognized key(s): unit; its fields are items, max, size`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], color: 'red' }, items[1]] })).toContain(
      `${at('.items[0]')} has unrecognized key(s): color`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], value: -1 }, items[1]] })).toContain(
      `${at('.items[0].value')} must be at least 0`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], value: '63' }, items[1]] })).toContain(
      `${at('.items[0].value')} must be a finite number`,
    );
    expect(formatted({ ...base, max: 0 })).toContain(`${at('.max')} must be greater than 0`);
    expect(formatted({ ...base, items: [...items, ...items] })).toContain(`${at('.items')} must have at most 6 items`);
    expect(formatted({ ...base, size: 'xs' })).toContain(`${at('.size')} must be one of: l, m, s; did you mean "s"?`);
  });

  it('allows one highlighted bar', () => {
    expect(formatted({ ...base, items: [{ ...items[0], highlight: true }, ...items.slice(1)] })).toEqual([
      `${at('.items[1].highlight')} must be the only highlighted item`,
    ]);
    expect(formatted({ ...base, items: items.map((item) => ({ ...item, highlight: false })) })).toEqual([]);
  });

  it('needs max to be at least every value', () => {
    expect(formatted({ ...base, max: 60 })).toEqual([`${at('.max')} must be at least the largest value (63)`]);
    expect(formatted({ ...base, max: 63 })).toEqual([]);
  });

  it('draws bars as shares of max', () => {
    const body = drawn(base);
    expect(body).toContain('style="width:100.00%"');
    expect(body).toContain('style="width:74.60%"');
    expect(drawn({ ...base, max: 90 })).toContain('style="width:70.00%"');
    expect(body.match(/sl-bars-track sl-bars-highlight/g)).toHaveLength(1);
    expect(body).toContain('sl-bars sl-bars-m');
    expect(drawn({ ...base, items: items.slice(0, 3) })).toContain('sl-bars sl-bars-l');
    expect(drawn({ ...base, items: [...items, items[0]] })).toContain('sl-bars sl-bars-s');
  });

  it('prints bars on text and a table on Markdown and Slack', () => {
    const node = {
      type: 'slideBars',
      max: 100,
      items: [
        { label: 'Search', value: 92, detail: '% of sessions' },
        { label: 'Checkout', value: 41, highlight: true },
        { label: 'Returns', value: 1250.5 },
      ],
    };
    expect(formatted(node)).toEqual([`${at('.max')} must be at least the largest value (1,250.5)`]);
    const valid = { ...node, max: 2000 };
    expect(textOf(valid)).toBe(
      ['• Search █ 92 · % of sessions', '→ Checkout 41', '• Returns █████████████ 1,250.5', 'Scale 0–2,000'].join('\n'),
    );
    expect(markdownOf(valid)).toBe(
      [
        '|  | Value | Detail |',
        '| --- | --- | --- |',
        '| Search | 92 | % of sessions |',
        '| **Checkout** | **41** |  |',
        '| Returns | 1,250.5 |  |',
        '',
        '_Scale 0–2,000_',
      ].join('\n'),
    );
    expect(blocksOf(base).map((block) => block.type)).toEqual(['table']);
  });
});

describe('slideMatrix', () => {
  const base = fixture('slide-matrix');
  const rows = base.rows as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideMatrix)`;

  it('accepts the fixture, a highlighted column, and no legend', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, highlight: 3, legend: false, size: 's' })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { columns: _columns, ...noColumns } = base;
    expect(formatted(noColumns)).toContain(`${at('.columns')} is required`);
    expect(formatted({ ...base, caption: 'x' })).toContain(
      `${at('')} has unrecognized key(s): caption; its fields are columns, rows, highlight, legend, size`,
    );
    expect(formatted({ ...base, rows: [{ ...rows[0], note: 'x' }] })).toContain(
      `${at('.rows[0]')} has unrecognized key(s): note`,
    );
    expect(formatted({ ...base, rows: [{ label: 'Refunds', marks: ['full', 'yes', 'none', 'none'] }] })).toContain(
      `${at('.rows[0].marks[1]')} must be one of: full, partial, none`,
    );
    expect(formatted({ ...base, columns: [LONG_LINE, 'b', 'c', 'd'] })).toContain(
      `${at('.columns[0]')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, rows: [...rows, ...rows, rows[0]] })).toContain(
      `${at('.rows')} must have at most 8 items`,
    );
    expect(formatted({ ...base, columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toContain(
      `${at('.columns')} must have at most 6 items`,
    );
    expect(formatted({ ...base, highlight: 1.5 })).toContain(`${at('.highlight')} must be an integer`);
    expect(formatted({ ...base, highlight: -1 })).toContain(`${at('.highlight')} must be at least 0`);
  });

  it('needs one mark per column and a highlight inside the columns', () => {
    expect(formatted({ ...base, rows: [rows[0], { label: 'Refunds', marks: ['full', 'full', 'none'] }] })).toEqual([
      `${at('.rows[1].marks')} must have 4 marks, one per column (has 3)`,
    ]);
    expect(formatted({ ...base, highlight: 4 })).toEqual([`${at('.highlight')} must be a column index below 4`]);
    expect(formatted({ ...base, highlight: 0 })).toEqual([]);
  });

  it('prints marks as ball glyphs, with the legend unless it is off', () => {
    expect(textOf(base)).toBe(
      [
        'Offline queue: ● Scanner, ● Driver app, ○ Partner API, ○ Desk',
        'Photo proof: ○ Scanner, ● Driver app, ◐ Partner API, ○ Desk',
        'Holder change: ● Scanner, ● Driver app, ● Partner API, ◐ Desk',
        'Exception codes: ● Scanner, ◐ Driver app, ● Partner API, ● Desk',
        '● full · ◐ partial · ○ none',
      ].join('\n'),
    );
    const small = {
      type: 'slideMatrix',
      columns: ['Card', 'Bank'],
      highlight: 1,
      legend: false,
      rows: [{ label: 'Refunds', marks: ['full', 'partial'] }],
    };
    expect(textOf(small)).toBe('Refunds: ● Card, ◐ Bank\nHighlighted: Bank');
    expect(markdownOf(small)).toBe(['|  | Card | **Bank** |', '| --- | --- | --- |', '| Refunds | ● | ◐ |'].join('\n'));
    expect(markdownOf(base).split('\n').at(-1)).toBe('_● full · ◐ partial · ○ none_');
    expect(blocksOf(small).map((block) => block.type)).toEqual(['table']);
  });

  it('draws a ball per cell, the highlighted column and the legend', () => {
    const body = drawn({ ...base, highlight: 1 });
    expect(body.match(/class="sl-matrix-mark sl-matrix-mark-(full|partial|none)"/g)).toHaveLength(16);
    expect(body.match(/sl-matrix-mark-key/g)).toHaveLength(3);
    expect(body.match(/sl-matrix-cell sl-matrix-focus/g)).toHaveLength(5);
    expect(body).toContain('sl-matrix-legend');
    expect(drawn({ ...base, legend: false })).not.toContain('sl-matrix-legend');
    expect(body).toContain('sl-matrix sl-matrix-l');
    expect(drawn({ ...base, rows: [...rows, ...rows] })).toContain('sl-matrix sl-matrix-s');
  });
});

describe('slideTable', () => {
  const base = fixture('slide-table');
  const rows = base.rows as string[][];
  const at = (path: string) => `${AT}${path} (in slideTable)`;
  const grouped = {
    type: 'slideTable',
    columns: ['Service', 'Incidents'],
    rowHeaders: true,
    groups: [
      {
        label: 'Customer-facing',
        rows: [
          ['Checkout', '2'],
          ['Search', '1'],
        ],
      },
      { label: 'Internal', rows: [['Billing export', '3']] },
    ],
  };

  it('accepts the fixture, groups, and twelve rows', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted(grouped)).toEqual([]);
    expect(formatted({ ...base, rows: Array.from({ length: 12 }, () => rows[0]) })).toEqual([]);
    expect(
      formatted({ ...grouped, groups: [{ label: 'All', rows: Array.from({ length: 12 }, () => ['a', '1']) }] }),
    ).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { columns: _columns, ...noColumns } = base;
    expect(formatted(noColumns)).toContain(`${at('.columns')} is required`);
    expect(formatted({ ...base, stripes: true })).toContain(
      `${at('')} has unrecognized key(s): stripes; its fields are label, columns, rowHeaders, rows, groups`,
    );
    expect(formatted({ ...grouped, groups: [{ label: 'All', rows: [['a', '1']], tone: 'primary' }] })).toContain(
      `${at('.groups[0]')} has unrecognized key(s): tone`,
    );
    expect(formatted({ ...base, label: LONG_LINE })).toContain(`${at('.label')} must be at most 231 characters`);
    expect(formatted({ ...base, rows: Array.from({ length: 13 }, () => rows[0]) })).toContain(
      `${at('.rows')} must have at most 12 items`,
    );
    expect(formatted({ ...base, columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toContain(
      `${at('.columns')} must have at most 6 items`,
    );
    expect(formatted({ ...base, rowHeaders: 'yes' })).toContain(`${at('.rowHeaders')} must be a boolean`);
    expect(formatted({ ...grouped, groups: [{ rows: [['a', '1']] }] })).toContain(
      `${at('.groups[0].label')} is required`,
    );
  });

  it('needs exactly one of rows and groups', () => {
    const { rows: _rows, ...neither } = base;
    expect(formatted(neither)).toEqual([`${at('')} needs rows or groups`]);
    expect(formatted({ ...base, groups: [{ label: 'All', rows }] })).toEqual([
      `${at('.groups')} cannot be given together with rows: use one or the other`,
    ]);
  });

  it('holds at most twelve rows across groups', () => {
    const twelve = { label: 'A', rows: Array.from({ length: 12 }, () => ['a', '1']) };
    expect(formatted({ ...grouped, groups: [twelve, { label: 'B', rows: [['b', '2']] }] })).toEqual([
      `${at('.groups')} must hold at most 12 rows in all (has 13)`,
    ]);
  });

  it('needs one cell per column in every row, naming the row', () => {
    expect(formatted({ ...base, rows: [rows[0], rows[1], ['Dunmore', '9,870', '95']] })).toEqual([
      `${at('.rows[2]')} must have 4 cells, one per column; row "Dunmore" has 3`,
    ]);
    expect(formatted({ ...grouped, groups: [{ label: 'A', rows: [['a', '1', 'extra']] }] })).toEqual([
      `${at('.groups[0].rows[0]')} must have 2 cells, one per column; row "a" has 3`,
    ]);
  });

  it('prints aligned columns on text and a table on Markdown', () => {
    expect(textOf(base)).toBe(
      [
        'HANDOFFS, LAST SEVEN DAYS',
        '',
        'Depot    Handoffs  Exceptions  Offline',
        'Ashby    18,420    212         0 min',
        'Calder   26,105    187         42 min',
        'Dunmore  9,870     95          3 min',
      ].join('\n'),
    );
    expect(markdownOf(grouped)).toBe(
      [
        '| Service | Incidents |',
        '| --- | --- |',
        '| _Customer-facing_ |  |',
        '| **Checkout** | 2 |',
        '| **Search** | 1 |',
        '| _Internal_ |  |',
        '| **Billing export** | 3 |',
      ].join('\n'),
    );
    expect(textOf(grouped)).toBe(
      [
        'Service         Incidents',
        '',
        'Customer-facing',
        'Checkout        2',
        'Search          1',
        '',
        'Internal',
        'Billing export  3',
      ].join('\n'),
    );
  });

  it('is a native Slack table: header first, row names and group labels in bold', () => {
    const bold = (value: string) => ({
      type: 'rich_text',
      elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: value, style: { bold: true } }] }],
    });
    const raw = (value: string) => ({ type: 'raw_text', text: value });
    const blocks = blocksOf(base);
    expect(blocks.map((block) => block.type)).toEqual(['section', 'table']);
    expect(blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Handoffs, last seven days*' } });
    expect((blocks[1]!.rows as unknown[][]).slice(0, 2)).toEqual([
      [raw('Depot'), raw('Handoffs'), raw('Exceptions'), raw('Offline')],
      [bold('Ashby'), raw('18,420'), raw('212'), raw('0 min')],
    ]);
    expect(blocksOf({ ...grouped, rowHeaders: false })).toEqual([
      {
        type: 'table',
        rows: [
          [raw('Service'), raw('Incidents')],
          [bold('Customer-facing'), raw(' ')],
          [raw('Checkout'), raw('2')],
          [raw('Search'), raw('1')],
          [bold('Internal'), raw(' ')],
          [raw('Billing export'), raw('3')],
        ],
      },
    ]);
  });

  it('draws a header row, bold row names, group rows, and steps down with more lines', () => {
    const body = drawn(grouped);
    expect(body.match(/class="sl-table-group"/g)).toHaveLength(2);
    expect(body.match(/sl-table-rowhead/g)).toHaveLength(3);
    expect(body).toContain('sl-table-row sl-table-n2 sl-table-head');
    expect(drawn(base)).toContain('sl-table sl-table-l');
    expect(drawn({ ...base, rows: Array.from({ length: 8 }, () => rows[0]) })).toContain('sl-table sl-table-m');
    expect(drawn({ ...base, rows: Array.from({ length: 12 }, () => rows[0]) })).toContain('sl-table sl-table-s');
  });
});

describe('slideChart', () => {
  const base = fixture('slide-chart');
  const at = (path: string) => `${AT}${path} (in slideChart)`;
  const weeks = {
    type: 'slideChart',
    kind: 'line',
    categories: ['Wk 1', 'Wk 2', 'Wk 3', 'Wk 4', 'Wk 5', 'Wk 6'],
    series: [{ name: 'Weekly active users', values: [18240, 19110, 18870, 20530, 21960, 23410] }],
  };
  const latency = {
    type: 'slideChart',
    kind: 'column',
    categories: ['EU', 'US', 'APAC', 'LATAM'],
    series: [
      { name: 'p50', values: [42, 38, 61, 55] },
      { name: 'p95', values: [118, 96, 184, 143] },
    ],
    unit: 'ms',
  };
  const line = (values: unknown[], extra: Record<string, unknown> = {}) => ({
    type: 'slideChart',
    kind: 'line',
    categories: values.map((_, i) => `C${i + 1}`),
    series: [{ name: 'Series', values }],
    ...extra,
  });

  it('accepts the fixture, both kinds, one to four series and two to twelve categories', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted(weeks)).toEqual([]);
    expect(formatted(latency)).toEqual([]);
    expect(formatted(line(Array.from({ length: 12 }, (_, i) => i)))).toEqual([]);
    expect(
      formatted({ ...latency, series: [1, 2, 3, 4].map((n) => ({ name: `s${n}`, values: [1, 2, 3, 4] })) }),
    ).toEqual([]);
  });

  it('refuses a values list of the wrong length at series[i].values, saying how many it needs', () => {
    expect(formatted({ ...latency, series: [latency.series[0], { name: 'p95', values: [118, 96, 184] }] })).toEqual([
      `${at('.series[1].values')} must have 4 values, one per category (has 3)`,
    ]);
    expect(formatted({ ...weeks, series: [{ name: 'x', values: [1, 2, 3, 4, 5, 6, 7] }] })).toEqual([
      `${at('.series[0].values')} must have 6 values, one per category (has 7)`,
    ]);
  });

  it('refuses one category, and more than twelve, with the limits', () => {
    expect(formatted(line([5]))).toContain(`${at('.categories')} must have at least 2 items`);
    expect(formatted(line(Array.from({ length: 13 }, (_, i) => i)))).toContain(
      `${at('.categories')} must have at most 12 items`,
    );
    expect(formatted({ ...latency, series: [] })).toEqual([`${at('.series')} must not be empty`]);
    expect(
      formatted({ ...latency, series: [1, 2, 3, 4, 5].map((n) => ({ name: `s${n}`, values: [1, 2, 3, 4] })) }),
    ).toContain(`${at('.series')} must have at most 4 items`);
  });

  it('refuses NaN and Infinity, as strings or as numbers, and values past a quadrillion', () => {
    expect(formatted(line(['NaN', 2]))).toEqual([`${at('.series[0].values[0]')} must be a finite number`]);
    expect(formatted(line([1, 'Infinity']))).toEqual([`${at('.series[0].values[1]')} must be a finite number`]);
    expect(formatted(line([Number.NaN, 2]))).toEqual([`${at('.series[0].values[0]')} must be a finite number`]);
    expect(formatted(line([1, Number.POSITIVE_INFINITY]))).toEqual([
      `${at('.series[0].values[1]')} must be a finite number`,
    ]);
    expect(formatted(line([1e16, 2]))).toEqual([`${at('.series[0].values[0]')} must be at most 1000000000000000`]);
  });

  it('refuses ten thousand values with one message, and a hundred thousand by the input budget, quickly', () => {
    const started = performance.now();
    const many = formatted({ ...weeks, series: [{ name: 'x', values: Array.from({ length: 10_000 }, (_, i) => i) }] });
    const huge = formatted({ ...weeks, series: [{ name: 'x', values: Array.from({ length: 100_000 }, (_, i) => i) }] });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(many).toEqual([`${at('.series[0].values')} must have 6 values, one per category (has 10000)`]);
    expect(huge).toEqual(['input holds more than 20000 values']);
  });

  it('names other mistakes where they are', () => {
    expect(formatted({ ...weeks, kind: 'bar' })).toContain(`${at('.kind')} must be one of: line, column`);
    expect(formatted({ ...weeks, highlight: 6 })).toEqual([`${at('.highlight')} must be a category index below 6`]);
    expect(formatted({ ...weeks, highlight: 1.5 })).toContain(`${at('.highlight')} must be an integer`);
    expect(formatted({ ...weeks, colour: 'red' })).toContain(
      `${at('')} has unrecognized key(s): colour; its fields are kind, categories, series, unit, highlight, notes, size`,
    );
    expect(formatted({ ...weeks, series: [{ name: 'x', values: [1, 2, 3, 4, 5, 6], colour: 'red' }] })).toContain(
      `${at('.series[0]')} has unrecognized key(s): colour`,
    );
    expect(formatted({ ...weeks, categories: [LONG_LINE, 'b', 'c', 'd', 'e', 'f'] })).toContain(
      `${at('.categories[0]')} must be at most 231 characters`,
    );
  });

  it('carries every value and category of a six-week line chart on text, Markdown, Slack and HTML', () => {
    const values = weeks.series[0]!.values.map((value) => value.toLocaleString('en-US'));
    const outputs = {
      text: textOf(weeks),
      markdown: markdownOf(weeks),
      slack: JSON.stringify(blocksOf(weeks)),
      html: drawn(weeks),
    };
    for (const [surface, output] of Object.entries(outputs)) {
      for (const category of weeks.categories) expect(output, `${surface}: ${category}`).toContain(category);
      for (const value of values) expect(output, `${surface}: ${value}`).toContain(value);
      expect(output, surface).toContain('Weekly active users');
    }
    expect(textOf(weeks)).toBe(
      [
        '        Weekly active users',
        '• Wk 1               18,240',
        '• Wk 2               19,110',
        '• Wk 3               18,870',
        '• Wk 4               20,530',
        '• Wk 5               21,960',
        '• Wk 6               23,410',
      ].join('\n'),
    );
    expect(blocksOf(weeks).map((block) => block.type)).toEqual(['table']);
  });

  it('carries every value and category of a two-series column chart on text, Markdown, Slack and HTML', () => {
    const outputs = {
      text: textOf(latency),
      markdown: markdownOf(latency),
      slack: JSON.stringify(blocksOf(latency)),
      html: drawn(latency),
    };
    for (const [surface, output] of Object.entries(outputs)) {
      for (const category of latency.categories) expect(output, `${surface}: ${category}`).toContain(category);
      for (const value of latency.series.flatMap((entry) => entry.values))
        expect(output, `${surface}: ${value}`).toContain(String(value));
    }
    expect(markdownOf({ ...latency, highlight: 2 })).toBe(
      [
        '|  | p50 (ms) | p95 (ms) |',
        '| --- | --- | --- |',
        '| EU | 42 | 118 |',
        '| US | 38 | 96 |',
        '| **APAC** | **61** | **184** |',
        '| LATAM | 55 | 143 |',
      ].join('\n'),
    );
    expect(textOf({ ...latency, highlight: 2 })).toBe(
      [
        '         p50 (ms)  p95 (ms)',
        '• EU           42       118',
        '• US           38        96',
        '→ APAC         61       184',
        '• LATAM        55       143',
      ].join('\n'),
    );
    // The legend names each series; the unit sits on the value axis.
    const body = drawn(latency);
    expect(body).toContain('<div class="sl-chart-name">p50</div>');
    expect(body).toContain('<div class="sl-chart-name">p95</div>');
    expect(body).toContain('<div class="sl-chart-unit">ms</div>');
    expect(body.match(/class="sl-chart-column /g)).toHaveLength(8);
  });

  it('carries every value and category on every chat host, as a table on Teams', () => {
    const chat = createChatFormats({ runtime: slidesRuntime });
    for (const node of [weeks, latency]) {
      for (const host of CHAT_FORMAT_NAMES) {
        const output = chat[host].render(previewSlide(node as PrimitiveNode));
        for (const category of node.categories) expect(output, `${host}: ${category}`).toContain(category);
        for (const value of node.series.flatMap((entry) => entry.values))
          expect(output, `${host}: ${value}`).toContain(value.toLocaleString('en-US'));
      }
      expect(chat.teams.render(previewSlide(node as PrimitiveNode))).toContain('"type":"Table"');
    }
  });

  it('draws round ticks, zero where columns stand, and negative columns hanging from it', () => {
    const body = drawn(line([120, -45, 0, 80], { kind: 'column' }));
    const ticks = [...body.matchAll(/<div class="sl-chart-tick">([^<]*)<\/div>/g)].map((match) => match[1]);
    expect(ticks).toEqual(['150', '100', '50', '0', '-50']);
    // Zero is three quarters of the way down an axis from -50 to 150.
    expect(body).toContain('class="sl-chart-rule sl-chart-zero" style="top:75.000%"');
    expect(body).toContain('style="left:14.000%;width:61.920%;bottom:25.000%;height:60.000%"');
    expect(body).toContain('style="left:14.000%;width:61.920%;top:75.000%;height:22.500%"');
    // A zero value draws nothing above or below the line, and keeps no sliver.
    expect(body).toContain(
      'class="sl-chart-column sl-chart-s0" style="left:14.000%;width:61.920%;bottom:25.000%;height:0.000%"',
    );
    expect(body.match(/sl-chart-nonzero/g)).toHaveLength(3);
  });

  it('keeps values six orders of magnitude apart readable: compact ticks, exact values, a sliver for the smallest', () => {
    const node = line([1, 12, 340, 5600, 78000, 1200000], { kind: 'column' });
    const body = drawn(node);
    const ticks = [...body.matchAll(/<div class="sl-chart-tick">([^<]*)<\/div>/g)].map((match) => match[1]);
    expect(ticks).toEqual(['1.25M', '1M', '750K', '500K', '250K', '0']);
    expect(body.match(/sl-chart-nonzero/g)).toHaveLength(6);
    expect(textOf(node)).toContain('1,200,000');
    expect(textOf(node)).toMatch(/• C1 +1\n/);
    expect(body).toContain('title="C1 · Series: 1"');
  });

  it('keeps a line chart off an empty floor when its values barely move, and draws equal values mid-axis', () => {
    const ticks = (node: Record<string, unknown>) =>
      [...drawn(node).matchAll(/<div class="sl-chart-tick">([^<]*)<\/div>/g)].map((match) => match[1]);
    expect(ticks(weeks)).toEqual(['24K', '22K', '20K', '18K']);
    expect(ticks({ ...weeks, kind: 'column' })).toEqual(['25K', '20K', '15K', '10K', '5K', '0']);
    expect(ticks(line([0, 0]))).toEqual(['1', '0.8', '0.6', '0.4', '0.2', '0']);
    expect(ticks(line([5, 5]))).toEqual(['8', '7', '6', '5', '4', '3', '2']);
    expect(ticks(line([-0.3, -0.1, -0.2]))).toEqual(['0', '-0.1', '-0.2', '-0.3']);
  });

  it('picks a smaller step for many or long categories', () => {
    expect(drawn(weeks)).toContain('sl-chart sl-chart-l');
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'];
    expect(
      drawn(line([...months.keys(), 9, 10, 11], { categories: [...months, 'October', 'November', 'December'] })),
    ).toContain('sl-chart sl-chart-s');
    expect(drawn({ ...weeks, size: 'm' })).toContain('sl-chart sl-chart-m');
  });
});
