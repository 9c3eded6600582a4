import type { PrimitiveDefinition } from '../../../sdk/primitive.ts';

/** Diagrams of shape: fanout, tree, layers, territories, quadrant. */
export const SHAPE_DIAGRAM_PRIMITIVES: readonly PrimitiveDefinition<any>[] = [];
