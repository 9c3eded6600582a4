/**
 * The chat sweep's cases (see test/core/hosts/sweep.test.ts): hostile strings placed in every
 * string field of every catalog example and project fixture, validated once for every host, and
 * a host's payloads read by its kit. A host added the documented way runs the same sweep.
 */
import type { HostKit } from '../../src/core/hosts/kit.ts';
import { isAbsoluteNavigationHref, sanitizeNavigationHref } from '../../src/core/model/url.ts';
import { CHAT_HOSTILE_STRINGS } from './chat-hostile.ts';
import { HOSTILE_PAYLOADS } from './hostile-payloads.ts';
import { HOSTILE_STRINGS } from './random.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from './slides.ts';

/** True when a link may be opened: the policy accepts it and it is absolute. */
export function allowedLink(url: string): boolean {
  const safe = sanitizeNavigationHref(url);
  return safe !== null && isAbsoluteNavigationHref(safe);
}

export const HOSTILE = [...new Set([...HOSTILE_PAYLOADS, ...HOSTILE_STRINGS, ...CHAT_HOSTILE_STRINGS])];
/** Compositions per case: with a case's leaves, enough to walk the hostile list about twice over. */
export const ROUNDS = 12;

type Path = (string | number)[];
type Json = Record<string, unknown>;

const pathText = (path: Path): string =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
}

function setAt(value: unknown, path: Path, text: string): void {
  (getAt(value, path.slice(0, -1)) as Record<string | number, unknown>)[path.at(-1)!] = text;
}

/** Every string leaf of a composition but `type`, in document order. */
function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return path.at(-1) === 'type' ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

const covers = (errorPath: string, leaf: string): boolean =>
  errorPath === '' || leaf === errorPath || leaf.startsWith(`${errorPath}.`) || leaf.startsWith(`${errorPath}[`);

/** The case with hostile strings from `start` on in its leaves, refused ones given back; `kept`: the strings left in. */
function place(base: Json, leaves: readonly Path[], start: number): { composition: Json; kept: number[] } | undefined {
  const composition = structuredClone(base);
  leaves.forEach((leaf, j) => {
    setAt(composition, leaf, HOSTILE[(start + j) % HOSTILE.length]!);
  });
  const restored = new Set<number>();
  for (let round = 0; round < 6; round++) {
    const result = slidesRuntime.validate(composition);
    if (result.valid)
      return {
        composition,
        kept: leaves.flatMap((_, j) => (restored.has(j) ? [] : [(start + j) % HOSTILE.length])),
      };
    const paths = result.errors.map((error) => error.path);
    let changed = false;
    leaves.forEach((leaf, j) => {
      if (restored.has(j) || !paths.some((path) => covers(path, pathText(leaf)))) return;
      setAt(composition, leaf, getAt(base, leaf) as string);
      restored.add(j);
      changed = true;
    });
    if (!changed) return undefined;
  }
  return undefined;
}

/** What a host's kit finds wrong with its payload: `[]` when the host takes it and nothing pings. */
export function sweepProblems(kit: HostKit, payload: unknown): string[] {
  return [
    ...kit.problems(payload),
    ...kit.liveMentions(payload),
    ...kit
      .linkTargets(payload)
      .filter((link) => !allowedLink(link))
      .map((link) => `link ${link}`),
  ];
}

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

/** Every placement drawn by `render` and read by `kit`. */
export function sweep(kit: HostKit, render: (composition: Json) => unknown): Tally {
  const tally: Tally = { compositions: 0, payloads: 0, problems: [] };
  for (const { name, composition, kept } of placements) {
    tally.compositions++;
    tally.payloads += kept.length;
    for (const problem of sweepProblems(kit, render(composition))) tally.problems.push(`${name}: ${problem}`);
  }
  return tally;
}
