/**
 * slideLayers: a stack of three to six tiers, nearest the user on top, each named, with what it does
 * (or its components) and who owns it when the user said. For an architecture explained as tiers, or who owns which level
 * of a system.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, toneField, wrappedText } from '../fields.ts';
import { largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-layers`;

/**
 * Sizes per step, and the layer count each step holds: the most layers a step takes come to about
 * 500–560 px. Every band is at least as tall as a chip row, so bands with chips or a body match.
 */
const tokens = {
  name: { l: type.itemTitle.size, m: 40, s: type.nodeTitle.size },
  body: { l: type.lede.size, m: type.bodyL.size, s: type.body.size },
  chip: { l: 30, m: type.body.size, s: type.bodyS.size },
  pad: { l: space.px24, m: space.px20, s: space.px16 },
  gap: { l: space.px16, m: space.px12, s: space.px8 },
  fits: { l: 3, m: 4 },
  /** Fixed side columns, so names, contents and owners line up from one band to the next. */
  nameColumn: 320,
  ownerColumn: 280,
} as const;

/** A chip's height: one mono line plus its padding and border. */
const chipHeight = (size: number) => Math.ceil(size * type.mono.line) + 2 * (space.px4 + stroke.chip);

const BOTH = 'must not be set together with body: a layer has body or chips, not both';

const layer = z
  .strictObject({
    name: lineText('The tier’s name.'),
    body: wrappedText('What the tier does, in a sentence. Not with chips.').optional(),
    chips: z
      .array(lineText('One component, drawn as a monospace chip.'))
      .min(1)
      .max(6)
      .optional()
      .describe('One to six components of the tier. Not with body.'),
    owner: lineText(
      'Who owns the tier (a team, a vendor), drawn as a caption on the right. Leave it out if the user named none.',
    ).optional(),
    tone: toneField(),
  })
  .superRefine((value, ctx) => {
    if (value.body !== undefined && value.chips !== undefined)
      ctx.addIssue({ code: 'custom', path: ['chips'], message: BOTH });
  })
  .describe('One tier of the stack: its name, and at most one of body or chips.');

