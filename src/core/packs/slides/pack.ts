import { definePrimitivePack } from '../../sdk/pack.ts';
import { SLIDE_GROUPS } from './groups.ts';
import { SLIDE_PRIMITIVES } from './registry.ts';
import { MARKS_CSS, PALETTE_CSS, PREFIX, color, font } from './style.ts';

const registered = new Set(SLIDE_PRIMITIVES.map((definition) => definition.type));

/** Rules every slides primitive shares: the palette, inline marks, captions. */
const SHARED_CSS = [
  PALETTE_CSS,
  MARKS_CSS,
  `.${PREFIX}-label{${font('label')};color:${color('textSubtle')};margin:0 0 16px}`,
].join('');

/**
 * The slides pack: the reference vocabulary for 16:9 decks. Pair it with `slideDeckFrame`.
 * @example createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } })
 */
export const slidesPack = definePrimitivePack({
  id: 'slides',
  primitives: SLIDE_PRIMITIVES,
  css: SHARED_CSS,
  authoring: {
    groups: SLIDE_GROUPS.map((group) => ({
      title: group.title,
      types: group.types.filter((type) => registered.has(type)),
    })).filter((group) => group.types.length > 0),
  },
});
