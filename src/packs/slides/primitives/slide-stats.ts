/**
 * slideStats: two to four headline numbers side by side, each with a label and a sentence of
 * context, and a placeholder for any value not known yet. For a few independent numbers that
 * together make the point, such as a launch's or an incident's results.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnText } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText, wrappedText } from '../fields.ts';
import {
  checkUnitHasValue,
  figureHtml,
  missingHtml,
  placeholderBox,
  placeholderCss,
  valueMarkdown,
  valueMrkdwn,
  valuePlain,
} from '../parts/figure.ts';
import {
  charLoad,
  emWidth,
  FIGURE_ADVANCES,
  largestStep,
  loadFits,
  sizeField,
  type SlideSize,
  smallerStep,
} from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-stats`;

/**
 * Sizes per step. The step is the largest at which every value fits its column and the longest
 * body, spread over the columns, stays within a few lines (`bodyFits`: longest body × columns).
 */
const tokens = {
  value: { l: 144, m: type.statInline.size, s: 88 },
  unit: { l: 48, m: 40, s: 32 },
  body: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  gap: space.px48,
  bodyFits: { l: 320, m: 520 },
} as const;

const item = z
  .strictObject({
    value: lineText(
      'The number, about four characters ("3", "40", "99.9"). Leave it out ' +
        'when the real number is not known: a placeholder is drawn instead.',
    ).optional(),
    unit: lineText('What the value counts ("ms", "%"). Only together with value.').optional(),
    label: lineText('What is measured, in a few words; drawn in capitals under the number.'),
    body: wrappedText('One short sentence of context. Leave it out if the user gave none.').optional(),
  })
  .superRefine((figure, ctx) => checkUnitHasValue(figure, ctx, []))
  .describe('One number with its label and a sentence of context. A unit needs a value.');

type Item = z.output<typeof item>;

function columnWidth(count: number): number {
  return (CONTENT_WIDTH - tokens.gap * (count - 1)) / count;
}

/** Largest step at which every figure fits its column, then no larger than the body load allows. */
function statsStep(items: readonly Item[]): SlideSize {
  const column = columnWidth(items.length);
  const fits = (step: SlideSize) =>
    items.every(
      (entry) =>
        entry.value === undefined ||
        emWidth(entry.value, FIGURE_ADVANCES) * tokens.value[step] +
          (entry.unit ? emWidth(entry.unit, FIGURE_ADVANCES) * tokens.unit[step] + space.px8 : 0) <=
          column,
    );
  const byWidth = largestStep(fits);
  const bodyLoad = Math.max(...items.map((entry) => charLoad(entry.body ?? ''))) * items.length;
  return smallerStep(byWidth, largestStep(loadFits(bodyLoad, tokens.bodyFits)));
}

