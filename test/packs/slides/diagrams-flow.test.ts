import { describe, expect, it } from 'vitest';
import { buildCompositionJsonSchema, formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { slideGraph } from '../../../src/packs/slides/primitives/slide-graph.ts';
import { slideLanes } from '../../../src/packs/slides/primitives/slide-lanes.ts';
import { slidePipeline } from '../../../src/packs/slides/primitives/slide-pipeline.ts';
import { slideSequence } from '../../../src/packs/slides/primitives/slide-sequence.ts';
import { slideTimeline } from '../../../src/packs/slides/primitives/slide-timeline.ts';
import { AT, fixture, LONG_LINE, previewSlide, slidesRuntime } from '../../support/slides.ts';

const { text, markdown, html, slack, snapshot } = slidesRuntime.surfaces;

/** Every finding for a node drawn in its preview slide, as a model would read them. */
function formatted(node: Record<string, unknown>): string[] {
  return slidesRuntime.validate(previewSlide(node as PrimitiveNode)).errors.map(formatValidationError);
}

/** The HTML markup of one node on its own. */
function markup(node: Record<string, unknown>): string {
  return html.renderNode(node).body;
}

/** Where a node sits in its preview slide, under the heading. */

describe('slideTimeline', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideTimeline) ${message}`;

  it('accepts the fixture', () => {
    expect(formatted(fixture('slide-timeline'))).toEqual([]);
  });

  it('reports missing fields, unknown keys, limits and enums with their paths', () => {
    const node = fixture('slide-timeline');
    delete node.items[0].label;
    expect(formatted(node)).toEqual([at('.items[0].label', 'is required')]);
    const neither = fixture('slide-timeline');
    delete neither.items[0].heading;
    delete neither.items[0].body;
    expect(formatted(neither)).toEqual([
      at('.items[0]', 'needs a heading (what people said) or a body (what happened), or both'),
    ]);
    expect(formatted({ ...fixture('slide-timeline'), colour: 'red' })).toEqual([
      at('', 'has unrecognized key(s): colour; its fields are items, size'),
    ]);
    const nested = fixture('slide-timeline');
    nested.items[1].year = '2021';
    expect(formatted(nested)).toEqual([at('.items[1]', 'has unrecognized key(s): year')]);
    const long = fixture('slide-timeline');
    long.items[2].label = LONG_LINE;
    expect(formatted(long)).toEqual([at('.items[2].label', 'must be at most 231 characters')]);
    const items = fixture('slide-timeline').items;
    expect(
      formatted({
        type: 'slideTimeline',
        items: [...items, items[0], items[1]].map((x: object) => ({ ...x, current: undefined })),
      }),
    ).toEqual([at('.items', 'must have at most 5 items')]);
    expect(formatted({ type: 'slideTimeline', items: items.slice(0, 2) })).toEqual([
      at('.items', 'must have at least 3 items'),
    ]);
    expect(formatted({ ...fixture('slide-timeline'), size: 'xl' })).toEqual([
      at('.size', 'must be one of: l, m, s; did you mean "l"?'),
    ]);
  });

  it('allows one current item and names the first when there is a second', () => {
    const two = fixture('slide-timeline');
    two.items[0].current = true;
    expect(formatted(two)).toEqual([
      at('.items[3].current', 'must be the only current item: items[0] is already current'),
    ]);
    const explicitFalse = fixture('slide-timeline');
    explicitFalse.items[0].current = false;
    expect(formatted(explicitFalse)).toEqual([]);
  });

  it('prints each moment with its quote on the text surfaces', () => {
    const node = {
      type: 'slideTimeline',
      items: [
        { label: '2018', channel: 'Email', heading: 'Why has nobody answered?', body: 'Replies took **two days**.' },
        { label: '2021', channel: 'Chat', heading: 'Can I talk to someone?', body: 'First replies in minutes.' },
        {
          label: '2024',
          channel: 'Assistant',
          heading: 'Just fix it.',
          body: 'Six in ten solved alone.',
          current: true,
        },
      ],
    };
    expect(text.renderNode(node)).toBe(
      [
        '2018 · EMAIL\n“Why has nobody answered?”\nReplies took two days.',
        '2021 · CHAT\n“Can I talk to someone?”\nFirst replies in minutes.',
        '2024 · ASSISTANT · You are here\n“Just fix it.”\nSix in ten solved alone.',
      ].join('\n\n'),
    );
    expect(markdown.renderNode(node)).toBe(
      [
        '- **2018** · Email\\',
        '  _“Why has nobody answered?”_\\',
        '  Replies took **two days**.',
        '- **2021** · Chat\\',
        '  _“Can I talk to someone?”_\\',
        '  First replies in minutes.',
        '- **2024** · Assistant · You are here\\',
        '  _“Just fix it.”_\\',
        '  Six in ten solved alone.',
      ].join('\n'),
    );
  });

  it('draws a rail with the current dot marked, and steps down for long copy', () => {
    const body = markup(fixture('slide-timeline'));
    expect(body).toContain('sl-timeline sl-timeline-n4 sl-timeline-l"');
    expect(body.match(/sl-timeline-dot/g)).toHaveLength(4);
    expect(body).toContain('sl-timeline-dot sl-timeline-current');
    const long = fixture('slide-timeline');
    const fifth = { ...long.items[0], current: undefined };
    long.items = [...long.items, fifth].map((x: Record<string, unknown>) => ({
      ...x,
      body: `${String(x.body)} ${String(x.body)} ${String(x.body)}`,
    }));
    expect(markup(long)).toContain('sl-timeline sl-timeline-n5 sl-timeline-s"');
    expect(markup({ ...long, size: 'l' })).toContain('sl-timeline sl-timeline-n5 sl-timeline-l"');
  });
});

describe('slidePipeline', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slidePipeline) ${message}`;
  const spansNode = () => ({
    type: 'slidePipeline',
    steps: [{ title: 'Order' }, { title: 'Authorize' }, { title: 'Capture' }, { title: 'Pick' }],
    spans: [
      { from: 0, to: 1, tone: 'primary', label: 'Checkout', title: 'Hold the card', body: 'Authorized at order time.' },
      { from: 2, to: 3, tone: 'accent', label: 'Store', title: 'Fill the basket', body: 'Picked and **captured**.' },
    ],
  });

  it('accepts the fixture, spans mode, and empty spans as steps mode', () => {
    expect(formatted(fixture('slide-pipeline'))).toEqual([]);
    expect(formatted(spansNode())).toEqual([]);
    expect(formatted({ ...fixture('slide-pipeline'), spans: [] })).toEqual([]);
  });

  it('reports missing fields, unknown keys, limits and enums with their paths', () => {
    expect(formatted({ type: 'slidePipeline' })).toEqual([at('.steps', 'is required')]);
    expect(formatted({ ...fixture('slide-pipeline'), arrows: true })).toEqual([
      at('', 'has unrecognized key(s): arrows; its fields are start, end, steps, spans, size'),
    ]);
    const nested = spansNode();
    (nested.spans[0] as Record<string, unknown>).owner = 'me';
    expect(formatted(nested)).toEqual([at('.spans[0]', 'has unrecognized key(s): owner')]);
    const noTone = spansNode();
    delete (noTone.spans[1] as Record<string, unknown>).tone;
    expect(formatted(noTone)).toEqual([at('.spans[1].tone', 'is required')]);
    expect(formatted({ ...fixture('slide-pipeline'), start: LONG_LINE })).toEqual([
      at('.start', 'must be at most 231 characters'),
    ]);
    const seven = fixture('slide-pipeline');
    seven.steps = [...seven.steps, ...seven.steps.slice(0, 3)];
    expect(formatted(seven)).toEqual([at('.steps', 'must have at most 6 items')]);
    const fourSpans = spansNode();
    fourSpans.spans = [0, 1, 2, 3].map((i) => ({ ...fourSpans.spans[0]!, from: i, to: i }));
    expect(formatted(fourSpans)).toEqual([at('.spans', 'must have at most 3 items')]);
    const wrongTone = spansNode();
    (wrongTone.spans[0] as Record<string, unknown>).tone = 'red';
    expect(formatted(wrongTone)).toEqual([at('.spans[0].tone', 'must be one of: primary, accent')]);
    const fractional = spansNode();
    fractional.spans[0]!.to = 1.5;
    expect(formatted(fractional)).toEqual([at('.spans[0].to', 'must be an integer')]);
  });

  it('forbids start, end and step bodies in spans mode', () => {
    const node = { ...fixture('slide-pipeline'), spans: spansNode().spans };
    expect(formatted(node)).toEqual([
      at('.start', 'must be left out when spans are given (spans mode draws steps as chips)'),
      at('.end', 'must be left out when spans are given (spans mode draws steps as chips)'),
      ...[0, 1, 2, 3].map((i) =>
        at(
          `.steps[${i}].body`,
          'must be left out when spans are given (spans mode draws steps as chips); put the prose in a span’s body',
        ),
      ),
    ]);
  });

  it('keeps spans inside the steps, in order, and apart', () => {
    const past = spansNode();
    past.spans[1]!.to = 4;
    expect(formatted(past)).toEqual([at('.spans[1].to', 'must be a step index from 0 to 3')]);
    const backwards = spansNode();
    backwards.spans[1] = { ...backwards.spans[1]!, from: 3, to: 2 };
    expect(formatted(backwards)).toEqual([at('.spans[1].to', 'must be at least from (3)')]);
    const start = spansNode();
    start.spans[1] = { ...start.spans[1]!, from: 5, to: 5 };
    expect(formatted(start)).toEqual([
      at('.spans[1].from', 'must be a step index from 0 to 3'),
      at('.spans[1].to', 'must be a step index from 0 to 3'),
    ]);
    const overlapping = spansNode();
    overlapping.spans[1]!.from = 1;
    expect(formatted(overlapping)).toEqual([
      at('.spans[1]', 'overlaps spans[0] (steps 0–1): a step belongs to at most one span'),
    ]);
    const single = spansNode();
    single.spans = [
      { ...single.spans[0]!, from: 2, to: 2 },
      { ...single.spans[1]!, from: 3, to: 3 },
    ];
    expect(formatted(single)).toEqual([]);
  });

  it('prints the chain, then numbered steps or the spans', () => {
    expect(text.renderNode(spansNode())).toBe(
      [
        'Order → Authorize → Capture → Pick',
        'CHECKOUT · Hold the card (Order → Authorize)\nAuthorized at order time.',
        'STORE · Fill the basket (Capture → Pick)\nPicked and captured.',
      ].join('\n\n'),
    );
    const steps = {
      type: 'slidePipeline',
      start: 'Request',
      end: 'Ledger',
      steps: [{ title: 'Verify', body: 'Match the **order**.' }, { title: 'Settle' }],
    };
    expect(text.renderNode(steps)).toBe(
      'Request → Verify → Settle → Ledger\n\n1. Verify\n   Match the order.\n2. Settle',
    );
    expect(markdown.renderNode(steps)).toBe(
      'Request → Verify → Settle → Ledger\n\n1. **Verify**\\\n   Match the **order**.\n2. **Settle**',
    );
    expect(markdown.renderNode({ type: 'slidePipeline', steps: [{ title: 'Build' }, { title: 'Ship' }] })).toBe(
      'Build → Ship',
    );
  });

  it('draws cards in steps mode and chips with brackets in spans mode', () => {
    const steps = markup(fixture('slide-pipeline'));
    expect(steps).toContain('sl-pipeline sl-pipeline-flow');
    expect(steps.match(/class="sl-pipeline-step"/g)).toHaveLength(4);
    expect(steps.match(/sl-pipeline-terminal/g)).toHaveLength(2);
    const spans = markup(spansNode());
    expect(spans).toContain('sl-pipeline sl-pipeline-spans sl-pipeline-n4');
    expect(spans).toContain('sl-pipeline-span sl-pipeline-primary sl-pipeline-from-0 sl-pipeline-to-1');
    expect(spans).toContain('sl-pipeline-chip sl-pipeline-chip-accent');
    expect(markup({ ...spansNode(), size: 's' })).toContain('sl-pipeline-s');
  });
});

