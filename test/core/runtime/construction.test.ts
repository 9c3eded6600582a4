import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime, defineView, definePrimitive, definePrimitivePack } from '../../../src/index.ts';
import { fixtureNotesFrame, fixtureNote, fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

function codeOf(fn: () => unknown): { name: string; code: string; message: string } {
  try {
    fn();
  } catch (error) {
    return error as { name: string; code: string; message: string };
  }
  throw new Error('expected a throw');
}

describe('createIsomerRuntime refuses bad configuration at construction', () => {
  it('needs a pack', () => {
    expect(codeOf(() => createIsomerRuntime({ packs: [] }))).toMatchObject({
      name: 'IsomerError',
      code: 'EMPTY_PACKS',
    });
  });

  it('reports every primitive type two packs share', () => {
    const other = definePrimitivePack({ id: 'other', primitives: [fixtureNote] });
    const error = codeOf(() => createIsomerRuntime({ packs: [fixtureNotesPack, other] }));
    expect(error).toMatchObject({ code: 'DUPLICATE_PRIMITIVE_TYPE' });
    expect(error.message).toContain('"note" (packs "notes" and "other")');
  });

  it('checks frames and the default frame', () => {
    expect(codeOf(() => createIsomerRuntime({ packs: [fixtureNotesPack], frames: {} })).code).toBe('EMPTY_FRAMES');
    expect(
      codeOf(() =>
        createIsomerRuntime({ packs: [fixtureNotesPack], frames: { a: fixtureNotesFrame, b: fixtureNotesFrame } }),
      ).code,
    ).toBe('AMBIGUOUS_FRAME');
    expect(
      codeOf(() =>
        createIsomerRuntime({ packs: [fixtureNotesPack], frames: { a: fixtureNotesFrame }, defaultFrame: 'b' }),
      ).code,
    ).toBe('UNKNOWN_FRAME');
    expect(codeOf(() => createIsomerRuntime({ packs: [fixtureNotesPack], defaultFrame: 'a' })).code).toBe(
      'UNKNOWN_FRAME',
    );
    expect(
      createIsomerRuntime({
        packs: [fixtureNotesPack],
        frames: { a: fixtureNotesFrame, b: fixtureNotesFrame },
        defaultFrame: 'b',
      }).surfaces.snapshot,
    ).toBeDefined();
    expect(createIsomerRuntime({ packs: [fixtureNotesPack] }).surfaces.snapshot).toBeUndefined();
  });

  it('checks renderer overrides', () => {
    expect(
      codeOf(() => createIsomerRuntime({ packs: [fixtureNotesPack], rendererOverrides: { nope: { text: () => '' } } }))
        .code,
    ).toBe('UNKNOWN_PRIMITIVE_TYPE');
    expect(
      codeOf(() =>
        createIsomerRuntime({ packs: [fixtureNotesPack], rendererOverrides: { note: { react: () => '' } as never } }),
      ).code,
    ).toBe('UNKNOWN_SURFACE');
    const runtime = createIsomerRuntime({
      packs: [fixtureNotesPack],
      rendererOverrides: { note: { text: (node: { text: string }) => `>> ${node.text}` } },
    });
    expect(runtime.surfaces.text.render({ type: 'view', body: [{ type: 'note', text: 'hi' }] })).toBe('>> hi');
  });

  it('refuses duplicate views', () => {
    const view = defineView({
      id: 'v',
      title: 'V',
      answers: [],
      build: () => ({ type: 'view', body: [{ type: 'note', text: 'x' }] }),
    });
    expect(codeOf(() => createIsomerRuntime({ packs: [fixtureNotesPack], views: [view, view] })).code).toBe(
      'DUPLICATE_VIEW',
    );
  });
});

describe('packs and primitives', () => {
  it('refuse a primitive declaring a reserved field', () => {
    const error = codeOf(() =>
      definePrimitive({
        type: 'bad',
        schema: z.object({ type: z.literal('bad'), id: z.string() }),
        catalog: { purpose: 'x', useWhen: [], avoidWhen: [], example: {} },
        examples: [],
        renderers: { html: () => '', text: () => '', markdown: () => '' },
      }),
    );
    expect(error).toMatchObject({ code: 'RESERVED_NODE_FIELD' });
  });

  it('refuse empty packs, duplicate types, and bad groups', () => {
    expect(codeOf(() => definePrimitivePack({ id: 'p', primitives: [] })).code).toBe('EMPTY_PACK');
    expect(codeOf(() => definePrimitivePack({ id: 'p', primitives: [fixtureNote, fixtureNote] })).code).toBe(
      'DUPLICATE_PRIMITIVE_TYPE',
    );
    expect(
      codeOf(() =>
        definePrimitivePack({
          id: 'p',
          primitives: [fixtureNote],
          authoring: { groups: [{ title: 'A', types: ['nope'] }] },
        }),
      ).code,
    ).toBe('UNKNOWN_PRIMITIVE_TYPE');
    expect(
      codeOf(() =>
        definePrimitivePack({
          id: 'p',
          primitives: [fixtureNote],
          authoring: {
            groups: [
              { title: 'A', types: ['note'] },
              { title: 'B', types: ['note'] },
            ],
          },
        }),
      ).code,
    ).toBe('DUPLICATE_PRIMITIVE_TYPE');
    expect(
      codeOf(() => definePrimitivePack({ id: 'p', primitives: [fixtureNote], slackAssetTypes: ['nope'] })).code,
    ).toBe('UNKNOWN_PRIMITIVE_TYPE');
  });
});

describe('getCapabilities', () => {
  it('reports primitives, surfaces, host formats and native or fallback Slack support', () => {
    const runtime = createIsomerRuntime({
      packs: [fixtureNotesPack],
      frames: { card: fixtureNotesFrame },
      formats: ['png', 'pdf'],
    });
    const capabilities = runtime.getCapabilities();
    expect(capabilities.primitives).toEqual(['note', 'link', 'picture', 'stack', 'card', 'split', 'table']);
    expect(capabilities.surfaces).toEqual(['text', 'markdown', 'html', 'slack', 'snapshot']);
    expect(capabilities.formats).toEqual(['text', 'markdown', 'html', 'slack', 'png', 'pdf']);
    expect(capabilities.support.note!.slack).toBe('native');
    expect(capabilities.support.link!.slack).toBe('fallback');
  });
});

describe('definePrimitive', () => {
  it('keeps the primitive’s own cross-field refinements on the node', () => {
    const pair = definePrimitive({
      type: 'pair',
      schema: z.object({ type: z.literal('pair'), low: z.number(), high: z.number() }).superRefine((node, ctx) => {
        if (node.low > node.high) ctx.addIssue({ code: 'custom', path: ['low'], message: 'must not exceed high' });
      }),
      catalog: { purpose: 'Two numbers.', useWhen: [], avoidWhen: [], example: { type: 'pair', low: 1, high: 2 } },
      examples: [{ type: 'pair', low: 1, high: 2 }],
      renderers: { html: () => '', text: () => '', markdown: () => '' },
    });
    const runtime = createIsomerRuntime({ packs: [definePrimitivePack({ id: 'p', primitives: [pair] })] });
    expect(runtime.validate({ type: 'view', body: [{ type: 'pair', low: 3, high: 2 }] }).errors).toEqual([
      { path: 'body[0].low', message: 'must not exceed high', nodeType: 'pair' },
    ]);
    expect(
      runtime.validate({ type: 'view', body: [{ type: 'pair', low: 1, high: 2, extra: 1 }] }).errors[0]!.message,
    ).toContain('has unrecognized key(s): extra');
  });
});

describe('a catalog entry without an example', () => {
  it('takes the first of the primitive’s examples', () => {
    const bare = definePrimitive({
      type: 'bare',
      schema: z.object({ type: z.literal('bare'), text: z.string() }),
      catalog: { purpose: 'Text.', useWhen: [], avoidWhen: [] },
      examples: [
        { name: 'first', node: { type: 'bare', text: 'one' } },
        { type: 'bare', text: 'two' },
      ],
      renderers: { html: () => '', text: () => '', markdown: () => '' },
    });
    expect(bare.catalog.example).toEqual({ type: 'bare', text: 'one' });
  });
});
