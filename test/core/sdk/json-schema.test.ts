import { describe, expect, it } from 'vitest';
import {
  authoringSchemaSubset,
  buildAuthoringJsonSchema,
  buildCompositionJsonSchema,
  type JsonSchema,
} from '../../../src/core/sdk/json-schema.ts';
import { composePacks } from '../../../src/core/sdk/pack.ts';
import { notesPack } from '../../support/notes-pack.ts';

const definitions = composePacks([notesPack]);

function refs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, into));
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

  it('hides the reserved fields and omitted properties, and applies descriptions', () => {
    expect(Object.keys(defs.note!.properties as object)).toEqual(['type', 'text']);
    expect(defs.note!.description).toBe('One paragraph.');
    expect(JSON.stringify(schema)).not.toContain('"surfaces"');
  });

  it('keeps the URL rule in the field description, since refinements do not survive', () => {
    expect((defs.link!.properties as Record<string, JsonSchema>).href!.description).toBe(
      'An https, http, or mailto URL, or a relative path.',
    );
  });

  it('drops meaningless integer bounds and leaves no unresolved or unused defs', () => {
    expect(JSON.stringify(schema)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    resolvesEveryRef(schema);
    const used = new Set(refs(schema).map((r) => r.slice('#/$defs/'.length)));
    for (const id of Object.keys(defs)) expect(used.has(id) || id === 'bodyNode', id).toBe(true);
  });
});

describe('authoringSchemaSubset', () => {
  const schema = buildAuthoringJsonSchema(definitions);

  it('keeps only what the types reach, with a bodyNode stub instead of the union', () => {
    const subset = authoringSchemaSubset(schema, ['split']);
    expect(Object.keys(subset.$defs).sort()).toEqual(['bodyNode', 'split']);
    expect(Object.keys(subset.$defs.bodyNode!)).toEqual(['description']);
    resolvesEveryRef(subset);
  });
});
