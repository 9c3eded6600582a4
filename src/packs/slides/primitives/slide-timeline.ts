/**
 * slideTimeline: three to five moments left to right on a rail, each with when, where, what people
 * said and what happened, the present one optionally marked current. For how something changed over
 * years or quarters.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { arrowCss, arrowMarkup, DIAGRAM_ROOM, estimateLines } from '../parts/diagram.ts';
import { largestStep, sizeField, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-timeline`;

/** Type per size step, the rail's dots, and the gutter that separates columns. */
const tokens = {
  label: { l: type.itemTitle.size, m: 40, s: 36 },
  heading: { l: type.nodeTitle.size, m: 32, s: 28 },
  body: { l: type.body.size, m: type.bodyS.size, s: 24 },
  gutter: space.px40,
  gap: space.px12,
  rail: space.px32,
  dot: space.px20,
  currentDot: space.px32,
  currentRing: 6,
} as const;

const item = z
  .strictObject({
    label: lineText('When: a year, quarter or date, e.g. "2023" or "Q3".'),
    channel: lineText(
      'Where or through what it happened, a word or two; drawn in capitals. Leave it out if the user named none.',
    ).optional(),
    heading: wrappedText(
      'What people asked or said at the time, one short sentence without quote marks (the slide adds them). ' +
        'Only a real quote: leave it out rather than invent one. Each item needs a heading or a body.',
    ).optional(),
    body: wrappedText('What happened then, one sentence. Each item needs a heading or a body.').optional(),
    current: z.boolean().optional().describe('Marks the present moment. At most one item may be current.'),
  })
  .superRefine((x, ctx) => {
    if (x.heading === undefined && x.body === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'needs a heading (what people said) or a body (what happened), or both',
      });
  });

type Item = z.output<typeof item>;

function oneCurrent(items: Item[], ctx: z.RefinementCtx): void {
  const first = items.findIndex((x) => x.current === true);
  items.forEach((x, i) => {
    if (x.current === true && i !== first)
      ctx.addIssue({
        code: 'custom',
        path: [i, 'current'],
        message: `must be the only current item: items[${first}] is already current`,
      });
  });
}

const schema = z.object({
  type: z.literal('slideTimeline'),
  items: z
    .array(item)
    .min(3)
    .max(5)
    .superRefine(oneCurrent)
    .describe('3–5 moments, oldest first. At most one item may set current.'),
  size: sizeField(),
});

type TimelineNode = z.output<typeof schema>;

/** Estimated height at a step: the year, the rail, then the tallest column of channel, quote and body. */
function estimateHeight(node: TimelineNode, s: SlideSize): number {
  const column = CONTENT_WIDTH / node.items.length - tokens.gutter;
  const text = Math.max(
    ...node.items.map(
      (x) =>
        (x.heading
          ? estimateLines(x.heading, tokens.heading[s], column, advance.other) * tokens.heading[s] * type.nodeTitle.line
          : 0) + (x.body ? estimateLines(x.body, tokens.body[s], column) * tokens.body[s] * type.body.line : 0),
    ),
  );
  return (
    tokens.label[s] * type.itemTitle.line + tokens.rail + 3 * tokens.gap + type.label.size * type.label.line + text
  );
}

const quoted = (text: string) => `${glyphs.quoteOpen}${text}${glyphs.quoteClose}`;

/** `2025 · CHAT · You are here`: the line that opens each item in plain text. */
function caption(x: Item): string {
  return [x.label, x.channel?.toUpperCase(), x.current ? glyphs.current : '']
    .filter(Boolean)
    .join(` ${glyphs.separator} `);
}

