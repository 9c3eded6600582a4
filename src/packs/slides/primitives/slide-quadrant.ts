/**
 * slideQuadrant: a two-by-two on two named axes with up to four chips in each quadrant, each
 * quadrant optionally named, one optionally highlighted. For sorting options on two dimensions at once (effort and
 * impact) and pointing at the one to act on first.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { PANE_SLOT } from '../parts/slots.ts';
import { charLoad, largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-quadrant`;

/**
 * Sizes per step. The load is the widest quadrant's chip row (characters plus two per chip for its
 * padding): `l` holds it on one line of a cell, `m` on two.
 */
const tokens = {
  label: { l: type.itemTitle.size, m: type.nodeTitle.size, s: 32 },
  chip: { l: 30, m: type.bodyS.size, s: 24 },
  pad: { l: space.px24, m: space.px20, s: space.px16 },
  cell: { l: 240, m: 210, s: 180 },
  fits: { l: 34, m: 60 },
  gap: space.px16,
  /** Border-drawn arrowheads on the axes: half their width, and their length. */
  arrowHalf: space.px8,
  arrowLength: space.px12,
  /** Widest an axis label gets before it wraps: the y axis column, and each end of the x axis. */
  axisMax: 220,
  xAxisMax: 640,
} as const;

/**
 * In a half-width pane a cell is about 290 px wide, so a quadrant's chips stack one a line and four
 * of them make the two-by-two taller than the pane. The type keeps its step (an author's `size`
 * holds there); the padding and gaps around it tighten.
 */
const pane = {
  pad: { l: space.px16, m: space.px12, s: space.px12 },
  cellGap: space.px8,
  chipGap: space.px4,
} as const;

/** Where each quadrant sits, in the schema's order: top-left, top-right, bottom-left, bottom-right. */
const CORNERS = [
  { x: 'low', y: 'high' },
  { x: 'high', y: 'high' },
  { x: 'low', y: 'low' },
  { x: 'high', y: 'low' },
] as const;

const axis = (low: string, high: string) =>
  z.strictObject({
    low: lineText(`The ${low} end’s label.`),
    high: lineText(`The ${high} end’s label.`),
  });

const quadrant = z
  .strictObject({
    label: lineText('The quadrant’s name, e.g. "Quick wins"; only if the user named it.').optional(),
    items: z
      .array(lineText('One thing placed here, drawn as a monospace chip.'))
      .max(4)
      .describe('Zero to four things placed in this quadrant.'),
  })
  .describe('One quadrant: what falls in it, and its name if the user gave one.');

type Quadrant = z.output<typeof quadrant>;

function chipLoad(item: Quadrant): number {
  return item.items.reduce((sum, chip) => sum + charLoad(chip) + 2, 0);
}

/** "Easy · Major": the quadrant's place on both axes, for the text surface. */
function placeOf(node: { x: { low: string; high: string }; y: { low: string; high: string } }, index: number): string {
  const corner = CORNERS[index]!;
  return `${node.x[corner.x]} ${glyphs.separator} ${node.y[corner.y]}`;
}

