import type { AnyPrimitiveDefinition } from '../../model/primitive.ts';
import { definePrimitivePack, type PrimitiveGroup, type PrimitivePack } from '../../model/pack.ts';
import * as registry from './registry.ts';
import { MARKS_CSS, PALETTE_CSS, PREFIX, color, font } from './style.ts';

/**
 * Every slides primitive, alphabetical: a module namespace lists its exports sorted by name, so the
 * registry's one line per primitive is the whole list.
 */
export const SLIDE_PRIMITIVES: readonly AnyPrimitiveDefinition[] = Object.values(registry);

/** The guide's index headings, in order; each primitive names its own in `catalog.group`. */
export const SLIDE_GROUP_TITLES = ['Slide structure', 'Layout', 'Text', 'Diagrams', 'Data', 'Code', 'Renders'] as const;

/** Rules every slides primitive shares: the palette, inline marks, captions. */
const SHARED_CSS = [
  PALETTE_CSS,
  MARKS_CSS,
  `.${PREFIX}-label{${font('label')};color:${color('textSubtle')};margin:0 0 16px}`,
].join('');

/** The slides pack over a list of primitives: the registry's, or (in a test) the registry's and one more. */
export function slidesPackOf(primitives: readonly AnyPrimitiveDefinition[]): PrimitivePack {
  return definePrimitivePack({
    id: 'slides',
    primitives,
    css: SHARED_CSS,
    authoring: { groupOrder: SLIDE_GROUP_TITLES },
  });
}

/**
 * The slides pack: the reference vocabulary for 16:9 decks. Pair it with `slideDeckFrame`.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * ```
 */
export const slidesPack: PrimitivePack = slidesPackOf(SLIDE_PRIMITIVES);

/** The guide's index, derived from the registry: each group's types in registry (alphabetical) order. */
export const SLIDE_GROUPS: readonly PrimitiveGroup[] = slidesPack.authoring.groups;