describe('slideSequence', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideSequence) ${message}`;

  it('accepts the fixture', () => {
    expect(formatted(fixture('slide-sequence'))).toEqual([]);
  });

  it('reports missing fields, unknown keys, limits and enums with their paths', () => {
    const node = fixture('slide-sequence');
    delete node.messages[2].label;
    expect(formatted(node)).toEqual([at('.messages[2].label', 'is required')]);
    expect(formatted({ ...fixture('slide-sequence'), lifelines: true })).toEqual([
      at('', 'has unrecognized key(s): lifelines; its fields are actors, messages, size'),
    ]);
    const nested = fixture('slide-sequence');
    nested.messages[0].async = true;
    expect(formatted(nested)).toEqual([at('.messages[0]', 'has unrecognized key(s): async')]);
    const long = fixture('slide-sequence');
    long.messages[1].label = LONG_LINE;
    expect(formatted(long)).toEqual([at('.messages[1].label', 'must be at most 231 characters')]);
    const many = fixture('slide-sequence');
    many.messages = [...many.messages, ...many.messages];
    expect(formatted(many)).toEqual([at('.messages', 'must have at most 10 items')]);
    const tone = fixture('slide-sequence');
    tone.actors[0].tone = 'blue';
    expect(formatted(tone)).toEqual([at('.actors[0].tone', 'must be one of: primary, accent')]);
  });

  it('checks ids, message ends and that every actor takes part', () => {
    const unknown = fixture('slide-sequence');
    unknown.messages[1].to = 'hub';
    expect(formatted(unknown)).toEqual([
      at('.messages[1].to', 'names no actor: "hub"; actor ids are "scanner", "tracker", "partner", "sms"'),
    ]);
    const self = fixture('slide-sequence');
    self.messages[0].to = 'scanner';
    expect(formatted(self)).toEqual([
      at('.messages[0].to', 'must differ from from ("scanner"): a message goes from one actor to another'),
    ]);
    const duplicate = fixture('slide-sequence');
    duplicate.actors[3].id = 'partner';
    expect(formatted(duplicate)).toEqual([
      at('.actors[3].id', 'duplicates actors[2].id ("partner"); actor ids must be unique'),
      at('.messages[2].to', 'names no actor: "sms"; actor ids are "scanner", "tracker", "partner", "partner"'),
      at('.messages[3].from', 'names no actor: "sms"; actor ids are "scanner", "tracker", "partner", "partner"'),
    ]);
    const idle = fixture('slide-sequence');
    idle.actors.push({ id: 'courier', label: 'courier' });
    expect(formatted(idle)).toEqual([
      at('.actors[4]', 'is never used: no message is from or to "courier"; add one or drop the actor'),
    ]);
    idle.messages.push({ from: 'tracker', to: 'courier', label: 'Book a collection' });
    expect(formatted(idle)).toEqual([]);
  });

  it('prints the actors, then the messages in order', () => {
    const node = {
      type: 'slideSequence',
      actors: [
        { id: 'app', label: 'app' },
        { id: 'api', label: 'auth api', tone: 'primary' },
        { id: 'idp', label: 'idp' },
      ],
      messages: [
        { from: 'app', to: 'api', label: 'Sign in' },
        { from: 'api', to: 'idp', label: 'Redirect with `state`' },
      ],
    };
    expect(text.renderNode(node)).toBe(
      'app · auth api · idp\n\n1. app → auth api: Sign in\n2. auth api → idp: Redirect with state',
    );
    expect(markdown.renderNode(node)).toBe(
      '`app` · `auth api` · `idp`\n\n' +
        '1. `app` → `auth api`: Sign in\n' +
        '2. `auth api` → `idp`: Redirect with `state`',
    );
    const body = markup(node);
    expect(body).toContain(
      'sl-sequence-message sl-sequence-row-1 sl-sequence-start-1 sl-sequence-end-2 sl-sequence-from-primary',
    );
    expect(body).toContain('sl-sequence-arrow sl-sequence-arrow-right');
    expect(markup(fixture('slide-sequence'))).toContain('sl-sequence-arrow sl-sequence-arrow-left');
  });
});

describe('slideLanes', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideLanes) ${message}`;

  it('accepts the fixture, with or without notes', () => {
    expect(formatted(fixture('slide-lanes'))).toEqual([]);
    expect(formatted({ ...fixture('slide-lanes'), notes: undefined })).toEqual([]);
  });

  it('reports missing fields, unknown keys, limits and enums with their paths', () => {
    const node = fixture('slide-lanes');
    delete node.join;
    expect(formatted(node)).toEqual([at('.join', 'is required')]);
    expect(formatted({ ...fixture('slide-lanes'), size: 'm' })).toEqual([
      at('', 'has unrecognized key(s): size; its fields are lanes, join, notes'),
    ]);
    const nested = fixture('slide-lanes');
    nested.lanes[1].owner = 'Depot desk';
    expect(formatted(nested)).toEqual([at('.lanes[1]', 'has unrecognized key(s): owner')]);
    expect(formatted({ ...fixture('slide-lanes'), join: LONG_LINE })).toEqual([
      at('.join', 'must be at most 231 characters'),
    ]);
    const steps = fixture('slide-lanes');
    steps.lanes[0].steps.push('Drive on', 'Log it');
    expect(formatted(steps)).toEqual([at('.lanes[0].steps', 'must have at most 5 items')]);
    const notes = fixture('slide-lanes');
    notes.notes = [...notes.notes, ...notes.notes, notes.notes[0]];
    expect(formatted(notes)).toEqual([at('.notes', 'must have at most 4 items')]);
    const tone = fixture('slide-lanes');
    tone.lanes[1].tone = 'secondary';
    expect(formatted(tone)).toEqual([at('.lanes[1].tone', 'must be one of: primary, accent')]);
  });

  it('takes two to six lanes, and at most two notes from four lanes on', () => {
    const lanes = fixture('slide-lanes').lanes;
    expect(formatted({ ...fixture('slide-lanes'), lanes: lanes.slice(0, 1) })).toEqual([
      at('.lanes', 'must have at least 2 items'),
    ]);
    expect(formatted({ ...fixture('slide-lanes'), lanes: [...lanes, lanes[0]] })).toEqual([]);
    const six = [...lanes, ...lanes, ...lanes];
    expect(formatted({ ...fixture('slide-lanes'), lanes: six, notes: undefined })).toEqual([]);
    expect(formatted({ ...fixture('slide-lanes'), lanes: [...six, lanes[0]], notes: undefined })).toEqual([
      at('.lanes', 'must have at most 6 items'),
    ]);
    const crowded = fixture('slide-lanes');
    crowded.lanes = [...lanes, ...lanes];
    crowded.notes = [...crowded.notes, crowded.notes[0]];
    expect(formatted(crowded)).toEqual([
      at(
        '.notes',
        'must hold at most 2 notes with 4 or more lanes (there are 4 lanes and 3 notes): keep the two that ' +
          'matter, or put the rest on the next slide',
      ),
    ]);
  });

  it('prints each route ending in the shared step, then the notes', () => {
    const node = fixture('slide-lanes');
    expect(text.renderNode(node)).toBe(
      [
        'DRIVER: Knock → Card left → Photo → Reschedule → Redelivery booked\nCUSTOMER: ' +
          'Open link → Pick a day → Pick a place → Confirm → Redelivery booked',
        'At the door\nThe driver books the next attempt before leaving. The photo proves the visit.',
        'From the text\nThe customer chooses a day or a neighbour, and the route planner picks it up overnight.',
      ].join('\n\n'),
    );
    expect(markdown.renderNode({ ...node, notes: [{ title: 'Fast', body: 'Under a **minute**.' }] })).toBe(
      '- **Driver**: Knock → Card left → Photo → Reschedule → Redelivery ' +
        'booked\n- **Customer**: Open link → Pick a day → Pick a place ' +
        '→ Confirm → Redelivery booked\n\n**Fast**\\\nUnder a **minute**.',
    );
    const body = markup(node);
    expect(body.match(/class="sl-lanes-chip/g)).toHaveLength(8);
    expect(body).toContain('sl-lanes-arrow sl-lanes-arrow-right sl-lanes-merge');
    expect(body).toContain('<div class="sl-lanes-join">Redelivery booked</div>');
  });
});

