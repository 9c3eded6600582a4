import type { PrimitiveGroup } from '../../sdk/pack.ts';

/** How the guide indexes the pack, in this order. A group lists only registered types. */
export const SLIDE_GROUPS = [
  {
    title: 'Slide structure',
    types: [
      'slideFrame',
      'slideHeading',
      'slideStatement',
      'slideQuote',
      'slideTitle',
      'slideSection',
      'slideAgenda',
      'slideClosing',
      'slideSource',
    ],
  },
  { title: 'Layout', types: ['slideSplit', 'slideStack', 'slideWindow'] },
  { title: 'Text', types: ['slideList', 'slideBulletList', 'slideDefinitions', 'slideColumns', 'slideRoadmap'] },
  {
    title: 'Diagrams',
    types: [
      'slideTimeline',
      'slidePipeline',
      'slideSequence',
      'slideLanes',
      'slideGraph',
      'slideFanout',
      'slideTree',
      'slideLayers',
      'slideTerritoryGroup',
      'slideQuadrant',
    ],
  },
  { title: 'Data', types: ['slideStat', 'slideStats', 'slideDelta', 'slideBars', 'slideMatrix', 'slideTable'] },
  { title: 'Code', types: ['slideCode', 'slideDiff', 'slideCommand', 'slideTranscript'] },
  { title: 'Renders', types: ['slideRender', 'slideAnnotatedRender', 'slideRenderGrid'] },
] as const satisfies readonly PrimitiveGroup[];
