/**
 * The chat sweep: hostile text in the string fields of every catalog example and project fixture,
 * rendered on every chat host of the registry and read by each host's checks: valid Unicode, every
 * published limit as that host counts it, no live mention, only links the URL policy allows.
 *
 * Placement: every string leaf of a case (the view's title and subtitle included, `type` aside)
 * takes one hostile string, the next leaf the next string, and each of a case's compositions moves
 * on by as many strings as it has leaves, continuing where the previous case stopped; so the
 * sweep walks the hostile list round and round, each string landing in a different field each
 * time. A leaf the schema refuses gets the case's value back (the composition is valid, which is
 * what a host is sent) and does not count as checked.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';
import { cases, HOSTILE, placements, ROUNDS, sweep } from '../../support/chat-sweep.ts';

const hosts = await allUnderTest(BUILT_IN_HOSTS);

describe('hostile strings in every field of every example and fixture, on every chat host', () => {
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

  for (const host of hosts) {
    // A few seconds a host alone; the machine may be shared, so the limit is generous.
    it(`${host.name}: valid Unicode, within every limit, nothing live, only allowed links`, {
      timeout: 120_000,
    }, async () => {
      const tally = sweep(host.checks, (composition) => host.build(composition));
      console.log(
        `chat sweep ${host.name}: ${tally.compositions} compositions, ${tally.payloads} hostile strings checked, ` +
          `${tally.problems.length} problems`,
      );
      expect(tally.problems.slice(0, 10)).toEqual([]);
      expect(tally.compositions).toBeGreaterThan(cases.length * ROUNDS * 0.9);
    });
  }
});
