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
