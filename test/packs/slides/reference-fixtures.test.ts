/// <reference types="vite/client" />
/**
 * The reference conformance pass: the upstream pack's example data, read from `../shared` beside
 * this clone (never copied here), must validate, render on every surface and draw with no layout
 * finding, light and dark (wire compatibility: what the reference draws, this pack draws well).
 * vitest.config.ts leaves this file out when `../shared/fixtures/compositions` is missing, and says so.
 */
import { describe, expect, it } from 'vitest';
import { createLayoutCheck } from '../../../src/images/index.ts';
import { fixtureComposition, namedFixtures, rendersEverywhere, slidesRuntime } from '../../support/slides.ts';

const layout = createLayoutCheck({ snapshot: slidesRuntime.surfaces.snapshot! });

const reference = namedFixtures(
  import.meta.glob('../../../../shared/fixtures/compositions/*.json', { import: 'default', eager: true }),
);

describe('the reference fixtures', () => {
  it('are all here: 40 single nodes and 2 whole slides', () => {
    expect(reference.length).toBe(42);
    expect(reference.filter(({ value }) => value.type === 'view').map((f) => f.name)).toEqual([
      'deck-split-slide',
      'deck-title-slide',
    ]);
  });

  for (const fixture of reference) {
    it(`${fixture.name} validates, renders on every surface and draws with no layout finding`, () => {
      const composition = fixtureComposition(fixture.value);
      rendersEverywhere(composition);
      for (const theme of ['light', 'dark'] as const)
        expect(layout.check(composition, { theme }).map((finding) => `${finding.path}: ${finding.message}`)).toEqual(
          [],
        );
    });
  }
});