describe('slideGraph', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideGraph) ${message}`;
  /** The fixture with its edges replaced. */
  const withEdges = (...edges: [string, string][]) => ({ ...fixture('slide-graph'), edges });
  const CHAIN: [string, string][] = [
    ['consignment', 'parcel'],
    ['parcel', 'handoff'],
    ['handoff', 'proof'],
  ];

  it('accepts the fixture, and placed nodes linked in either direction', () => {
    expect(formatted(fixture('slide-graph'))).toEqual([]);
    expect(formatted(withEdges(...CHAIN, ['handoff', 'depot'], ['driver', 'parcel']))).toEqual([]);
    const twoNodes = {
      type: 'slideGraph',
      nodes: fixture('slide-graph').nodes.slice(0, 2),
      edges: [['consignment', 'parcel']],
    };
    expect(formatted(twoNodes)).toEqual([]);
  });

  it('reports missing fields, unknown keys, limits and enums with their paths', () => {
    const node = fixture('slide-graph');
    delete node.nodes[1].body;
    expect(formatted(node)).toEqual([at('.nodes[1].body', 'is required')]);
    expect(formatted({ ...fixture('slide-graph'), layout: 'row' })).toEqual([
      at('', 'has unrecognized key(s): layout; its fields are nodes, edges, caption, size'),
    ]);
    const nested = fixture('slide-graph');
    nested.nodes[0].tone = 'primary';
    expect(formatted(nested)).toEqual([at('.nodes[0]', 'has unrecognized key(s): tone')]);
    const long = fixture('slide-graph');
    long.nodes[2].term = LONG_LINE;
    expect(formatted(long)).toEqual([at('.nodes[2].term', 'must be at most 231 characters')]);
    const seven = fixture('slide-graph');
    seven.nodes.push({ id: 'claim', term: 'Claim', body: 'A sender asking where it went.' });
    expect(formatted(seven)).toContain(at('.nodes', 'must have at most 6 items'));
    expect(
      formatted(withEdges(...CHAIN, ['depot', 'handoff'], ['driver', 'handoff'], ['handoff', 'driver'])),
    ).toContain(at('.edges', 'must have at most 5 items'));
    expect(
      formatted(
        withEdges(
          ['consignment', 'parcel', 'handoff'] as never,
          ...CHAIN.slice(1),
          ['depot', 'handoff'],
          ['driver', 'handoff'],
        ),
      ),
    ).toEqual([at('.edges[0]', 'must have at most 2 items')]);
    const placement = fixture('slide-graph');
    placement.nodes[4].placement = 'left';
    expect(formatted(placement)).toEqual([at('.nodes[4].placement', 'must be one of: above, below')]);
  });

  it('checks edge ends, repeats and self-links', () => {
    expect(formatted(withEdges(...CHAIN, ['prices', 'handoff'], ['driver', 'handoff']))).toEqual([
      at(
        '.edges[3][0]',
        'names no node: "prices"; node ids are "consignment", "parcel", "handoff", "proof", "depot", "driver"',
      ),
      at(
        '.nodes[4]',
        'is placed above but has no edge; add one between "depot" and a main-row node, in either direction',
      ),
    ]);
    expect(formatted(withEdges(...CHAIN, ['depot', 'handoff'], ['parcel', 'handoff']))).toEqual([
      at('.edges[4]', 'repeats edges[1]'),
      at(
        '.nodes[5]',
        'is placed below but has no edge; add one between "driver" and a main-row node, in either direction',
      ),
    ]);
    expect(formatted(withEdges(...CHAIN, ['depot', 'handoff'], ['driver', 'driver']))).toEqual([
      at('.edges[4]', 'links "driver" to itself; an edge joins two different nodes'),
      at(
        '.nodes[5]',
        'is placed below but has no edge; add one between "driver" and a main-row node, in either direction',
      ),
    ]);
  });

  it('requires exactly the main-row chain, in array order', () => {
    expect(
      formatted(withEdges(['parcel', 'consignment'], ...CHAIN.slice(1), ['depot', 'handoff'], ['driver', 'handoff'])),
    ).toEqual([
      at(
        '.edges[0]',
        'points right to left; main-row edges run left to right in array order: write ["consignment", "parcel"]',
      ),
      at('.edges', 'must include ["consignment", "parcel"]: the main row is chained left to right in array order'),
    ]);
    expect(formatted(withEdges(...CHAIN, ['consignment', 'handoff'], ['driver', 'handoff']))).toEqual([
      at(
        '.edges[3]',
        'must link main-row neighbours left to right; the main row ' +
          'is "consignment" → "parcel" → "handoff" → "proof"',
      ),
      at(
        '.nodes[4]',
        'is placed above but has no edge; add one between "depot" and a main-row node, in either direction',
      ),
    ]);
    expect(formatted(withEdges(CHAIN[0]!, CHAIN[2]!, ['depot', 'handoff'], ['driver', 'handoff']))).toEqual([
      at('.edges', 'must include ["parcel", "handoff"]: the main row is chained left to right in array order'),
    ]);
  });

  it('gives each placed node exactly one edge, to a main-row node', () => {
    expect(formatted(withEdges(...CHAIN, ['depot', 'handoff'], ['depot', 'parcel']))).toEqual([
      at('.edges[4]', 'is a second edge for "depot"; a node placed above or below has exactly one (edges[3])'),
      at(
        '.nodes[5]',
        'is placed below but has no edge; add one between "driver" and a main-row node, in either direction',
      ),
    ]);
    expect(formatted(withEdges(...CHAIN, ['depot', 'handoff'], ['depot', 'driver']))).toEqual([
      at('.edges[4]', 'links two placed nodes; a node placed above or below links only to one main-row node'),
      at(
        '.nodes[5]',
        'is placed below but has no edge; add one between "driver" and a main-row node, in either direction',
      ),
    ]);
  });

  it('counts the main row and the placed nodes, and allows one emphasis', () => {
    const twoAbove = fixture('slide-graph');
    twoAbove.nodes[5].placement = 'above';
    expect(formatted(twoAbove)).toEqual([
      at('.nodes[5].placement', 'only one node may be placed above: nodes[4] already is'),
    ]);
    const five = fixture('slide-graph');
    delete five.nodes[4].placement;
    expect(formatted(five)).toContain(
      at(
        '.nodes',
        'has 5 main-row nodes (nodes without placement); at most 4 fit: place one above or below, or drop it',
      ),
    );
    const one = {
      type: 'slideGraph',
      nodes: [
        { id: 'a', term: 'A', body: 'First.' },
        { id: 'b', term: 'B', body: 'Second.', placement: 'below' },
      ],
      edges: [['a', 'b']],
    };
    expect(formatted(one)).toEqual([at('.nodes', 'needs 2–4 main-row nodes (nodes without placement); found 1')]);
    const emphasis = fixture('slide-graph');
    emphasis.nodes[0].emphasis = true;
    expect(formatted(emphasis)).toEqual([
      at('.nodes[2].emphasis', 'must be set on one node at most: nodes[0] already has it'),
    ]);
    const duplicate = fixture('slide-graph');
    duplicate.nodes[3].id = 'handoff';
    expect(formatted(duplicate)).toContain(
      at('.nodes[3].id', 'duplicates nodes[2].id ("handoff"); node ids must be unique'),
    );
  });

  it('prints the relations, the definitions and the caption', () => {
    const node = fixture('slide-graph');
    expect(text.renderNode(node)).toBe(
      [
        'Consignment → Parcel → Handoff → Proof\nDepot → Handoff\nDriver → Handoff',
        'Consignment: What one sender books with us.\nParcel: One labelled box in ' +
          'it.\nHandoff: A parcel changing hands, scanned.\nProof: Signature or photo at the ' +
          'door.\nDepot: Where the parcel was sorted.\nDriver: Who carries it the last mile.',
        'Every handoff names the depot or the driver that took the parcel.',
      ].join('\n\n'),
    );
    const small = {
      type: 'slideGraph',
      nodes: [
        { id: 'a', term: 'Account', body: 'Pays us.' },
        { id: 'w', term: 'Workspace', body: 'Holds **projects**.' },
      ],
      edges: [['a', 'w']],
    };
    expect(markdown.renderNode(small)).toBe(
      'Account → Workspace\n\n- **Account**: Pays us.\n- **Workspace**: Holds **projects**.',
    );
  });

  it('places side nodes over their main-row partner, with arrows pointing along the edge', () => {
    const body = markup(withEdges(...CHAIN, ['handoff', 'depot'], ['driver', 'handoff']));
    expect(body).toContain('sl-graph-grid sl-graph-k4');
    expect(body).toContain(
      '<div class="sl-graph-link sl-graph-link-above sl-graph-c2"><div class="sl-graph-arrow sl-graph-arrow-up">',
    );
    expect(body).toContain(
      '<div class="sl-graph-link sl-graph-link-below sl-graph-c2"><div class="sl-graph-arrow sl-graph-arrow-up">',
    );
    expect(markup(fixture('slide-graph'))).toContain(
      'sl-graph-link sl-graph-link-above sl-graph-c2"><div class="sl-graph-arrow sl-graph-arrow-down">',
    );
    expect(body).toContain('sl-graph-node sl-graph-main sl-graph-c2 sl-graph-emphasis');
  });
});

describe('the flow diagrams together', () => {
  it('restate every cross-field rule in the JSON Schema descriptions', () => {
    const schema = JSON.stringify(buildCompositionJsonSchema(slidesRuntime.primitives));
    expect(schema).toContain('At most one item may set current.');
    expect(schema).toContain('spans must not overlap; start, end and step bodies must be left out');
    expect(schema).toContain('every actor must send or receive at least one message');
    expect(schema).toContain('from and to must be actor ids, and differ from each other');
    expect(schema).toContain('at most 2 with 4 or more lanes');
    expect(schema).toContain('the chain through the main row in array order');
    expect(schema).toContain(
      'At most one node above and one below the row, at most one with emphasis; ids must be unique.',
    );
  });

  it('have no native Slack renderer: Slack gets their Markdown as rich text', () => {
    for (const definition of [slideTimeline, slidePipeline, slideSequence, slideLanes, slideGraph])
      expect(definition.renderers.slack, definition.type).toBeUndefined();
    for (const name of ['slide-timeline', 'slide-pipeline', 'slide-sequence', 'slide-lanes', 'slide-graph']) {
      const types = slack
        .render(previewSlide(fixture(name) as PrimitiveNode), { heading: false })
        .blocks.map((b) => b.type);
      expect(types, name).toContain('rich_text');
      for (const type of types) expect(['header', 'section', 'rich_text', 'context'], name).toContain(type);
    }
  });

  it('draw with CSS only, inside the canvas, in both schemes', () => {
    for (const name of ['slide-timeline', 'slide-pipeline', 'slide-sequence', 'slide-lanes', 'slide-graph']) {
      for (const theme of ['light', 'dark'] as const) {
        const image = snapshot!.render(previewSlide(fixture(name) as PrimitiveNode), { theme });
        // The frame's logo is the slide's only SVG.
        expect(image.html.match(/<svg/g), name).toHaveLength(1);
        expect(image.css).not.toMatch(/@container|min\(|clamp\(|:has\(|text-wrap:\s*pretty|flex:\s*none/);
      }
    }
  });
});
