/**
 * slideDefinitions: a short glossary of up to six terms in mono type, each with a sentence or two
 * saying what it means, in two columns from five terms on. For the words the audience needs before
 * the argument, or terms that sound alike.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { charLoad, largestStep, loadFits, sizeField, SIZES } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, space, stroke, type } from '../theme.ts';

/** From this many items on, the definitions flow into two columns. */
const TWO_COLUMNS_FROM = 5;
/**
 * Type per step (terms and definitions share it), and the load each step holds: the longest
 * column's characters times the number of columns (more columns are narrower, so lines wrap sooner).
 */
const tokens = {
  text: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  gap: { l: space.px40, m: space.px32, s: space.px24 },
  fits: { l: 420, m: 700 },
} as const;

const item = z
  .strictObject({
    term: lineText('The word being defined, drawn in mono type.'),
    body: wrappedText('What it means, a sentence or two.'),
  })
  .describe('One term and its definition.');

/** Items split into columns in reading order: the first column takes the extra item. */
function columnsOf<T>(items: readonly T[]): T[][] {
  if (items.length < TWO_COLUMNS_FROM) return [[...items]];
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
}

export const slideDefinitions = definePrimitive({
  type: 'slideDefinitions',
  schema: z.object({
    type: z.literal('slideDefinitions'),
    items: z.array(item).min(1).max(6).describe('One to six definitions; five or six are drawn in two columns.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Definitions',
    group: 'Text',
    purpose: 'A short glossary: up to six terms in mono type, each with a sentence or two saying what it means.',
    useWhen: [
      'The audience needs the words before the argument: jargon, states, roles.',
      'Distinguishing terms that sound alike (authorization, capture, settlement).',
    ],
    avoidWhen: [
      'Names with a one-line note each: use slideList.',
      'Steps that happen in order: use slidePipeline or slideTimeline.',
      'One term and its meaning on a title slide: use slideTitle’s definition.',
    ],
    example: {
      type: 'slideDefinitions',
      items: [
        { term: 'authorization', body: 'The bank holds the funds. **Nothing has moved yet.**' },
        { term: 'capture', body: 'The merchant claims the held funds, usually at shipment.' },
        { term: 'settlement', body: 'The money lands in the merchant account, one to two days later.' },
      ],
    },
  },
  examples: [
    {
      type: 'slideDefinitions',
      items: [
        { term: 'idempotency key', body: 'A client-chosen id that makes a retried request do its work only once.' },
        { term: 'dead letter', body: 'A message that failed every retry and waits for a person to look at it.' },
      ],
    },
    {
      name: 'six terms in two columns',
      node: {
        type: 'slideDefinitions',
        items: [
          { term: 'pending', body: 'The order is placed and the card is authorized.' },
          { term: 'picking', body: 'A store is gathering the items.' },
          { term: 'packed', body: 'The bags are sealed and waiting for a courier.' },
          { term: 'in transit', body: 'A courier has the order.' },
          { term: 'delivered', body: 'The customer has signed, or the photo was taken.' },
          { term: 'refunded', body: 'Money went back; see the ledger for how much.' },
        ],
      },
    },
    {
      name: 'small',
      node: {
        type: 'slideDefinitions',
        size: 's',
        items: [
          { term: 'SLO', body: 'The share of requests that must succeed, e.g. `99.9%` over 30 days.' },
          { term: 'error budget', body: 'What is left of the other 0.1% this month; when it runs out, releases stop.' },
          { term: 'burn rate', body: 'How fast the budget is being spent compared with an even spend.' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const columns = columnsOf(node.items);
      const longest = Math.max(
        ...columns.map((column) => column.reduce((sum, i) => sum + charLoad(i.term) + charLoad(i.body), 0)),
      );
      const size = node.size ?? largestStep(loadFits(longest * columns.length, tokens.fits));
      return html`<div class="${PREFIX}-defs ${PREFIX}-defs-${size} ${PREFIX}-defs-cols-${columns.length}">${columns.map(
        (column) =>
          html`<dl class="${PREFIX}-defs-column">${column.map(
            (i) =>
              html`<div class="${PREFIX}-defs-item"><dt class="${PREFIX}-defs-term">${i.term}</dt><dd class="${PREFIX}-defs-body">${marksHtml(i.body)}</dd></div>`,
          )}</dl>`,
      )}</div>`;
    },
    text: (node) => node.items.map((i) => `${i.term} ${glyphs.separator} ${marksText(i.body)}`).join('\n'),
    markdown: (node) =>
      md.content(
        md.list(node.items.map((i) => md.paragraph(md.strong(i.term), ` ${glyphs.separator} `, marksMarkdown(i.body)))),
      ),
  },
  css: [
    `.${PREFIX}-defs{display:grid;column-gap:${space.px64}px;min-width:0}`,
    `.${PREFIX}-defs-cols-1{grid-template-columns:minmax(0,1fr)}`,
    `.${PREFIX}-defs-cols-2{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}`,
    `.${PREFIX}-defs-column{display:flex;flex-direction:column;margin:0;min-width:0}`,
    `.${PREFIX}-defs-item{display:flex;flex-direction:column;gap:${space.px8}px;` +
      `padding-left:${space.px24}px;border-left:${stroke.rail}px solid ${color('primaryBorder')}}`,
    `.${PREFIX}-defs-term{${font('mono', 'mono')};font-weight:600;color:${color('primary')}}`,
    `.${PREFIX}-defs-body{margin:0;${font('bodyL')}}`,
    ...SIZES.map(
      (size) =>
        `.${PREFIX}-defs-${size} .${PREFIX}-defs-column{gap:${tokens.gap[size]}px}` +
        `.${PREFIX}-defs-${size} .${PREFIX}-defs-term,.${PREFIX}-defs-${size} ` +
        `.${PREFIX}-defs-body{font-size:${tokens.text[size]}px}`,
    ),
  ].join(''),
});
