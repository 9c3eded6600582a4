/**
 * What the figure primitives (slideStat, slideStats, slideDelta) share, so a missing value, a value
 * with its unit and a width estimate look and read the same wherever a number is drawn.
 */
import type * as z from 'zod';
import { md } from '../../../core/markdown/builder.ts';
import type { MarkdownInline } from '../../../core/markdown/tree.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { mrkdwnBold, mrkdwnItalic } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { color, font } from '../style.ts';
import { radius, space, stroke, type } from '../theme.ts';
import { emWidth, FIGURE_ADVANCES } from './type-scale.ts';

/** What every surface says where an author left a value out: the slide never invents one. */
export const MISSING_VALUE = 'No value yet';

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
  (emWidth(MISSING_VALUE.toUpperCase(), FIGURE_ADVANCES) + MISSING_VALUE.length * 0.14) * type.label.size +
    2 * space.px16,
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

/** The striped box drawn where a value was left out. */
export function missingHtml(prefix: string): Markup {
  return html`<div class="${prefix}-missing" role="img" aria-label="${MISSING_VALUE}">${MISSING_VALUE}</div>`;
}
