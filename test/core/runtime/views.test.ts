import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime, defineView, type Composition } from '../../../src/index.ts';
import { fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const status = defineView<{ team: string }, { service: string }>({
  id: 'service.status',
  title: 'Service status',
  answers: ['Is the service up?'],
  input: z.object({ service: z.string().min(1) }),
  build: ({ context, input }) => ({
    type: 'view',
    title: `${input.service} for ${context.team}`,
    body: [{ type: 'note', text: 'up' }],
  }),
});

function runtimeWith(...views: Parameters<typeof createIsomerRuntime<{ team: string }>>[0]['views'] & object) {
  return createIsomerRuntime<{ team: string }>({ packs: [fixtureNotesPack], views });
}

async function rejection(
  promise: Promise<unknown>,
): Promise<{ name: string; code: string; message: string; errors: unknown[]; viewId?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as never;
  }
  throw new Error('expected a rejection');
}

describe('the view registry', () => {
  it('lists summaries in registration order with the input projected to JSON Schema', () => {
    const runtime = runtimeWith(status);
    runtime.viewRegistry.register(
      defineView({
        id: 'later',
        title: 'Later',
        description: 'Registered after',
        answers: [],
        build: () => ({ type: 'view', body: [{ type: 'note', text: 'x' }] }),
      }),
    );
    const [first, second] = runtime.viewRegistry.list();
    expect(first).toEqual({
      id: 'service.status',
      title: 'Service status',
      description: 'Service status',
      answers: ['Is the service up?'],
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { service: { type: 'string', minLength: 1 } },
        required: ['service'],
        additionalProperties: false,
      },
    });
    expect(second).toEqual({ id: 'later', title: 'Later', description: 'Registered after', answers: [] });
    expect(runtime.viewRegistry.get('later')).toEqual(second);
    expect(runtime.viewRegistry.get('nope')).toBeUndefined();
    expect(runtime.getAuthoringContext().views.map((v) => v.id)).toEqual(['service.status', 'later']);
  });

  it('builds with the host context and the parsed input, and reports validation', async () => {
    const runtime = runtimeWith(status);
    const result = await runtime.viewRegistry.request('service.status', { team: 'sre' }, { service: 'api' });
    expect(result.composition.title).toBe('api for sre');
    expect(result.validation).toEqual({ valid: true, errors: [], warnings: [] });
    expect(result.view.id).toBe('service.status');
  });

  it('reports, not enforces, a built composition that fails validation', async () => {
    const broken = defineView({
      id: 'broken',
      title: 'B',
      answers: [],
      build: () => ({ type: 'view', body: [{ type: 'note' }] }) as unknown as Composition,
    });
    const result = await runtimeWith(broken).viewRegistry.request('broken', { team: 't' });
    expect(result.validation.valid).toBe(false);
    expect(result.validation.errors).toEqual([{ path: 'body[0].text', message: 'is required', nodeType: 'note' }]);
  });

  it('refuses unknown ids, input failing the schema, and input failing the budget before building', async () => {
    let builds = 0;
    const counted = defineView({
      id: 'counted',
      title: 'C',
      answers: [],
      input: z.object({ n: z.number().max(3) }),
      build: () => {
        builds++;
        return { type: 'view', body: [{ type: 'note', text: 'x' }] };
      },
    });
    const runtime = runtimeWith(counted);
    expect(await rejection(runtime.viewRegistry.request('nope\n# x', { team: 't' }))).toMatchObject({
      name: 'IsomerError',
      code: 'UNKNOWN_VIEW',
      message: 'Unknown view "nope\\n# x"',
    });
    const invalid = await rejection(runtime.viewRegistry.request('counted', { team: 't' }, { n: 9 }));
    expect(invalid).toMatchObject({
      name: 'RegisteredViewInputError',
      code: 'VIEW_INPUT_INVALID',
      viewId: 'counted',
      errors: [{ path: 'n', message: 'must be at most 3' }],
    });
    expect(invalid.message).toBe('Invalid input for view "counted":\n  n must be at most 3');
    const deep = await rejection(
      runtime.viewRegistry.request('counted', { team: 't' }, JSON.parse('['.repeat(70) + ']'.repeat(70))),
    );
    expect(deep.errors).toEqual([
      { path: '', code: 'INPUT_OVER_BUDGET', message: 'input nests deeper than 64 levels' },
    ]);
    const map = await rejection(runtime.viewRegistry.request('counted', { team: 't' }, new Map()));
    expect(map.errors).toEqual([
      {
        path: '',
        code: 'INPUT_NOT_PLAIN_DATA',
        message: 'input holds an object that is not a plain object or array, which is not plain data',
      },
    ]);
    expect(builds).toBe(0);
  });

  it('defaults the input to an empty object and applies the runtime input budget', async () => {
    const seen: unknown[] = [];
    const echo = defineView({
      id: 'echo',
      title: 'E',
      answers: [],
      build: ({ input }) => {
        seen.push(input);
        return { type: 'view', body: [{ type: 'note', text: 'x' }] };
      },
    });
    const runtime = createIsomerRuntime({ packs: [fixtureNotesPack], views: [echo], inputBudget: { depth: 2 } });
    await runtime.viewRegistry.request('echo', undefined);
    expect(seen).toEqual([{}]);
    expect((await rejection(runtime.viewRegistry.request('echo', undefined, { a: { b: {} } }))).errors).toEqual([
      { path: '', code: 'INPUT_OVER_BUDGET', message: 'input nests deeper than 2 levels' },
    ]);
  });
});

