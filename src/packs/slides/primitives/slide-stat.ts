/**
 * slideStat: one headline number with its unit, drawn huge beside the sentence that explains it, or
 * a striped placeholder while the value is unknown. For a slide whose point is a single measured
 * number.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
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
import { emWidth, FIGURE_ADVANCES, largestStep, loadFits, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-stat`;

/**
 * Figure sizes per step. No `size` field: the step is the largest at which the value and unit fit
 * the figure column, which leaves the body at least `bodyMin` of the band.
 */
const tokens = {
  value: { l: type.stat.size, m: 144, s: type.statInline.size },
  unit: { l: type.statUnit.size, m: 56, s: 44 },
  gap: space.px64,
  bodyMin: 560,
} as const;

const FIGURE_MAX = CONTENT_WIDTH - tokens.gap - tokens.bodyMin;

function figureWidth(value: string, unit: string | undefined, step: SlideSize): number {
  const unitWidth = unit ? emWidth(unit, FIGURE_ADVANCES) * tokens.unit[step] + space.px16 : 0;
  return emWidth(value, FIGURE_ADVANCES) * tokens.value[step] + unitWidth;
}

/** `l` while the figure fits at `l`'s sizes, then `m`; `s` past both (long values wrap). */
function statStep(value: string | undefined, unit: string | undefined): SlideSize {
  if (value === undefined) return 'l';
  const load = figureWidth(value, unit, 'l');
  return largestStep(loadFits(load, { l: FIGURE_MAX, m: FIGURE_MAX * (tokens.value.l / tokens.value.m) }));
}

export const slideStat = definePrimitive({
  type: 'slideStat',
  schema: z
    .object({
      type: z.literal('slideStat'),
      value: lineText(
        'The number as it should read, e.g. "2.1" or "48k". Leave it out when the real ' +
          'number is not known: the slide draws a placeholder rather than an invented value.',
      ).optional(),
      unit: lineText('What the value counts, e.g. "days", "ms", "%". Only together with value.').optional(),
      body: wrappedText(
        'One sentence saying what the number measures and why it matters. Leave it out if the user gave none.',
      ).optional(),
    })
    .superRefine((node, ctx) => checkUnitHasValue(node, ctx, [])),
  catalog: {
    name: 'Stat',
    group: 'Data',
    purpose: 'One headline number, with its unit, drawn huge beside the sentence that explains it.',
    useWhen: [
      'The slide’s point is a single measured number.',
      'A number the audience should remember, with what it measures.',
      'The number is not known yet: omit value to show a placeholder.',
    ],
    avoidWhen: [
      'Two to four numbers side by side: use slideStats.',
      'A number that changed from one value to another: use slideDelta.',
      'Comparing the same measure across several things: use slideBars.',
    ],
    example: {
      type: 'slideStat',
      value: '2.1',
      unit: 'days',
      body: 'Median time from refund request to money back, down from **five**.',
    },
  },
  examples: [
    {
      type: 'slideStat',
      value: '99.98',
      unit: '%',
      body: 'Of card payments in March were authorised on the **first attempt**.',
    },
    {
      name: 'value not known yet',
      node: {
        type: 'slideStat',
        body: 'Orders recovered by the retry queue last quarter: the finance export lands on Friday.',
      },
    },
    {
      name: 'long value',
      node: {
        type: 'slideStat',
        value: '1,284,730',
        unit: 'orders',
        body: 'Placed through the new checkout since launch, without one double charge.',
      },
    },
    {
      name: 'the number alone',
      node: { type: 'slideStat', value: '2.4', unit: 'M' },
    },
  ],
  renderers: {
    html: (node) => {
      const step = statStep(node.value, node.unit);
      return html`<div class="${C} ${C}-${step}">${node.value === undefined ? missingHtml(C) : figureHtml(C, node.value, node.unit)}${node.body ? html`<p class="${C}-body">${marksHtml(node.body)}</p>` : ''}</div>`;
    },
    text: (node) => [valuePlain(node.value, node.unit), node.body && marksText(node.body)].filter(Boolean).join('\n'),
    markdown: (node) =>
      md.content(
        md.paragraph(valueMarkdown(node.value, node.unit)),
        node.body && md.paragraph(marksMarkdown(node.body)),
      ),
    slack: (node) =>
      mrkdwnSection(`${valueMrkdwn(node.value, node.unit)}${node.body ? `\n${marksMrkdwn(node.body)}` : ''}`),
  },
  css: [
    `.${C}{display:flex;align-items:flex-end;gap:${tokens.gap}px;` +
      `border-top:${stroke.rail}px solid ${color('text')};padding-top:${space.px40}px}`,
    `.${C}-figure{flex:0 1 auto;min-width:0;max-width:${FIGURE_MAX}px;` +
      `display:flex;align-items:baseline;flex-wrap:wrap;${font('stat')}}`,
    `.${C}-unit{${font('statUnit')};color:${color('textSoft')}}`,
    `.${C}-unit-word{margin-left:${space.px16}px}`,
    `.${C}-m .${C}-figure{font-size:${tokens.value.m}px}`,
    `.${C}-m .${C}-unit{font-size:${tokens.unit.m}px}`,
    `.${C}-s .${C}-figure{font-size:${tokens.value.s}px}`,
    `.${C}-s .${C}-unit{font-size:${tokens.unit.s}px}`,
    placeholderCss(`.${C}-missing`),
    `.${C}-missing{flex:0 0 auto;${placeholderBox(tokens.value.l)}}`,
    `.${C}-body{flex:1 1 0;min-width:${tokens.bodyMin}px;margin:0;${font('lede')};color:${color('textSoft')}}`,
  ].join(''),
});
