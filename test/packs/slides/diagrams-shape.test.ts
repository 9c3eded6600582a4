import { describe, expect, it } from 'vitest';
import { formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
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

/** The node's HTML inside the preview slide. */
function drawn(node: Record<string, unknown>): string {
  return html.render(previewSlide(node as PrimitiveNode)).body;
}

describe('slideFanout', () => {
  const base = fixture('slide-fanout');
  const targets = base.targets as Record<string, unknown>[];
  const at = (path: string, type = 'slideFanout') => `${AT}${path} (in ${type})`;

  it('accepts the fixture and both tones', () => {
    expect(formatted(base)).toEqual([]);
    expect(
      formatted({ ...base, targets: targets.map((t, i) => ({ ...t, tone: i % 2 ? 'primary' : 'accent' })) }),
    ).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { source: _source, ...noSource } = base;
    expect(formatted(noSource)).toContain(`${at('.source')} is required`);
    expect(formatted({ ...base, color: 'red' })).toContain(
      `${at('')} has unrecognized key(s): color; its fields are source, targets`,
    );
    expect(formatted({ ...base, targets: [{ ...targets[0], icon: 'bolt' }, targets[1]] })).toContain(
      `${at('.targets[0]')} has unrecognized key(s): icon`,
    );
    expect(formatted({ ...base, source: LONG_LINE })).toContain(`${at('.source')} must be at most 231 characters`);
    expect(formatted({ ...base, targets: [...targets, ...targets] })).toContain(
      `${at('.targets')} must have at most 6 items`,
    );
    expect(formatted({ ...base, targets: [targets[0]] })).toContain(`${at('.targets')} must have at least 2 items`);
    expect(formatted({ ...base, targets: [{ ...targets[0], tone: 'danger' }, targets[1]] })).toContain(
      `${at('.targets[0].tone')} must be one of: primary, accent`,
    );
    expect(formatted({ ...base, targets: [{ ...targets[0], body: '' }, targets[1]] })).toContain(
      `${at('.targets[0].body')} must not be empty`,
    );
  });

  it('prints the source and each target on text and Markdown', () => {
    expect(text.render(alone(base), { heading: false })).toBe(
      [
        'ParcelHandedOff →',
        '• tracking-page · Shows the new holder',
        '• claims · Closes an open lost claim',
        '• sms · Texts the customer an ETA',
        '• billing · Counts the leg for the invoice',
      ].join('\n'),
    );
    expect(markdown.render(alone(base), { heading: false }).trim()).toBe(
      [
        '`ParcelHandedOff` →',
        '',
        '- `tracking-page` · Shows the new holder',
        '- `claims` · Closes an open lost claim',
        '- `sms` · Texts the customer an ETA',
        '- `billing` · Counts the leg for the invoice',
      ].join('\n'),
    );
  });

  it('is one Slack section: the source as text, each target a field', () => {
    const blocks = slack.render(
      alone({ ...base, targets: [{ name: 'a<b>', body: 'Shows **the holder**' }, targets[1]] }),
      { heading: false },
    ).blocks;
    expect(blocks.map((block) => block.type)).toEqual(['section']);
    expect(blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: '`ParcelHandedOff` →' },
      fields: [
        { type: 'mrkdwn', text: '`a&lt;b&gt;`\nShows *the holder*' },
        { type: 'mrkdwn', text: '`claims`\nCloses an open lost claim' },
      ],
    });
  });

  it('steps type down as targets are added, and draws one branch per target', () => {
    const withCount = (n: number) =>
      drawn({ ...base, targets: Array.from({ length: n }, (_, i) => ({ name: `t${i}`, body: 'Does one thing' })) });
    expect(withCount(4)).toContain('sl-fanout sl-fanout-l');
    expect(withCount(5)).toContain('sl-fanout sl-fanout-m');
    expect(withCount(6)).toContain('sl-fanout sl-fanout-s');
    expect(withCount(3).match(/class="sl-fanout-head"/g)).toHaveLength(3);
    const body = drawn({ ...base, source: '<b>Parcel</b>' });
    expect(body).toContain('&lt;b&gt;Parcel&lt;/b&gt;');
    expect(body).toContain('sl-fanout-chip sl-fanout-accent');
  });
});

