import { describe, expect, it } from 'vitest';
import {
  checkComposition,
  createIsomerPrompts,
  createIsomerResources,
  createIsomerRuntime,
  createIsomerTools,
  defineView,
  ISOMER_AUTHORING_GUIDE_URI,
  ISOMER_COMPOSITION_SCHEMA_URI,
  type Frame,
  type IsomerRuntime,
  type IsomerToolsFrame,
  type IsomerToolsRuntime,
} from '../../../src/index.ts';
import { fixtureNotesFrame, fixtureNotesPack } from '../../support/packs/fixture-notes.ts';
import { call, oneNodeFrame, slide, textOf } from '../../support/tool-fixtures.ts';

describe('resources and the compose prompt', () => {
  const runtime = createIsomerRuntime({ packs: [fixtureNotesPack] });
  const options = { runtime, rules: ['One idea per note.'] };

  it('offers the guide then the whole schema, and the guide matches the tool byte for byte', async () => {
    const [guide, schema] = createIsomerResources(options);
    expect([guide!.uri, guide!.mimeType, schema!.uri, schema!.mimeType]).toEqual([
      ISOMER_AUTHORING_GUIDE_URI,
      'text/markdown',
      ISOMER_COMPOSITION_SCHEMA_URI,
      'application/json',
    ]);
    expect([guide!.name, schema!.name]).toEqual(['isomer-authoring-guide', 'isomer-composition-schema']);
    const toolGuide = textOf(await call(createIsomerTools(options), 'isomer_authoring_guide', {}));
    expect(guide!.read()).toBe(toolGuide);
    expect(createIsomerPrompts(options)[0]!.build({})).toBe(toolGuide);
    expect(guide!.read()).toContain('## Primitive catalog');
    expect(guide!.read()).not.toContain('## JSON Schema');
    const parsed = JSON.parse(schema!.read());
    expect(Object.keys(parsed.$defs)).toEqual(expect.arrayContaining(['bodyNode', 'note', 'stack']));
  });

  it('read views live', () => {
    const [guide] = createIsomerResources(options);
    runtime.viewRegistry.register(
      defineView({ id: 'late-view', title: 'Late', answers: [], build: () => slide() as never }),
    );
    expect(guide!.read()).toContain('`late-view`');
    expect(createIsomerPrompts(options)[0]!.build({})).toContain('`late-view`');
  });

  it('compose appends the request at the very end, and nothing without one', () => {
    const [compose] = createIsomerPrompts(options);
    expect(compose!.name).toBe('compose');
    expect(compose!.build({ request: 'Show deploy status.' }).endsWith('\n\n## Request\n\nShow deploy status.')).toBe(
      true,
    );
    expect(compose!.build({})).not.toContain('## Request');
    expect(compose!.argsSchema.safeParse({}).success).toBe(true);
  });

  it('follow the profile', () => {
    const [guide] = createIsomerResources({ ...options, profile: 'registered-view-router', examples: [slide()] });
    expect(guide!.read()).toContain('You route questions to registered views.');
    expect(guide!.read()).not.toContain('## Examples');
  });
});

describe('checkComposition', () => {
  const runtime = createIsomerRuntime({ packs: [fixtureNotesPack] });

  it('keeps structured findings beside the strings', () => {
    const check = checkComposition(runtime, undefined, {
      type: 'view',
      body: [{ type: 'stack', items: [{ type: 'note', text: 1 }] }],
    });
    expect(check.findings).toEqual([{ path: 'body[0].items[0].text', message: 'must be a string', nodeType: 'note' }]);
    expect(check.errors).toEqual(['body[0].items[0].text (in note) must be a string']);
    expect(check.composition).toBeUndefined();
  });

  it('prints warnings as <surface>: <finding>', () => {
    const check = checkComposition(runtime, undefined, {
      type: 'view',
      body: [{ type: 'note', text: 'a', surfaces: ['text'] }],
    });
    expect(check.valid).toBe(true);
    expect(check.warnings).toEqual([
      'react: composition renders no nodes on surface "react"',
      'snapshot: composition renders no nodes on surface "snapshot"',
      'markdown: composition renders no nodes on surface "markdown"',
      'slack: composition renders no nodes on surface "slack"',
    ]);
  });

  it('keeps the refusal code, and returns the copy validate returned', () => {
    const refused = checkComposition(runtime, undefined, {
      type: 'view',
      body: [{ type: 'note', text: 'a', when: new Date() }],
    });
    expect(refused.findings).toEqual([
      {
        path: '',
        code: 'INPUT_NOT_PLAIN_DATA',
        message: 'input holds an object that is not a plain object or array, which is not plain data',
      },
    ]);
    let validated: unknown;
    const spying = {
      ...runtime,
      validate: (value: unknown) => {
        const r = runtime.validate(value);
        validated = r.composition;
        return r;
      },
    } as typeof runtime;
    const input = slide();
    const check = checkComposition(spying, undefined, input);
    expect(check.composition).toBe(validated);
    expect(check.composition).not.toBe(input);
  });

  it('adds frame rule findings with an empty path', () => {
    const check = checkComposition(runtime, oneNodeFrame, {
      type: 'view',
      body: [
        { type: 'note', text: 'a' },
        { type: 'note', text: 'b' },
      ],
    });
    expect(check.findings).toEqual([
      { path: '', message: 'render one node per composition: exactly one node, got 2 nodes' },
    ]);
  });
});

describe('structural contracts', () => {
  it('a real runtime, with or without frames, is an IsomerToolsRuntime, and a Frame is an IsomerToolsFrame', () => {
    const withFrames: IsomerToolsRuntime = createIsomerRuntime({
      packs: [fixtureNotesPack],
      frames: { card: fixtureNotesFrame },
    });
    const without: IsomerToolsRuntime<{ user: string }> = createIsomerRuntime<{ user: string }>({
      packs: [fixtureNotesPack],
    });
    const frame: IsomerToolsFrame = fixtureNotesFrame satisfies Frame<{ ink: string }>;
    expect([withFrames, without, frame].every(Boolean)).toBe(true);
  });

  it('requires hostContext exactly when the context type excludes undefined', () => {
    const strict = createIsomerRuntime<{ user: string }>({ packs: [fixtureNotesPack] }) as IsomerRuntime<{
      user: string;
    }>;
    // @ts-expect-error hostContext is required for a context that cannot be undefined
    expect(() => createIsomerTools({ runtime: strict })).not.toThrow();
    expect(createIsomerTools({ runtime: strict, hostContext: { user: 'a' } })).toHaveLength(4);
    const loose = createIsomerRuntime<{ user: string } | undefined>({ packs: [fixtureNotesPack] });
    expect(createIsomerTools({ runtime: loose })).toHaveLength(4);
  });
});
