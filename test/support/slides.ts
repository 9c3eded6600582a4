/// <reference types="vite/client" />
import { expect } from 'vitest';
import { createIsomerRuntime, exampleNodes, formatValidationError, type PrimitiveNode } from '../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../src/packs/slides/index.ts';
import { previewSlide } from './preview-slide.ts';

export { previewSlide };

export const slidesRuntime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });

// The project's own example compositions (test/fixtures/compositions), read at build time.
const files = import.meta.glob('../fixtures/compositions/*.json', { import: 'default', eager: true }) as Record<
  string,
  unknown
>;

/** Fixture files by name (file name without `.json`), from a glob's path → value map. */
export function namedFixtures(globbed: Record<string, unknown>): { name: string; value: Record<string, unknown> }[] {
  return Object.entries(globbed).map(([path, value]) => ({
    name: path.split('/').at(-1)!.replace('.json', ''),
    value: value as Record<string, unknown>,
  }));
}

export const fixtures = namedFixtures(files);

/** A fixture as a composition: whole compositions as they are, single nodes in a preview slide. */
export function fixtureComposition(value: Record<string, unknown>): Record<string, unknown> {
  return value.type === 'view' ? value : previewSlide(value as PrimitiveNode);
}

export const registeredTypes = new Set(slidesRuntime.primitives.map((p) => p.type));

/** Validates a composition (no errors, a body the deck frame accepts) and renders it on every surface. */
export function rendersEverywhere(composition: unknown): void {
  const { text, markdown, html, slack, snapshot } = slidesRuntime.surfaces;
  const checked = slidesRuntime.validate(composition);
  expect(checked.errors.map(formatValidationError)).toEqual([]);
  expect(slideDeckFrame.validateBody!(checked.composition!.body)).toEqual([]);
  expect(text.render(composition, { heading: false }).length).toBeGreaterThan(0);
  expect(markdown.render(composition, { heading: false }).length).toBeGreaterThan(0);
  const page = html.render(composition, { heading: false });
  expect(page.validationErrors).toEqual([]);
  expect(page.body.length).toBeGreaterThan(0);
  const message = slack.render(composition, { heading: false });
  expect(message.blocks.length).toBeGreaterThan(0);
  const image = snapshot!.render(composition);
  expect([image.width, image.height]).toEqual([1920, 1080]);
  expect(image.css).not.toContain('light-dark(');
}

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

/** A deep copy of one project fixture, by file name without `.json`. */
export function fixture(name: string): Record<string, any> {
  const found = fixtures.find((entry) => entry.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return structuredClone(found.value);
}

/** Where a previewed node sits: the frame's second body node, after the preview heading. */
export const AT = 'body[0].body[1]';
/** One character past the longest one-line field. */
export const LONG_LINE = 'x'.repeat(232);
