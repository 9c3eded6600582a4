import * as z from 'zod';
import {
  createIsomerRuntime,
  defineView,
  type Composition,
  type IsomerTool,
  type IsomerToolResult,
} from '../../src/index.ts';
import { fixtureNotesPack } from './packs/fixture-notes.ts';

/** A body rule like the slides deck frame's: exactly one top-level node. */
export const oneNodeFrame = {
  validateBody: (body: readonly unknown[]) =>
    body.length === 1 ? [] : [`render one node per composition: exactly one node, got ${body.length} nodes`],
};

export const seen: { contexts: unknown[]; inputs: unknown[] } = { contexts: [], inputs: [] };

export const views = [
  defineView<{ user: string }, { title: string }>({
    id: 'one-note',
    title: 'One note',
    description: 'A single note with the given title.',
    answers: ['Show me a note'],
    input: z.object({ title: z.string().min(1) }),
    build: ({ context, input }) => {
      seen.contexts.push(context);
      seen.inputs.push(input);
      return { type: 'view', title: input.title, body: [{ type: 'note', text: input.title }] };
    },
  }),
  defineView<{ user: string }, Record<string, unknown>>({
    id: 'built',
    title: 'Built',
    answers: [],
    build: ({ input }) => {
      seen.inputs.push(input);
      return { type: 'view', body: [{ type: 'note', text: 'x' }] };
    },
  }),
  defineView({
    id: 'two-notes',
    title: 'Two',
    answers: [],
    build: () => ({
      type: 'view',
      body: [
        { type: 'note', text: 'a' },
        { type: 'note', text: 'b' },
      ],
    }),
  }),
  defineView({
    id: 'bad-node',
    title: 'Bad',
    answers: [],
    build: () => ({ type: 'view', body: [{ type: 'note', text: 'ok' }, { type: 'note' }] }) as unknown as Composition,
  }),
  defineView({
    id: 'deep',
    title: 'Deep',
    answers: [],
    build: () =>
      JSON.parse(
        `{"type":"view",` +
          `"body":[${'{"type":"stack","items":['.repeat(40)}{"type":"note","text":"x"}${']}'.repeat(40)}]}`,
      ) as Composition,
  }),
  defineView({
    id: 'throws-validation',
    title: 'Throws',
    answers: [],
    build: () => {
      throw Object.assign(new Error('Invalid Composition:\n  body[0].title is required'), {
        name: 'CompositionValidationError',
        code: 'COMPOSITION_INVALID',
        errors: [{ path: 'body[0].title', message: 'is required' }],
      });
    },
  }),
  defineView({
    id: 'throws-lookalike',
    title: 'Lookalike',
    answers: [],
    build: () => {
      throw Object.assign(new Error('Nope: lookalike'), {
        name: 'CompositionValidationError',
        code: 'SOMETHING_ELSE',
        errors: [{ path: 'x', message: 'y' }],
      });
    },
  }),
  defineView({
    id: 'throws-empty',
    title: 'Empty',
    answers: [],
    build: () => {
      throw Object.assign(new Error('Invalid Composition:\n  (no detail)'), {
        name: 'CompositionValidationError',
        code: 'COMPOSITION_INVALID',
        errors: [],
      });
    },
  }),
  defineView({
    id: 'aggregate',
    title: 'Aggregate',
    answers: [],
    build: () => {
      throw new AggregateError([new Error('a'), new Error('b')], 'fetch failed');
    },
  }),
];

export function runtimeWithViews() {
  return createIsomerRuntime<{ user: string }>({ packs: [fixtureNotesPack], views });
}

export function textOf(result: IsomerToolResult): string {
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error(`expected a text block, got ${JSON.stringify(result)}`);
  return block.text;
}

export function jsonOf(result: IsomerToolResult): unknown {
  return JSON.parse(textOf(result));
}

export function tool(tools: IsomerTool[], name: string): IsomerTool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

/** Calls a tool as a transport would: parse the input with its schema, then run the handler. */
export async function call(tools: IsomerTool[], name: string, input: unknown): Promise<IsomerToolResult> {
  const t = tool(tools, name);
  return t.handler(t.inputSchema.parse(input));
}

export const slide = (text = 'One idea.') => ({ type: 'view', title: 'One', body: [{ type: 'note', text }] });
