/**
 * slideGraph: two to four concepts in a row joined by arrows, with up to one more above and one
 * below feeding into or out of the row, each with a short definition. For a small domain model read
 * in one direction.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { quoteForMessage } from '../../../core/model/messages.ts';
import { lineText, wrappedText } from '../fields.ts';
import { arrowCss, arrowMarkup, DIAGRAM_ROOM, estimateLines } from '../parts/diagram.ts';
import { largestStep, sizeField, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-graph`;

const MAX_MAIN = 4;
const PLACEMENTS = ['above', 'below'] as const;
type Placement = (typeof PLACEMENTS)[number];

/** Type, card padding and connector length per size step; the arrow column keeps one width. */
const tokens = {
  term: { l: type.nodeTitle.size, m: 32, s: 28 },
  body: { l: type.body.size, m: type.bodyS.size, s: 24 },
  pad: { l: space.px24, m: space.px20, s: space.px16 },
  connector: { l: space.px56, m: space.px48, s: space.px32 },
  caption: { l: type.body.size, m: type.bodyS.size, s: 24 },
  arrow: space.px72,
  arrowInset: space.px8,
  gap: space.px8,
  captionGap: { l: space.px32, m: space.px32, s: space.px24 },
} as const;

const graphNode = z.strictObject({
  id: lineText('A short id that edges refer to; never drawn. Unique among the nodes.'),
  term: lineText('The concept, a word or two.'),
  body: wrappedText('What it is, about six words.'),
  emphasis: z.boolean().optional().describe('Draws this node in the primary colour. At most one node.'),
  placement: z
    .enum(PLACEMENTS)
    .optional()
    .describe(
      'Puts the node above or below the main row instead of in it. At most one ' +
        'node above and one below; each has exactly one edge to a main-row node.',
    ),
});

const schema = z
  .object({
    type: z.literal('slideGraph'),
    nodes: z
      .array(graphNode)
      .min(2)
      .max(6)
      .describe(
        '2–6 concepts. Nodes without placement form the main row, left to right in array order: 2–4 of ' +
          'them. At most one node above and one below the row, at most one with emphasis; ids must be unique.',
      ),
    edges: z
      .array(z.tuple([lineText('The id of the node the arrow leaves.'), lineText('The id of the node it points to.')]))
      .min(1)
      .max(5)
      .describe(
        'Arrows as [from, to] node ids. Exactly these: the chain through the main row in ' +
          'array order (main[0]→main[1], main[1]→main[2], …), plus one edge between each ' +
          'placed node and one main-row node, in either direction. No other edges, no repeats.',
      ),
    caption: wrappedText('One sentence under the diagram saying what the relations mean.').optional(),
    size: sizeField(),
  })
  .superRefine((node, ctx) => graphRules(node as GraphNode, ctx));

type GraphNode = z.output<typeof schema>;
type Item = z.output<typeof graphNode>;
type Role = { kind: 'main'; index: number } | { kind: Placement };

/** Each id's role, by its first node (duplicates are reported separately). */
function roles(node: GraphNode): Map<string, Role> {
  const out = new Map<string, Role>();
  let main = 0;
  for (const x of node.nodes) {
    if (out.has(x.id)) continue;
    out.set(x.id, x.placement ? { kind: x.placement } : { kind: 'main', index: main++ });
  }
  return out;
}

