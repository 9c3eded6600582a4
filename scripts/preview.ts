import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PrimitiveNode } from '../src/index.ts';

/** The reference gallery's preview slide (see ../shared/fixtures/README.md). */
export function previewSlide(node: PrimitiveNode): Record<string, unknown> {
  if (node.type === 'slideFrame') return { type: 'view', title: 'Preview', body: [node] };
  const frame = { type: 'slideFrame', brand: 'Isomer', section: 'Preview', sectionNumber: '01', url: 'https://elastic.github.io/isomer' };
  if (node.type === 'slideTitle') return { type: 'view', title: 'Preview', body: [{ ...frame, tone: 'inverse', body: [node] }] };
  return { type: 'view', title: `Preview of ${node.type}`, body: [{ ...frame, body: [{ type: 'slideHeading', title: `Preview of ${node.type}`, lede: 'How this primitive looks on a slide.' }, node] }] };
}

/** The shared fixtures, as compositions (single nodes wrapped in a preview slide). */
export function readFixtures(dir = resolve('../shared/fixtures/compositions')): { name: string; composition: Record<string, unknown> }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const value = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as Record<string, unknown>;
      return { name: file.replace('.json', ''), composition: value.type === 'view' ? value : previewSlide(value as PrimitiveNode) };
    });
}
