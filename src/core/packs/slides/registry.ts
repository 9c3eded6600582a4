import type { AnyPrimitiveDefinition } from '../../sdk/primitive.ts';
import { CODE_AND_RENDER_PRIMITIVES } from './primitives/code-and-renders.ts';
import { DATA_PRIMITIVES } from './primitives/data.ts';
import { FLOW_DIAGRAM_PRIMITIVES } from './primitives/diagrams-flow.ts';
import { SHAPE_DIAGRAM_PRIMITIVES } from './primitives/diagrams-shape.ts';
import { LAYOUT_AND_TEXT_PRIMITIVES } from './primitives/layout-and-text.ts';
import { STRUCTURE_PRIMITIVES } from './primitives/structure.ts';

/**
 * Every slides primitive, alphabetical. Adding one: write its file in `primitives/`, then list it
 * in its group's list.
 */
export const SLIDE_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  ...STRUCTURE_PRIMITIVES,
  ...LAYOUT_AND_TEXT_PRIMITIVES,
  ...FLOW_DIAGRAM_PRIMITIVES,
  ...SHAPE_DIAGRAM_PRIMITIVES,
  ...DATA_PRIMITIVES,
  ...CODE_AND_RENDER_PRIMITIVES,
].sort((a, b) => (a.type < b.type ? -1 : 1));