function graphRules(node: GraphNode, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const q = (id: string) => quoteForMessage(id);
  const first = new Map<string, number>();
  node.nodes.forEach((x, i) => {
    const earlier = first.get(x.id);
    if (earlier === undefined) first.set(x.id, i);
    else issue(['nodes', i, 'id'], `duplicates nodes[${earlier}].id (${q(x.id)}); node ids must be unique`);
  });
  const emphasised = node.nodes.findIndex((x) => x.emphasis === true);
  node.nodes.forEach((x, i) => {
    if (x.emphasis === true && i !== emphasised)
      issue(['nodes', i, 'emphasis'], `must be set on one node at most: nodes[${emphasised}] already has it`);
  });
  for (const place of PLACEMENTS) {
    const placed = node.nodes.findIndex((x) => x.placement === place);
    node.nodes.forEach((x, i) => {
      if (x.placement === place && i !== placed)
        issue(['nodes', i, 'placement'], `only one node may be placed ${place}: nodes[${placed}] already is`);
    });
  }
  const main = node.nodes.filter((x) => !x.placement).map((x) => x.id);
  if (main.length < 2)
    issue(['nodes'], `needs 2–${MAX_MAIN} main-row nodes (nodes without placement); found ${main.length}`);
  if (main.length > MAX_MAIN)
    issue(
      ['nodes'],
      `has ${main.length} main-row nodes (nodes without placement); ` +
        `at most ${MAX_MAIN} fit: place one above or below, or drop it`,
    );

  const role = roles(node);
  const known = [...role.keys()].map(q).join(', ');
  const row = main.map(q).join(' → ');
  const seen = new Map<string, number>();
  const sideEdge = new Map<string, number>();
  const chained = new Set<number>();
  node.edges.forEach(([from, to], j) => {
    const unknown = [from, to].flatMap((id, end) => (role.has(id) ? [] : [{ id, end }]));
    for (const { id, end } of unknown) issue(['edges', j, end], `names no node: ${q(id)}; node ids are ${known}`);
    if (unknown.length > 0) return;
    const key = JSON.stringify([from, to]);
    const repeated = seen.get(key);
    if (repeated !== undefined) {
      issue(['edges', j], `repeats edges[${repeated}]`);
      return;
    }
    seen.set(key, j);
    if (from === to) {
      issue(['edges', j], `links ${q(from)} to itself; an edge joins two different nodes`);
      return;
    }
    const a = role.get(from)!;
    const b = role.get(to)!;
    if (a.kind === 'main' && b.kind === 'main') {
      if (b.index === a.index + 1) chained.add(a.index);
      else if (b.index === a.index - 1)
        issue(
          ['edges', j],
          `points right to left; main-row edges run left to right in array order: write [${q(to)}, ${q(from)}]`,
        );
      else issue(['edges', j], `must link main-row neighbours left to right; the main row is ${row}`);
      return;
    }
    if (a.kind !== 'main' && b.kind !== 'main') {
      issue(['edges', j], 'links two placed nodes; a node placed above or below links only to one main-row node');
      return;
    }
    const side = a.kind === 'main' ? to : from;
    const earlier = sideEdge.get(side);
    if (earlier !== undefined)
      issue(
        ['edges', j],
        `is a second edge for ${q(side)}; a node placed above or below has exactly one (edges[${earlier}])`,
      );
    else sideEdge.set(side, j);
  });
  for (let i = 0; i + 1 < main.length && i + 1 < MAX_MAIN; i++) {
    if (!chained.has(i))
      issue(
        ['edges'],
        `must include [${q(main[i]!)}, ${q(main[i + 1]!)}]: the main row is chained left to right in array order`,
      );
  }
  node.nodes.forEach((x, i) => {
    if (x.placement && first.get(x.id) === i && !sideEdge.has(x.id)) {
      issue(
        ['nodes', i],
        `is placed ${x.placement} but has no edge; add one between ${q(x.id)} and a main-row node, in either direction`,
      );
    }
  });
}

interface Layout {
  main: Item[];
  /** A placed node, the main-row column it sits over or under, and which way its arrow points. */
  sides: { item: Item; placement: Placement; column: number; towardsRow: boolean }[];
}

function layout(node: GraphNode): Layout {
  const main = node.nodes.filter((x) => !x.placement);
  const column = new Map(main.map((x, i) => [x.id, i] as const));
  const sides: Layout['sides'] = [];
  for (const x of node.nodes) {
    if (!x.placement) continue;
    const edge = node.edges.find(
      ([from, to]) => (from === x.id && column.has(to)) || (to === x.id && column.has(from)),
    );
    if (!edge) continue;
    const towardsRow = edge[0] === x.id;
    sides.push({
      item: x,
      placement: x.placement,
      column: column.get(towardsRow ? edge[1] : edge[0]) ?? 0,
      towardsRow,
    });
  }
  return { main, sides };
}