describe('slideTree', () => {
  const base = fixture('slide-tree');
  const entries = base.entries as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideTree)`;

  it('accepts the fixture, folders ending with a slash, and a root with slashes', () => {
    expect(formatted(base)).toEqual([]);
    expect(
      formatted({
        ...base,
        root: 'services/orders/',
        entries: [
          { name: 'api/', body: 'Handlers' },
          { name: '.env', body: 'Secrets' },
        ],
      }),
    ).toEqual([]);
  });

  it('draws one level only: a slash may only end a folder name', () => {
    expect(formatted({ ...base, entries: [{ name: 'payment/stripe.ts', body: 'One adapter' }] })).toEqual([
      `${at('.entries[0].name')} must name one level only: a "/" may only end a folder name`,
    ]);
    expect(formatted({ ...base, entries: [{ name: 'payment/', body: 'Adapters' }] })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    const { root: _root, ...noRoot } = base;
    expect(formatted(noRoot)).toContain(`${at('.root')} is required`);
    expect(formatted({ ...base, depth: 2 })).toContain(
      `${at('')} has unrecognized key(s): depth; its fields are root, entries`,
    );
    expect(formatted({ ...base, entries: [{ ...entries[0], icon: 'file' }] })).toContain(
      `${at('.entries[0]')} has unrecognized key(s): icon`,
    );
    expect(formatted({ ...base, entries: [{ name: LONG_LINE, body: 'Long' }] })).toContain(
      `${at('.entries[0].name')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, entries: [...entries, ...entries] })).toContain(
      `${at('.entries')} must have at most 8 items`,
    );
    expect(formatted({ ...base, entries: [] })).toContain(`${at('.entries')} must not be empty`);
    expect(formatted({ ...base, entries: [{ name: 'cart.ts' }] })).toContain(`${at('.entries[0].body')} is required`);
  });

  it('prints the tree with branch glyphs on text, and a list on Markdown', () => {
    const node = {
      type: 'slideTree',
      root: 'search/',
      entries: [
        { name: 'query.ts', body: 'Parses the **query**' },
        { name: 'ranking/', body: 'One scorer per signal' },
      ],
    };
    expect(text.render(alone(node), { heading: false })).toBe(
      ['search/', '├── query.ts · Parses the query', '└── ranking/ · One scorer per signal'].join('\n'),
    );
    expect(markdown.render(alone(node), { heading: false }).trim()).toBe(
      ['`search/`', '', '- `query.ts` · Parses the **query**', '- `ranking/` · One scorer per signal'].join('\n'),
    );
  });

  it('marks folders, continues the trunk past every entry but the last, and steps down with more entries', () => {
    const body = drawn(base);
    expect(body.match(/sl-tree-folder/g)).toHaveLength(1);
    expect(body.match(/sl-tree-rail-on/g)).toHaveLength(entries.length - 1);
    const withCount = (n: number) =>
      drawn({ ...base, entries: Array.from({ length: n }, (_, i) => ({ name: `f${i}.ts`, body: 'A file' })) });
    expect(withCount(4)).toContain('sl-tree sl-tree-l');
    expect(withCount(6)).toContain('sl-tree sl-tree-m');
    expect(withCount(8)).toContain('sl-tree sl-tree-s');
  });
});

