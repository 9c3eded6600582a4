import { describe, expect, it } from 'vitest';
import { formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { fixture, previewSlide, slidesRuntime } from '../../support/slides.ts';

/**
 * Fields a user's request may not supply are optional (issue 25): each composition below leaves one
 * out, validates, and draws without a gap or a dangling mark on every surface — no separator with
 * nothing after it, no empty quote marks, no empty element where the field would be.
 */
const { text, markdown, html, slack } = slidesRuntime.surfaces;

function errors(node: Record<string, unknown>): string[] {
  return slidesRuntime.validate(previewSlide(node as PrimitiveNode)).errors.map(formatValidationError);
}

function alone(node: Record<string, unknown>): Record<string, unknown> {
  return { type: 'view', title: 'Alone', body: [{ type: 'slideFrame', body: [node] }] };
}

function surfaces(node: Record<string, unknown>) {
  return {
    text: text.render(alone(node), { heading: false }),
    markdown: markdown.render(alone(node), { heading: false }).trim(),
    slack: JSON.stringify(slack.render(alone(node), { heading: false }).blocks),
    html: html.render(previewSlide(node as PrimitiveNode)).body,
  };
}

/** Marks that mean a field was dropped but its punctuation was not. */
function expectNoDanglingMarks(node: Record<string, unknown>): void {
  const out = surfaces(node);
  for (const [surface, output] of Object.entries({ text: out.text, markdown: out.markdown })) {
    expect(output, surface).not.toMatch(/·[ \t]*(\n|$)/);
    expect(output, surface).not.toMatch(/(^|\n)[ \t]*·/);
  }
  // Slack's JSON: no separator right before a line break, or ending the last run of a line.
  expect(out.slack).not.toMatch(/·\s*(\\n|"\}\])/);
  for (const [surface, output] of Object.entries(out)) {
    expect(output, surface).not.toContain('“”');
    expect(output, surface).not.toContain('undefined');
  }
  expect(out.markdown).not.toMatch(/\*\*\s*\*\*|(^|[^\w*])_\s*_/);
  // No text element left empty where the field would have been.
  expect(out.html).not.toMatch(
    /<(p|span|div) class="sl-(timeline|roadmap|layers|stats?)-(channel|heading|body|owner|status|item-body)"><\/\1>/,
  );
}

describe('optional fields a request may not supply', () => {
  it('keeps every composition the reference accepts valid (the project fixtures give every field)', () => {
    for (const name of ['slide-timeline', 'slide-roadmap', 'slide-layers', 'slide-stats', 'slide-stat', 'slide-fanout'])
      expect(errors(fixture(name)), name).toEqual([]);
  });

  it('slideTimeline: a moment needs only its label and a heading or a body; the quote marks go with the heading', () => {
    const bodies = {
      type: 'slideTimeline',
      items: [
        { label: 'March', body: 'Postgres live in both regions.' },
        { label: 'May', body: 'Dual writes from every depot.' },
        { label: 'July', body: 'Reads switched over.', current: true },
      ],
    };
    expect(errors(bodies)).toEqual([]);
    expectNoDanglingMarks(bodies);
    expect(surfaces(bodies).text).toBe(
      [
        'March',
        'Postgres live in both regions.',
        '',
        'May',
        'Dual writes from every depot.',
        '',
        'July · You are here',
        'Reads switched over.',
      ].join('\n'),
    );
    expect(surfaces(bodies).html).not.toContain('sl-timeline-channel');
    expect(surfaces(bodies).html).not.toContain('sl-timeline-heading');
    expect(surfaces(bodies).html).not.toContain('“');

    const quotes = {
      type: 'slideTimeline',
      items: [
        { label: '2018', channel: 'Email', heading: 'Why has nobody answered me?' },
        { label: '2021', heading: 'Can I talk to someone now?' },
        { label: '2024', heading: 'Just fix my order.' },
      ],
    };
    expect(errors(quotes)).toEqual([]);
    expectNoDanglingMarks(quotes);
    expect(surfaces(quotes).text).toBe(
      [
        '2018 · EMAIL',
        '“Why has nobody answered me?”',
        '',
        '2021',
        '“Can I talk to someone now?”',
        '',
        '2024',
        '“Just fix my order.”',
      ].join('\n'),
    );
    expect(surfaces(quotes).markdown).toBe(
      [
        '- **2018** · Email\\',
        '  _“Why has nobody answered me?”_',
        '- **2021**\\',
        '  _“Can I talk to someone now?”_',
        '- **2024**\\',
        '  _“Just fix my order.”_',
      ].join('\n'),
    );
    expect(surfaces(quotes).html).not.toContain('sl-timeline-body');
    expect(surfaces(quotes).html.match(/class="sl-timeline-channel/g)).toHaveLength(1);
  });

  it('slideRoadmap: items need no body and columns no status', () => {
    const node = {
      type: 'slideRoadmap',
      columns: [
        { title: 'Now', current: true, items: [{ title: 'Saved baskets' }, { title: 'Order tracking' }] },
        { title: 'Next', items: [{ title: 'Gift cards', body: 'Sold at the till and online' }] },
      ],
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    const out = surfaces(node);
    expect(out.text).toBe(
      [
        'Now · You are here',
        '• Saved baskets',
        '• Order tracking',
        '',
        'Next',
        '• Gift cards · Sold at the till and online',
      ].join('\n'),
    );
    expect(out.markdown).toBe(
      [
        '## Now',
        '',
        'You are here',
        '',
        '- **Saved baskets**',
        '- **Order tracking**',
        '',
        '## Next',
        '',
        '- **Gift cards** · Sold at the till and online',
      ].join('\n'),
    );
    expect(out.html).not.toContain('sl-roadmap-status');
    expect(out.html.match(/sl-roadmap-item-body/g)).toHaveLength(1);
  });

  it('slideLayers: a layer needs no owner, and the owner column goes when no layer names one', () => {
    const none = {
      type: 'slideLayers',
      layers: [
        { name: 'Tracking page', body: 'Where a customer follows a parcel' },
        { name: 'Tracking API', chips: ['lookup', 'events'] },
        { name: 'Postgres', body: 'Every scan, by week' },
      ],
    };
    expect(errors(none)).toEqual([]);
    expectNoDanglingMarks(none);
    expect(surfaces(none).text).toBe(
      [
        'Tracking page · Where a customer follows a parcel',
        'Tracking API · lookup, events',
        'Postgres · Every scan, by week',
      ].join('\n'),
    );
    expect(surfaces(none).html).not.toContain('sl-layers-owner');
    // With one owner named, every band keeps the column so the bands line up.
    const one = { ...none, layers: [{ ...none.layers[0], owner: 'Web team' }, ...none.layers.slice(1)] };
    expect(errors(one)).toEqual([]);
    expect(surfaces(one).html.match(/class="sl-layers-owner"/g)).toHaveLength(3);
    expect(surfaces(one).text.split('\n')[1]).toBe('Tracking API · lookup, events');
  });

  it('slideStats and slideStat: a number needs no sentence', () => {
    const stats = {
      type: 'slideStats',
      items: [
        { value: '340', label: 'Depots' },
        { value: '99.95', unit: '%', label: 'Scans delivered', body: 'Within a minute of the scan.' },
      ],
    };
    expect(errors(stats)).toEqual([]);
    expectNoDanglingMarks(stats);
    expect(surfaces(stats).text).toBe(
      ['340 · Depots', '', '99.95% · Scans delivered', 'Within a minute of the scan.'].join('\n'),
    );
    expect(surfaces(stats).html.match(/sl-stats-body/g)).toHaveLength(1);
    expect(surfaces(stats).slack).toContain('"*340* · Depots"');

    const stat = { type: 'slideStat', value: '2.4', unit: 'M' };
    expect(errors(stat)).toEqual([]);
    expectNoDanglingMarks(stat);
    expect(surfaces(stat).text).toBe('2.4 M');
    expect(surfaces(stat).markdown).toBe('**2.4 M**');
    expect(surfaces(stat).html).not.toContain('sl-stat-body');
  });

  it('slideFanout: a target needs no body', () => {
    const node = {
      type: 'slideFanout',
      source: 'parcel.scanned',
      targets: [{ name: 'tracking-page' }, { name: 'billing', body: 'Charges the sender' }],
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    expect(surfaces(node).text).toBe(
      ['parcel.scanned →', '• tracking-page', '• billing · Charges the sender'].join('\n'),
    );
    expect(surfaces(node).markdown).toContain('- `tracking-page`\n');
    // The row keeps its (empty) body cell so the grid stays three columns wide.
    expect(surfaces(node).html).toContain('<div class="sl-fanout-body"></div>');
  });
});

/** Issue 34: the fields agents invented because they were required; each now stands out of the node. */
describe('fields a model had to invent (issue 34)', () => {
  it('keeps the reference’s compositions of these primitives valid', () => {
    for (const name of [
      'slide-section',
      'slide-quadrant',
      'slide-columns',
      'slide-delta',
      'slide-closing',
      'slide-agenda',
    ])
      expect(errors(fixture(name)), name).toEqual([]);
  });

  it('slideSection: the name alone, or with its number, and no empty contents list', () => {
    const alone = { type: 'slideSection', title: 'Rollout' };
    const numbered = { ...alone, number: '2' };
    for (const node of [alone, numbered]) {
      expect(errors(node)).toEqual([]);
      expectNoDanglingMarks(node);
      expect(surfaces(node).html).not.toContain('sl-section-contents');
      expect(surfaces(node).html).toContain('sl-section-alone');
    }
    expect(surfaces(alone).text).toBe('Rollout');
    expect(surfaces(alone).html).not.toContain('sl-section-number');
    expect(surfaces(numbered).text).toBe('2 Rollout');
    expect(surfaces(numbered).markdown).toBe('# 2 Rollout');
    expect(surfaces(numbered).slack).toBe(
      '[{"type":"header","text":{"type":"plain_text","text":"2 Rollout","emoji":true}}]',
    );
  });

  it('slideQuadrant: unnamed quadrants are named by their place on the axes', () => {
    const node = {
      type: 'slideQuadrant',
      x: { low: 'Low effort', high: 'High effort' },
      y: { low: 'Low impact', high: 'High impact' },
      quadrants: [
        { items: ['retry button', 'clearer errors'] },
        { items: ['offline mode'] },
        { label: 'Fill-ins', items: [] },
        { items: [] },
      ],
      highlight: 0,
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    expect(surfaces(node).text).toBe(
      [
        '→ Low effort · High impact: retry button, clearer errors',
        'High effort · High impact: offline mode',
        'Fill-ins (Low effort · Low impact)',
        'High effort · Low impact',
      ].join('\n'),
    );
    expect(surfaces(node).markdown).toContain('| High impact | → `retry button`, `clearer errors` | `offline mode` |');
    expect(surfaces(node).html.match(/class="sl-quadrant-label"/g)).toHaveLength(1);
  });

  it('slideLayers: a layer may be its name alone', () => {
    const node = {
      type: 'slideLayers',
      layers: [{ name: 'Web app' }, { name: 'API gateway', tone: 'primary' }, { name: 'Postgres' }],
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    expect(surfaces(node).text).toBe(['Web app', 'API gateway', 'Postgres'].join('\n'));
    expect(surfaces(node).markdown).toBe(['- **Web app**', '- **API gateway**', '- **Postgres**'].join('\n'));
    expect(surfaces(node).html).not.toMatch(/sl-layers-(body|chips|owner)/);
    // With an owner, the name and the owner are the whole band.
    const owned = { ...node, layers: [node.layers[0], { name: 'API gateway', owner: 'Platform' }, node.layers[2]] };
    expect(errors(owned)).toEqual([]);
    expect(surfaces(owned).text).toBe(['Web app', 'API gateway · Platform', 'Postgres'].join('\n'));
    expect(surfaces(owned).markdown).toContain('- **API gateway** · _Platform_\n');
  });

  it('slideColumns: a column may be its title alone', () => {
    const node = {
      type: 'slideColumns',
      items: [{ title: 'Build' }, { title: 'Buy', tags: ['SaaS'] }, { title: 'Partner', body: 'Share the work.' }],
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    expect(surfaces(node).text).toBe(['Build', 'Buy [SaaS]', 'Partner\nShare the work.'].join('\n\n'));
    expect(surfaces(node).markdown).toBe('## Build\n\n## Buy\n\n`SaaS`\n\n## Partner\n\nShare the work.');
    expect(surfaces(node).html.match(/sl-columns-body/g)).toHaveLength(1);
  });

  it('slideDelta: no sentence on how it was measured, and sides that read Before and After', () => {
    const node = { type: 'slideDelta', before: { value: '800 ms' }, after: { label: 'With cache', value: '200 ms' } };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    expect(surfaces(node).text).toBe('Before: 800 ms → With cache: 200 ms');
    expect(surfaces(node).markdown).toBe('Before: **800 ms** → With cache: **200 ms**');
    expect(surfaces(node).html).not.toContain('sl-delta-body');
    expect(surfaces(node).html).toContain('<div class="sl-delta-label">Before</div>');
  });

  it('slideClosing: a channel is printed, not linked; links, captions and path bodies may be left out', () => {
    const node = {
      type: 'slideClosing',
      title: 'Questions?',
      links: [{ label: 'Slack', text: '#all-hands' }, { href: 'https://example.com/handbook/' }],
      paths: [{ title: 'Try the beta' }],
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    const out = surfaces(node);
    expect(out.text).toBe(['Questions?', 'SLACK · #all-hands\nexample.com/handbook', '→ Try the beta'].join('\n\n'));
    expect(out.markdown).toContain('- **Slack** · #all-hands\n- [example.com/handbook](https://example.com/handbook/)');
    expect(out.slack).toContain('"*Slack* · #all-hands\\n<https://example.com/handbook/|example.com/handbook>"');
    // Only the link with an address is a link on the web page.
    expect(out.html.match(/<a class="sl-closing-link"/g)).toHaveLength(1);
    expect(out.html).toContain(
      '<div class="sl-closing-link"><span class="sl-closing-label">Slack</span>' +
        '<span class="sl-closing-url">#all-hands</span></div>',
    );
    expect(out.html).not.toContain('sl-closing-path-body');

    const bare = { type: 'slideClosing', title: 'Thank you' };
    expect(errors(bare)).toEqual([]);
    expect(surfaces(bare).text).toBe('Thank you');
    expect(surfaces(bare).html).not.toContain('sl-closing-links');
    expect(errors({ ...bare, links: [{ label: 'Slack' }] })).toEqual([
      'body[0].body[1].links[0] (in slideClosing) needs href or text: the address to open, or the place to ' +
        'print (e.g. a channel name)',
    ]);
  });

  it('slideAgenda: no numbers, and the number column goes with them', () => {
    const node = {
      type: 'slideAgenda',
      sections: [{ title: 'Where we are' }, { title: 'What changes', current: true, count: '3 slides' }],
    };
    expect(errors(node)).toEqual([]);
    expectNoDanglingMarks(node);
    expect(surfaces(node).text).toBe('Where we are\nWhat changes · 3 slides · You are here');
    expect(surfaces(node).markdown).toBe('- Where we are\n- **What changes** · 3 slides · _You are here_');
    expect(surfaces(node).html).not.toContain('sl-agenda-number');
    const some = { type: 'slideAgenda', sections: [{ number: '1', title: 'Context' }, { title: 'Questions' }] };
    expect(surfaces(some).text).toBe('1 Context\nQuestions');
    expect(surfaces(some).html.match(/class="sl-agenda-number"/g)).toHaveLength(2);
  });
});