describe('the authoring context', () => {
  const runtime = createIsomerRuntime({ packs: [fixtureNotesPack] });

  it('computes the schema once and lists catalog entries and groups', () => {
    const context = runtime.getAuthoringContext();
    expect(runtime.getAuthoringContext().schema).toBe(context.schema);
    expect(context.primitives.map((p) => p.type)).toEqual([
      'note',
      'link',
      'picture',
      'stack',
      'card',
      'split',
      'table',
    ]);
    expect(context.primitives[0]).toEqual({
      type: 'note',
      purpose: 'One paragraph of prose.',
      useWhen: ['A sentence or two.'],
      avoidWhen: ['Several points: use `stack`.'],
      example: { type: 'note', text: 'Deploys are green.' },
      name: 'Note',
    });
    expect(context.groups).toEqual([
      { title: 'Text', types: ['note', 'link'] },
      { title: 'Layout', types: ['stack', 'card', 'split'] },
    ]);
    expect(context.bodySchema).toMatchObject({ title: 'Body', type: 'array', minItems: 1 });
  });

  it('describes primitives: deduplicated entries, the reachable defs with a bodyNode stub, and props', () => {
    const described = runtime.getAuthoringContext().describePrimitives(['stack', 'note', 'stack']);
    expect(described.primitives.map((p) => p.type)).toEqual(['stack', 'note']);
    expect(Object.keys(described.schema.$defs).sort()).toEqual(['bodyNode', 'note', 'stack', 'surfaces']);
    expect(described.schema.$defs.bodyNode).toEqual({ description: expect.stringContaining('Any primitive') });
    expect(described.props.note).toEqual([
      { name: 'text', type: 'string', kind: 'string', required: true },
      { name: 'tone', type: '"info" | "warn"', kind: 'enum', values: ['info', 'warn'], required: false },
    ]);
    expect(described.props.stack).toEqual([
      { name: 'items', type: 'array of bodyNode', kind: 'array', required: true },
    ]);
  });

  it('refuses unknown types and more than 100 at once', () => {
    expect(() => runtime.getAuthoringContext().describePrimitives(['note', 'nope'])).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_PRIMITIVE_TYPE' }),
    );
    expect(() =>
      runtime.getAuthoringContext().describePrimitives(Array.from({ length: 101 }, (_, i) => `t${i}`)),
    ).toThrow(expect.objectContaining({ code: 'TOO_MANY_TYPES' }));
    expect(() => runtime.getAuthoringContext().schemaFor(['nope'])).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_PRIMITIVE_TYPE' }),
    );
  });
});