/** Estimated height at a step: the main row, each placed row and its connector, and the caption. */
function estimateHeight(node: GraphNode, s: SlideSize): number {
  const { main, sides } = layout(node);
  const width =
    (CONTENT_WIDTH - (main.length - 1) * tokens.arrow) / Math.max(1, main.length) - 2 * tokens.pad[s] - 2 * stroke.chip;
  const card = (x: Item) =>
    2 * tokens.pad[s] +
    estimateLines(x.term, tokens.term[s], width, advance.other) * tokens.term[s] * type.nodeTitle.line +
    tokens.gap +
    estimateLines(x.body, tokens.body[s], width) * tokens.body[s] * type.body.line;
  const rows = Math.max(...main.map(card)) + sides.reduce((sum, x) => sum + card(x.item) + tokens.connector[s], 0);
  const caption = node.caption
    ? tokens.captionGap[s] +
      estimateLines(node.caption, tokens.caption[s], CONTENT_WIDTH) * tokens.caption[s] * type.body.line
    : 0;
  return rows + caption;
}

function card(x: Item, extra: string): Markup {
  return html`<div class="${C}-node ${extra}${x.emphasis ? ` ${C}-emphasis` : ''}"><div class="${C}-term">${x.term}</div><div class="${C}-body">${marksHtml(x.body)}</div></div>`;
}

/** `Catalog → Basket`, then each placed node's edge: the relations as lines of terms. */
function relations(node: GraphNode): string[] {
  const term = new Map<string, string>();
  for (const x of node.nodes) if (!term.has(x.id)) term.set(x.id, x.term);
  const { main } = layout(node);
  const mainIds = new Set(main.map((x) => x.id));
  const sideEdges = node.edges.filter(([from, to]) => !(mainIds.has(from) && mainIds.has(to)));
  return [
    main.map((x) => x.term).join(` ${glyphs.arrow} `),
    ...sideEdges.map(([from, to]) => `${term.get(from) ?? from} ${glyphs.arrow} ${term.get(to) ?? to}`),
  ];
}

