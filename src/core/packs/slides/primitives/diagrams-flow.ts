import type { PrimitiveDefinition } from '../../../sdk/primitive.ts';

/** Diagrams of flow: timeline, pipeline, sequence, lanes, graph. */
export const FLOW_DIAGRAM_PRIMITIVES: readonly PrimitiveDefinition<any>[] = [];
