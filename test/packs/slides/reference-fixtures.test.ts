/// <reference types="vite/client" />
/**
 * The reference conformance pass: the upstream pack's example data, read from `../shared` beside
 * this clone (never copied here), must validate and render on every surface. vitest.config.ts
 * leaves this file out when `../shared/fixtures/compositions` is missing, and says so.
 */
import { describe, expect, it } from 'vitest';
import { fixtureComposition, namedFixtures, rendersEverywhere } from '../../support/slides.ts';

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
    it(`${fixture.name} validates and renders on every surface`, () =>
      rendersEverywhere(fixtureComposition(fixture.value)));
  }
});
