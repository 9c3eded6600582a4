import { describe, expect, it } from 'vitest';
import { formatValidationError, type PrimitiveNode } from '../../../../src/index.ts';
import { SLIDE_GROUPS, slideDeckFrame } from '../../../../src/slides.ts';
import {
  examplePreviews,
  fixtureComposition,
  fixtures,
  previewSlide,
  registeredTypes,
  slidesRuntime,
} from '../../../support/slides.ts';

const { text, markdown, html, slack, snapshot } = slidesRuntime.surfaces;

function rendersEverywhere(composition: unknown): void {
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

describe('the slides pack', () => {
  it('groups every registered primitive exactly once, in the reference order', () => {
    const grouped = SLIDE_GROUPS.flatMap((group) => group.types);
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const type of registeredTypes) expect(grouped).toContain(type);
    expect(SLIDE_GROUPS.map((g) => g.title)).toEqual([
      'Slide structure',
      'Layout',
      'Text',
      'Diagrams',
      'Data',
      'Code',
      'Renders',
    ]);
  });

  it('gives every primitive a catalog entry a model can use', () => {
    for (const definition of slidesRuntime.primitives) {
      const { catalog } = definition;
      expect(catalog.purpose.length, definition.type).toBeGreaterThan(10);
      expect(catalog.useWhen.length, definition.type).toBeGreaterThan(0);
      expect(catalog.avoidWhen.length, definition.type).toBeGreaterThan(0);
      expect(catalog.name?.trim(), definition.type).toBeTruthy();
      expect(definition.examples.length, definition.type).toBeGreaterThan(0);
      rendersEverywhere(previewSlide(catalog.example as PrimitiveNode));
    }
  });

  it('never sets type under 24 px', () => {
    const css = slidesRuntime.primitives.map((p) => p.css ?? '').join('') + slidesRuntime.packs[0]!.css;
    for (const match of css.matchAll(/font-size:\s*(\d+(?:\.\d+)?)px/g))
      expect(Number(match[1]), match[0]).toBeGreaterThanOrEqual(24);
  });
});

describe('every example renders on every surface', () => {
  for (const example of examplePreviews()) {
    it(example.name, () => rendersEverywhere(example.composition));
  }
});

describe('the reference fixtures', () => {
  it('are all here', () => {
    expect(fixtures.length).toBe(42);
  });

  const covered = fixtures.filter(({ value }) => {
    const types =
      JSON.stringify(value)
        .match(/"type":"(slide\w+)"/g)
        ?.map((m) => m.slice(8, -1)) ?? [];
    return types.every((type) => registeredTypes.has(type));
  });

  for (const fixture of covered) {
    it(`${fixture.name} validates and renders on every surface`, () =>
      rendersEverywhere(fixtureComposition(fixture.value)));
  }
});

describe('the deck frame', () => {
  const frame = fixtures.find((f) => f.name === 'slide-frame')!.value;

  it('requires exactly one slideFrame per composition, on the image path and through the tools', () => {
    const two = { type: 'view', title: 'Two', body: [frame, frame] };
    expect(slideDeckFrame.validateBody!(two.body as PrimitiveNode[])).toEqual([
      'render one slide per composition: the body must hold exactly one "slideFrame" node, got 2 nodes',
    ]);
    expect(() => snapshot!.render(two)).toThrow(
      expect.objectContaining({
        code: 'INVALID_FRAME_BODY',
        message: expect.stringContaining('exactly one "slideFrame" node, got 2 nodes'),
      }),
    );
    const bare = { type: 'view', title: 'Bare', body: [{ type: 'slideHeading', title: 'No frame' }] };
    expect(slideDeckFrame.validateBody!(bare.body as PrimitiveNode[])).toEqual([
      'wrap the slide\'s content in a "slideFrame": the body\'s only node is "slideHeading"',
    ]);
    // Validation itself is frame-agnostic: text still renders a bare heading.
    expect(text.render(bare, { heading: false })).toBe('No frame');
  });

  it('is 1920 wide and always 1080 tall, whatever the body holds', () => {
    const result = snapshot!.render(fixtureComposition(frame));
    expect([result.width, result.height]).toEqual([1920, 1080]);
    expect(result.warnings).toEqual([]);
  });
});