describe('slideLayers', () => {
  const base = fixture('slide-layers');
  const layers = base.layers as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideLayers)`;
  const bodyLayer = { name: 'Gateway', body: 'Routes every request', owner: 'Platform' };
  const chipsLayer = { name: 'Data', chips: ['postgres'], owner: 'Data team' };

  it('accepts the fixture, and layers with a body or with chips', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ type: 'slideLayers', layers: [bodyLayer, chipsLayer, bodyLayer], size: 'm' })).toEqual([]);
  });

  it('gives each layer at most one of body and chips, and takes a layer named only', () => {
    expect(formatted({ ...base, layers: [bodyLayer, { ...bodyLayer, chips: ['a'] }, chipsLayer] })).toEqual([
      `${at('.layers[1].chips')} must not be set together with body: a layer has body or chips, not both`,
    ]);
    expect(formatted({ ...base, layers: [bodyLayer, chipsLayer, { name: 'Cloud', owner: 'Provider' }] })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, layers: [bodyLayer, chipsLayer, { body: 'x', owner: 'y' }] })).toContain(
      `${at('.layers[2].name')} is required`,
    );
    expect(formatted({ ...base, layers: [bodyLayer, chipsLayer, { ...chipsLayer, owner: 7 }] })).toContain(
      `${at('.layers[2].owner')} must be a string`,
    );
    expect(formatted({ ...base, order: 'top' })).toContain(
      `${at('')} has unrecognized key(s): order; its fields are layers, size`,
    );
    expect(formatted({ ...base, layers: [bodyLayer, chipsLayer, { ...bodyLayer, icon: 'x' }] })).toContain(
      `${at('.layers[2]')} has unrecognized key(s): icon`,
    );
    expect(formatted({ ...base, layers: [bodyLayer, chipsLayer, { ...bodyLayer, owner: LONG_LINE }] })).toContain(
      `${at('.layers[2].owner')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, layers: [...layers, bodyLayer, bodyLayer] })).toContain(
      `${at('.layers')} must have at most 6 items`,
    );
    expect(formatted({ ...base, layers: [bodyLayer, chipsLayer] })).toContain(
      `${at('.layers')} must have at least 3 items`,
    );
    expect(
      formatted({
        ...base,
        layers: [bodyLayer, bodyLayer, { ...chipsLayer, chips: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }],
      }),
    ).toContain(`${at('.layers[2].chips')} must have at most 6 items`);
    expect(formatted({ ...base, layers: [bodyLayer, bodyLayer, { ...chipsLayer, chips: [] }] })).toContain(
      `${at('.layers[2].chips')} must not be empty`,
    );
    expect(formatted({ ...base, size: 'xl' })).toContain(`${at('.size')} must be one of: l, m, s; did you mean "l"?`);
    expect(formatted({ ...base, layers: [bodyLayer, bodyLayer, { ...bodyLayer, tone: 'green' }] })).toContain(
      `${at('.layers[2].tone')} must be one of: primary, accent`,
    );
  });

  it('prints one line per layer, top first', () => {
    expect(text.render(alone(base), { heading: false })).toBe(
      [
        'Apps · driver-app, track-web, partner-api · Apps team',
        'Edge · Signs in drivers and partners, and throttles every caller · Platform',
        'Tracking · Scans, holders, and exceptions, each a service of its own · Tracking team',
        'Storage · postgres, kafka, s3 · Data team',
        'Depots · Scanners, Wi-Fi, and the lines between all fourteen sites · Site ops',
      ].join('\n'),
    );
    expect(
      markdown
        .render(
          alone({ type: 'slideLayers', layers: [chipsLayer, bodyLayer, { ...bodyLayer, body: 'Keeps **state**' }] }),
          { heading: false },
        )
        .trim(),
    ).toBe(
      [
        '- **Data** · `postgres` · _Data team_',
        '- **Gateway** · Routes every request · _Platform_',
        '- **Gateway** · Keeps **state** · _Platform_',
      ].join('\n'),
    );
  });

  it('picks the step from the layer count unless the author sets one', () => {
    expect(drawn({ type: 'slideLayers', layers: [bodyLayer, chipsLayer, bodyLayer] })).toContain(
      'sl-layers sl-layers-l',
    );
    expect(drawn({ type: 'slideLayers', layers: [bodyLayer, chipsLayer, bodyLayer, bodyLayer] })).toContain(
      'sl-layers sl-layers-m',
    );
    expect(drawn(base)).toContain('sl-layers sl-layers-s');
    expect(drawn({ ...base, size: 'l' })).toContain('sl-layers sl-layers-l');
  });
});

