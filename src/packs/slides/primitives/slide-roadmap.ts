/**
 * slideRoadmap: two to four horizons (now, next, later) side by side, each with a status and up to
 * four items, the current one standing out. For what has shipped, what is being built and what is
 * proposed, or a plan by quarter.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { charLoad, largestStep, sizeField, SIZES, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, MIN_FONT_SIZE, radius, space, stroke, type } from '../theme.ts';

/** Type and spacing per step. */
const tokens = {
  column: { l: type.itemTitle.size, m: type.nodeTitle.size, s: 32 },
  title: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  body: { l: type.body.size, m: type.bodyS.size, s: MIN_FONT_SIZE },
  items: { l: space.px20, m: space.px16, s: space.px12 },
} as const;
const COLUMN = { gap: space.px32, pad: space.px24, head: space.px16 } as const;
/** The height a roadmap may take under a one-line heading with a lede. */
const HEIGHT_BUDGET = 640;

type Entry = { title: string; body?: string | undefined };

/**
 * Every item costs a title line and padding however short its text, so the step is chosen by an
 * estimate of the fullest column's height rather than by characters alone.
 */
function columnHeight(items: readonly Entry[], columns: number, size: SlideSize): number {
  const inner = (CONTENT_WIDTH - (columns - 1) * COLUMN.gap) / columns - 2 * COLUMN.pad - 2 * stroke.panel;
  const lines = (text: string, px: number, em: number) => Math.max(1, Math.ceil((charLoad(text) * em * px) / inner));
  const head = tokens.column[size] * type.itemTitle.line + COLUMN.head;
  const body = items.reduce(
    (sum, i) =>
      sum +
      2 * tokens.items[size] +
      lines(i.title, tokens.title[size], advance.other) * tokens.title[size] * type.nodeTitle.line +
      (i.body ? space.px4 + lines(i.body, tokens.body[size], advance.regular) * tokens.body[size] * type.body.line : 0),
    0,
  );
  return 2 * COLUMN.pad + head + body;
}

function sizeFor(node: { size?: SlideSize | undefined; columns: readonly { items: readonly Entry[] }[] }): SlideSize {
  if (node.size) return node.size;
  const tallest = (size: SlideSize) =>
    Math.max(...node.columns.map((c) => columnHeight(c.items, node.columns.length, size)));
  return largestStep((size) => tallest(size) <= HEIGHT_BUDGET);
}

const CURRENT_MESSAGE = 'must be the only current column';

const entry = z
  .strictObject({
    title: lineText('What ships, in a few words.'),
    body: wrappedText('What it does for the user, one line. Leave it out if the user gave only the title.').optional(),
  })
  .describe('One item on the roadmap.');

const column = z
  .strictObject({
    title: lineText('The horizon: "Now", "Next", "Later", or a quarter.'),
    status: lineText(
      'A short state drawn in capitals: "Shipped", "In build", "Proposed". Leave it out if the user gave none.',
    ).optional(),
    current: z.boolean().optional().describe('Marks where the team is now; at most one column.'),
    items: z.array(entry).min(1).max(4).describe('One to four items.'),
  })
  .describe('One horizon of the roadmap.');

