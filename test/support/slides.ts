/// <reference types="vite/client" />
import { createIsomerRuntime, exampleNodes, type PrimitiveNode } from '../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../src/slides.ts';
import { previewSlide } from './preview-slide.ts';

export { previewSlide };

export const slidesRuntime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });

// The reference pack's example data, read from ../shared at build time (never copied here).
const files = import.meta.glob('../../../shared/fixtures/compositions/*.json', {
  import: 'default',
  eager: true,
}) as Record<string, unknown>;

export const fixtures = Object.entries(files).map(([path, value]) => ({
  name: path.split('/').at(-1)!.replace('.json', ''),
  value: value as Record<string, unknown>,
}));

/** A fixture as a composition: whole compositions as they are, single nodes in a preview slide. */
export function fixtureComposition(value: Record<string, unknown>): Record<string, unknown> {
  return value.type === 'view' ? value : previewSlide(value as PrimitiveNode);
}

export const registeredTypes = new Set(slidesRuntime.primitives.map((p) => p.type));

/** Every example of every registered primitive, as preview slides. */
export function examplePreviews(): { type: string; name: string; composition: Record<string, unknown> }[] {
  return slidesRuntime.primitives.flatMap((definition) =>
    exampleNodes(definition).map((node, i) => ({
      type: definition.type,
      name: `${definition.type} example ${i + 1}`,
      composition: previewSlide(node as PrimitiveNode),
    })),
  );
}

/** A deep copy of one shared fixture, by file name without `.json`. */
export function fixture(name: string): Record<string, any> {
  const found = fixtures.find((entry) => entry.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return structuredClone(found.value);
}

/** Where a previewed node sits: the frame's second body node, after the preview heading. */
export const AT = 'body[0].body[1]';
/** One character past the longest one-line field. */
export const LONG_LINE = 'x'.repeat(232);
