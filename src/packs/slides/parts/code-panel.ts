/**
 * The code panel: its geometry and the column cap it puts on each line, shared by slideCode and
 * slideDiff, and the Slack block slideCode, slideDiff, slideCommand and slideTranscript draw a
 * listing as.
 */
import * as z from 'zod';
import { quoteForMessage } from '../../../core/model/messages.ts';
import type { SlackBlock } from '../../../core/chat-hosts/slack/blocks.ts';
import { advance, CONTENT_WIDTH, MIN_FONT_SIZE, space, stroke, type } from '../theme.ts';
import { isOneLine, ONE_LINE_MESSAGE } from './mono.ts';
import { charLoad } from './type-scale.ts';

/**
 * Code geometry, shared by slideCode and slideDiff. Lines never wrap, so the column a panel holds is a hard
 * cap checked at validation: text width over the mono advance at the panel's type size.
 */
export const code = {
  maxLines: 16,
  /** Panels with more lines than this set dense type. */
  denseAfter: 10,
  size: { normal: type.mono.size, dense: MIN_FONT_SIZE },
  /** Row heights in px: the theme's mono line height, tightened for dense type. */
  row: { normal: Math.round(type.mono.size * type.mono.line), dense: Math.round(MIN_FONT_SIZE * 1.35) },
  padX: space.px32,
  padY: space.px24,
  /** The arrow column between two panels. */
  arrow: space.px96,
} as const;

const panelWidth = (panels: 1 | 2): number => (panels === 1 ? CONTENT_WIDTH : (CONTENT_WIDTH - code.arrow) / 2);

/** Columns a panel's text holds: one full-width panel, or one of two beside each other. */
export function columnCap(panels: 1 | 2, dense: boolean): number {
  const text = panelWidth(panels) - 2 * code.padX - 2 * stroke.panel - stroke.bar;
  return Math.floor(text / (advance.mono * (dense ? code.size.dense : code.size.normal)));
}

/** The refusal for a line wider than its panel, quoting the line so the author can find it. */
export function widthMessage(line: string, cap: number): string {
  return (
    `must fit in ${cap} columns (wide characters count 2), this ` +
    `line takes ${charLoad(line)}: ${quoteForMessage(line, 48)}`
  );
}

/** One line of code: spaces, not tabs; blank lines as "". */
export const codeLine = () => z.string().refine(isOneLine, { error: ONE_LINE_MESSAGE });

/**
 * A code listing as one `rich_text` block: an optional bold caption, the preformatted text, an
 * optional italic note. Slack reads nothing inside rich_text text, so the code needs no escaping.
 */
export function preformatted(text: string, caption?: string, note?: string): SlackBlock {
  return {
    type: 'rich_text',
    elements: [
      ...(caption
        ? [{ type: 'rich_text_section', elements: [{ type: 'text', text: caption, style: { bold: true } }] }]
        : []),
      // Slack refuses an empty text element; a listing of blank lines keeps one space.
      { type: 'rich_text_preformatted', elements: [{ type: 'text', text: text.trim() === '' ? ' ' : text }] },
      ...(note
        ? [{ type: 'rich_text_section', elements: [{ type: 'text', text: note, style: { italic: true } }] }]
        : []),
    ],
  };
}
