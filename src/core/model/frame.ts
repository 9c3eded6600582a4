/**
 * What a frame is: the document a snapshot render sits in (a card, a 16:9 slide), with its
 * palettes, height estimate, body rule, the surround it draws and the geometry a layout check
 * measures against. A host registers frames by name and a render picks one; compositions never name
 * a frame.
 */
import type { PrimitiveNode, RenderTheme } from './composition.ts';
import type { Markup, MarkupValue } from './markup.ts';

/** What a frame may draw of the composition around its body: never the body itself. */
export interface FrameHeader {
  title?: string;
  subtitle?: string;
  theme?: RenderTheme;
}

/** The header plus the raw body, handed to a frame only for sizing and body rules. */
export interface FrameComposition extends FrameHeader {
  body: PrimitiveNode[];
}

/** A finding about one slide of a deck, seen only beside the others. */
export interface DeckFinding {
  /** The slide's index in the deck, from 0. */
  slide: number;
  /** The path inside that slide's composition (`body[0].brand`), or `''` for the whole slide. */
  path: string;
  message: string;
  /** The type of the node the path points to, when there is one. */
  nodeType?: string;
}

export interface FrameViewport<TTheme> {
  width: number;
  height: number;
  /** The palette resolved for this render. */
  theme: TTheme;
  mode: RenderTheme | undefined;
}

export interface FrameDispatcher {
  /** A node's declared height on the snapshot surface (0 when hidden or undeclared). */
  estimateSnapshotHeight(node: PrimitiveNode): number;
}

/**
 * The geometry a layout check measures a render against, in canvas pixels (a frame of a fixed
 * canvas declares it; one whose height follows its content leaves it out).
 */
export interface FrameLayout {
  /** The canvas: anything drawn past it is cut off. */
  width: number;
  height: number;
  /**
   * Where the body's content may draw. The body's top-level nodes draw the surround (a slide's
   * footer sits below this area by design); what they hold must stay inside it.
   */
  content: { left: number; top: number; right: number; bottom: number };
  /** The smallest text size the design sets, in px; text drawn smaller is reported. */
  minFontSize: number;
}

/**
 * The document a snapshot render sits in (a card, a 16:9 slide). A host registers frames by name
 * and a render picks one; compositions never name frames.
 */
export interface Frame<TTheme = unknown> {
  defaultWidth: number;
  theme: { light: TTheme; dark: TTheme };
  estimateHeight(composition: FrameComposition, dispatcher: FrameDispatcher): number;
  /** A body rule (for example "exactly one slide"); messages, not throws. */
  validateBody?(body: readonly PrimitiveNode[]): readonly string[];
  /**
   * What a person would notice across a deck's slides (two brands, a section number reused): advice,
   * never a refusal, so the deck still draws. Each finding names its slide (0-based) and the path in it.
   */
  validateDeck?(deck: readonly FrameComposition[]): readonly DeckFinding[];
  /** Draws the surround. Receives the rendered body nodes as an array so it can return one root. */
  wrap(header: FrameHeader, body: readonly Markup[], viewport: FrameViewport<TTheme>): MarkupValue;
  /** Stylesheet for the frame's own markup. */
  css?: string;
  /** Canvas, content area and smallest text size, for layout checks (`createLayoutCheck` in the formats). */
  layout?: FrameLayout;
}

/** `dark` picks the dark palette; `auto`, `light` and no preference pick light (images have no scheme). */
export function resolveFramePalette<TTheme>(
  frame: Pick<Frame<TTheme>, 'theme'>,
  mode: RenderTheme | undefined,
): TTheme {
  return mode === 'dark' ? frame.theme.dark : frame.theme.light;
}