export const slideTimeline = definePrimitive({
  type: 'slideTimeline',
  schema,
  catalog: {
    name: 'Timeline',
    group: 'Diagrams',
    purpose:
      'Three to five moments left to right on a rail, each with ' +
      'when, where, what people said in quotes, and what happened.',
    useWhen: [
      'How something changed over years or quarters.',
      'Eras of a product or of customer behaviour, with the present one marked current.',
    ],
    avoidWhen: [
      'Steps of a process that repeats the same way each time: use slidePipeline.',
      'Future plans grouped into now, next and later: use slideRoadmap.',
      'One before-and-after number: use slideDelta.',
    ],
  },
  examples: [
    {
      type: 'slideTimeline',
      items: [
        {
          label: '2018',
          channel: 'Email',
          heading: 'Why has nobody answered me?',
          body: 'Replies took two days; a third of tickets were follow-ups.',
        },
        {
          label: '2021',
          channel: 'Chat',
          heading: 'Can I talk to someone now?',
          body: 'Live chat cut first replies to four minutes.',
        },
        {
          label: '2024',
          channel: 'Assistant',
          heading: 'Just fix my order.',
          body: 'The assistant resolves **six in ten** requests without an agent.',
          current: true,
        },
      ],
    },
    {
      name: 'five quarters, the present in the middle',
      node: {
        type: 'slideTimeline',
        items: [
          {
            label: 'Q1',
            channel: 'Spreadsheet',
            heading: 'Who owns this number?',
            body: 'Finance rebuilt the forecast by hand every Monday.',
          },
          {
            label: 'Q2',
            channel: 'Warehouse',
            heading: 'Can we stop copying files?',
            body: 'Nightly loads replaced the exports.',
          },
          {
            label: 'Q3',
            channel: 'Dashboard',
            heading: 'Is this morning’s data in?',
            body: 'Hourly refresh; alerts when a load fails.',
            current: true,
          },
          {
            label: 'Q4',
            channel: 'Metrics layer',
            heading: 'Does sales mean the same everywhere?',
            body: 'One definition per metric, reviewed like code.',
          },
          {
            label: 'Q1',
            channel: 'Self-serve',
            heading: 'Can I answer this myself?',
            body: 'Teams build their own views on the shared metrics.',
          },
        ],
      },
    },
    {
      name: 'longer copy at the smallest step',
      node: {
        type: 'slideTimeline',
        size: 's',
        items: [
          {
            label: '1990s',
            channel: 'Catalogue',
            heading: 'I will post the order form on Monday.',
            body:
              'Orders arrived by post and by fax; a clerk typed each ' +
              'one in and called back when an item was out of stock.',
          },
          {
            label: '2000s',
            channel: 'Website',
            heading: 'Why do I have to register to check out?',
            body:
              'The first web shop asked for an account before ' +
              'payment, and half of new customers left at that step.',
          },
          {
            label: '2010s',
            channel: 'Mobile',
            heading: 'Let me pay with my phone.',
            body:
              'Saved cards and wallets made repeat orders a two-tap ' +
              'job, and mobile passed desktop within three years.',
          },
        ],
      },
    },
    {
      name: 'dates and events only, no quotes or channels',
      node: {
        type: 'slideTimeline',
        items: [
          { label: 'March', body: 'Postgres cluster live in both regions.' },
          { label: 'May', body: 'Dual writes from every depot scanner.' },
          { label: 'July', body: 'Reads switched over, one region at a time.', current: true },
          { label: 'September', body: 'The old store retired.' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep((s) => estimateHeight(node, s) <= DIAGRAM_ROOM);
      const last = node.items.length - 1;
      const current = (x: Item) => (x.current ? ` ${C}-current` : '');
      // Three rows filled in order, so every year, dot and text block lines up across columns.
      return html`<div class="${C} ${C}-n${node.items.length} ${C}-${size}">${node.items.map((x) => html`<div class="${C}-label${current(x)}">${x.label}</div>`)}${node.items.map(
        (x, i) =>
          html`<div class="${C}-rail"><div class="${C}-dot${current(x)}"></div>${i === last ? arrowMarkup(C, 'right') : html`<div class="${C}-line"></div>`}</div>`,
      )}${node.items.map(
        (x) =>
          html`<div class="${C}-text">${x.channel ? html`<div class="${C}-channel${current(x)}">${x.channel}</div>` : ''}${x.heading ? html`<div class="${C}-heading">${glyphs.quoteOpen}${marksHtml(x.heading)}${glyphs.quoteClose}</div>` : ''}${x.body ? html`<div class="${C}-body">${marksHtml(x.body)}</div>` : ''}</div>`,
      )}</div>`;
    },
    text: (node) =>
      node.items
        .map((x) =>
          [caption(x), x.heading && quoted(marksText(x.heading)), x.body && marksText(x.body)]
            .filter(Boolean)
            .join('\n'),
        )
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        md.list(
          node.items.map((x) =>
            md.paragraph(
              md.strong(x.label),
              x.channel && ` ${glyphs.separator} ${x.channel}`,
              x.current && ` ${glyphs.separator} ${glyphs.current}`,
              x.heading && [md.break(), md.emphasis(glyphs.quoteOpen, marksMarkdown(x.heading), glyphs.quoteClose)],
              x.body && [md.break(), marksMarkdown(x.body)],
            ),
          ),
        ),
      ),
  },
  css: [
    arrowCss(C),
    `.${C}{display:grid;grid-auto-flow:row;align-items:start}`,
    ...[3, 4, 5].map((n) => `.${C}-n${n}{grid-template-columns:repeat(${n},minmax(0,1fr))}`),
    `.${C}-label{padding:0 ${tokens.gutter}px ${tokens.gap}px 0;` +
      `${font('itemTitle')};font-variant-numeric:tabular-nums}`,
    `.${C}-label.${C}-current,.${C}-channel.${C}-current{color:${color('primary')}}`,
    // The rail runs edge to edge: columns have no gap, so each segment meets the next dot.
    `.${C}-rail{display:flex;align-items:center;height:${tokens.rail}px;color:${color('textSubtle')}}`,
    `.${C}-dot{flex:0 0 auto;box-sizing:border-box;width:${tokens.dot}px;` +
      `height:${tokens.dot}px;border-radius:50%;background:${color('text')}}`,
    `.${C}-dot.${C}-current{width:${tokens.currentDot}px;height:${tokens.currentDot}px;` +
      `background:${color('primary')};border:${tokens.currentRing}px solid ${color('primaryTint')}}`,
    `.${C}-line{flex:1 1 auto;height:0;border-top:${stroke.rail}px solid currentColor}`,
    `.${C}-rail>.${C}-arrow{flex:1 1 auto;color:inherit}`,
    `.${C}-text{display:flex;flex-direction:column;gap:${tokens.gap}px;` +
      `padding:${tokens.gap * 2}px ${tokens.gutter}px 0 0;min-width:0}`,
    `.${C}-channel{${font('label')};color:${color('textSubtle')}}`,
    `.${C}-heading{${font('nodeTitle')};text-wrap:balance}`,
    `.${C}-body{${font('body')};color:${color('textSoft')}}`,
    ...(['m', 's'] as const).map(
      (s) =>
        `.${C}-${s} .${C}-label{font-size:${tokens.label[s]}px}` +
        `.${C}-${s} .${C}-heading{font-size:${tokens.heading[s]}px}` +
        `.${C}-${s} .${C}-body{font-size:${tokens.body[s]}px}`,
    ),
  ].join(''),
});