export const slideRoadmap = definePrimitive({
  type: 'slideRoadmap',
  schema: z.object({
    type: z.literal('slideRoadmap'),
    columns: z
      .array(column)
      .min(2)
      .max(4)
      .superRefine((columns, ctx) => {
        const first = columns.findIndex((c) => c.current === true);
        columns.forEach((c, i) => {
          if (c.current === true && i !== first)
            ctx.addIssue({ code: 'custom', path: [i, 'current'], message: CURRENT_MESSAGE });
        });
      })
      .describe('Two to four horizons, earliest first. At most one column is current.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Roadmap',
    group: 'Text',
    purpose:
      'Two to four horizons (now, next, later) side by side, each ' +
      'with a status and up to four items; the current one stands out.',
    useWhen: [
      'What has shipped, what is being built and what is proposed.',
      'A plan by quarter where each quarter has a few named items.',
    ],
    avoidWhen: [
      'Dated events with one story each: use slideTimeline.',
      'Parallel options rather than stages: use slideColumns.',
      'Steps of one process: use slidePipeline.',
    ],
    example: {
      type: 'slideRoadmap',
      columns: [
        {
          title: 'Now',
          status: 'Shipped',
          current: true,
          items: [{ title: 'Saved baskets', body: 'Reorder last week’s shop in one tap' }],
        },
        {
          title: 'Next',
          status: 'In build',
          items: [{ title: 'Substitutions', body: 'Approve a swap from a message' }],
        },
        {
          title: 'Later',
          status: 'Proposed',
          items: [{ title: 'Shared lists', body: 'One basket for the whole household' }],
        },
      ],
    },
  },
  examples: [
    {
      type: 'slideRoadmap',
      columns: [
        {
          title: 'Q1',
          status: 'Shipped',
          items: [
            { title: 'Typo-tolerant search', body: 'Finds “choclate” and brand names' },
            { title: 'Offline cart', body: 'Changes sync when the signal returns' },
          ],
        },
        {
          title: 'Q2',
          status: 'In build',
          current: true,
          items: [
            { title: 'One-tap pay', body: 'A saved card skips the form' },
            { title: 'Split delivery', body: 'One order from **two stores**' },
          ],
        },
      ],
    },
    {
      name: 'four quarters, medium',
      node: {
        type: 'slideRoadmap',
        size: 'm',
        columns: [
          {
            title: 'Q1',
            status: 'Shipped',
            items: [
              { title: 'Search', body: 'Typo-tolerant' },
              { title: 'Cart', body: 'Works offline' },
            ],
          },
          { title: 'Q2', status: 'Shipped', items: [{ title: 'Checkout', body: 'One tap with a saved card' }] },
          {
            title: 'Q3',
            status: 'In build',
            current: true,
            items: [
              { title: 'Receipts', body: 'Itemized, in the app' },
              { title: 'Slots', body: 'One-hour delivery windows' },
            ],
          },
          { title: 'Q4', status: 'Proposed', items: [{ title: 'Pantry', body: 'Suggest what is running low' }] },
        ],
      },
    },
    {
      name: 'titles only, no status',
      node: {
        type: 'slideRoadmap',
        columns: [
          { title: 'Now', current: true, items: [{ title: 'Saved baskets' }, { title: 'Order tracking' }] },
          { title: 'Next', items: [{ title: 'Gift cards' }, { title: 'Store pickup' }] },
          { title: 'Later', items: [{ title: 'Subscriptions' }] },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = sizeFor(node);
      return html`<div class="${PREFIX}-roadmap ${PREFIX}-roadmap-${size} ${PREFIX}-roadmap-n${node.columns.length}">${node.columns.map(
        (c) =>
          html`<div class="${PREFIX}-roadmap-column${c.current ? ` ${PREFIX}-roadmap-current` : ''}"><div class="${PREFIX}-roadmap-head"><h2 class="${PREFIX}-roadmap-title">${c.title}</h2>${c.status ? html`<span class="${PREFIX}-roadmap-status">${c.status}</span>` : ''}</div><div class="${PREFIX}-roadmap-items">${c.items.map(
            (i) =>
              html`<div class="${PREFIX}-roadmap-item"><div class="${PREFIX}-roadmap-item-title">${i.title}</div>${i.body ? html`<div class="${PREFIX}-roadmap-item-body">${marksHtml(i.body)}</div>` : ''}</div>`,
          )}</div></div>`,
      )}</div>`;
    },
    text: (node) =>
      node.columns
        .map((c) =>
          [
            [c.title, c.status?.toUpperCase(), c.current ? glyphs.current : '']
              .filter(Boolean)
              .join(` ${glyphs.separator} `),
            ...c.items.map(
              (i) => `${glyphs.dot} ${i.title}${i.body ? ` ${glyphs.separator} ${marksText(i.body)}` : ''}`,
            ),
          ].join('\n'),
        )
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        node.columns.map((c) => [
          md.heading(2, c.title),
          (c.status || c.current) &&
            md.paragraph(
              c.status && md.emphasis(c.status),
              c.current && `${c.status ? ` ${glyphs.separator} ` : ''}${glyphs.current}`,
            ),
          md.list(
            c.items.map((i) =>
              md.paragraph(md.strong(i.title), i.body && [` ${glyphs.separator} `, marksMarkdown(i.body)]),
            ),
          ),
        ]),
      ),
  },
  css: [
    `.${PREFIX}-roadmap{display:grid;column-gap:${COLUMN.gap}px;min-width:0}`,
    ...[2, 3, 4].map((n) => `.${PREFIX}-roadmap-n${n}{grid-template-columns:repeat(${n},minmax(0,1fr))}`),
    `.${PREFIX}-roadmap-column{display:flex;flex-direction:column;gap:${COLUMN.head}px;` +
      `min-width:0;padding:${COLUMN.pad}px;border:${stroke.panel}px solid ${color('border')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')}}`,
    `.${PREFIX}-roadmap-current{background:${color('primaryBg')};border-color:${color('primary')}}`,
    `.${PREFIX}-roadmap-head{display:flex;align-items:center;justify-content:space-between;gap:${space.px16}px}`,
    `.${PREFIX}-roadmap-title{margin:0;${font('itemTitle')}}`,
    `.${PREFIX}-roadmap-current .${PREFIX}-roadmap-title{color:${color('primary')}}`,
    `.${PREFIX}-roadmap-status{display:flex;flex:0 0 auto;padding:${space.px4}px ${space.px12}px;` +
      `border-radius:${radius.chipSmall}px;background:${color('bgMuted')};` +
      `${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-roadmap-current .${PREFIX}-roadmap-status{background:${color('primary')};color:${color('onPrimary')}}`,
    `.${PREFIX}-roadmap-items{display:flex;flex-direction:column}`,
    `.${PREFIX}-roadmap-item{display:flex;flex-direction:column;` +
      `gap:${space.px4}px;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-roadmap-current .${PREFIX}-roadmap-item{border-top-color:${color('primaryBorder')}}`,
    `.${PREFIX}-roadmap-item-title{${font('nodeTitle')}}`,
    `.${PREFIX}-roadmap-item-body{${font('body')};color:${color('textSoft')}}`,
    ...SIZES.map(
      (size) =>
        `.${PREFIX}-roadmap-${size} .${PREFIX}-roadmap-title{font-size:${tokens.column[size]}px}` +
        `.${PREFIX}-roadmap-${size} .${PREFIX}-roadmap-item{padding:${tokens.items[size]}px 0}` +
        `.${PREFIX}-roadmap-${size} .${PREFIX}-roadmap-item-title{font-size:${tokens.title[size]}px}` +
        `.${PREFIX}-roadmap-${size} .${PREFIX}-roadmap-item-body{font-size:${tokens.body[size]}px}`,
    ),
  ].join(''),
});
