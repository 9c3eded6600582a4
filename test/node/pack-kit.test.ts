/**
 * The kit's schema agreement (Node: Ajv) for the second pack, and on a pack whose schema hides a
 * rule: a refinement no JSON Schema keyword states is a disagreement until the pack lists it.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { definePrimitive, definePrimitivePack, md, html, requiredString } from '../../src/index.ts';
import { describePackSchemaAgreement, schemaAgreement } from '../support/pack-kit/node.ts';
import { fixtureNotesKitPack } from '../support/packs/fixture-notes-kit.ts';

describePackSchemaAgreement({ pack: fixtureNotesKitPack });

/** A range whose ends must be in order: a rule across fields, which the JSON Schema cannot state. */
const range = definePrimitive({
  type: 'range',
  schema: z
    .object({
      type: z.literal('range'),
      from: z.number().int().min(0).max(100),
      to: z.number().int().min(0).max(100),
      label: requiredString().max(40),
    })
    .refine((node) => node.from <= node.to, { message: 'must not end before it starts', path: ['to'] }),
  catalog: {
    name: 'Range',
    purpose: 'A span between two numbers.',
    useWhen: ['Tests.'],
    avoidWhen: ['Anything real.'],
  },
  examples: [
    { type: 'range', from: 3, to: 7, label: 'Three to seven' },
    { type: 'range', from: 0, to: 0, label: 'Nothing' },
  ],
  renderers: {
    html: (node) => html`<p>${node.label}</p>`,
    text: (node) => node.label,
    markdown: (node) => md.content(md.paragraph(node.label)),
  },
});
const ranges = { pack: definePrimitivePack({ id: 'ranges', primitives: [range] }) };

describe('schema agreement on a pack with an unlisted refinement', () => {
  it('finds the compositions the schema accepts and validate refuses', () => {
    const { disagreements } = schemaAgreement(ranges, { cases: 400 }).compare();
    expect(disagreements.length).toBeGreaterThan(0);
    expect(disagreements[0]).toMatchObject({
      schema: true,
      runtime: false,
      errors: [expect.stringMatching(/^body\[0\]\.to \(range\) must not end before it starts$/)],
    });
  });

  it('agrees once the pack lists it, and counts what the listing explains', () => {
    const listed = schemaAgreement(ranges, {
      cases: 400,
      refinements: [{ type: 'range', rule: 'from before to', message: /^must not end before it starts$/ }],
    }).compare();
    expect(listed.disagreements).toEqual([]);
    expect(listed.refined).toBeGreaterThan(0);
  });

  it('names a listed refinement of a type the pack does not define', () => {
    const agreement = schemaAgreement(ranges, {
      cases: 0,
      refinements: [{ type: 'slideRange', rule: 'from before to', message: /x/ }],
    });
    expect(agreement.unknownRefinements()).toEqual(['slideRange: from before to']);
  });
});
