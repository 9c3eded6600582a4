/**
 * The slides pack's deck frame: a fixed 1920×1080 canvas with the content area and smallest text
 * size a layout check measures against, and the body rule of exactly one `slideFrame` per
 * composition. That node draws the whole slide, so the frame adds no surround.
 */
import type { Frame } from '../../core/model/frame.ts';
import { joinMarkup } from '../../core/model/markup.ts';
import { slideDeckRule } from './deck-rule.ts';
import { slideThemes, type SlideFrameTheme } from './frame-theme.ts';
import { frame, MIN_FONT_SIZE } from './theme.ts';

const FRAME_TYPE = 'slideFrame';

/**
 * The deck frame: a fixed 1920×1080 canvas. The slideFrame node already draws the whole slide, so
 * the frame adds no surround; its body rule is one slide per composition.
 */
export const slideDeckFrame: Frame<SlideFrameTheme> = {
  defaultWidth: frame.width,
  theme: slideThemes,
  estimateHeight: () => frame.height,
  // The slide's margins bound the content; the footer is drawn below them by design.
  layout: {
    width: frame.width,
    height: frame.height,
    content: {
      left: frame.padSide,
      top: frame.padTop,
      right: frame.width - frame.padSide,
      bottom: frame.height - frame.padBottom,
    },
    minFontSize: MIN_FONT_SIZE,
  },
  validateBody(body) {
    if (body.length !== 1)
      return [
        `render one slide per composition: the body must hold ` +
          `exactly one "${FRAME_TYPE}" node, got ${body.length} nodes`,
      ];
    if (body[0]!.type !== FRAME_TYPE)
      return [
        `wrap the slide's content in a "${FRAME_TYPE}": the body's ` +
          `only node is "${String(body[0]!.type).slice(0, 64)}"`,
      ];
    return [];
  },
  validateDeck: slideDeckRule,
  wrap: (_header, body) => joinMarkup(body),
};