export const slideLayers = definePrimitive({
  type: 'slideLayers',
  schema: z.object({
    type: z.literal('slideLayers'),
    layers: z
      .array(layer)
      .min(3)
      .max(6)
      .describe(
        'Three to six tiers, top first: the first is nearest the user, ' +
          'the last is the foundation. Each has body, chips or neither.',
      ),
    size: sizeField(),
  }),
  catalog: {
    name: 'Layers',
    group: 'Diagrams',
    purpose:
      'A stack of three to six tiers, nearest the user on top, each named, ' +
      'with what it does (or its components) and who owns it when the user said.',
    useWhen: [
      'Explaining an architecture as tiers that sit on one another.',
      'Showing who owns which level of a system.',
    ],
    avoidWhen: [
      'Side-by-side areas of responsibility with no stacking: use slideTerritoryGroup.',
      'A request travelling through steps in order: use slidePipeline.',
      'A folder layout: use slideTree.',
    ],
    example: {
      type: 'slideLayers',
      layers: [
        { name: 'Checkout', body: 'The pages a shopper pays on', owner: 'Web team', tone: 'primary' },
        { name: 'Payments API', chips: ['authorize', 'capture', 'refund'], owner: 'Payments team', tone: 'primary' },
        { name: 'Card network', body: 'Moves the money between banks', owner: 'Visa, Mastercard', tone: 'accent' },
      ],
    },
  },
  examples: [
    {
      type: 'slideLayers',
      layers: [
        { name: 'Search box', body: 'Suggests as the shopper types', owner: 'Web team', tone: 'primary' },
        { name: 'Query service', chips: ['parse', 'spell', 'rank'], owner: 'Search team', tone: 'primary' },
        { name: 'Index', body: 'Rebuilt **every hour** from the catalog', owner: 'Data team' },
      ],
    },
    {
      name: 'six layers at size s',
      node: {
        type: 'slideLayers',
        size: 's',
        layers: [
          { name: 'Apps', chips: ['ios', 'android', 'web'], owner: 'Client team', tone: 'primary' },
          { name: 'Edge', body: 'TLS, caching, and bot checks', owner: 'Platform' },
          { name: 'Gateway', body: 'Routes and rate-limits every request', owner: 'Platform' },
          {
            name: 'Services',
            chips: ['orders', 'catalog', 'slots', 'pricing', 'users', 'search'],
            owner: 'Product teams',
          },
          { name: 'Data', chips: ['postgres', 'redis', 'kafka'], owner: 'Data team' },
          { name: 'Cloud', body: 'Compute, storage, and the network', owner: 'Provider', tone: 'accent' },
        ],
      },
    },
    {
      name: 'names only',
      node: {
        type: 'slideLayers',
        layers: [{ name: 'Web app' }, { name: 'API gateway', tone: 'primary' }, { name: 'Postgres' }],
      },
    },
    {
      name: 'no owners',
      node: {
        type: 'slideLayers',
        layers: [
          { name: 'Tracking page', body: 'Where a customer follows a parcel' },
          { name: 'Tracking API', chips: ['lookup', 'events', 'webhooks'], tone: 'primary' },
          { name: 'Postgres', body: 'Every scan, partitioned by week' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(node.layers.length, tokens.fits));
      // The owner column stays while any layer names one, so the columns line up; with none it goes.
      const owners = node.layers.some((item) => item.owner !== undefined);
      return html`<div class="${C} ${C}-${size}">${node.layers.map(
        (item) =>
          html`<div class="${C}-band${item.tone ? ` ${C}-${item.tone}` : ''}"><div class="${C}-name">${item.name}</div>${
            item.chips
              ? html`<div class="${C}-chips">${item.chips.map((chip) => html`<span class="${C}-chip">${chip}</span>`)}</div>`
              : item.body !== undefined
                ? html`<div class="${C}-body">${marksHtml(item.body)}</div>`
                : ''
          }${owners ? html`<div class="${C}-owner">${item.owner ?? ''}</div>` : ''}</div>`,
      )}</div>`;
    },
    text: (node) =>
      node.layers
        .map((item) =>
          [item.name, item.chips ? item.chips.join(', ') : item.body && marksText(item.body), item.owner]
            .filter(Boolean)
            .join(` ${glyphs.separator} `),
        )
        .join('\n'),
    markdown: (node) =>
      md.content(
        md.list(
          node.layers.map((item) =>
            md.paragraph(
              md.strong(item.name),
              item.chips
                ? [
                    ` ${glyphs.separator} `,
                    item.chips.flatMap((chip, i) => (i === 0 ? [md.code(chip)] : [' ', md.code(chip)])),
                  ]
                : item.body !== undefined && [` ${glyphs.separator} `, marksMarkdown(item.body)],
              item.owner && [` ${glyphs.separator} `, md.emphasis(item.owner)],
            ),
          ),
        ),
      ),
  },
  css: [
    `.${C}{display:flex;flex-direction:column}`,
    `.${C}-band{display:flex;align-items:center;gap:${space.px32}px;box-sizing:border-box;` +
      `border:${stroke.panel}px solid ${color('border')};` +
      `border-left:${stroke.bar * 2}px solid ${color('borderDashed')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')}}`,
    `.${C}-primary{background:${color('primaryBg')};` +
      `border-color:${color('primaryBorder')};border-left-color:${color('primary')}}`,
    `.${C}-accent{background:${color('accentBg')};border-left-color:${color('accent')}}`,
    `.${C}-name{flex:0 0 ${tokens.nameColumn}px;${font('itemTitle')}}`,
    `.${C}-body{flex:1 1 0;min-width:0;${font('bodyL')};color:${color('textSoft')}}`,
    `.${C}-chips{flex:1 1 0;min-width:0;display:flex;flex-wrap:wrap;gap:${space.px8}px}`,
    `.${C}-chip{display:flex;padding:${space.px4}px ${space.px12}px;` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chipSmall}px;` +
      `background:${color('bgMuted')};${font('mono', 'mono')};font-weight:500}`,
    `.${C}-owner{flex:0 0 ${tokens.ownerColumn}px;margin-left:auto;display:flex;justify-content:flex-end;` +
      `text-align:right;${font('label')};color:${color('textSubtle')}}`,
    `.${C}-primary .${C}-owner{color:${color('primary')}}`,
    `.${C}-accent .${C}-owner{color:${color('accent')}}`,
    ...(['l', 'm', 's'] as const).map(
      (step) =>
        `.${C}-${step}{gap:${tokens.gap[step]}px}` +
        `.${C}-${step} .${C}-band{padding:${tokens.pad[step]}px ${space.px32}px;` +
        `min-height:${chipHeight(tokens.chip[step]) + 2 * tokens.pad[step] + 2 * stroke.panel}px}` +
        `.${C}-${step} .${C}-name{font-size:${tokens.name[step]}px}` +
        `.${C}-${step} .${C}-body{font-size:${tokens.body[step]}px}` +
        `.${C}-${step} .${C}-chip{font-size:${tokens.chip[step]}px}`,
    ),
  ].join(''),
});
