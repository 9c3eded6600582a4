import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  authoringSchemaSubset,
  buildAuthoringJsonSchema,
  buildCompositionJsonSchema,
  type JsonSchema,
} from '../../../src/core/model/json-schema.ts';
import { composePacks } from '../../../src/core/model/pack.ts';
import { definePrimitive } from '../../../src/core/model/primitive.ts';
import { fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const definitions = composePacks([fixtureNotesPack]);

function refs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.push(child);
      else refs(child, into);
    }
  }
  return into;
}

function resolvesEveryRef(schema: JsonSchema): void {
  const defs = schema.$defs as Record<string, unknown>;
  for (const ref of refs(schema)) {
    expect(ref.startsWith('#/$defs/'), ref).toBe(true);
    expect(defs[decodeURIComponent(ref.slice('#/$defs/'.length))], ref).toBeDefined();
  }
}

describe('the validator projection', () => {
  const schema = buildCompositionJsonSchema(definitions);

  it('is draft 2020-12 with a strict root, named node defs and a bodyNode union', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema).toMatchObject({
      title: 'View',
      type: 'object',
      required: ['type', 'body'],
      additionalProperties: false,
    });
    const defs = schema.$defs as Record<string, JsonSchema>;
    expect(Object.keys(defs).sort()).toEqual([
      'bodyNode',
      'card',
      'link',
      'note',
      'picture',
      'split',
      'stack',
      'table',
    ]);
    expect(defs.bodyNode).toEqual({
      oneOf: ['note', 'link', 'picture', 'stack', 'card', 'split', 'table'].map((t) => ({ $ref: `#/$defs/${t}` })),
    });
    expect(defs.note).toMatchObject({
      additionalProperties: false,
      required: ['type', 'text'],
      properties: { type: { const: 'note' }, id: { type: 'string' }, surfaces: { type: 'array' } },
    });
    expect((defs.stack!.properties as Record<string, unknown>).items).toMatchObject({
      items: { $ref: '#/$defs/bodyNode' },
    });
    resolvesEveryRef(schema);
  });

  it('takes a title, description and $id', () => {
    expect(
      buildCompositionJsonSchema(definitions, { title: 'Card', description: 'D', $id: 'https://example.com/s' }),
    ).toMatchObject({ title: 'Card', description: 'D', $id: 'https://example.com/s' });
  });
});

describe('the authoring projection', () => {
  const schema = buildAuthoringJsonSchema(definitions, {
    describe: { note: 'One paragraph.' },
    omitProperties: ['note.tone'],
  });
  const defs = schema.$defs as Record<string, JsonSchema>;

  it('hides omitted properties and applies descriptions', () => {
    expect(Object.keys(defs.note!.properties as object)).toEqual(['type', 'text', 'id', 'surfaces']);
    expect(defs.note!.description).toBe('One paragraph.');
  });

  it('keeps the reserved id and surfaces on every node, surfaces as one shared def', () => {
    for (const type of ['note', 'link', 'picture', 'stack', 'card', 'split', 'table']) {
      expect(defs[type], type).toMatchObject({
        additionalProperties: false,
        properties: { id: { type: 'string', minLength: 1 }, surfaces: { $ref: '#/$defs/surfaces' } },
      });
      expect(defs[type]!.required, type).not.toContain('id');
    }
    expect(defs.surfaces).toMatchObject({
      type: 'array',
      minItems: 1,
      items: { enum: ['react', 'snapshot', 'text', 'markdown', 'slack'] },
      description: expect.stringContaining('omit it to draw the node everywhere'),
    });
  });

  it('keeps the URL rule in the field description, since refinements do not survive', () => {
    expect((defs.link!.properties as Record<string, JsonSchema>).href!.description).toBe(
      'An https, http, or mailto URL, or a relative path.',
    );
  });

  it('keeps the safe-integer bounds validation enforces', () => {
    const counter = definePrimitive({
      type: 'counter',
      schema: z.object({ type: z.literal('counter'), n: z.number().int() }),
      catalog: { purpose: 'A count.', useWhen: [], avoidWhen: [] },
      examples: [{ type: 'counter', n: 1 }],
      renderers: { html: () => '', text: () => '', markdown: () => '' },
    });
    const counterDefs = buildAuthoringJsonSchema([counter]).$defs as Record<string, JsonSchema>;
    expect((counterDefs.counter!.properties as Record<string, unknown>).n).toEqual({
      type: 'integer',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it('leaves no unresolved or unused defs', () => {
    resolvesEveryRef(schema);
    const used = new Set(refs(schema).map((r) => r.slice('#/$defs/'.length)));
    for (const id of Object.keys(defs)) expect(used.has(id) || id === 'bodyNode', id).toBe(true);
  });
});

describe('authoringSchemaSubset', () => {
  const schema = buildAuthoringJsonSchema(definitions);

  it('keeps only what the types reach, with a bodyNode stub instead of the union', () => {
    const subset = authoringSchemaSubset(schema, ['split']);
    expect(Object.keys(subset.$defs).sort()).toEqual(['bodyNode', 'split', 'surfaces']);
    expect(Object.keys(subset.$defs.bodyNode!)).toEqual(['description']);
    resolvesEveryRef(subset);
  });
});
