import type { PrimitiveNode } from '../../src/index.ts';

/**
 * A node as the reference gallery draws it, so node fixtures (ours and the reference's) render as
 * slides: inside a page frame under a heading; a title alone in an inverse frame; a frame as it is.
 */
export function previewSlide(node: PrimitiveNode): Record<string, unknown> {
  if (node.type === 'slideFrame') return { type: 'view', title: 'Preview', body: [node] };
  const frame = {
    type: 'slideFrame',
    brand: 'Isomer',
    section: 'Preview',
    sectionNumber: '01',
    url: 'https://elastic.github.io/isomer',
  };
  if (node.type === 'slideTitle')
    return { type: 'view', title: 'Preview', body: [{ ...frame, tone: 'inverse', body: [node] }] };
  return {
    type: 'view',
    title: `Preview of ${node.type}`,
    body: [
      {
        ...frame,
        body: [
          { type: 'slideHeading', title: `Preview of ${node.type}`, lede: 'How this primitive looks on a slide.' },
          node,
        ],
      },
    ],
  };
}
