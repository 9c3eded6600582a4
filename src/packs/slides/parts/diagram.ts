/**
 * What the flow diagrams share (timeline, pipeline, sequence, lanes, graph, and the org chart's
 * room): arrows drawn with borders, the height left under a heading and in a window's body, and
 * line and word estimates.
 */
import { unbreakablePieces } from '../../../core/text/line-breaks.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { color } from '../style.ts';
import { advance, CONTENT_WIDTH, frame, space, stroke, type, windowChrome } from '../theme.ts';
import { charLoad } from './type-scale.ts';

/** A one-line slideHeading title over a two-line lede, with the gap between them. */
const HEADING_ALLOWANCE = Math.ceil(
  type.heading.size * type.heading.line + space.px20 + 2 * type.lede.size * type.lede.line,
);

/**
 * Height a diagram may take under such a heading: the frame body less the heading and the body gap.
 * Auto sizes aim under it so the image surface, which cannot measure, never clips.
 */
export const DIAGRAM_ROOM = frame.height - frame.padTop - frame.padBottom - HEADING_ALLOWANCE - frame.bodyGap;

/** What a slideWindow's frame takes around its body: its borders, the browser's bar (the tallest) and the padding. */
const WINDOW_CHROME = {
  height:
    3 * stroke.panel +
    2 * windowChrome.barPadY +
    2 * windowChrome.addressPadY +
    2 * stroke.panel +
    type.chrome.size * type.chrome.line +
    2 * windowChrome.bodyPad,
  width: 2 * stroke.panel + 2 * windowChrome.bodyPad,
} as const;

/**
 * Height and width a node alone in a window's body (`WINDOW_SLOT`) may take under such a heading:
 * a primitive with a window layout picks its step for this room.
 */
export const WINDOW_ROOM = Math.floor(DIAGRAM_ROOM - WINDOW_CHROME.height);
export const WINDOW_WIDTH = Math.floor(CONTENT_WIDTH - WINDOW_CHROME.width);

/** Connector geometry: line width, arrowhead length and half-width, in px. */
export const ARROW = { stroke: stroke.rail, head: 18, halfHead: 11 } as const;

export type ArrowDirection = 'right' | 'left' | 'down' | 'up';

/**
 * An arrow drawn with borders (a line and a border triangle), so it needs no SVG and takes its
 * colour from `color` on any surface. `cls` is the primitive's class prefix.
 */
export function arrowMarkup(cls: string, direction: ArrowDirection, extra = ''): Markup {
  const line = html`<div class="${cls}-arrow-line"></div>`;
  const head = html`<div class="${cls}-arrow-head"></div>`;
  const reversed = direction === 'left' || direction === 'up';
  return html`<div class="${cls}-arrow ${cls}-arrow-${direction}${extra ? ` ${extra}` : ''}">${reversed ? [head, line] : [line, head]}</div>`;
}

/** The rules behind `arrowMarkup` for one primitive's prefix (a dense diagram may pass a smaller head). */
export function arrowCss(cls: string, geometry: { stroke: number; head: number; halfHead: number } = ARROW): string {
  const { stroke: s, head: h, halfHead: w } = geometry;
  const solid = (px: number) => `${px}px solid currentColor`;
  const clear = `${w}px solid transparent`;
  return [
    `.${cls}-arrow{display:flex;align-items:center;color:${color('textSoft')}}`,
    `.${cls}-arrow-down,.${cls}-arrow-up{flex-direction:column}`,
    `.${cls}-arrow-line{flex:1 1 auto;width:0;height:0}`,
    `.${cls}-arrow-right>.${cls}-arrow-line,.${cls}-arrow-left>.${cls}-arrow-line{border-top:${solid(s)}}`,
    `.${cls}-arrow-down>.${cls}-arrow-line,.${cls}-arrow-up>.${cls}-arrow-line{border-left:${solid(s)}}`,
    `.${cls}-arrow-head{flex:0 0 auto;width:0;height:0}`,
    `.${cls}-arrow-right>.${cls}-arrow-head{border-top:${clear};border-bottom:${clear};border-left:${solid(h)}}`,
    `.${cls}-arrow-left>.${cls}-arrow-head{border-top:${clear};border-bottom:${clear};border-right:${solid(h)}}`,
    `.${cls}-arrow-down>.${cls}-arrow-head{border-left:${clear};border-right:${clear};border-top:${solid(h)}}`,
    `.${cls}-arrow-up>.${cls}-arrow-head{border-left:${clear};border-right:${clear};border-bottom:${solid(h)}}`,
  ].join('');
}

/**
 * Lines a text takes in a column, from the theme's advance estimates (a little slack for word
 * breaks). Used to pick size steps without a browser.
 */
export function estimateLines(text: string, px: number, width: number, em: number = advance.regular): number {
  const perLine = Math.max(1, Math.floor(width / (em * px)));
  return Math.max(1, Math.ceil((charLoad(text) * 1.1) / perLine));
}

/** Characters in a text's longest word, which cannot wrap (a CJK sentence breaks between ideographs). */
export function longestWord(text: string): number {
  return Math.max(0, ...unbreakablePieces(text).map(charLoad));
}