describe('slideTerritoryGroup', () => {
  const base = fixture('slide-territory-group');
  const items = base.items as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideTerritoryGroup)`;

  it('accepts the fixture and a single territory', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, items: [{ title: 'Platform', body: 'Everything under the load balancer.' }] })).toEqual(
      [],
    );
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, items: [{ body: 'No owner' }] })).toContain(`${at('.items[0].title')} is required`);
    expect(formatted({ ...base, layout: 'grid' })).toContain(
      `${at('')} has unrecognized key(s): layout; its fields are items`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], owner: 'x' }] })).toContain(
      `${at('.items[0]')} has unrecognized key(s): owner`,
    );
    expect(formatted({ ...base, items: [{ ...items[0], title: LONG_LINE }] })).toContain(
      `${at('.items[0].title')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, items: [...items, ...items, items[0]] })).toContain(
      `${at('.items')} must have at most 4 items`,
    );
    expect(formatted({ ...base, items: [] })).toContain(`${at('.items')} must not be empty`);
    expect(formatted({ ...base, items: [{ ...items[0], tone: 'neutral' }] })).toContain(
      `${at('.items[0].tone')} must be one of: primary, accent`,
    );
  });

  it('makes each owner a sub-heading in Markdown', () => {
    expect(markdown.render(alone(base), { heading: false }).trim()).toBe(
      [
        '## Tracking team',
        '',
        'Scanners, the tracker API, and **every holder change**.',
        '',
        '## Partner carriers',
        '',
        'Their hubs, their vans, and the scans they send us.',
      ].join('\n'),
    );
    expect(text.render(alone(base), { heading: false })).toBe(
      [
        'Tracking team',
        'Scanners, the tracker API, and every holder change.',
        '',
        'Partner carriers',
        'Their hubs, their vans, and the scans they send us.',
      ].join('\n'),
    );
  });

  it('draws one column per territory and steps down for long bodies', () => {
    expect(drawn(base)).toContain('sl-territory sl-territory-l sl-territory-n2');
    const long = { title: 'Team', body: 'word '.repeat(35).trim() };
    expect(drawn({ ...base, items: [long, long, long, long] })).toContain(
      'sl-territory sl-territory-m sl-territory-n4',
    );
    expect(drawn({ ...base, items: [{ ...long, body: 'word '.repeat(100).trim() }, long, long] })).toContain(
      'sl-territory sl-territory-s sl-territory-n3',
    );
  });
});

