/**
 * slideDelta: one measure before and after a change, side by side, with the difference called out
 * and, when the user said, how it was measured. For a number that moved because of something done:
 * a release, a migration, a fix.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import {
  missingHtml,
  placeholderBox,
  placeholderCss,
  placeholderWidth,
  valueMarkdown,
  valuePlain,
} from '../parts/figure.ts';
import { NARROW_SLOT, NARROW_WIDTH } from '../parts/slots.ts';
import {
  charLoad,
  emWidth,
  FIGURE_ADVANCES,
  largestStep,
  loadFits,
  SIZES,
  sizeField,
  type SlideSize,
  smallerStep,
  WIDTH_MARGIN,
} from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-delta`;

/**
 * Sizes per step. The step is the largest at which both values, the arrow and the change chip fit
 * one row of the content width, and the body stays within its character budget.
 */
const tokens = {
  value: { l: 176, m: 144, s: type.statInline.size },
  change: { l: 64, m: 52, s: 44 },
  body: { l: type.lede.size, m: type.bodyL.size, s: type.body.size },
  gap: space.px48,
  chipPad: space.px24,
  arrowEm: 0.6,
  bodyFits: { l: 160, m: 260 },
  /** In a narrow slot the body wraps about three times as often: fewer characters per step. */
  narrowBodyFits: { l: 100, m: 160 },
} as const;

/** The caption a side gets when the user named no version or period: the slide's words, not the model's. */
const DEFAULT_LABELS = { before: 'Before', after: 'After' } as const;

const side = (which: keyof typeof DEFAULT_LABELS) =>
  z
    .strictObject({
      label: lineText(
        `What the ${which} value is (a version, a period, a system); drawn in capitals. ` +
          `Omit to show “${DEFAULT_LABELS[which]}”.`,
      ).optional(),
      value: lineText(
        'The number with its unit, e.g. "4.2s" or "61%". Leave it ' +
          'out when it is not known: a placeholder is drawn instead.',
      ).optional(),
    })
    .describe(`The ${which} side.`);

const CHANGE_NEEDS_BOTH = 'needs both before.value and after.value';

type Side = { label?: string | undefined; value?: string | undefined };

function labelOf(entry: Side, which: keyof typeof DEFAULT_LABELS): string {
  return entry.label ?? DEFAULT_LABELS[which];
}

type DeltaNode = { before: Side; after: Side; change?: string | undefined; body?: string | undefined };

/** One side's width at a step: its value (or the placeholder) or its caption, whichever is wider. */
function figureWidth(entry: Side, which: keyof typeof DEFAULT_LABELS, step: SlideSize): number {
  const size = tokens.value[step];
  return Math.max(
    entry.value === undefined ? placeholderWidth(size) : emWidth(entry.value, FIGURE_ADVANCES) * size,
    emWidth(labelOf(entry, which), FIGURE_ADVANCES) * type.label.size,
  );
}

function chipWidth(change: string, step: SlideSize): number {
  return emWidth(change, FIGURE_ADVANCES) * tokens.change[step] + 2 * tokens.chipPad;
}

function rowWidth(node: DeltaNode, step: SlideSize): number {
  const chip = node.change === undefined ? 0 : chipWidth(node.change, step) + tokens.gap;
  return (
    figureWidth(node.before, 'before', step) +
    figureWidth(node.after, 'after', step) +
    tokens.arrowEm * tokens.value[step] +
    2 * tokens.gap +
    chip
  );
}

function deltaStep(node: DeltaNode): SlideSize {
  const byWidth = largestStep((step) => rowWidth(node, step) <= CONTENT_WIDTH);
  return smallerStep(byWidth, largestStep(loadFits(charLoad(node.body ?? ''), tokens.bodyFits)));
}

/**
 * The step for a narrow slot (a title's aside): the row wraps there, so each value, and the change
 * chip, has to fit the slot's width on a line of its own; a value broken over two lines is what
 * pushed the after side off the slide.
 */
function narrowStep(node: DeltaNode): SlideSize {
  const room = NARROW_WIDTH * WIDTH_MARGIN;
  const byWidth = largestStep(
    (step) =>
      figureWidth(node.before, 'before', step) <= room &&
      figureWidth(node.after, 'after', step) <= room &&
      (node.change === undefined || chipWidth(node.change, step) <= room),
  );
  return smallerStep(byWidth, largestStep(loadFits(charLoad(node.body ?? ''), tokens.narrowBodyFits)));
}

function sideHtml(entry: Side, which: keyof typeof DEFAULT_LABELS): Markup {
  return html`<div class="${C}-side ${C}-${which}"><div class="${C}-label">${labelOf(entry, which)}</div>${
    entry.value === undefined ? missingHtml(C) : html`<div class="${C}-value">${entry.value}</div>`
  }</div>`;
}

function sidePlain(entry: Side, which: keyof typeof DEFAULT_LABELS): string {
  return `${labelOf(entry, which)}: ${valuePlain(entry.value)}`;
}

