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
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../../src/chat.ts';
import { chatPayloadProblems, slackProblems } from '../../../support/pack-kit/inert.ts';
import { KIT_HOSTILE as HOSTILE, type Path, plant, stringLeaves } from '../../../support/pack-kit/plant.ts';
import type { SlackMessageLike } from '../../../support/slack-safety.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from '../../../support/slides.ts';

/** Compositions per case: with a case's leaves, enough to walk the hostile list about twice over. */
const ROUNDS = 12;

type Json = Record<string, unknown>;

const chat = createChatFormats({ runtime: slidesRuntime });
const slack = slidesRuntime.surfaces.slack;
const HOSTS = ['slack', ...CHAT_FORMAT_NAMES] as const;
type SweepHost = (typeof HOSTS)[number];

const validate = (composition: Json) => slidesRuntime.validate(composition);
const place = (base: Json, leaves: readonly Path[], start: number) => plant(base, leaves, HOSTILE, start, validate);

/** What a host's checker finds wrong with its payload: `[]` when the host takes it and nothing pings. */
function problems(host: SweepHost, composition: Json): string[] {
  if (host === 'slack') return slackProblems(slack.render(composition) as unknown as SlackMessageLike);
  return chatPayloadProblems(host, chat[host].build(composition));
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
