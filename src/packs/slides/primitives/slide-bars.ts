/**
 * slideBars: horizontal bars comparing one measure across two to six things, one bar optionally
 * highlighted. For the same measure across sites, teams, versions or plans, or where one item sits
 * among its peers.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, radius, space, type } from '../theme.ts';

const C = `${PREFIX}-bars`;

/**
 * Sizes per step; the step follows the item count, and six rows at `s` fit under a two-line
 * heading. Label and value columns size to their content (the label column up to `labelMax`).
 */
const tokens = {
  label: { l: type.itemTitle.size, m: type.nodeTitle.size, s: type.bodyL.size },
  detail: { l: type.mono.size, m: type.mono.size, s: 24 },
  bar: { l: 64, m: 52, s: 44 },
  rowGap: { l: space.px40, m: space.px32, s: space.px24 },
  value: { l: 56, m: 48, s: 40 },
  fits: { l: 4, m: 5 },
  labelMax: 560,
} as const;

/** Plain text draws each bar in this many cells of one block glyph. */
const TEXT_BAR_CELLS = 20;
const TEXT_BAR_GLYPH = '█';

const item = z
  .strictObject({
    label: lineText('What the bar measures (a region, a team, a version).'),
    value: z.number().min(0).describe('The measured amount, zero or more. Bars are drawn as a share of max.'),
    detail: lineText('A short note in monospace under the label, e.g. the unit or a caveat.').optional(),
    highlight: z.boolean().optional().describe('Draw this bar in the primary colour. At most one item.'),
  })
  .describe('One bar.');

type Item = z.output<typeof item>;

/** Values print as given, with digit grouping and no rounding, so the slide never alters a number. */
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

function scaleOf(node: { items: readonly Item[]; max?: number | undefined }): number {
  return node.max ?? Math.max(...node.items.map((entry) => entry.value));
}

/** Bar length as a percentage of the scale; an all-zero chart draws empty tracks. */
function share(value: number, scale: number): number {
  return scale > 0 ? Math.min(100, (value / scale) * 100) : 0;
}