describe('slideQuadrant', () => {
  const base = fixture('slide-quadrant');
  const quadrants = base.quadrants as Record<string, unknown>[];
  const at = (path: string) => `${AT}${path} (in slideQuadrant)`;

  it('accepts the fixture, an empty quadrant, and every highlight from 0 to 3', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, quadrants: [{ label: 'Ignore', items: [] }, ...quadrants.slice(1)] })).toEqual([]);
    for (const highlight of [0, 1, 2, 3]) expect(formatted({ ...base, highlight })).toEqual([]);
  });

  it('names what is wrong, where', () => {
    expect(formatted({ ...base, x: { low: 'Easy' } })).toContain(`${at('.x.high')} is required`);
    expect(formatted({ ...base, y: { ...(base.y as object), mid: 'Some' } })).toContain(
      `${at('.y')} has unrecognized key(s): mid`,
    );
    expect(formatted({ ...base, z: {} })).toContain(
      `${at('')} has unrecognized key(s): z; its fields are x, y, quadrants, highlight, size`,
    );
    expect(formatted({ ...base, quadrants: [{ ...quadrants[0], color: 'red' }, ...quadrants.slice(1)] })).toContain(
      `${at('.quadrants[0]')} has unrecognized key(s): color`,
    );
    expect(formatted({ ...base, quadrants: [{ label: 'Quick wins' }, ...quadrants.slice(1)] })).toContain(
      `${at('.quadrants[0].items')} is required`,
    );
    expect(formatted({ ...base, x: { low: LONG_LINE, high: 'Hard' } })).toContain(
      `${at('.x.low')} must be at most 231 characters`,
    );
    expect(formatted({ ...base, quadrants: quadrants.slice(0, 3) })).toContain(
      `${at('.quadrants')} must have at least 4 items`,
    );
    expect(formatted({ ...base, quadrants: [...quadrants, quadrants[0]] })).toContain(
      `${at('.quadrants')} must have at most 4 items`,
    );
    expect(
      formatted({ ...base, quadrants: [{ label: 'Full', items: ['a', 'b', 'c', 'd', 'e'] }, ...quadrants.slice(1)] }),
    ).toContain(`${at('.quadrants[0].items')} must have at most 4 items`);
    expect(formatted({ ...base, highlight: 4 })).toContain(`${at('.highlight')} must be at most 3`);
    expect(formatted({ ...base, highlight: -1 })).toContain(`${at('.highlight')} must be at least 0`);
    expect(formatted({ ...base, highlight: 1.5 })).toContain(`${at('.highlight')} must be an integer`);
    expect(formatted({ ...base, size: 'huge' })).toContain(`${at('.size')} must be one of: l, m, s`);
  });

  it('places each quadrant on both axes in text, and keeps the two-by-two as a Markdown table', () => {
    const node = { ...base, highlight: 1 };
    expect(text.render(alone(node), { heading: false })).toBe(
      [
        'Fix now (Cheap · Common): torn labels, no Wi-Fi',
        '→ Plan for (Costly · Common): wrong depot',
        'Batch up (Cheap · Rare): late scans, typos',
        'Watch (Costly · Rare): theft',
      ].join('\n'),
    );
    expect(markdown.render(alone(node), { heading: false }).trim()).toBe(
      [
        '|  | Cheap | Costly |',
        '| --- | --- | --- |',
        '| Common | **Fix now**: `torn labels`, `no Wi-Fi` | → **Plan for**: `wrong depot` |',
        '| Rare | **Batch up**: `late scans`, `typos` | **Watch**: `theft` |',
      ].join('\n'),
    );
  });

  it('draws the quadrants in order with the highlight, and steps down for crowded quadrants', () => {
    const body = drawn({ ...base, highlight: 2 });
    const labels = [...body.matchAll(/class="sl-quadrant-label">([^<]*)</g)].map((m) => m[1]);
    expect(labels).toEqual(['Fix now', 'Plan for', 'Batch up', 'Watch']);
    expect(body).toContain('sl-quadrant-cell sl-quadrant-highlight"><div class="sl-quadrant-label">Batch up');
    expect(body.match(/sl-quadrant-highlight/g)).toHaveLength(1);
    expect(body).toContain('sl-quadrant sl-quadrant-l');
    const crowded = {
      ...base,
      quadrants: [{ label: 'Full', items: ['labels torn on the belt', 'scanner batteries'] }, ...quadrants.slice(1)],
    };
    expect(drawn(crowded)).toContain('sl-quadrant sl-quadrant-m');
    expect(drawn({ ...crowded, size: 's' })).toContain('sl-quadrant sl-quadrant-s');
  });
});

