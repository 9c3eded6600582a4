/**
 * Every slides primitive, one line each, in alphabetical order (a test holds it there). Adding one:
 * its file in `primitives/`, then its line here. The pack reads this module's exports as the list.
 */
export { slideAgenda } from './primitives/slide-agenda.ts';
export { slideAnnotatedRender } from './primitives/slide-annotated-render.ts';
export { slideBars } from './primitives/slide-bars.ts';
export { slideBulletList } from './primitives/slide-bullet-list.ts';
export { slideChart } from './primitives/slide-chart.ts';
export { slideClosing } from './primitives/slide-closing.ts';
export { slideCode } from './primitives/slide-code.ts';
export { slideColumns } from './primitives/slide-columns.ts';
export { slideCommand } from './primitives/slide-command.ts';
export { slideDefinitions } from './primitives/slide-definitions.ts';
export { slideDelta } from './primitives/slide-delta.ts';
export { slideDiff } from './primitives/slide-diff.ts';
export { slideFanout } from './primitives/slide-fanout.ts';
export { slideFrame } from './primitives/slide-frame.ts';
export { slideGraph } from './primitives/slide-graph.ts';
export { slideHeading } from './primitives/slide-heading.ts';
export { slideLanes } from './primitives/slide-lanes.ts';
export { slideLayers } from './primitives/slide-layers.ts';
export { slideList } from './primitives/slide-list.ts';
export { slideMatrix } from './primitives/slide-matrix.ts';
export { slideOrgChart } from './primitives/slide-org-chart.ts';
export { slidePipeline } from './primitives/slide-pipeline.ts';
export { slideQuadrant } from './primitives/slide-quadrant.ts';
export { slideQuote } from './primitives/slide-quote.ts';
export { slideRender } from './primitives/slide-render.ts';
export { slideRenderGrid } from './primitives/slide-render-grid.ts';
export { slideRoadmap } from './primitives/slide-roadmap.ts';
export { slideSection } from './primitives/slide-section.ts';
export { slideSequence } from './primitives/slide-sequence.ts';
export { slideSource } from './primitives/slide-source.ts';
export { slideSplit } from './primitives/slide-split.ts';
export { slideStack } from './primitives/slide-stack.ts';
export { slideStat } from './primitives/slide-stat.ts';
export { slideStatement } from './primitives/slide-statement.ts';
export { slideStats } from './primitives/slide-stats.ts';
export { slideTable } from './primitives/slide-table.ts';
export { slideTerritoryGroup } from './primitives/slide-territory-group.ts';
export { slideTimeline } from './primitives/slide-timeline.ts';
export { slideTitle } from './primitives/slide-title.ts';
export { slideTranscript } from './primitives/slide-transcript.ts';
export { slideTree } from './primitives/slide-tree.ts';
export { slideWindow } from './primitives/slide-window.ts';
