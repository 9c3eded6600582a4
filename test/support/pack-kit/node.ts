/**
 * The pack conformance kit's Node part: (d) schema agreement, which runs Ajv. One call from a test
 * under `test/node/` registers it, beside `describePackConformance` in workerd.
 *
 * ```ts
 * describePackSchemaAgreement({ pack: notesKitPack });
 * ```
 */
import { describe, expect, it } from 'vitest';
import { type SchemaAgreementOptions, schemaAgreement } from './schema-agreement.ts';
import type { PackKitSubject } from './subject.ts';

export { type Refinement, schemaAgreement } from './schema-agreement.ts';

/** Generous: the machine running the suite may be shared. */
const HEAVY = { timeout: 180_000 };

export function describePackSchemaAgreement(
  subject: PackKitSubject,
  options: SchemaAgreementOptions & {
    /** Compositions a listed refinement must explain at least, so the list is reached (default 1 when it has entries). */
    minRefined?: number;
  } = {},
): void {
  const agreement = schemaAgreement(subject, options);
  const { cases } = agreement;
  const refinements = options.refinements?.length ?? 0;
  const minRefined = options.minRefined ?? (refinements > 0 ? 1 : 0);

  describe(`pack "${subject.pack.id}": the published composition schema agrees with validate`, () => {
    it(
      `on ${cases.length} compositions from every example, as written and mutated (${refinements} refinements listed)`,
      HEAVY,
      () => {
        const { disagreements, valid, refined } = agreement.compare();
        expect(disagreements.slice(0, 20)).toEqual([]);
        // Both sides of the line are exercised, and the listed rules are reached.
        expect(valid).toBeGreaterThan(cases.length / 5);
        expect(cases.length - valid).toBeGreaterThan(cases.length / 5);
        expect(refined).toBeGreaterThanOrEqual(minRefined);
      },
    );

    it('lists refinements only for the pack’s primitives', () => {
      expect(agreement.unknownRefinements()).toEqual([]);
    });

    it('accepts every example, and id and surfaces on any node', () => {
      expect(agreement.exampleProblems()).toEqual([]);
    });

    it(
      'prints the published defs in each describe answer, which never refuses a node validate accepts',
      HEAVY,
      async () => {
        expect((await agreement.describeProblems()).slice(0, 20)).toEqual([]);
      },
    );
  });
}