describe('slideOrgChart', () => {
  const base = fixture('slide-org-chart');
  const at = (path: string) => `${AT}${path} (in slideOrgChart)`;
  const person = (name: string, children?: unknown[]) => (children ? { name, children } : { name });

  it('accepts the fixture, a lone root, and names without titles', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ type: 'slideOrgChart', root: { name: 'Platform' } })).toEqual([]);
    expect(formatted({ type: 'slideOrgChart', root: person('Lead', [person('A', [person('B')])]) })).toEqual([]);
  });

  it('refuses a fourth level, a thirteenth person, and a seventh direct report, saying what to do', () => {
    expect(
      formatted({ type: 'slideOrgChart', root: person('Lead', [person('A', [person('B', [person('C')])])]) }),
    ).toEqual([
      `${at('.root.children[0].children[0].children')} must be left out: an org chart draws three levels; show a deeper team on a slide of its own`,
    ]);
    const thirteen = person(
      'Lead',
      [1, 2, 3, 4].map((team) =>
        person(
          `Team ${team}`,
          [1, 2].map((n) => person(`Member ${team}.${n}`)),
        ),
      ),
    );
    expect(formatted({ type: 'slideOrgChart', root: thirteen })).toEqual([
      `${at('.root')} must hold at most 12 people or teams in all, not 13: draw each team on a slide of its own`,
    ]);
    expect(
      formatted({
        type: 'slideOrgChart',
        root: person(
          'Lead',
          [1, 2, 3, 4, 5, 6, 7].map((n) => person(`R${n}`)),
        ),
      }),
    ).toEqual([`${at('.root.children')} must have at most 6 items`]);
    expect(
      formatted({
        type: 'slideOrgChart',
        root: person('Lead', [
          person(
            'A',
            [1, 2, 3, 4, 5].map((n) => person(`R${n}`)),
          ),
        ]),
      }),
    ).toEqual([`${at('.root.children[0].children')} must have at most 4 items`]);
  });

  it('refuses a chart nested ten thousand levels deep by the input budget, quickly', () => {
    let deep: Record<string, unknown> = { name: 'Leaf' };
    for (let i = 0; i < 10_000; i++) deep = { name: `Level ${i}`, children: [deep] };
    const started = performance.now();
    const found = formatted({ type: 'slideOrgChart', root: deep });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found).toEqual(['input nests deeper than 64 levels']);
  });

  it('names other mistakes where they are', () => {
    expect(formatted({ type: 'slideOrgChart' })).toEqual([`${at('.root')} is required`]);
    expect(formatted({ type: 'slideOrgChart', root: { title: 'CTO' } })).toEqual([`${at('.root.name')} is required`]);
    expect(formatted({ type: 'slideOrgChart', root: { name: 'A', role: 'CTO' } })).toContain(
      `${at('.root')} has unrecognized key(s): role`,
    );
    expect(formatted({ type: 'slideOrgChart', root: { name: LONG_LINE } })).toContain(
      `${at('.root.name')} must be at most 231 characters`,
    );
    expect(formatted({ type: 'slideOrgChart', root: { name: 'A', children: [] } })).toContain(
      `${at('.root.children')} must not be empty`,
    );
  });

  it('prints the hierarchy as a tree on text and as nested lists on Markdown', () => {
    expect(text.render(alone(base), { heading: false })).toBe(
      [
        'Hollis Grant · Head of Tracking',
        '├── Migration · Aisha Bello',
        '│   ├── Schema and backfill',
        '│   └── Dual writes',
        '├── Tracking API · Marek Nowak',
        '│   ├── Public endpoints',
        '│   ├── Webhooks',
        '│   └── Depot scanners',
        '└── Reliability · Chloe Adeyemi',
      ].join('\n'),
    );
    expect(markdown.render(alone(base), { heading: false }).trim()).toBe(
      [
        '- **Hollis Grant** · Head of Tracking',
        '  - **Migration** · Aisha Bello',
        '    - **Schema and backfill**',
        '    - **Dual writes**',
        '  - **Tracking API** · Marek Nowak',
        '    - **Public endpoints**',
        '    - **Webhooks**',
        '    - **Depot scanners**',
        '  - **Reliability** · Chloe Adeyemi',
      ].join('\n'),
    );
    const blocks = JSON.stringify(slack.render(alone(base), { heading: false }).blocks);
    for (const name of ['Hollis Grant', 'Aisha Bello', 'Depot scanners', 'Chloe Adeyemi'])
      expect(blocks).toContain(name);
  });

  it('draws a box per person, a rail from the first drop to the last, and an elbow per report', () => {
    const body = drawn(base);
    expect(body.match(/class="sl-org-box/g)).toHaveLength(9);
    expect(body).toContain(
      '<div class="sl-org-box sl-org-root"><div class="sl-org-name">Hollis Grant</div><div class="sl-org-title">Head of Tracking</div></div>',
    );
    // The first branch's rail starts at its drop; the last one's ends there.
    expect(body.match(/<div class="sl-org-up">(.*?)<\/div><\/div>/g)).toEqual([
      '<div class="sl-org-up"><div class="sl-org-half sl-org-drop"></div><div class="sl-org-half sl-org-rail"></div></div>',
      '<div class="sl-org-up"><div class="sl-org-half sl-org-drop sl-org-rail"></div><div class="sl-org-half sl-org-rail"></div></div>',
      '<div class="sl-org-up"><div class="sl-org-half sl-org-drop sl-org-rail"></div><div class="sl-org-half"></div></div>',
    ]);
    // Five reports, the trunk running on past each but the last under its manager.
    expect(body.match(/class="sl-org-elbow"/g)).toHaveLength(5);
    expect(body.match(/sl-org-on sl-org-trunk/g)).toHaveLength(3);
    // A box without a title draws no empty title line.
    expect(body).toContain('<div class="sl-org-box"><div class="sl-org-name">Webhooks</div></div>');
    // A lone root draws no stem.
    expect(drawn({ type: 'slideOrgChart', root: { name: 'Platform' } })).not.toContain('sl-org-stem');
  });
});
