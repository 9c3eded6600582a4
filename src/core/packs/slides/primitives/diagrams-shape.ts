import type { AnyPrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideFanout } from './slide-fanout.ts';
import { slideLayers } from './slide-layers.ts';
import { slideQuadrant } from './slide-quadrant.ts';
import { slideTerritoryGroup } from './slide-territory-group.ts';
import { slideTree } from './slide-tree.ts';

/** Diagrams of shape: fanout, tree, layers, territories, quadrant. */
export const SHAPE_DIAGRAM_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  slideFanout,
  slideTree,
  slideLayers,
  slideTerritoryGroup,
  slideQuadrant,
];
