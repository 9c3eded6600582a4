import type { AnyPrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideGraph } from './slide-graph.ts';
import { slideLanes } from './slide-lanes.ts';
import { slidePipeline } from './slide-pipeline.ts';
import { slideSequence } from './slide-sequence.ts';
import { slideTimeline } from './slide-timeline.ts';

/** Diagrams of flow: timeline, pipeline, sequence, lanes, graph. */
export const FLOW_DIAGRAM_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  slideTimeline,
  slidePipeline,
  slideSequence,
  slideLanes,
  slideGraph,
];
