/**
 * The slides pack: every primitive of the registry under the guide's index headings, with the CSS
 * they share (mirrored for right-to-left slides), the guide, the rules and the deck frame
 * (registered as `slide`), so a runtime loading the pack needs nothing else. `slidesPackOf` builds the same pack over another list, for tests.
 */
import type { AnyPrimitiveDefinition } from '../../core/model/primitive.ts';
import { definePrimitivePack, type PrimitiveGroup, type PrimitivePack } from '../../core/model/pack.ts';
import { slideDeckFrame } from './deck-frame.ts';
import { SLIDES_GUIDE, SLIDES_RULES } from './guide.ts';
import * as registry from './registry.ts';
import { MARKS_CSS, PALETTE_CSS, PREFIX, color, font } from './style.ts';
import { mirrorCss, withRightToLeft } from './mirror.ts';

/**
 * Every slides primitive, alphabetical: a module namespace lists its exports sorted by name, so the
 * registry's one line per primitive is the whole list.
 */
export const SLIDE_PRIMITIVES: readonly AnyPrimitiveDefinition[] = Object.values(registry);

/** The guide's index headings, in order; each primitive names its own in `catalog.group`. */
export const SLIDE_GROUP_TITLES = ['Slide structure', 'Layout', 'Text', 'Diagrams', 'Data', 'Code', 'Renders'] as const;

/** Rules every slides primitive shares: the palette, inline marks, captions. */
const OWN_SHARED_CSS = [
  PALETTE_CSS,
  MARKS_CSS,
  `.${PREFIX}-label{${font('label')};color:${color('textSubtle')};margin:0 0 16px}`,
].join('');
const SHARED_CSS = OWN_SHARED_CSS + mirrorCss(OWN_SHARED_CSS);

/** The name the slides pack registers its deck frame by. */
const SLIDE_FRAME_NAME = 'slide';

/**
 * The slides pack over a list of primitives: the registry's, or (in a test) the registry's and one
 * more. It carries its guide, its rules and the deck frame, so a runtime loading it needs nothing else.
 */
export function slidesPackOf(primitives: readonly AnyPrimitiveDefinition[]): PrimitivePack {
  return definePrimitivePack({
    id: 'slides',
    // Each primitive as a right-to-left slide draws it: mirrored sides, or kept left to right.
    primitives: primitives.map(withRightToLeft),
    css: SHARED_CSS,
    authoring: { groupOrder: SLIDE_GROUP_TITLES, guide: SLIDES_GUIDE, rules: SLIDES_RULES },
    frame: { name: SLIDE_FRAME_NAME, frame: slideDeckFrame },
  });
}

/**
 * The slides pack: the reference vocabulary for 16:9 decks, with its guide, rules and the deck
 * frame (registered as `slide`, whose one-slide rule binds the compositions of this pack).
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * const png = runtime.surfaces.snapshot!; // the deck frame came with the pack
 * ```
 */
export const slidesPack: PrimitivePack = slidesPackOf(SLIDE_PRIMITIVES);

/** The guide's index, derived from the registry: each group's types in registry (alphabetical) order. */
export const SLIDE_GROUPS: readonly PrimitiveGroup[] = slidesPack.authoring.groups;
