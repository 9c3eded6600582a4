/**
 * The chat sweep: hostile text in the string fields of every catalog example and project fixture,
 * rendered on all five chat hosts (Slack, Teams, Discord, Google Chat, Telegram) and read by each
 * host's checker: valid Unicode, every published limit as that host counts it, no live mention,
 * only links the URL policy allows.
 *
 * Placement: every string leaf of a case (the view's title and subtitle included, `type` aside)
 * takes one hostile string, the next leaf the next string, and each of a case's compositions moves
 * on by as many strings as it has leaves, continuing where the previous case stopped; so the
 * sweep walks the hostile list round and round, each string landing in a different field each
 * time. A leaf the schema refuses gets the case's value back (the composition is valid, which is
 * what a host is sent) and does not count as checked.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../src/chat.ts';
import { CHAT_HOSTILE_STRINGS } from '../../support/chat-hostile.ts';
import { HOSTILE_PAYLOADS } from '../../support/hostile-payloads.ts';
import { HOSTILE_STRINGS } from '../../support/random.ts';
import {
  hasLoneSurrogate,
  limitViolations,
  linkViolations,
  type SlackMessageLike,
  someString,
  unescapedSlackSyntax,
} from '../../support/slack-safety.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from '../../support/slides.ts';
import { allowedLink, limitProblems, liveMentions, outputLinks } from './support.ts';

const HOSTILE = [...new Set([...HOSTILE_PAYLOADS, ...HOSTILE_STRINGS, ...CHAT_HOSTILE_STRINGS])];
/** Compositions per case: with a case's leaves, enough to walk the hostile list about twice over. */
const ROUNDS = 12;

type Path = (string | number)[];
type Json = Record<string, unknown>;

const chat = createChatFormats({ runtime: slidesRuntime });
const slack = slidesRuntime.surfaces.slack;
const HOSTS = ['slack', ...CHAT_FORMAT_NAMES] as const;
type SweepHost = (typeof HOSTS)[number];

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

/** What a host's checker finds wrong with its payload: `[]` when the host takes it and nothing pings. */
function problems(host: SweepHost, composition: Json): string[] {
  if (host === 'slack') {
    const message = slack.render(composition) as unknown as SlackMessageLike;
    return [
      ...limitViolations(message),
      ...linkViolations(message),
      // Links are linkViolations' to judge; a mention or broadcast is never allowed.
      ...unescapedSlackSyntax(message)
        .filter((text) => /<[!@#]/.test(text))
        .map((text) => `live mention: ${text.slice(0, 80)}`),
      ...(/"type":"(?:user|channel|usergroup|broadcast)"/.test(JSON.stringify(message.blocks))
        ? ['live mention element']
        : []),
      ...(someString(message, hasLoneSurrogate) ? ['lone surrogate'] : []),
    ];
  }
  const payload = chat[host].build(composition);
  return [
    ...limitProblems(host, payload),
    ...liveMentions(host, payload),
    ...outputLinks(host, payload)
      .filter((link) => !allowedLink(link))
      .map((link) => `link ${link}`),
  ];
}

const cases = [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
].map(({ name, composition }) => {
  // The heading is a field of every case: hosts draw it on their own, outside the body.
  const base = { ...composition, title: composition.title ?? 'Title', subtitle: composition.subtitle ?? 'Subtitle' };
  return { name, base: base as Json, leaves: stringLeaves(base) };
});

/** Every case's compositions, placed and validated once for all hosts. */
const placements = (() => {
  let start = 0;
  return cases.flatMap(({ name, base, leaves }) =>
    Array.from({ length: ROUNDS }, (_, round) => {
      const placed = place(base, leaves, start);
      start += leaves.length;
      return placed ? [{ name: `${name} round ${round}`, ...placed }] : [];
    }).flat(),
  );
})();

interface Tally {
  compositions: number;
  payloads: number;
  problems: string[];
}

describe('hostile strings in every field of every example and fixture, on all five chat hosts', () => {
  it('has the cases it claims, and every hostile string reaches some host in some field', () => {
    expect(cases.length).toBeGreaterThan(150);
    expect(HOSTILE.length).toBeGreaterThan(300);
    const reached = new Set(placements.flatMap((placement) => placement.kept));
    const fields = cases.reduce((sum, entry) => sum + entry.leaves.length, 0);
    console.log(
      `chat sweep: ${cases.length} cases, ${fields} string fields, ${HOSTILE.length} hostile strings, ` +
        `${reached.size} of them kept by the schema somewhere`,
    );
    expect(HOSTILE.filter((_, index) => !reached.has(index))).toEqual([]);
  });

  for (const host of HOSTS) {
    // A few seconds a host alone; the machine may be shared, so the limit is generous.
    it(`${host}: valid Unicode, within every limit, nothing live, only allowed links`, { timeout: 120_000 }, () => {
      const tally: Tally = { compositions: 0, payloads: 0, problems: [] };
      for (const { name, composition, kept } of placements) {
        tally.compositions++;
        tally.payloads += kept.length;
        for (const problem of problems(host, composition)) tally.problems.push(`${name}: ${problem}`);
      }
      console.log(
        `chat sweep ${host}: ${tally.compositions} compositions, ${tally.payloads} hostile strings checked, ` +
          `${tally.problems.length} problems`,
      );
      expect(tally.problems.slice(0, 10)).toEqual([]);
      expect(tally.compositions).toBeGreaterThan(cases.length * ROUNDS * 0.9);
    });
  }
});