export const slideQuadrant = definePrimitive({
  type: 'slideQuadrant',
  schema: z.object({
    type: z.literal('slideQuadrant'),
    x: axis('left', 'right').describe('The horizontal axis: low on the left, high on the right.'),
    y: axis('bottom', 'top').describe('The vertical axis: low at the bottom, high at the top.'),
    quadrants: z
      .array(quadrant)
      .length(4)
      .describe('Exactly four, in reading order: top-left, top-right, bottom-left, bottom-right.'),
    highlight: z
      .number()
      .int()
      .min(0)
      .max(3)
      .optional()
      .describe('Index (0–3) of the quadrant to draw in the primary colour, e.g. where to start.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Quadrant',
    group: 'Diagrams',
    purpose: 'A two-by-two of two named axes, with up to four chips placed in each quadrant.',
    useWhen: [
      'Sorting options on two dimensions at once (effort and impact, risk and reward).',
      'Pointing at the quadrant to act on first.',
    ],
    avoidWhen: [
      'Options scored on many criteria: use slideMatrix.',
      'Numbers to compare: use slideBars.',
      'Areas owned by different teams: use slideTerritoryGroup.',
    ],
    example: {
      type: 'slideQuadrant',
      x: { low: 'Cheap', high: 'Costly' },
      y: { low: 'Rare', high: 'Common' },
      quadrants: [
        { label: 'Fix now', items: ['expired card', 'typo in zip'] },
        { label: 'Plan', items: ['3-D Secure'] },
        { label: 'Batch', items: ['odd currencies'] },
        { label: 'Ignore', items: [] },
      ],
      highlight: 0,
    },
  },
  examples: [
    {
      type: 'slideQuadrant',
      x: { low: 'Easy', high: 'Hard' },
      y: { low: 'Minor', high: 'Major' },
      quadrants: [
        { label: 'Quick wins', items: ['dark mode', 'saved carts'] },
        { label: 'Big bets', items: ['same-day'] },
        { label: 'Fill-ins', items: ['new icons'] },
        { label: 'Money pits', items: ['own fleet'] },
      ],
      highlight: 0,
    },
    {
      name: 'unnamed quadrants',
      node: {
        type: 'slideQuadrant',
        x: { low: 'Low effort', high: 'High effort' },
        y: { low: 'Low impact', high: 'High impact' },
        quadrants: [
          { items: ['retry button', 'clearer errors'] },
          { items: ['offline mode'] },
          { items: ['new icons'] },
          { items: [] },
        ],
        highlight: 0,
      },
    },
    {
      name: 'full quadrants at size m',
      node: {
        type: 'slideQuadrant',
        size: 'm',
        x: { low: 'Known', high: 'New' },
        y: { low: 'Low risk', high: 'High risk' },
        quadrants: [
          { label: 'Guard', items: ['card storage', 'refund limits', 'admin access', 'key rotation'] },
          { label: 'Prototype', items: ['voice search', 'AR try-on'] },
          { label: 'Maintain', items: ['sitemap', 'email templates', 'status page'] },
          { label: 'Explore', items: ['gift wrapping', 'store pickup', 'wishlists', 'bundles'] },
        ],
        highlight: 1,
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(Math.max(...node.quadrants.map(chipLoad)), tokens.fits));
      return html`<div class="${C} ${C}-${size}"><div class="${C}-y"><div class="${C}-axis-label">${node.y.high}</div><div class="${C}-y-rail"><div class="${C}-head-up"></div><div class="${C}-y-line"></div></div><div class="${C}-axis-label">${node.y.low}</div></div><div class="${C}-plot">${node.quadrants.map(
        (item, i) =>
          html`<div class="${C}-cell${node.highlight === i ? ` ${C}-highlight` : ''}">${
            item.label === undefined ? '' : html`<div class="${C}-label">${item.label}</div>`
          }${
            item.items.length > 0
              ? html`<div class="${C}-chips">${item.items.map((chip) => html`<span class="${C}-chip">${chip}</span>`)}</div>`
              : ''
          }</div>`,
      )}</div><div class="${C}-corner"></div><div class="${C}-x"><div class="${C}-axis-label ${C}-x-low">${node.x.low}</div><div class="${C}-x-line"></div><div class="${C}-head-right"></div><div class="${C}-axis-label ${C}-x-high">${node.x.high}</div></div></div>`;
    },
    text: (node) =>
      node.quadrants
        .map((item, i) => {
          // "Quick wins (Easy · Major)", or the place alone for an unnamed quadrant.
          const name = item.label === undefined ? placeOf(node, i) : `${item.label} (${placeOf(node, i)})`;
          const head = `${node.highlight === i ? `${glyphs.arrow} ` : ''}${name}`;
          return item.items.length > 0 ? `${head}: ${item.items.join(', ')}` : head;
        })
        .join('\n'),
    // A table keeps the two-by-two: the x axis across the top, the y axis down the side, high first.
    markdown: (node) => {
      const cell = (i: number) => {
        const item = node.quadrants[i]!;
        const chips = item.items.flatMap((chip, j) => (j === 0 ? [md.code(chip)] : [', ', md.code(chip)]));
        return [
          node.highlight === i ? `${glyphs.arrow} ` : '',
          item.label === undefined ? '' : md.strong(item.label),
          item.label !== undefined && chips.length > 0 ? ': ' : '',
          chips,
        ];
      };
      return md.content(
        md.table(
          ['', node.x.low, node.x.high],
          [
            [node.y.high, cell(0), cell(1)],
            [node.y.low, cell(2), cell(3)],
          ],
        ),
      );
    },
  },
  css: [
    `.${C}{display:grid;grid-template-columns:auto minmax(0,1fr);column-gap:${space.px24}px;row-gap:${space.px16}px}`,
    `.${C}-axis-label{max-width:${tokens.axisMax}px;${font('label')};color:${color('textSubtle')};text-align:center}`,
    `.${C}-x-low,.${C}-x-high{flex:0 1 auto;max-width:${tokens.xAxisMax}px}`,
    `.${C}-x-low{text-align:left}`,
    `.${C}-x-high{text-align:right}`,
    // The y axis: high label, an upward arrow filling the height of the plot, low label.
    `.${C}-y{display:flex;flex-direction:column;align-items:center;gap:${space.px12}px}`,
    `.${C}-y-rail{flex:1 1 auto;display:flex;flex-direction:column;align-items:center}`,
    `.${C}-y-line{flex:1 1 auto;width:0;border-left:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-head-up{flex:0 0 auto;width:0;height:0;border-left:${tokens.arrowHalf}px solid transparent;` +
      `border-right:${tokens.arrowHalf}px solid transparent;` +
      `border-bottom:${tokens.arrowLength}px solid ${color('textSubtle')}}`,
    `.${C}-x{display:flex;align-items:center;gap:${space.px12}px}`,
    `.${C}-x-line{flex:1 1 auto;height:0;border-top:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-head-right{flex:0 0 auto;width:0;height:0;margin-left:-${space.px12}px;` +
      `border-top:${tokens.arrowHalf}px solid transparent;border-bottom:${tokens.arrowHalf}px solid transparent;` +
      `border-left:${tokens.arrowLength}px solid ${color('textSubtle')}}`,
    `.${C}-plot{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:${tokens.gap}px}`,
    `.${C}-cell{display:flex;flex-direction:column;gap:${space.px16}px;box-sizing:border-box;` +
      `border:${stroke.chip}px solid ${color('border')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')}}`,
    `.${C}-highlight{border-color:${color('primary')};background:${color('primaryBg')}}`,
    `.${C}-label{${font('itemTitle')}}`,
    `.${C}-highlight .${C}-label{color:${color('primary')}}`,
    `.${C}-chips{display:flex;flex-wrap:wrap;gap:${space.px8}px}`,
    `.${C}-chip{display:flex;padding:${space.px4}px ${space.px12}px;` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chipSmall}px;` +
      `background:${color('bgMuted')};${font('mono', 'mono')};font-weight:500}`,
    `.${C}-highlight .${C}-chip{border-color:${color('primaryBorder')};background:${color('primaryTint')}}`,
    ...(['l', 'm', 's'] as const).map(
      (step) =>
        `.${C}-${step} .${C}-cell{padding:${tokens.pad[step]}px;min-height:${tokens.cell[step]}px}` +
        `.${C}-${step} .${C}-label{font-size:${tokens.label[step]}px}` +
        `.${C}-${step} .${C}-chip{font-size:${tokens.chip[step]}px}`,
    ),
    `.${PANE_SLOT}>.${C} .${C}-cell{gap:${pane.cellGap}px}`,
    `.${PANE_SLOT}>.${C} .${C}-chips{gap:${pane.chipGap}px}`,
    ...(['l', 'm', 's'] as const).map((step) => `.${PANE_SLOT}>.${C}-${step} .${C}-cell{padding:${pane.pad[step]}px}`),
  ].join(''),
});
