import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { definePrimitive, definePrimitivePack, IsomerError } from '../../../src/index.ts';

const renderers = { html: () => '', text: () => '', markdown: () => '' };
const catalog = { purpose: 'One short note.', useWhen: ['A note.'], avoidWhen: ['Several: use a list.'] };

/** A definition whose schema is given as is, past the type-level check, to reach the runtime one. */
function defineLoosely(type: string, schema: z.ZodObject) {
  return definePrimitive({ type, schema, catalog, examples: [], renderers } as Parameters<typeof definePrimitive>[0]);
}

function refusal(define: () => unknown): IsomerError {
  try {
    define();
  } catch (error) {
    if (error instanceof IsomerError) return error;
    throw error;
  }
  throw new Error('expected definePrimitive to throw');
}

describe('definePrimitive', () => {
  it('accepts a schema whose type literal is the definition’s type, for a leaf and a container', () => {
    const note = definePrimitive({
      type: 'note',
      schema: z.object({ type: z.literal('note'), text: z.string() }),
      catalog,
      examples: [{ type: 'note', text: 'Deploys are green.' }],
      renderers,
    });
    expect(note.type).toBe('note');
    const box = definePrimitive({
      type: 'box',
      schema: (bodyNode) => z.object({ type: z.literal('box').describe('A box.'), items: z.array(bodyNode) }),
      children: ['items'],
      catalog,
      examples: [{ type: 'box', items: [] }],
      renderers,
    });
    expect(box.fields).toEqual(['items']);
  });

  it('refuses a schema whose type literal names another type, naming both', () => {
    const error = refusal(() =>
      definePrimitive({
        // @ts-expect-error the type-level check: `note` is not the schema's `notice`
        type: 'note',
        schema: z.object({ type: z.literal('notice'), text: z.string() }),
        catalog,
        examples: [],
        renderers,
      }),
    );
    expect(error.code).toBe('TYPE_LITERAL_MISMATCH');
    expect(error.message).toBe('Primitive "note" has a schema with type "notice"; declare type: z.literal("note").');
  });

  it('refuses the mismatch in a container’s schema too', () => {
    const error = refusal(() =>
      definePrimitive({
        // @ts-expect-error the type-level check reaches through a container's schema function
        type: 'box',
        schema: (bodyNode) => z.object({ type: z.literal('boxes'), items: z.array(bodyNode) }),
        children: ['items'],
        catalog,
        examples: [],
        renderers,
      }),
    );
    expect(error.message).toBe('Primitive "box" has a schema with type "boxes"; declare type: z.literal("box").');
  });

  // A strict schema without `type` refuses every node's `type` key, so no node could ever validate.
  it('refuses a schema with no type field', () => {
    expect(refusal(() => defineLoosely('note', z.object({ text: z.string() }))).message).toBe(
      'Primitive "note" has a schema with no type field; declare type: z.literal("note").',
    );
  });

  it('refuses a type field that is not one literal: a plain string, an optional literal, a literal of two', () => {
    expect(refusal(() => defineLoosely('note', z.object({ type: z.string() }))).message).toBe(
      'Primitive "note" has a schema with a type field that is not a literal; declare type: z.literal("note").',
    );
    expect(refusal(() => defineLoosely('note', z.object({ type: z.literal('note').optional() }))).code).toBe(
      'TYPE_LITERAL_MISMATCH',
    );
    expect(refusal(() => defineLoosely('note', z.object({ type: z.literal(['note', 'notice']) }))).message).toBe(
      'Primitive "note" has a schema with type "note" | "notice"; declare type: z.literal("note").',
    );
  });
});

describe('definePrimitivePack groupOrder', () => {
  const noteIn = (type: string, group?: string) =>
    definePrimitive({
      type,
      schema: z.object({ type: z.literal(type) }),
      catalog: { ...catalog, ...(group ? { group } : {}) },
      examples: [],
      renderers,
    });

  it('derives the index from each primitive’s catalog.group, in title order then pack order', () => {
    const pack = definePrimitivePack({
      id: 'notes',
      primitives: [noteIn('b', 'Second'), noteIn('a', 'First'), noteIn('c', 'Second'), noteIn('d')],
      authoring: { groupOrder: ['First', 'Empty', 'Second'] },
    });
    expect(pack.authoring.groups).toEqual([
      { title: 'First', types: ['a'] },
      { title: 'Second', types: ['b', 'c'] },
    ]);
  });

  it('refuses a group that is not among the titles, and both groups and groupOrder', () => {
    const error = refusal(() =>
      definePrimitivePack({ id: 'notes', primitives: [noteIn('a', 'Frist')], authoring: { groupOrder: ['First'] } }),
    );
    expect(error.code).toBe('UNKNOWN_PRIMITIVE_GROUP');
    expect(error.message).toBe('Pack "notes": primitive "a" names group "Frist", not one of "First".');
    expect(
      refusal(() =>
        definePrimitivePack({
          id: 'notes',
          primitives: [noteIn('a', 'First')],
          authoring: { groupOrder: ['First'], groups: [{ title: 'First', types: ['a'] }] },
        }),
      ).code,
    ).toBe('UNKNOWN_PRIMITIVE_GROUP');
  });
});
