import * as z from 'zod';
import { definePrimitive } from '../../../sdk/primitive.ts';
import { html, type Markup } from '../../../sdk/markup.ts';
import { md, type MarkdownInline } from '../../../sdk/markdown/content.ts';
import { mrkdwnBold, mrkdwnItalic, mrkdwnSection } from '../../../sdk/slack/mrkdwn.ts';
import { lineText, SIZES, wrappedText, type SlideSize } from '../fields.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { sizeOf } from '../size.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, radius, space, stroke, type } from '../theme.ts';

// Helpers the other figure primitives (slideStats, slideDelta) share, so a missing value, a value
// with its unit and a width estimate look and read the same wherever a number is drawn.

/** What every surface says where an author left a value out: the slide never invents one. */
export const MISSING_VALUE = 'No value yet';

/** Rough width of bold display text in em, from the theme's advance classes (no browser to measure). */
export function emWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/[0-9]/.test(char)) width += advance.digit;
    else if (/[iljtfr.,:;'’!|\s()[\]]/.test(char)) width += advance.narrow;
    else if (/[mwMW@%—]/.test(char)) width += advance.wide;
    else if (/[A-Z]/.test(char)) width += advance.upper;
    else width += advance.other;
  }
  return width;
}

/** Symbols such as % and × hug the number; words keep a space (`2.1 days`, `40 ms`, `12%`). */
export function unitHugs(unit: string): boolean {
  return !/^[\p{L}\p{N}]/u.test(unit);
}

export function valueWithUnit(value: string, unit?: string): string {
  if (!unit) return value;
  return unitHugs(unit) ? `${value}${unit}` : `${value} ${unit}`;
}

/** The value and its unit as drawn; the unit class says whether it keeps a gap from the number. */
export function figureHtml(prefix: string, value: string, unit: string | undefined): Markup {
  return html`<div class="${prefix}-figure"><span class="${prefix}-value">${value}</span>${unit ? html`<span class="${prefix}-unit${unitHugs(unit) ? '' : ` ${prefix}-unit-word`}">${unit}</span>` : ''}</div>`;
}

/** The later (smaller) of two size steps. */
export function smallerStep(a: SlideSize, b: SlideSize): SlideSize {
  return SIZES[Math.max(SIZES.indexOf(a), SIZES.indexOf(b))]!;
}

/** Stripes on the page colour with a dashed edge: unmistakably "not filled in", never a number. */
export function placeholderCss(selector: string): string {
  const stripe = color('placeholderStripe');
  return (
    `${selector}{display:flex;align-items:center;justify-content:center;box-sizing:border-box;` +
    `border:${stroke.chip}px dashed ${color('borderDashed')};border-radius:${radius.panel}px;` +
    `background-color:${color('bgPage')};background-image:repeating-linear-gradient(135deg,${stripe} ` +
    `0px,${stripe} ${space.px16}px,transparent ${space.px16}px,transparent ${space.px32}px);` +
    `${font('label')};color:${color('textSubtle')};margin:0}`
  );
}

const UNIT_NEEDS_VALUE = 'needs a value: leave the unit out when the value is unknown';

/** The shared cross-field rule: a unit on its own would read as a number that is not there. */
export function checkUnitHasValue(
  figure: { value?: string | undefined; unit?: string | undefined },
  ctx: z.RefinementCtx,
  path: (string | number)[],
): void {
  if (figure.unit !== undefined && figure.value === undefined)
    ctx.addIssue({ code: 'custom', path: [...path, 'unit'], message: UNIT_NEEDS_VALUE });
}

/** A placeholder stands in for about this many em of the value size: roughly three digits. */
const PLACEHOLDER_EM = 2.2;
/** Narrowest placeholder that still holds its caption on one line (tracked capitals, padded). */
const PLACEHOLDER_MIN = Math.ceil(
  (emWidth(MISSING_VALUE.toUpperCase()) + MISSING_VALUE.length * 0.14) * type.label.size + 2 * space.px16,
);

/** Width of the placeholder for a value drawn at `valueSize` px: about as wide as a short number. */
export function placeholderWidth(valueSize: number): number {
  return Math.max(PLACEHOLDER_MIN, Math.round(valueSize * PLACEHOLDER_EM));
}

/** The placeholder's box, as tall as the value's line. */
export function placeholderBox(valueSize: number): string {
  return `width:${placeholderWidth(valueSize)}px;height:${Math.round(valueSize * type.stat.line)}px`;
}

/** A value that may be missing, for Markdown, Slack mrkdwn and plain text. */
export function valueMarkdown(value: string | undefined, unit?: string): MarkdownInline {
  return value === undefined ? md.emphasis(MISSING_VALUE) : md.strong(valueWithUnit(value, unit));
}

export function valueMrkdwn(value: string | undefined, unit?: string): string {
  return value === undefined ? mrkdwnItalic(MISSING_VALUE) : mrkdwnBold(valueWithUnit(value, unit));
}

export function valuePlain(value: string | undefined, unit?: string): string {
  return value === undefined ? `[${MISSING_VALUE.toLowerCase()}]` : valueWithUnit(value, unit);
}

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
  const unitWidth = unit ? emWidth(unit) * tokens.unit[step] + space.px16 : 0;
  return emWidth(value) * tokens.value[step] + unitWidth;
}

/** `l` while the figure fits at `l`'s sizes, then `m`; `s` past both (long values wrap). */
function statStep(value: string | undefined, unit: string | undefined): SlideSize {
  if (value === undefined) return 'l';
  const load = figureWidth(value, unit, 'l');
  return sizeOf(undefined, load, { l: FIGURE_MAX, m: FIGURE_MAX * (tokens.value.l / tokens.value.m) });
}

/** The striped box drawn where a value was left out. */
export function missingHtml(prefix: string): Markup {
  return html`<div class="${prefix}-missing" role="img" aria-label="${MISSING_VALUE}">${MISSING_VALUE}</div>`;
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
      body: wrappedText('One sentence saying what the number measures and why it matters.'),
    })
    .superRefine((node, ctx) => checkUnitHasValue(node, ctx, [])),
  catalog: {
    name: 'Stat',
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
  ],
  renderers: {
    html: (node) => {
      const step = statStep(node.value, node.unit);
      return html`<div class="${C} ${C}-${step}">${node.value === undefined ? missingHtml(C) : figureHtml(C, node.value, node.unit)}<p class="${C}-body">${marksHtml(node.body)}</p></div>`;
    },
    text: (node) => `${valuePlain(node.value, node.unit)}\n${marksText(node.body)}`,
    markdown: (node) =>
      md.content(md.paragraph(valueMarkdown(node.value, node.unit)), md.paragraph(marksMarkdown(node.body))),
    slack: (node) => mrkdwnSection(`${valueMrkdwn(node.value, node.unit)}\n${marksMrkdwn(node.body)}`),
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