export const slideDelta = definePrimitive({
  type: 'slideDelta',
  schema: z
    .object({
      type: z.literal('slideDelta'),
      before: side('before'),
      after: side('after'),
      change: lineText(
        'The difference as it should read, e.g. "−74%" or "3× ' +
          'faster". Only when both before.value and after.value are given.',
      ).optional(),
      body: wrappedText('One sentence: what was measured, and how; omit if the user did not say.').optional(),
      size: sizeField(),
    })
    .superRefine((node, ctx) => {
      if (node.change !== undefined && (node.before.value === undefined || node.after.value === undefined))
        ctx.addIssue({ code: 'custom', path: ['change'], message: CHANGE_NEEDS_BOTH });
    }),
  catalog: {
    name: 'Delta',
    group: 'Data',
    purpose: 'One measure before and after a change, side by side, with the difference called out.',
    useWhen: [
      'A number moved because of something you did (a release, a migration, a fix).',
      'Before/after comparisons of one metric, with or without the period or version each side is.',
    ],
    avoidWhen: [
      'A single number with no comparison: use slideStat.',
      'Several unrelated numbers: use slideStats.',
      'The same measure across more than two things: use slideBars.',
    ],
    example: {
      type: 'slideDelta',
      before: { label: 'Old checkout', value: '4.2s' },
      after: { label: 'New checkout', value: '1.1s' },
      change: '−74%',
      body: 'Median time from **Pay** to the confirmation page.',
    },
  },
  examples: [
    {
      type: 'slideDelta',
      before: { label: 'March', value: '61%' },
      after: { label: 'May', value: '83%' },
      change: '+22 pts',
      body: 'Share of refunds settled without a support ticket, after the **self-serve** flow shipped.',
    },
    {
      name: 'values only',
      node: {
        type: 'slideDelta',
        before: { value: '800 ms' },
        after: { value: '200 ms' },
      },
    },
    {
      name: 'after value not known yet',
      node: {
        type: 'slideDelta',
        size: 'm',
        before: { label: 'Batch import', value: '6 h' },
        after: { label: 'Streaming import' },
        body: 'Time until a new catalogue entry is searchable; the streaming numbers come with the pilot in June.',
      },
    },
  ],
  renderers: {
    html: (node) => {
      // An author's size holds everywhere; otherwise a second step, applied only in a narrow slot.
      const step = node.size ?? deltaStep(node);
      const narrow = node.size ?? narrowStep(node);
      return html`<div class="${C} ${C}-${step} ${C}-narrow-${narrow}"><div class="${C}-row">${sideHtml(node.before, 'before')}<div class="${C}-arrow" aria-hidden="true">${glyphs.arrow}</div>${sideHtml(node.after, 'after')}${
        node.change === undefined ? '' : html`<div class="${C}-change">${node.change}</div>`
      }</div>${node.body === undefined ? '' : html`<p class="${C}-body">${marksHtml(node.body)}</p>`}</div>`;
    },
    text: (node) =>
      [
        `${sidePlain(node.before, 'before')} ${glyphs.arrow} ` +
          `${sidePlain(node.after, 'after')}${node.change === undefined ? '' : ` (${node.change})`}`,
        node.body && marksText(node.body),
      ]
        .filter(Boolean)
        .join('\n'),
    markdown: (node) =>
      md.content(
        md.paragraph(
          `${labelOf(node.before, 'before')}: `,
          valueMarkdown(node.before.value),
          ` ${glyphs.arrow} ${labelOf(node.after, 'after')}: `,
          valueMarkdown(node.after.value),
          node.change !== undefined && [` (${node.change})`],
        ),
        node.body !== undefined && md.paragraph(marksMarkdown(node.body)),
      ),
  },
  css: [
    `.${C}{display:flex;flex-direction:column;gap:${space.px40}px}`,
    `.${C}-row{display:flex;align-items:flex-end;gap:${tokens.gap}px;flex-wrap:wrap}`,
    `.${C}-side{display:flex;flex-direction:column;gap:${space.px16}px;min-width:0}`,
    `.${C}-label{${font('label')};color:${color('textSubtle')}}`,
    `.${C}-value{${font('stat')};font-size:${tokens.value.l}px}`,
    `.${C}-before .${C}-value{color:${color('textSubtle')}}`,
    `.${C}-arrow{flex:0 0 auto;${font('stat')};font-size:${Math.round(tokens.value.l * tokens.arrowEm)}px;` +
      `color:${color('textSubtle')};padding-bottom:${space.px24}px}`,
    `.${C}-change{display:flex;align-items:center;flex:0 0 auto;margin-left:${space.px16}px;` +
      `margin-bottom:${space.px12}px;padding:${space.px12}px ${tokens.chipPad}px;border-radius:${radius.chip}px;` +
      `border:${stroke.chip}px solid ${color('primaryBorder')};background:${color('primaryBg')};` +
      `color:${color('primary')};${font('statUnit')};font-weight:800;font-size:${tokens.change.l}px}`,
    placeholderCss(`.${C}-missing`),
    `.${C}-missing{${placeholderBox(tokens.value.l)}}`,
    `.${C}-body{margin:0;${font('lede')};color:${color('textSoft')};` +
      `border-top:${stroke.hairline}px solid ${color('border')};padding-top:${space.px32}px}`,
    ...(['m', 's'] as const).flatMap((step) => [
      `.${C}-${step} .${C}-value{font-size:${tokens.value[step]}px}`,
      `.${C}-${step} .${C}-arrow{font-size:${Math.round(tokens.value[step] * tokens.arrowEm)}px}`,
      `.${C}-${step} .${C}-change{font-size:${tokens.change[step]}px}`,
      `.${C}-${step} .${C}-missing{${placeholderBox(tokens.value[step])}}`,
      `.${C}-${step} .${C}-body{font-size:${tokens.body[step]}px}`,
    ]),
    // One class longer than the rules above, so the narrow step wins inside a narrow slot.
    ...SIZES.flatMap((step) => {
      const at = `.${NARROW_SLOT} .${C}-narrow-${step}`;
      return [
        `${at} .${C}-value{font-size:${tokens.value[step]}px}`,
        `${at} .${C}-arrow{font-size:${Math.round(tokens.value[step] * tokens.arrowEm)}px}`,
        `${at} .${C}-change{font-size:${tokens.change[step]}px}`,
        `${at} .${C}-missing{${placeholderBox(tokens.value[step])}}`,
        `${at} .${C}-body{font-size:${tokens.body[step]}px}`,
      ];
    }),
  ].join(''),
});
