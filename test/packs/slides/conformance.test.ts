import { describe, expect, it } from 'vitest';
import type { PrimitiveNode } from '../../../src/index.ts';
import { SLIDE_GROUPS, slideDeckFrame } from '../../../src/packs/slides/index.ts';
import {
  fixtureComposition,
  fixtures,
  registeredTypes,
  rendersEverywhere,
  slidesRuntime,
} from '../../support/slides.ts';

const { text, snapshot } = slidesRuntime.surfaces;

/** `slideAnnotatedRender` → `slide-annotated-render`: how node fixtures are named. */
const kebab = (type: string) => type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

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

  // The catalog entries, every example on every served format, and the smallest type size are the
  // pack conformance kit's to check (kit.test.ts), which asks all this file did of them and more.
});

describe('the project fixtures', () => {
  it('hold one node per registered primitive, and the six kinds of deck slide', () => {
    const names = fixtures.map((f) => f.name);
    for (const type of registeredTypes) expect(names, type).toContain(kebab(type));
    expect(names).toEqual(
      expect.arrayContaining([
        'deck-title-slide',
        'deck-section-slide',
        'deck-content-slide',
        'deck-statement-slide',
        'deck-closing-slide',
        'deck-split-slide',
      ]),
    );
    // A node file holds the primitive it is named after; a deck file holds a whole composition.
    for (const { name, value } of fixtures)
      expect(name.startsWith('deck-') ? value.type : kebab(String(value.type)), name).toBe(
        name.startsWith('deck-') ? 'view' : name,
      );
  });

  for (const fixture of fixtures) {
    it(`${fixture.name} validates with no warnings and renders on every surface`, () => {
      const composition = fixtureComposition(fixture.value);
      expect(slidesRuntime.validate(composition).warnings).toEqual([]);
      expect(snapshot!.render(composition).warnings).toEqual([]);
      rendersEverywhere(composition);
    });
  }

  it('keep one brand, url and logo setting on every deck slide', () => {
    const frames = fixtures
      .filter((f) => f.name.startsWith('deck-'))
      .map((f) => (f.value.body as Record<string, unknown>[])[0]!);
    const footers = new Set(frames.map((frame) => JSON.stringify([frame.brand, frame.url, frame.logo])));
    expect([...footers]).toEqual([JSON.stringify(['Kestrel Freight', 'https://kestrel.example/relay', false])]);
  });
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
