/**
 * The chat sweep's cases (see test/core/chat-hosts/sweep.test.ts): hostile strings placed in every
 * string field of every catalog example and project fixture, validated once for every host, and
 * a host's payloads read by its checks. A host added the documented way runs the same sweep.
 */
import type { HostChecks } from '../../src/core/chat-hosts/checks.ts';
import { hostPayloadProblems } from './pack-kit/inert.ts';
import { KIT_HOSTILE, type Path, plant, stringLeaves } from './pack-kit/plant.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from './slides.ts';

export { allowedLink } from './pack-kit/inert.ts';

export const HOSTILE = KIT_HOSTILE;
/** Compositions per case: with a case's leaves, enough to walk the hostile list about twice over. */
export const ROUNDS = 12;

type Json = Record<string, unknown>;

const validate = (composition: Json) => slidesRuntime.validate(composition);
const place = (base: Json, leaves: readonly Path[], start: number) => plant(base, leaves, HOSTILE, start, validate);

export const cases = [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
].map(({ name, composition }) => {
  // The heading is a field of every case: hosts draw it on their own, outside the body.
  const base = { ...composition, title: composition.title ?? 'Title', subtitle: composition.subtitle ?? 'Subtitle' };
  return { name, base: base as Json, leaves: stringLeaves(base) };
});

/** Every case's compositions, placed and validated once for all hosts. */
export const placements = (() => {
  let start = 0;
  return cases.flatMap(({ name, base, leaves }) =>
    Array.from({ length: ROUNDS }, (_, round) => {
      const placed = place(base, leaves, start);
      start += leaves.length;
      return placed ? [{ name: `${name} round ${round}`, ...placed }] : [];
    }).flat(),
  );
})();

export interface Tally {
  compositions: number;
  payloads: number;
  problems: string[];
}

/** Every placement drawn by `render` and read by `hostChecks`. */
export function sweep(hostChecks: HostChecks, render: (composition: Json) => unknown): Tally {
  const tally: Tally = { compositions: 0, payloads: 0, problems: [] };
  for (const { name, composition, kept } of placements) {
    tally.compositions++;
    tally.payloads += kept.length;
    for (const problem of hostPayloadProblems(hostChecks, render(composition)))
      tally.problems.push(`${name}: ${problem}`);
  }
  return tally;
}
