/**
 * The pack conformance kit (workerd): one call registers the suites every served pack must pass.
 *
 * ```ts
 * describePackConformance({ pack: notesKitPack }); // drawn in the frame the pack carries
 * ```
 *
 * (a) the catalog, (b) every example on every format the Worker configuration serves, (c) hostile
 * strings in every string field of every example through every text format, (e) with a frame that
 * declares `layout` geometry, no layout finding on any example. (d), schema agreement, needs Ajv
 * and runs in the Node project: `describePackSchemaAgreement` from `./node.ts`.
 * Each check is also a plain function returning problems, so a test can run it on a broken pack.
 */
import { describe, expect, it } from 'vitest';
import { catalogProblems } from './catalog.ts';
import { formatProblems, hostilePlan, hostileProblems, kitFormats, layoutProblems, surfaceProblems } from './served.ts';
import { KIT_HOSTILE } from './plant.ts';
import { kitCases, kitFrame, type PackKitSubject } from './subject.ts';

export { catalogProblems } from './catalog.ts';
export { formatProblems, hostilePlan, hostileProblems, kitFormats, layoutProblems, surfaceProblems } from './served.ts';
export type { PackKitSubject } from './subject.ts';

/** The first problems in full and how many there are: a broken pack fails with a readable list. */
function expectNone(problems: readonly string[]): void {
  expect({ count: problems.length, first: problems.slice(0, 12) }).toEqual({ count: 0, first: [] });
}

/** Generous: image formats draw every example, and the machine running the suite may be shared. */
const SLOW = { timeout: 300_000 };

export function describePackConformance(subject: PackKitSubject): void {
  const { id } = subject.pack;
  const cases = kitCases(subject);
  const formats = kitFormats(subject);

  describe(`pack "${id}": conformance kit`, () => {
    it(`catalog: ${subject.pack.primitives.length} primitives complete, ${cases.length} examples valid in the frame`, () => {
      expectNone(catalogProblems(subject));
    });

    describe(`${cases.length} examples on each of the ${formats.all.length} served formats`, () => {
      for (const format of formats.all)
        it(
          `${format}: no throw, not empty${formats.text.includes(format) ? ', inert as written' : ''}`,
          SLOW,
          async () => {
            expectNone(await formatProblems(subject, format));
          },
        );
      it('the surfaces under them: HTML clean, snapshot at the frame’s canvas', () => {
        expectNone(surfaceProblems(subject));
      });
    });

    const plan = hostilePlan(subject);
    describe(
      `${KIT_HOSTILE.length} hostile strings in ${plan.fields} string fields of ${cases.length} examples ` +
        `(${plan.rounds} round${plan.rounds === 1 ? '' : 's'}, ${plan.placements.length} compositions, ` +
        `${plan.kept} strings kept by the schema)`,
      () => {
        it('plants every hostile string, and some field keeps some', () => {
          expect(plan.planted).toBe(KIT_HOSTILE.length);
          expect(plan.kept).toBeGreaterThan(0);
          // A placement the schema still refuses once its strings are given back (a rule across fields) is dropped.
          expect(plan.placements.length).toBeGreaterThan(cases.length * plan.rounds * 0.9);
        });
        for (const format of formats.text)
          it(`${format}: inert (nothing runs, links where the policy refuses, or pings)`, SLOW, async () => {
            expectNone(await hostileProblems(subject, format, plan));
          });
      },
    );

    if (kitFrame(subject)?.layout)
      it(`layout: ${cases.length} examples in the frame, no finding`, SLOW, () => {
        expectNone(layoutProblems(subject));
      });
  });
}
