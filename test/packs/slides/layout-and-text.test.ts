import { describe, expect, it } from 'vitest';
import { exampleNodes, formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { AT, fixture, LONG_LINE, previewSlide, slidesRuntime } from '../../support/slides.ts';

const { text, markdown, html, slack } = slidesRuntime.surfaces;

/** Every finding for a node drawn in the preview slide, where it sits at `body[0].body[1]`. */
function formatted(node: Record<string, unknown>): string[] {
  return slidesRuntime.validate(previewSlide(node as PrimitiveNode)).errors.map(formatValidationError);
}

/** The node alone in a bare frame: no heading, no footer, so a render is the node's own output. */
function alone(node: Record<string, unknown>): Record<string, unknown> {
  return { type: 'view', title: 'Alone', body: [{ type: 'slideFrame', body: [node] }] };
}

function example(type: string, index: number): Record<string, unknown> {
  const definition = slidesRuntime.primitives.find((p) => p.type === type);
  if (!definition) throw new Error(`no primitive ${type}`);
  return structuredClone(exampleNodes(definition)[index] as Record<string, unknown>);
}

const renderText = (node: Record<string, unknown>) => text.render(alone(node), { heading: false });
const renderMarkdown = (node: Record<string, unknown>) => markdown.render(alone(node), { heading: false }).trim();
const renderHtml = (node: Record<string, unknown>) => html.render(alone(node), { heading: false }).body;
const slackTypes = (node: Record<string, unknown>) =>
  slack.render(alone(node), { heading: false }).blocks.map((block) => block.type);

const bullets = (...items: string[]) => ({ type: 'slideBulletList', items });

describe('slideSplit', () => {
  const base = example('slideSplit', 0);
  const panes = base.panes as Record<string, unknown>[];
  const at = (path: string, type = 'slideSplit') => `${AT}${path} (in ${type})`;

  it('accepts the fixture and the split deck slide', () => {
    expect(formatted(fixture('slide-split'))).toEqual([]);
    expect(slidesRuntime.validate(fixture('deck-split-slide')).errors).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { panes: _panes, ...noPanes } = base;
    expect(formatted(noPanes)).toContain(`${at('.panes')} is required`);
    expect(formatted({ ...base, gap: 'wide' })).toContain(
      `${at('')} has unrecognized key(s): gap; its fields are panes, ratio, divider, footnote`,
    );
    expect(formatted({ ...base, panes: [{ ...panes[0], width: 2 }, panes[1]] })).toContain(
      `${at('.panes[0]')} has unrecognized key(s): width`,
    );
    expect(formatted({ ...base, panes: [{ ...panes[0], label: LONG_LINE }, panes[1]] })).toContain(
      `${at('.panes[0].label')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, panes: [...panes, panes[0]] })).toContain(`${at('.panes')} must have at most 2 items`);
    expect(formatted({ ...base, panes: [panes[0]] })).toContain(`${at('.panes')} must have at least 2 items`);
    expect(
      formatted({ ...base, panes: [{ items: Array.from({ length: 7 }, () => bullets('One point.')) }, panes[1]] }),
    ).toContain(`${at('.panes[0].items')} must have at most 6 items`);
    expect(formatted({ ...base, panes: [{ items: [] }, panes[1]] })).toContain(
      `${at('.panes[0].items')} must not be empty`,
    );
    expect(formatted({ ...base, ratio: 'golden' })).toContain(
      `${at('.ratio')} must be one of: even, wideLeft, narrowLeft, aside`,
    );
    expect(formatted({ ...base, divider: 'zigzag' })).toContain(
      `${at('.divider')} must be one of: gap, rule, hairline, arrow`,
    );
    expect(formatted({ ...base, footnote: '' })).toContain(`${at('.footnote')} must not be empty`);
  });

  it('allows a pane tone only with a label', () => {
    const toned = { ...base, panes: [panes[0], { tone: 'primary', items: [bullets('The ledger is written first.')] }] };
    expect(formatted(toned)).toEqual([`${at('.panes[1].tone')} is allowed only with a label`]);
    expect(
      formatted({
        ...base,
        panes: [panes[0], { label: 'After', tone: 'accent', items: [bullets('The ledger is written first.')] }],
      }),
    ).toEqual([]);
    expect(formatted({ ...base, panes: [{ items: [bullets('Unlabelled and untoned.')] }, panes[1]] })).toEqual([]);
  });

  it('validates and names the nodes inside its panes', () => {
    expect(formatted({ ...base, panes: [{ items: [{ type: 'slideBulletList', items: [] }] }, panes[1]] })).toContain(
      `${AT}.panes[0].items[0].items (in slideBulletList) must not be empty`,
    );
  });

  it('draws both panes, and what sits between them', () => {
    expect(renderText(base)).toBe(
      [
        'TODAY',
        '✗ Refunds wait for the nightly batch.\n✗ Customers call to ask where the money is.',
        '→',
        'AFTER THE CHANGE',
        '✓ The ledger is written first.\n✓ Refunds settle in two days.',
      ].join('\n\n'),
    );
    expect(renderMarkdown(base)).toBe(
      [
        '## Today',
        '- ✗ Refunds wait for the nightly batch.\n- ✗ Customers call to ask where the money is.',
        '→',
        '## After the change',
        '- ✓ The ledger is written first.\n- ✓ Refunds settle in two days.',
      ].join('\n\n'),
    );
    const page = renderHtml(base);
    expect(page).toContain('sl-split-even sl-split-by-arrow');
    expect(page).toContain('<h2 class="sl-split-label sl-split-label-primary">After the change</h2>');
    expect(page).toContain('sl-split-head');
  });

  it('is a Slack container: labels as bold sections, children through the scope, a divider for a rule', () => {
    const ruled = example('slideSplit', 1);
    const blocks = slack.render(alone(ruled), { heading: false }).blocks;
    expect(blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*We run*' } });
    expect(blocks.map((b) => b.type)).toContain('divider');
    expect(blocks.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'A failed *bank* call is retried by us, never by the customer.' }],
    });
    expect(slackTypes(base).filter((type) => type === 'rich_text')).toHaveLength(2);
  });
});

describe('slideStack', () => {
  const base = fixture('slide-stack');
  const at = (path: string) => `${AT}${path} (in slideStack)`;

  it('accepts the fixture and every spacing', () => {
    expect(formatted(base)).toEqual([]);
    for (const spacing of ['tight', 'normal', 'loose']) expect(formatted({ ...base, spacing })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ type: 'slideStack' })).toContain(`${at('.items')} is required`);
    expect(formatted({ ...base, gap: 24 })).toContain(
      `${at('')} has unrecognized key(s): gap; its fields are items, spacing`,
    );
    expect(formatted({ ...base, items: [] })).toContain(`${at('.items')} must not be empty`);
    expect(formatted({ ...base, spacing: 'roomy' })).toContain(
      `${at('.spacing')} must be one of: tight, normal, loose`,
    );
  });

  it('draws its items in order on every surface', () => {
    const node = example('slideStack', 0);
    expect(renderText(node)).toBe(
      'SHIPPED THIS QUARTER\n\n✓ Saved carts across devices.\n✓ Apple Pay ' +
        'at checkout.\n\nNEXT QUARTER\n\n• Split payments between two cards.',
    );
    expect(renderMarkdown(node)).toBe(
      '**Shipped this quarter**\n\n- ✓ Saved carts across devices.\n- ✓ Apple ' +
        'Pay at checkout.\n\n**Next quarter**\n\n- Split payments between two cards.',
    );
    expect(renderHtml({ ...node, spacing: 'loose' })).toContain('class="sl-stack sl-stack-loose"');
    expect(slackTypes(node).filter((type) => type === 'rich_text')).toHaveLength(2);
  });
});

describe('slideWindow', () => {
  const base = fixture('slide-window');
  const at = (path: string, type = 'slideWindow') => `${AT}${path} (in ${type})`;
  const inner = { type: 'slideWindow', chrome: 'terminal', title: 'npm test', body: [bullets('All green.')] };

  it('accepts the fixture and every chrome', () => {
    expect(formatted(base)).toEqual([]);
    for (const chrome of ['browser', 'terminal', 'slack', 'chat']) expect(formatted({ ...base, chrome })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { title: _title, ...noTitle } = base;
    expect(formatted(noTitle)).toContain(`${at('.title')} is required`);
    expect(formatted({ ...base, url: 'https://example.com' })).toContain(
      `${at('')} has unrecognized key(s): url; its fields are chrome, title, body`,
    );
    expect(formatted({ ...base, title: LONG_LINE })).toContain(`${at('.title')} must be at most 231 characters`);
    expect(formatted({ ...base, chrome: 'teams' })).toContain(
      `${at('.chrome')} must be one of: browser, terminal, slack, chat`,
    );
    expect(formatted({ ...base, body: [] })).toContain(`${at('.body')} must not be empty`);
  });

  it('never holds another window, at any depth', () => {
    expect(formatted({ ...base, body: [inner] })).toEqual([`${at('.body[0]')} must not be inside another slideWindow`]);
    const deep = {
      ...base,
      body: [
        {
          type: 'slideStack',
          items: [
            bullets('Before.'),
            { type: 'slideSplit', panes: [{ items: [bullets('Left.')] }, { items: [inner] }] },
          ],
        },
      ],
    };
    expect(formatted(deep)).toEqual([
      `${at('.body[0].items[1].panes[1].items[0]')} must not be inside another slideWindow`,
    ]);
    // Side by side is not nesting.
    expect(formatted({ type: 'slideSplit', panes: [{ items: [base] }, { items: [inner] }] })).toEqual([]);
  });

  it('lets a slide drawn inside a render hold a window', () => {
    const render = { type: 'slideRender', surface: 'html', body: [inner] };
    expect(formatted({ ...base, body: [render] })).toEqual([]);
  });

  it('prints the title bar as a line, then the body', () => {
    expect(renderText(base)).toBe(
      'Slack · #depot-leads\n\nMOVING ON TUESDAY\n\n✓ Dunmore scans ' +
        'at every handoff.\n✓ Elstow keeps its old scanners until June.',
    );
    expect(renderMarkdown(base)).toBe(
      '> **Slack** · #depot-leads\n>\n> **Moving on Tuesday**\n>\n> - ✓ Dunmore ' +
        'scans at every handoff.\n> - ✓ Elstow keeps its old scanners until June.',
    );
    expect(renderHtml({ ...base, chrome: 'browser', title: 'shop.example.com' })).toContain(
      '<div class="sl-window-address">shop.example.com</div>',
    );
  });

  it('is a Slack container: a context line for the title bar, then its body', () => {
    const blocks = slack.render(alone(base), { heading: false }).blocks;
    expect(blocks[0]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: '*Slack* · #depot-leads' }] });
    expect(blocks.map((b) => b.type)).toContain('rich_text');
    expect(slack.render(alone({ ...base, title: '<!channel>' }), { heading: false }).blocks[0]).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: '*Slack* · #&lt;!channel&gt;' }],
    });
  });
});

describe('slideList', () => {
  const base = fixture('slide-list');
  const items = base.items as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideList)`;

  it('accepts the fixture, and rows without terms', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ type: 'slideList', items: [{ body: 'Only a line.' }] })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, items: undefined })).toContain(`${at('.items')} is required`);
    expect(formatted({ ...base, items: [{ term: 'Search' }] })).toContain(`${at('.items[0].body')} is required`);
    expect(formatted({ ...base, size: 's' })).toContain(
      `${at('')} has unrecognized key(s): size; its fields are label, items, footnote`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], note: 'x' }] })).toContain(
      `${at('.items[0]')} has unrecognized key(s): note`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], term: LONG_LINE }] })).toContain(
      `${at('.items[0].term')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, items: [...items, ...items] })).toContain(`${at('.items')} must have at most 6 items`);
    expect(formatted({ ...base, items: [] })).toContain(`${at('.items')} must not be empty`);
  });

  it('prints terms and bodies', () => {
    expect(renderText(base)).toBe(
      [
        'SHIPPED IN TRACKER 2.3',
        'Scans · Queue on the scanner when a depot loses Wi-Fi\nHolders · Appear ' +
          'on the tracking page within a minute\nClaims · Open against the last ' +
          'holder automatically\nReports · Close a depot’s day in under a minute',
        'Each change reached the quietest depot first and all fourteen within a fortnight.',
      ].join('\n\n'),
    );
    expect(renderMarkdown(base)).toBe(
      [
        '**Shipped in tracker 2.3**',
        '- **Scans** · Queue on the scanner when a depot loses Wi-Fi\n- **Holders** · ' +
          'Appear on the tracking page within a minute\n- **Claims** · Open against the ' +
          'last holder automatically\n- **Reports** · Close a depot’s day in under a minute',
        'Each change reached the quietest depot first and all fourteen within a fortnight.',
      ].join('\n\n'),
    );
  });

  it('draws a ruled grid with terms and a compact stack without any', () => {
    expect(renderHtml(base)).toContain('sl-list-row');
    const bare = example('slideList', 1);
    const page = renderHtml(bare);
    expect(page).toContain('sl-list-stack');
    expect(page).not.toContain('sl-list-row');
    expect(renderText(bare)).toBe(
      '• Refunds wait for the nightly batch.\n• The fraud check runs ' +
        'after the ledger write.\n• Customers see the money five days later.',
    );
  });
});

describe('slideDefinitions', () => {
  const base = fixture('slide-definitions');
  const items = base.items as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideDefinitions)`;

  it('accepts the fixture and every size', () => {
    expect(formatted(base)).toEqual([]);
    for (const size of ['l', 'm', 's']) expect(formatted({ ...base, size })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, items: [{ body: 'No term.' }] })).toContain(`${at('.items[0].term')} is required`);
    expect(formatted({ ...base, label: 'Terms' })).toContain(
      `${at('')} has unrecognized key(s): label; its fields are items, size`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], example: 'x' }] })).toContain(
      `${at('.items[0]')} has unrecognized key(s): example`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], term: LONG_LINE }] })).toContain(
      `${at('.items[0].term')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, items: [...items, ...items, items[0]] })).toContain(
      `${at('.items')} must have at most 6 items`,
    );
    expect(formatted({ ...base, size: 'huge' })).toContain(`${at('.size')} must be one of: l, m, s`);
  });

  it('prints each term with its definition', () => {
    expect(renderText(base)).toBe(
      'handoff · A parcel changes hands: depot to driver, driver to customer. Each one is ' +
        'scanned.\nholder · Whoever signed for the parcel last, and so answers for it ' +
        'now.\nexception · A scan that breaks the plan: wrong depot, damaged label, nobody home.',
    );
    expect(renderMarkdown(base)).toBe(
      '- **handoff** · A parcel changes hands: depot to driver, driver to customer. **Each one is ' +
        'scanned.**\n- **holder** · Whoever signed for the parcel last, and so answers for it ' +
        'now.\n- **exception** · A scan that breaks the plan: wrong depot, damaged label, nobody home.',
    );
  });

  it('flows five or six into two columns, and steps down when crowded', () => {
    expect(renderHtml(base)).toContain('sl-defs sl-defs-l sl-defs-cols-1');
    const four = { ...base, items: [...items, items[0]] };
    expect(renderHtml(four)).toContain('sl-defs-cols-1');
    expect(renderHtml({ ...four, items: [...items, ...items.slice(0, 2)] })).toContain('sl-defs-cols-2');
    const long = {
      term: 'chargeback',
      body: (
        'The customer disputes the payment with their bank, which pulls the money back ' +
        'while the merchant gathers evidence. '
      )
        .repeat(2)
        .trim(),
    };
    expect(renderHtml({ ...base, items: [long, long, long, long] })).toContain('sl-defs-s');
    expect(renderHtml({ ...base, items: [long, long, long, long], size: 'l' })).toContain('sl-defs-l');
  });
});

describe('slideColumns', () => {
  const base = fixture('slide-columns');
  const items = base.items as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideColumns)`;

  it('accepts the fixture, and columns named only', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, items: [{ title: 'Canary' }, ...items.slice(1)] })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, items: [{ body: 'No name.' }, items[1]] })).toContain(
      `${at('.items[0].title')} is required`,
    );
    expect(formatted({ ...base, columns: 3 })).toContain(
      `${at('')} has unrecognized key(s): columns; its fields are items, highlight, footnote, size`,
    );
    expect(formatted({ ...base, footnote: { code: 'x', text: 'y', href: 'z' } })).toContain(
      `${at('.footnote')} has unrecognized key(s): href`,
    );
    expect(
      formatted({ ...base, items: [{ ...items[0], tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, items[1]] }),
    ).toContain(`${at('.items[0].tags')} must have at most 6 items`);
    expect(formatted({ ...base, items: [{ ...items[0], tags: [LONG_LINE] }, items[1]] })).toContain(
      `${at('.items[0].tags[0]')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, items: [items[0]] })).toContain(`${at('.items')} must have at least 2 items`);
    expect(formatted({ ...base, items: [...items, ...items] })).toContain(`${at('.items')} must have at most 4 items`);
    expect(formatted({ ...base, highlight: 1.5 })).toContain(`${at('.highlight')} must be an integer`);
    expect(formatted({ ...base, highlight: -1 })).toContain(`${at('.highlight')} must be at least 0`);
    expect(formatted({ ...base, size: 'huge' })).toContain(`${at('.size')} must be one of: l, m, s`);
  });

  it('highlights only a column that exists', () => {
    expect(formatted({ ...base, highlight: 3 })).toEqual([
      `${at('.highlight')} must be less than the number of items (3)`,
    ]);
    expect(formatted({ ...base, highlight: 2 })).toEqual([]);
    expect(formatted({ ...base, highlight: 0 })).toEqual([]);
  });

  it('prints each column, then the footnote', () => {
    expect(renderText(base)).toBe(
      [
        'Big bang [Saturday, 6 h]\nStop writes, copy everything, switch over. One risky night, then it is done.',
        'Dual write [old, new]\nWrite to both stores for a month and compare. Safe, but every bug happens twice.',
        'Depot by depot [Ashby, Calder, +12]\nMove one depot a week, starting with the quietest.',
        'tracker-cutover is the flag that moves a depot and moves it back.',
      ].join('\n\n'),
    );
    expect(renderMarkdown(base)).toBe(
      [
        '## Big bang',
        '`Saturday` `6 h`',
        'Stop writes, copy everything, switch over. One risky night, then it is done.',
        '## Dual write',
        '`old` `new`',
        'Write to both stores for a month and compare. Safe, but every bug happens twice.',
        '## Depot by depot',
        '`Ashby` `Calder` `+12`',
        'Move one depot a week, starting with the quietest.',
        '`tracker-cutover` is the flag that moves a depot and moves it back.',
      ].join('\n\n'),
    );
  });

  it('draws the highlighted column in focus, at the size that fits', () => {
    const page = renderHtml({ ...base, highlight: 1 });
    expect(page.match(/sl-columns-focus/g)).toHaveLength(1);
    expect(page).toContain('sl-columns sl-columns-l');
    const wordy = {
      title: 'Rolling',
      body: 'One zone at a time, with no spare capacity to pay for, and a slow way back when a zone goes wrong. '
        .repeat(3)
        .trim(),
    };
    expect(renderHtml({ ...base, items: [wordy, wordy, wordy, wordy] })).toContain('sl-columns sl-columns-s');
  });
});

describe('slideRoadmap', () => {
  const base = fixture('slide-roadmap');
  const columns = base.columns as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideRoadmap)`;

  it('accepts the fixture', () => {
    expect(formatted(base)).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, columns: [{ ...columns[0], items: [{ body: 'x' }] }, columns[1]] })).toContain(
      `${at('.columns[0].items[0].title')} is required`,
    );
    expect(formatted({ ...base, highlight: 1 })).toContain(
      `${at('')} has unrecognized key(s): highlight; its fields are columns, size`,
    );
    expect(formatted({ ...base, columns: [{ ...columns[0], owner: 'web' }, columns[1]] })).toContain(
      `${at('.columns[0]')} has unrecognized key(s): owner`,
    );
    expect(
      formatted({ ...base, columns: [{ ...columns[0], items: [{ title: 'x', body: 'y', eta: 'Q3' }] }, columns[1]] }),
    ).toContain(`${at('.columns[0].items[0]')} has unrecognized key(s): eta`);
    expect(formatted({ ...base, columns: [{ ...columns[0], title: LONG_LINE }, columns[1]] })).toContain(
      `${at('.columns[0].title')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, columns: [...columns, ...columns] })).toContain(
      `${at('.columns')} must have at most 4 items`,
    );
    expect(formatted({ ...base, columns: [columns[0]] })).toContain(`${at('.columns')} must have at least 2 items`);
    const five = Array.from({ length: 5 }, () => ({ title: 'Search', body: 'Typo-tolerant' }));
    expect(formatted({ ...base, columns: [{ ...columns[0], items: five }, columns[1]] })).toContain(
      `${at('.columns[0].items')} must have at most 4 items`,
    );
    expect(formatted({ ...base, columns: [{ ...columns[0], current: 'yes' }, columns[1]] })).toContain(
      `${at('.columns[0].current')} must be a boolean`,
    );
    expect(formatted({ ...base, size: 'huge' })).toContain(`${at('.size')} must be one of: l, m, s`);
  });

  it('allows at most one current column', () => {
    const twice = { ...base, columns: [columns[0], columns[1], { ...columns[2], current: true }] };
    expect(formatted(twice)).toEqual([`${at('.columns[2].current')} must be the only current column`]);
    expect(formatted({ ...base, columns: columns.map((c) => ({ ...c, current: true })) })).toEqual([
      `${at('.columns[1].current')} must be the only current column`,
      `${at('.columns[2].current')} must be the only current column`,
    ]);
    expect(formatted({ ...base, columns: [columns[0], { ...columns[1], current: false }, columns[2]] })).toEqual([]);
    expect(formatted({ ...base, columns: columns.map(({ current: _current, ...c }) => c) })).toEqual([]);
  });

  it('prints each horizon with its items, and where the team is', () => {
    const node = example('slideRoadmap', 0);
    expect(renderText(node)).toBe(
      'Q1 · SHIPPED\n• Typo-tolerant search · Finds “choclate” and brand names\n• Offline ' +
        'cart · Changes sync when the signal returns\n\nQ2 · IN BUILD · You are here\n• ' +
        'One-tap pay · A saved card skips the form\n• Split delivery · One order from two stores',
    );
    expect(renderMarkdown(node)).toBe(
      [
        '## Q1',
        '_Shipped_',
        '- **Typo-tolerant search** · Finds “choclate” and brand ' +
          'names\n- **Offline cart** · Changes sync when the signal returns',
        '## Q2',
        '_In build_ · You are here',
        '- **One-tap pay** · A saved card skips the form\n- **Split delivery** · One order from **two stores**',
      ].join('\n\n'),
    );
  });

  it('draws the current column apart, at the size that fits', () => {
    const page = renderHtml(base);
    expect(page.match(/sl-roadmap-current/g)).toHaveLength(1);
    expect(page).toContain('sl-roadmap sl-roadmap-l sl-roadmap-n3');
    const item = {
      title: 'Substitutions',
      body: 'Approve a swap from a message, or let the picker choose the closest match.',
    };
    const full = { ...base, columns: columns.map((c) => ({ ...c, items: [item, item, item, item] })) };
    expect(renderHtml(full)).not.toContain('sl-roadmap-l ');
    expect(renderHtml({ ...full, size: 'l' })).toContain('sl-roadmap-l ');
  });
});
