/**
 * slideTerritoryGroup: up to four side-by-side areas of responsibility, each headed by its owner
 * with what falls inside it. For drawing the line between what one team or vendor owns and what
 * another does.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, toneField, wrappedText } from '../fields.ts';
import { charLoad, largestStep, loadFits } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-territory`;

/**
 * Sizes per step (no `size` field). The load is the longest body times the number of columns,
 * since more columns mean narrower ones: the budgets keep the tallest panel under about 500 px.
 */
const tokens = {
  title: { l: type.itemTitle.size, m: type.nodeTitle.size, s: 32 },
  body: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  pad: { l: space.px32, m: space.px24, s: space.px20 },
  fits: { l: 480, m: 800 },
  gap: space.px24,
} as const;

const territory = z
  .strictObject({
    title: lineText('Who owns this area (a team, a vendor, the customer), drawn as its heading.'),
    body: wrappedText('What falls inside it, in a sentence or two.'),
    tone: toneField(),
  })
  .describe('One area of responsibility.');

export const slideTerritoryGroup = definePrimitive({
  type: 'slideTerritoryGroup',
  schema: z.object({
    type: z.literal('slideTerritoryGroup'),
    items: z.array(territory).min(1).max(4).describe('One to four areas, side by side, left to right.'),
  }),
  catalog: {
    name: 'Territories',
    group: 'Diagrams',
    purpose: 'Up to four side-by-side areas of responsibility, each headed by its owner with what falls inside it.',
    useWhen: [
      'Drawing the line between what one team (or vendor) owns and what another does.',
      'Settling who is responsible for what before a decision.',
    ],
    avoidWhen: [
      'Tiers that sit on top of each other: use slideLayers.',
      'Parallel topics with tags or a highlighted pick: use slideColumns.',
      'Two options being compared: use slideSplit.',
    ],
    example: {
      type: 'slideTerritoryGroup',
      items: [
        { title: 'Search team', body: 'Query parsing, typo tolerance, and **ranking**.', tone: 'primary' },
        { title: 'Catalog team', body: 'Product data, prices, and stock levels.' },
      ],
    },
  },
  examples: [
    {
      type: 'slideTerritoryGroup',
      items: [
        { title: 'Payments team', body: 'Card capture, fraud checks, and **the ledger write**.', tone: 'primary' },
        { title: 'Card network', body: 'Authorization, chargebacks, and settlement timing.', tone: 'accent' },
      ],
    },
    {
      name: 'four owners',
      node: {
        type: 'slideTerritoryGroup',
        items: [
          {
            title: 'Web team',
            body: 'The checkout pages, the cart, and every error message a shopper sees.',
            tone: 'primary',
          },
          { title: 'Payments', body: 'Authorizing and capturing the card, and the `refund` API.', tone: 'primary' },
          { title: 'Warehouse', body: 'Picking, packing, and handing the box to the courier.' },
          { title: 'Courier', body: 'The van, the route, and the doorstep.', tone: 'accent' },
        ],
      },
    },
    {
      name: 'one territory',
      node: {
        type: 'slideTerritoryGroup',
        items: [
          {
            title: 'Platform team',
            body:
              'Everything between the load balancer and the database: ' +
              'routing, limits, retries, and the on-call rota for all of it.',
          },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const longest = Math.max(...node.items.map((item) => charLoad(item.body)));
      const size = largestStep(loadFits(longest * node.items.length, tokens.fits));
      return html`<div class="${C} ${C}-${size} ${C}-n${node.items.length}">${node.items.map(
        (item) =>
          html`<section class="${C}-item${item.tone ? ` ${C}-${item.tone}` : ''}"><h2 class="${C}-title">${item.title}</h2><p class="${C}-body">${marksHtml(item.body)}</p></section>`,
      )}</div>`;
    },
    text: (node) => node.items.map((item) => `${item.title}\n${marksText(item.body)}`).join('\n\n'),
    markdown: (node) =>
      md.content(node.items.map((item) => [md.heading(2, item.title), md.paragraph(marksMarkdown(item.body))])),
  },
  css: [
    `.${C}{display:grid;gap:${tokens.gap}px;align-items:stretch}`,
    // Tracks written out: the image renderer is not relied on for `repeat()`.
    ...[1, 2, 3, 4].map(
      (n) => `.${C}-n${n}{grid-template-columns:${Array.from({ length: n }, () => 'minmax(0,1fr)').join(' ')}}`,
    ),
    `.${C}-item{display:flex;flex-direction:column;gap:${space.px16}px;margin:0;` +
      `border:${stroke.rail}px dashed ${color('borderDashed')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')}}`,
    `.${C}-primary{border-color:${color('primary')};background:${color('primaryBg')}}`,
    `.${C}-accent{border-color:${color('accent')};background:${color('accentBg')}}`,
    `.${C}-title{margin:0;${font('itemTitle')}}`,
    `.${C}-primary .${C}-title{color:${color('primary')}}`,
    `.${C}-accent .${C}-title{color:${color('accent')}}`,
    `.${C}-body{margin:0;${font('bodyL')};color:${color('textSoft')}}`,
    ...(['l', 'm', 's'] as const).map(
      (step) =>
        `.${C}-${step} .${C}-item{padding:${tokens.pad[step]}px}` +
        `.${C}-${step} .${C}-title{font-size:${tokens.title[step]}px}` +
        `.${C}-${step} .${C}-body{font-size:${tokens.body[step]}px}`,
    ),
  ].join(''),
});