export const slideStats = definePrimitive({
  type: 'slideStats',
  schema: z.object({
    type: z.literal('slideStats'),
    items: z.array(item).min(2).max(4).describe('Two to four numbers, read left to right. Each unit needs its value.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Stats',
    group: 'Data',
    purpose: 'Two to four headline numbers side by side, each with a label and a sentence of context.',
    useWhen: [
      'A few independent numbers that together make the slide’s point.',
      'Results of a launch or an incident in numbers.',
      'Some numbers are not known yet: omit their value to show a placeholder.',
    ],
    avoidWhen: [
      'One number that carries the slide: use slideStat.',
      'The same measure compared across things: use slideBars.',
      'A before and after of one measure: use slideDelta.',
    ],
    example: {
      type: 'slideStats',
      items: [
        { value: '3', label: 'Regions', body: 'Checkout runs active-active in each.' },
        { value: '40', unit: 'ms', label: 'p99 latency', body: 'At the edge during the spring sale.' },
      ],
    },
  },
  examples: [
    {
      type: 'slideStats',
      items: [
        { value: '2.1', unit: 'days', label: 'Refund time', body: 'Median, request to money back.' },
        { value: '38', unit: '%', label: 'Fewer tickets', body: 'About refunds, month on month.' },
        { label: 'Chargebacks', body: 'The card network report for April is not in yet.' },
      ],
    },
    {
      name: 'four numbers at size m',
      node: {
        type: 'slideStats',
        size: 'm',
        items: [
          { value: '12', label: 'Stores', body: 'Live with same-day delivery.' },
          { value: '45', unit: 'min', label: 'Median delivery', body: 'From order to doorstep.' },
          { value: '4.8', label: 'Rating', body: 'Average of 9,000 reviews.' },
          { value: '0', label: 'Lost orders', body: 'Since the courier API switch.' },
        ],
      },
    },
    {
      name: 'numbers and labels only',
      node: {
        type: 'slideStats',
        items: [
          { value: '1.2', unit: 'M', label: 'Parcels a day' },
          { value: '340', label: 'Depots' },
          { value: '99.95', unit: '%', label: 'Scans delivered' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const step = node.size ?? statsStep(node.items);
      return html`<div class="${C} ${C}-${step} ${C}-n${node.items.length}">${node.items.map(
        (entry) =>
          html`<div class="${C}-item">${
            entry.value === undefined ? missingHtml(C) : figureHtml(C, entry.value, entry.unit)
          }<div class="${C}-label">${entry.label}</div>${entry.body ? html`<p class="${C}-body">${marksHtml(entry.body)}</p>` : ''}</div>`,
      )}</div>`;
    },
    text: (node) =>
      node.items
        .map(
          (entry) =>
            `${valuePlain(entry.value, entry.unit)} ${glyphs.separator} ${entry.label}${entry.body ? `\n${marksText(entry.body)}` : ''}`,
        )
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        md.list(
          node.items.map((entry) =>
            md.paragraph(
              valueMarkdown(entry.value, entry.unit),
              ` ${glyphs.separator} ${entry.label}`,
              entry.body && [md.break(), marksMarkdown(entry.body)],
            ),
          ),
        ),
      ),
    // Section fields lay the numbers out two by two, the closest Block Kit gets to a row of figures.
    slack: (node) => ({
      type: 'section',
      fields: node.items.map((entry) =>
        mrkdwnText(
          `${valueMrkdwn(entry.value, entry.unit)} ${glyphs.separator} ` +
            `${escapeMrkdwn(entry.label)}${entry.body ? `\n${marksMrkdwn(entry.body)}` : ''}`,
        ),
      ),
    }),
  },
  css: [
    `.${C}{display:grid;gap:${tokens.gap}px}`,
    ...[2, 3, 4].map((n) => `.${C}-n${n}{grid-template-columns:repeat(${n},minmax(0,1fr))}`),
    `.${C}-item{display:flex;flex-direction:column;min-width:0;` +
      `border-top:${stroke.rail}px solid ${color('text')};padding-top:${space.px24}px}`,
    `.${C}-figure{display:flex;align-items:baseline;flex-wrap:wrap;${font('stat')};font-size:${tokens.value.l}px}`,
    `.${C}-unit{${font('statUnit')};font-size:${tokens.unit.l}px;color:${color('textSoft')}}`,
    `.${C}-unit-word{margin-left:${space.px8}px}`,
    placeholderCss(`.${C}-missing`),
    `.${C}-missing{${placeholderBox(tokens.value.l)};max-width:100%}`,
    `.${C}-label{${font('label')};color:${color('textSubtle')};margin-top:${space.px24}px}`,
    `.${C}-body{margin:${space.px12}px 0 0;${font('bodyL')};color:${color('textSoft')}}`,
    ...(['m', 's'] as const).flatMap((step) => [
      `.${C}-${step} .${C}-figure{font-size:${tokens.value[step]}px}`,
      `.${C}-${step} .${C}-unit{font-size:${tokens.unit[step]}px}`,
      `.${C}-${step} .${C}-missing{${placeholderBox(tokens.value[step])}}`,
      `.${C}-${step} .${C}-body{font-size:${tokens.body[step]}px}`,
    ]),
  ].join(''),
});