export const slideGraph = definePrimitive({
  type: 'slideGraph',
  schema,
  catalog: {
    name: 'Concept graph',
    group: 'Diagrams',
    purpose:
      'Two to four concepts in a row joined by arrows, with up to one more above ' +
      'and one below feeding into or out of the row, each with a short definition.',
    useWhen: [
      'A small domain model: how the main things relate, in one direction.',
      'A chain of concepts where one or two side concepts feed in (pricing into an order) or hang off it.',
    ],
    avoidWhen: [
      'Steps of a process with time or order: use slidePipeline.',
      'One thing splitting into many: use slideFanout or slideTree.',
      'Terms with definitions and no relations between them: use slideDefinitions.',
    ],
  },
  examples: [
    {
      type: 'slideGraph',
      nodes: [
        { id: 'invoice', term: 'Invoice', body: 'What a supplier asks us to pay.' },
        { id: 'match', term: 'Match', body: 'Invoice lines tied to received goods.', emphasis: true },
        { id: 'payment', term: 'Payment', body: 'Money out, once per run.' },
        { id: 'po', term: 'Purchase order', body: 'What we agreed to buy.', placement: 'above' },
      ],
      edges: [
        ['invoice', 'match'],
        ['match', 'payment'],
        ['po', 'match'],
      ],
      caption: 'Nothing is paid until an invoice **matches** a purchase order.',
    },
    {
      name: 'two in the row, one hanging below',
      node: {
        type: 'slideGraph',
        nodes: [
          { id: 'account', term: 'Account', body: 'A company that pays us.' },
          { id: 'workspace', term: 'Workspace', body: 'Where one team keeps its projects.', emphasis: true },
          { id: 'seat', term: 'Seat', body: 'One person’s paid access.', placement: 'below' },
        ],
        edges: [
          ['account', 'workspace'],
          ['workspace', 'seat'],
        ],
      },
    },
    {
      name: 'a full graph with a caption, at the smallest step',
      node: {
        type: 'slideGraph',
        size: 's',
        nodes: [
          { id: 'event', term: 'Event', body: 'One thing a user did, with a time.' },
          { id: 'session', term: 'Session', body: 'Events less than 30 minutes apart.' },
          { id: 'journey', term: 'Journey', body: 'Sessions that end in one goal.' },
          { id: 'cohort', term: 'Cohort', body: 'Users who started in the same week.' },
          { id: 'device', term: 'Device', body: 'Where the events came from.', placement: 'above' },
          { id: 'goal', term: 'Goal', body: 'The outcome a journey is judged by.', placement: 'below' },
        ],
        edges: [
          ['event', 'session'],
          ['session', 'journey'],
          ['journey', 'cohort'],
          ['device', 'event'],
          ['journey', 'goal'],
        ],
        caption: 'Each level groups the one before it; a **goal** closes a journey.',
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep((s) => estimateHeight(node, s) <= DIAGRAM_ROOM);
      const { main, sides } = layout(node);
      const placed = sides.map(({ item, placement, column, towardsRow }) => {
        // Above the row an arrow into the row points down; below it, up.
        const down = placement === 'above' ? towardsRow : !towardsRow;
        return html`<div class="${C}-link ${C}-link-${placement} ${C}-c${column}">${arrowMarkup(C, down ? 'down' : 'up')}</div>${card(item, `${C}-${placement} ${C}-c${column}`)}`;
      });
      return html`<div class="${C} ${C}-${size}"><div class="${C}-grid ${C}-k${main.length}">${main.map(
        (x, i) =>
          html`${i > 0 ? html`<div class="${C}-gap ${C}-g${i}">${arrowMarkup(C, 'right')}</div>` : ''}${card(x, `${C}-main ${C}-c${i}`)}`,
      )}${placed}</div>${node.caption ? html`<div class="${C}-caption">${marksHtml(node.caption)}</div>` : ''}</div>`;
    },
    text: (node) =>
      [
        relations(node).join('\n'),
        node.nodes.map((x) => `${x.term}: ${marksText(x.body)}`).join('\n'),
        node.caption ? marksText(node.caption) : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        md.paragraph(relations(node).flatMap((line, i) => (i === 0 ? [line] : [md.break(), line]))),
        md.list(node.nodes.map((x) => md.paragraph(md.strong(x.term), ': ', marksMarkdown(x.body)))),
        node.caption && md.paragraph(marksMarkdown(node.caption)),
      ),
  },
  css: [
    arrowCss(C),
    `.${C}{display:flex;flex-direction:column;gap:${tokens.captionGap.l}px}`,
    // Main cards in odd columns, arrows in the even ones; rows: above, link, main, link, below.
    `.${C}-grid{display:grid}`,
    ...[2, 3, 4].map(
      (k) =>
        `.${C}-k${k}{` +
        `grid-template-columns:${Array.from({ length: k }, () => 'minmax(0,1fr)').join(` ${tokens.arrow}px `)}}`,
    ),
    ...Array.from(
      { length: MAX_MAIN },
      (_, i) => `.${C}-c${i}{grid-column:${2 * i + 1}}${i > 0 ? `.${C}-g${i}{grid-column:${2 * i}}` : ''}`,
    ),
    `.${C}-above{grid-row:1;align-self:end}.${C}-link-above{grid-row:2}.${C}-main,.${C}-gap{grid-row:3}` +
      `.${C}-link-below{grid-row:4}.${C}-below{grid-row:5;align-self:start}`,
    `.${C}-gap{align-self:center;display:flex;padding:0 ${tokens.arrowInset}px}`,
    `.${C}-gap>.${C}-arrow{flex:1 1 auto}`,
    `.${C}-link{display:flex;justify-content:center;height:${tokens.connector.l}px}`,
    `.${C}-node{min-width:0;box-sizing:border-box;display:flex;flex-direction:column;` +
      `gap:${tokens.gap}px;padding:${tokens.pad.l}px;background:${color('bgSurface')};` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.panel}px}`,
    `.${C}-above,.${C}-below{background:${color('bgMuted')}}`,
    `.${C}-emphasis{background:${color('primaryBg')};border-color:${color('primary')}}`,
    `.${C}-term{${font('nodeTitle')}}`,
    `.${C}-emphasis>.${C}-term{color:${color('primary')}}`,
    `.${C}-body{${font('body')};color:${color('textSoft')}}`,
    `.${C}-caption{${font('body')};color:${color('textSoft')};max-width:1400px}`,
    ...(['m', 's'] as const).map(
      (s) =>
        `.${C}-${s} .${C}-term{font-size:${tokens.term[s]}px}` +
        `.${C}-${s} .${C}-body{font-size:${tokens.body[s]}px}.${C}-${s} .${C}-node{padding:${tokens.pad[s]}px}` +
        `.${C}-${s} .${C}-link{height:${tokens.connector[s]}px}` +
        `.${C}-${s} .${C}-caption{font-size:${tokens.caption[s]}px}.${C}-${s}{gap:${tokens.captionGap[s]}px}`,
    ),
  ].join(''),
});