export const slideBars = definePrimitive({
  type: 'slideBars',
  schema: z
    .object({
      type: z.literal('slideBars'),
      items: z
        .array(item)
        .min(2)
        .max(6)
        .describe('Two to six bars, top to bottom, in the order given. At most one has highlight.'),
      max: z
        .number()
        .positive()
        .optional()
        .describe('The value a full-length bar stands for; at least every item’s value. Default: the largest value.'),
      size: sizeField(),
    })
    .superRefine((node, ctx) => {
      let highlighted = false;
      node.items.forEach((entry, index) => {
        if (!entry.highlight) return;
        if (highlighted)
          ctx.addIssue({
            code: 'custom',
            path: ['items', index, 'highlight'],
            message: 'must be the only highlighted item',
          });
        highlighted = true;
      });
      if (node.max === undefined) return;
      const largest = Math.max(...node.items.map((entry) => entry.value));
      if (node.max < largest)
        ctx.addIssue({
          code: 'custom',
          path: ['max'],
          message: `must be at least the largest value (${numbers.format(largest)})`,
        });
    }),
  catalog: {
    name: 'Bars',
    group: 'Data',
    purpose: 'Horizontal bars comparing one measure across two to six things, with one bar optionally highlighted.',
    useWhen: [
      'Comparing the same measure across sites, teams, versions or plans.',
      'Showing where one item sits among its peers (highlight it).',
    ],
    avoidWhen: [
      'Two values, before and after: use slideDelta.',
      'Unrelated numbers with different units: use slideStats.',
      'Which options support which features: use slideMatrix.',
      'Several measures per row: use slideTable.',
    ],
    example: {
      type: 'slideBars',
      items: [
        { label: 'Leeds', value: 412, detail: 'orders / hour' },
        { label: 'Bristol', value: 356, detail: 'orders / hour', highlight: true },
        { label: 'Glasgow', value: 298, detail: 'orders / hour' },
      ],
    },
  },
  examples: [
    {
      type: 'slideBars',
      max: 100,
      items: [
        { label: 'Search', value: 92, detail: '% of sessions' },
        { label: 'Basket', value: 64, detail: '% of sessions' },
        { label: 'Checkout', value: 41, detail: '% of sessions', highlight: true },
      ],
    },
    {
      name: 'six bars at size s',
      node: {
        type: 'slideBars',
        size: 's',
        items: [
          { label: 'v4.0', value: 1840 },
          { label: 'v4.1', value: 1620 },
          { label: 'v4.2', value: 1210 },
          { label: 'v4.3', value: 960 },
          { label: 'v4.4', value: 720, highlight: true },
          { label: 'v4.5 beta', value: 705 },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const step = node.size ?? largestStep(loadFits(node.items.length, tokens.fits));
      const scale = scaleOf(node);
      // One grid for all rows, so the label and value columns take the width of their longest entry.
      return html`<div class="${C} ${C}-${step}">${node.items.map((entry) => {
        const focus = entry.highlight ? ` ${C}-highlight` : '';
        return html`<div class="${C}-name${focus}"><div class="${C}-label">${entry.label}</div>${entry.detail ? html`<div class="${C}-detail">${entry.detail}</div>` : ''}</div><div class="${C}-track${focus}"><div class="${C}-fill" style="width:${share(entry.value, scale).toFixed(2)}%"></div></div><div class="${C}-value${focus}">${numbers.format(entry.value)}</div>`;
      })}</div>`;
    },
    text: (node) => {
      const scale = scaleOf(node);
      const rows = node.items.map((entry) => {
        const bar = TEXT_BAR_GLYPH.repeat(Math.round((share(entry.value, scale) / 100) * TEXT_BAR_CELLS));
        const marker = entry.highlight ? glyphs.arrow : glyphs.dot;
        return [
          `${marker} ${entry.label}`,
          bar,
          numbers.format(entry.value),
          entry.detail ? `${glyphs.separator} ${entry.detail}` : '',
        ]
          .filter(Boolean)
          .join(' ');
      });
      return [...rows, ...(node.max === undefined ? [] : [`Scale 0–${numbers.format(node.max)}`])].join('\n');
    },
    // A table: Markdown has no bars, and Slack turns the table into a native one.
    markdown: (node) => {
      const withDetail = node.items.some((entry) => entry.detail !== undefined);
      const cell = (text: string, strong: boolean | undefined) => (strong ? md.strong(text) : text);
      return md.content(
        md.table(
          ['', 'Value', ...(withDetail ? ['Detail'] : [])],
          node.items.map((entry) => [
            cell(entry.label, entry.highlight),
            cell(numbers.format(entry.value), entry.highlight),
            ...(withDetail ? [entry.detail ?? ''] : []),
          ]),
        ),
        node.max !== undefined && md.paragraph(md.emphasis(`Scale 0–${numbers.format(node.max)}`)),
      );
    },
  },
  css: [
    `.${C}{display:grid;grid-template-columns:auto minmax(0,1fr) auto;` +
      `column-gap:${space.px40}px;row-gap:${tokens.rowGap.l}px;align-items:center}`,
    `.${C}-name{display:flex;flex-direction:column;min-width:0;max-width:${tokens.labelMax}px}`,
    `.${C}-label{${font('itemTitle')};font-size:${tokens.label.l}px}`,
    `.${C}-detail{${font('mono', 'mono')};font-size:${tokens.detail.l}px;color:${color('textSubtle')}}`,
    `.${C}-track{display:flex;height:${tokens.bar.l}px;background:${color('codeFill')};` +
      `border-radius:${radius.chipSmall}px;overflow:hidden}`,
    `.${C}-fill{height:100%;background:${color('textSubtle')};border-radius:${radius.chipSmall}px}`,
    `.${C}-value{${font('itemTitle')};font-size:${tokens.value.l}px;` +
      `text-align:right;font-variant-numeric:tabular-nums}`,
    `.${C}-highlight .${C}-label,.${C}-value.${C}-highlight{color:${color('primary')}}`,
    `.${C}-highlight .${C}-fill{background:${color('primary')}}`,
    ...(['m', 's'] as const).flatMap((step) => [
      `.${C}-${step}{row-gap:${tokens.rowGap[step]}px}`,
      `.${C}-${step} .${C}-label{font-size:${tokens.label[step]}px}`,
      `.${C}-${step} .${C}-detail{font-size:${tokens.detail[step]}px}`,
      `.${C}-${step} .${C}-track{height:${tokens.bar[step]}px}`,
      `.${C}-${step} .${C}-value{font-size:${tokens.value[step]}px}`,
    ]),
  ].join(''),
});
