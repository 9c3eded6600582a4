import { describe, expect, it } from 'vitest';
import {
  createIsomerRuntime,
  createIsomerTools,
  defineView,
  ISOMER_TOOL_NAMES,
  type IsomerToolsFormat,
  type IsomerToolsRuntime,
} from '../../../src/index.ts';
import { fixtureNotesPack } from '../../support/packs/fixture-notes.ts';
import {
  call,
  jsonOf,
  oneNodeFrame,
  runtimeWithViews,
  seen,
  slide,
  textOf,
  tool,
} from '../../support/tool-fixtures.ts';

const runtime = runtimeWithViews();
const tools = createIsomerTools({ runtime, frame: oneNodeFrame, hostContext: { user: 'ada' } });
const plainRuntime = createIsomerRuntime({ packs: [fixtureNotesPack] });

describe('createIsomerTools', () => {
  it('offers every tool, in ISOMER_TOOL_NAMES order, each with a title, description and object schema', () => {
    expect(tools.map((t) => t.name)).toEqual(Object.values(ISOMER_TOOL_NAMES));
    for (const t of tools) {
      expect(t.title.length).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(0);
      expect(t.inputSchema.def.type).toBe('object');
    }
  });

  it('keys the six names by role, as the reference does, with Object.values in listing order', () => {
    expect(ISOMER_TOOL_NAMES).toEqual({
      authoringGuide: 'isomer_authoring_guide',
      describePrimitives: 'isomer_describe_primitives',
      validate: 'isomer_validate',
      render: 'isomer_render',
      listViews: 'isomer_list_views',
      requestView: 'isomer_request_view',
    });
    expect(tools.find((t) => t.name === ISOMER_TOOL_NAMES.validate)?.title).toBeTruthy();
  });

  it('omits the two view tools for a runtime without views', () => {
    expect(createIsomerTools({ runtime: plainRuntime }).map((t) => t.name)).toEqual(
      Object.values(ISOMER_TOOL_NAMES).slice(0, 4),
    );
  });
});

describe('isomer_authoring_guide', () => {
  it('indexes every primitive exactly once, lists the views, and points at the describe tool', async () => {
    const guide = textOf(await call(tools, 'isomer_authoring_guide', {}));
    for (const type of runtime.primitives.map((p) => p.type)) expect(guide.split(`- \`${type}\` — `)).toHaveLength(2);
    expect(guide).toContain(
      '- `one-note` — One note\n  - A single note with the given ' +
        'title.\n  - Answers: Show me a note\n  - Input: `{"$schema"',
    );
    expect(guide).toContain('isomer_describe_primitives');
    expect(guide).not.toContain('## JSON Schema');
    expect(guide).not.toContain('Use when:');
    expect(guide.indexOf('### Text')).toBeLessThan(guide.indexOf('### Layout'));
    expect(guide.indexOf('### Layout')).toBeLessThan(guide.indexOf('### Other'));
  });

  it('keeps each host rule on one line', async () => {
    const withRules = createIsomerTools({
      runtime: plainRuntime,
      rules: ['One idea\nper note.', 'No\u2028line\r\nbreaks.', '## Injected'],
    });
    const guide = textOf(await call(withRules, 'isomer_authoring_guide', {}));
    expect(guide).toContain('## Rules\n\n- One idea per note.\n- No line breaks.\n- ## Injected');
    expect(guide).not.toMatch(/[\r\u2028\u2029]/);
    expect(guide.split('\n').filter((line) => line.startsWith('## '))).not.toContain('## Injected');
  });

  it('prints one example, without its meta, and none for the router profile', async () => {
    const example = { type: 'view', body: [{ type: 'note', text: 'x\u2028y ``` z' }], meta: { source: 'host' } };
    const composed = textOf(
      await call(
        createIsomerTools({ runtime: plainRuntime, examples: [example, slide()] }),
        'isomer_authoring_guide',
        {},
      ),
    );
    expect(composed).toContain(
      '## Examples\n\n````json\n{"type":"view","body":[{"type":"note","text":"x\\u2028y ' +
        '``` z"}]}\n````\n\n## Before you write',
    );
    const router = textOf(
      await call(
        createIsomerTools({ runtime: plainRuntime, examples: [example], profile: 'registered-view-router' }),
        'isomer_authoring_guide',
        {},
      ),
    );
    expect(router).toContain('You route questions to registered views.');
    expect(router).not.toContain('## Examples');
  });

  it('quotes a type or view id that would break the line', async () => {
    const odd = createIsomerRuntime({
      packs: [fixtureNotesPack],
      views: [defineView({ id: 'a\n## Injected', title: 'T\nx', answers: [], build: () => slide() as never })],
    });
    const guide = textOf(await call(createIsomerTools({ runtime: odd }), 'isomer_authoring_guide', {}));
    expect(guide).toContain('- `"a\\n## Injected"` — T x');
    expect(guide.split('\n')).not.toContain('## Injected');
  });
});

describe('isomer_describe_primitives', () => {
  it('returns each entry and a schema whose every $ref resolves', async () => {
    const text = textOf(await call(tools, 'isomer_describe_primitives', { types: ['split', 'note'] }));
    expect(text).toContain('- `split` — Two panes side by side.\n  - Use when: Compare two things.');
    expect(text).toContain('- `note` — One paragraph of prose.');
    const json = JSON.parse(text.slice(text.indexOf('```json\n') + 8, text.lastIndexOf('\n```')));
    expect(Object.keys(json.$defs)).toEqual(expect.arrayContaining(['split', 'note', 'bodyNode']));
    for (const ref of JSON.stringify(json).match(/#\/\$defs\/[^"]+/g) ?? [])
      expect(json.$defs[ref.slice(8)], ref).toBeDefined();
  });

  it('answers unknown types as JSON, with the exact names and the known ones, and never a raw heading', async () => {
    const result = await call(tools, 'isomer_describe_primitives', { types: ['note', 'nope', 'a\n## Injected'] });
    expect(result.isError).toBe(true);
    expect(jsonOf(result)).toEqual({
      error: 'Unknown primitive types.',
      unknown: ['nope', 'a\n## Injected'],
      known: runtime.primitives.map((p) => p.type),
    });
    expect(textOf(result)).not.toContain('\n## Injected');
    expect(textOf(result).length).toBeLessThan(3000);
  });

  it('accepts 1 to 12 types of 1 to 200 characters', () => {
    const schema = tool(tools, 'isomer_describe_primitives').inputSchema;
    expect(schema.safeParse({ types: Array(12).fill('note') }).success).toBe(true);
    expect(schema.safeParse({ types: Array(13).fill('note') }).success).toBe(false);
    expect(schema.safeParse({ types: [] }).success).toBe(false);
    expect(schema.safeParse({ types: [''] }).success).toBe(false);
    expect(schema.safeParse({ types: ['x'.repeat(200)] }).success).toBe(true);
    expect(schema.safeParse({ types: ['x'.repeat(201)] }).success).toBe(false);
  });
});

describe('isomer_validate', () => {
  it('accepts a valid composition as a normal answer', async () => {
    const result = await call(tools, 'isomer_validate', { composition: slide() });
    expect(result.isError).toBeUndefined();
    expect(jsonOf(result)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('reports the frame rule and nested findings as an answer, not a failed call', async () => {
    const twice = await call(tools, 'isomer_validate', {
      composition: {
        type: 'view',
        body: [
          { type: 'note', text: 'a' },
          { type: 'note', text: 'b' },
        ],
      },
    });
    expect(twice.isError).toBeUndefined();
    expect(jsonOf(twice)).toEqual({
      valid: false,
      errors: ['render one node per composition: exactly one node, got 2 nodes'],
      warnings: [],
    });
    const nested = await call(tools, 'isomer_validate', {
      composition: { type: 'view', body: [{ type: 'stack', items: [{ type: 'note' }] }] },
    });
    expect(jsonOf(nested)).toEqual({
      valid: false,
      errors: ['body[0].items[0].text (in note) is required'],
      warnings: [],
    });
  });

  it('skips the body rule without a frame', async () => {
    const noFrame = createIsomerTools({ runtime: plainRuntime });
    expect(
      jsonOf(
        await call(noFrame, 'isomer_validate', {
          composition: {
            type: 'view',
            body: [
              { type: 'note', text: 'a' },
              { type: 'note', text: 'b' },
            ],
          },
        }),
      ),
    ).toMatchObject({ valid: true });
  });

  it('validates once a composition exactly at the depth limit', async () => {
    let parses = 0;
    const counting: IsomerToolsRuntime = {
      ...plainRuntime,
      validate: (value: unknown) => {
        parses++;
        return plainRuntime.validate(value);
      },
    } as never;
    // view(1) > body(2) > stack(3) > items(4) … 30 stacks reach depth 63, the note 64.
    let node: unknown = { type: 'note', text: 'leaf' };
    for (let i = 0; i < 30; i++) node = { type: 'stack', items: [node] };
    const result = await createIsomerTools({ runtime: counting })[2]!.handler({
      composition: { type: 'view', body: [node] },
    });
    expect(jsonOf(result)).toEqual({ valid: true, errors: [], warnings: [] });
    expect(parses).toBe(1);
  });

  it('answers refusals of the input budget as findings, never as failed calls', async () => {
    const deep = JSON.parse(`{"type":"view","body":${'['.repeat(70)}${']'.repeat(70)}}`);
    const validate = tool(tools, 'isomer_validate').handler;
    expect(await validate({ composition: deep })).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify({ valid: false, errors: ['input nests deeper than 64 levels'], warnings: [] }, null, 2),
        },
      ],
    });
    expect(
      jsonOf(await validate({ composition: { type: 'view', body: [{ type: 'note', text: new Date() }] } })),
    ).toEqual({
      valid: false,
      errors: ['input holds an object that is not a plain object or array, which is not plain data'],
      warnings: [],
    });
    const cyclic: Record<string, unknown> = { type: 'view' };
    cyclic.body = [cyclic];
    expect(jsonOf(await validate({ composition: cyclic }))).toEqual({
      valid: false,
      errors: ['input contains itself'],
      warnings: [],
    });
  });
});

describe('isomer_render', () => {
  const titled = {
    type: 'view',
    title: 'Quarterly',
    subtitle: 'Q3',
    theme: 'dark',
    body: [{ type: 'note', text: 'Revenue grew.' }],
  };

  it('renders text, Markdown, HTML and Slack', async () => {
    for (const format of ['text', 'markdown', 'html', 'slack']) {
      const result = await call(tools, 'isomer_render', { composition: titled, format });
      expect(result.isError, format).toBeUndefined();
      expect(textOf(result), format).toContain('Revenue grew.');
    }
    expect(textOf(await call(tools, 'isomer_render', { composition: titled, format: 'text' }))).toBe(
      'QUARTERLY\n\nQ3\n\nRevenue grew.',
    );
    expect(jsonOf(await call(tools, 'isomer_render', { composition: titled, format: 'slack' }))).toMatchObject({
      blocks: [{ type: 'header' }, { type: 'context' }, { type: 'section' }],
      assets: [],
    });
  });

  it('drops the envelope title with heading: false (HTML keeps it as the aria-label and page title)', async () => {
    const headless = createIsomerTools({ runtime, frame: oneNodeFrame, heading: false, hostContext: { user: 'x' } });
    for (const format of ['text', 'markdown', 'html', 'slack']) {
      const out = textOf(await call(headless, 'isomer_render', { composition: titled, format }))
        .replace(/aria-label="[^"]*"/, '')
        .replace(/<title>[^<]*<\/title>/, '');
      expect(out, format).not.toMatch(/Quarterly|QUARTERLY/);
    }
  });

  it('fails with the findings for an invalid composition', async () => {
    const result = await call(tools, 'isomer_render', {
      composition: {
        type: 'view',
        body: [
          { type: 'note', text: 'a' },
          { type: 'note', text: 'b' },
        ],
      },
      format: 'text',
    });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify(
            { valid: false, errors: ['render one node per composition: exactly one node, got 2 nodes'] },
            null,
            2,
          ),
        },
      ],
      isError: true,
    });
  });

  it('lets an explicit theme override the composition in HTML, a whole page with the CSS inline', async () => {
    const own = textOf(await call(tools, 'isomer_render', { composition: titled, format: 'html' }));
    expect(own).toContain('data-theme="dark"');
    expect(own).toBe(runtime.surfaces.html.render(titled, { heading: true }).document);
    expect(own).toMatch(/^<!DOCTYPE html><html lang="en"><head>.*<style>.*<\/head><body><section /);
    expect(
      textOf(await call(tools, 'isomer_render', { composition: titled, format: 'html', theme: 'light' })),
    ).toContain('data-theme="light"');
  });

  it('fails, with exactly the reason, on input over budget or not plain data', async () => {
    const render = tool(tools, 'isomer_render').handler;
    const huge = await render({
      composition: { type: 'view', title: 'x'.repeat(1_000_000), body: [{ type: 'note', text: 'a' }] },
      format: 'text',
    });
    expect(huge).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify({ valid: false, errors: ['input holds more than 1000000 characters'] }, null, 2),
        },
      ],
      isError: true,
    });
    const odd = await render({
      composition: { type: 'view', body: [{ type: 'note', text: 'a', extra: () => 1 }] },
      format: 'text',
    });
    expect(jsonOf(odd)).toEqual({ valid: false, errors: ['input holds a function, which is not plain data'] });
  });

  it('offers the runtime formats, then host formats in order, and only those', () => {
    const png: IsomerToolsFormat = { mimeType: 'image/png', render: () => new Uint8Array([1]) };
    const pdf: IsomerToolsFormat = { mimeType: 'application/pdf', render: () => new Uint8Array([1]) };
    const withFormats = createIsomerTools({ runtime: plainRuntime, formats: { png, pdf } });
    const render = tool(withFormats, 'isomer_render');
    expect(render.description).toContain('`text`, `markdown`, `html`, `slack`, `png`, `pdf`');
    expect(render.inputSchema.safeParse({ composition: slide(), format: 'pdf' }).success).toBe(true);
    expect(tool(tools, 'isomer_render').inputSchema.safeParse({ composition: slide(), format: 'png' }).success).toBe(
      false,
    );
  });

  it('refuses a host format named like a runtime format', () => {
    expect(() =>
      createIsomerTools({ runtime: plainRuntime, formats: { html: { mimeType: 'text/html', render: () => '' } } }),
    ).toThrow(
      expect.objectContaining({
        name: 'IsomerError',
        code: 'DUPLICATE_FORMAT',
        message: expect.stringMatching(/^Host formats "html" shadow/),
      }),
    );
  });

  it('refuses a host format whose name is not a plain path segment, and takes one that is', () => {
    const format = { mimeType: 'text/csv', render: () => '' };
    for (const name of ['CSV', 'my format', 'a/b', '../x', 'x?y=1', '-csv', 'é', '', 'x'.repeat(41)]) {
      expect(() => createIsomerTools({ runtime: plainRuntime, formats: { [name]: format } }), name).toThrow(
        expect.objectContaining({
          name: 'IsomerError',
          code: 'INVALID_FORMAT_NAME',
          message: `Host formats ${JSON.stringify(name)} need names of lower-case letters, digits and hyphens, starting with a letter (at most 40 characters): each is a URL path segment.`,
        }),
      );
    }
    const tools = createIsomerTools({
      runtime: plainRuntime,
      formats: { 'csv-2': format, [`x${'y'.repeat(39)}`]: format },
    });
    expect(tool(tools, 'isomer_render').inputSchema.safeParse({ composition: slide(), format: 'csv-2' }).success).toBe(
      true,
    );
  });

  it('hands a host format the very copy validation checked, with the theme', async () => {
    const validated: unknown[] = [];
    const spying = {
      ...plainRuntime,
      validate: (value: unknown) => {
        const result = plainRuntime.validate(value);
        validated.push(result.composition);
        return result;
      },
    } as typeof plainRuntime;
    const calls: { composition: unknown; options: unknown }[] = [];
    const bytes = new Uint8Array(0x8000 * 2 + 3).map((_, i) => i % 251);
    const png: IsomerToolsFormat = {
      mimeType: 'image/png',
      render: (composition, options) => {
        calls.push({ composition, options });
        return bytes;
      },
    };
    const input = slide();
    const result = await call(createIsomerTools({ runtime: spying, formats: { png } }), 'isomer_render', {
      composition: input,
      format: 'png',
      theme: 'dark',
    });
    expect(calls[0]!.composition).toBe(validated[0]);
    expect(calls[0]!.composition).not.toBe(input);
    // The heading too (the tools' default, on): a chat host format draws the title by it.
    expect(calls[0]!.options).toEqual({ theme: 'dark', heading: true });
    const block = result.content[0] as { type: string; data: string; mimeType: string };
    expect(block.type).toBe('image');
    expect(block.mimeType).toBe('image/png');
    expect(Uint8Array.from(atob(block.data), (c) => c.charCodeAt(0))).toEqual(bytes);
    await call(createIsomerTools({ runtime: spying, formats: { png } }), 'isomer_render', {
      composition: input,
      format: 'png',
    });
    expect(calls[1]!.options).toEqual({ heading: true });
  });

  it('answers by MIME type: SVG markup as an image, other bytes as a resource, other strings as text', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64"><text>é</text></svg>';
    const formats = {
      svg: { mimeType: 'image/svg+xml', render: () => svg },
      pdf: { mimeType: 'application/pdf', render: () => new TextEncoder().encode('%PDF') },
      csv: { mimeType: 'text/csv', render: () => 'a,b' },
      broken: { mimeType: 'image/png', render: () => Promise.reject(new Error('rasterizer is down')) },
    } satisfies Record<string, IsomerToolsFormat>;
    const t = createIsomerTools({ runtime: plainRuntime, formats });
    const image = (await call(t, 'isomer_render', { composition: slide(), format: 'svg' })).content[0] as {
      data: string;
      mimeType: string;
    };
    expect(image.mimeType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(Uint8Array.from(atob(image.data), (c) => c.charCodeAt(0)))).toBe(svg);
    expect(await call(t, 'isomer_render', { composition: slide(), format: 'pdf' })).toEqual({
      content: [
        { type: 'resource', resource: { uri: 'isomer://render/pdf', mimeType: 'application/pdf', blob: btoa('%PDF') } },
      ],
    });
    expect(await call(t, 'isomer_render', { composition: slide(), format: 'csv' })).toEqual({
      content: [{ type: 'text', text: 'a,b' }],
    });
    expect(await call(t, 'isomer_render', { composition: slide(), format: 'broken' })).toEqual({
      content: [{ type: 'text', text: 'rasterizer is down' }],
      isError: true,
    });
  });
});

describe('the view tools', () => {
  it('list the registered views', async () => {
    expect((jsonOf(await call(tools, 'isomer_list_views', {})) as { id: string }[]).map((v) => v.id)).toEqual(
      runtime.viewRegistry.list().map((v) => v.id),
    );
  });

  it('build a view with the host context and answer its composition and validation', async () => {
    seen.contexts.length = 0;
    const result = await call(tools, 'isomer_request_view', { id: 'one-note', input: { title: 'Hello' } });
    expect(result.isError).toBeUndefined();
    expect(jsonOf(result)).toEqual({
      composition: { type: 'view', title: 'Hello', body: [{ type: 'note', text: 'Hello' }] },
      valid: true,
      errors: [],
      warnings: [],
    });
    expect(seen.contexts).toEqual([{ user: 'ada' }]);
  });

  it('fail with the formatted findings for input the view refuses', async () => {
    const result = await call(tools, 'isomer_request_view', { id: 'one-note', input: { title: '' } });
    expect(result.isError).toBe(true);
    expect(jsonOf(result)).toEqual({
      error: 'Invalid input for view "one-note":',
      errors: ['title must not be empty'],
    });
  });

  it('refuse hostile input before the builder runs, and pass input at the depth limit', async () => {
    const request = tool(tools, 'isomer_request_view').handler;
    seen.inputs.length = 0;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const [input, reason] of [
      [JSON.parse(`{"a":${'['.repeat(70)}${']'.repeat(70)}}`), 'input nests deeper than 64 levels'],
      [cyclic, 'input contains itself'],
      [{ m: new Map() }, 'input holds an object that is not a plain object or array, which is not plain data'],
    ] as const) {
      expect(jsonOf(await request({ id: 'built', input }))).toEqual({
        error: 'Invalid input for view "built":',
        errors: [reason],
      });
    }
    expect(seen.inputs).toEqual([]);
    const atLimit = JSON.parse(`{"a":${'['.repeat(63)}${']'.repeat(63)}}`);
    expect((await request({ id: 'built', input: atLimit })).isError).toBeUndefined();
    expect(seen.inputs).toHaveLength(1);
  });

  it('answer a built composition that fails the schema, the frame rule or the budget as a normal answer', async () => {
    const bad = jsonOf(await call(tools, 'isomer_request_view', { id: 'bad-node' }));
    expect(bad).toEqual({
      composition: { type: 'view', body: [{ type: 'note', text: 'ok' }, { type: 'note' }] },
      valid: false,
      errors: ['body[1].text (in note) is required'],
      warnings: [],
    });
    expect(jsonOf(await call(tools, 'isomer_request_view', { id: 'two-notes' }))).toMatchObject({
      valid: false,
      errors: ['render one node per composition: exactly one node, got 2 nodes'],
    });
    const deep = await call(tools, 'isomer_request_view', { id: 'deep' });
    expect(deep.isError).toBeUndefined();
    expect(jsonOf(deep)).toEqual({ valid: false, errors: ['input nests deeper than 64 levels'], warnings: [] });
  });

  it('report a validation error a view throws, and a look-alike as a plain message', async () => {
    expect(await call(tools, 'isomer_request_view', { id: 'throws-validation' })).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify({ error: 'Invalid Composition:', errors: ['body[0].title is required'] }, null, 2),
        },
      ],
      isError: true,
    });
    expect(await call(tools, 'isomer_request_view', { id: 'throws-lookalike' })).toEqual({
      content: [{ type: 'text', text: 'Nope: lookalike' }],
      isError: true,
    });
    expect(await call(tools, 'isomer_request_view', { id: 'throws-empty' })).toEqual({
      content: [{ type: 'text', text: 'Invalid Composition:\n  (no detail)' }],
      isError: true,
    });
    expect(await call(tools, 'isomer_request_view', { id: 'aggregate' })).toEqual({
      content: [{ type: 'text', text: 'fetch failed' }],
      isError: true,
    });
  });

  it('name an unknown view, and bound the id to 1–200 characters', async () => {
    const result = await call(tools, 'isomer_request_view', { id: 'missing-view' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Unknown view "missing-view"');
    const schema = tool(tools, 'isomer_request_view').inputSchema;
    expect(schema.safeParse({ id: '' }).success).toBe(false);
    expect(schema.safeParse({ id: 'x'.repeat(200) }).success).toBe(true);
    expect(schema.safeParse({ id: 'x'.repeat(201) }).success).toBe(false);
  });

  it('keep the built copy the checker validated, and omit a composition the budget refused', async () => {
    const cyclicView = defineView({
      id: 'cyclic',
      title: 'C',
      answers: [],
      build: () => {
        const c: Record<string, unknown> = { type: 'view' };
        c.body = [c];
        return c as never;
      },
    });
    const r = createIsomerRuntime({ packs: [fixtureNotesPack], views: [cyclicView] });
    expect(jsonOf(await call(createIsomerTools({ runtime: r }), 'isomer_request_view', { id: 'cyclic' }))).toEqual({
      valid: false,
      errors: ['input contains itself'],
      warnings: [],
    });
  });
});

describe('a runtime that throws', () => {
  const offline = (thrown: unknown): IsomerToolsRuntime =>
    ({
      ...plainRuntime,
      getAuthoringContext: () => {
        throw thrown;
      },
      validate: () => {
        throw thrown;
      },
    }) as never;

  it('fails each tool with the message, never rejecting', async () => {
    const t = createIsomerTools({ runtime: offline(new Error('offline')) });
    for (const [name, input] of [
      ['isomer_authoring_guide', {}],
      ['isomer_describe_primitives', { types: ['note'] }],
      ['isomer_validate', { composition: slide() }],
      ['isomer_render', { composition: slide(), format: 'text' }],
    ] as const) {
      expect(await call(t, name, input)).toEqual({ content: [{ type: 'text', text: 'offline' }], isError: true });
    }
  });

  it('survives thrown non-Errors', async () => {
    const nullProto = Object.create(null);
    for (const thrown of [nullProto, 'plain string', undefined, 42]) {
      const result = await call(createIsomerTools({ runtime: offline(thrown) }), 'isomer_validate', {
        composition: slide(),
      });
      expect(result.isError).toBe(true);
      expect(typeof textOf(result)).toBe('string');
    }
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(
      (await call(createIsomerTools({ runtime: offline(hostile) }), 'isomer_validate', { composition: slide() }))
        .isError,
    ).toBe(true);
  });

  it('fails the list tool when listing throws after creation', async () => {
    const r = runtimeWithViews();
    const t = createIsomerTools({ runtime: r, hostContext: { user: 'x' } });
    r.viewRegistry.list = () => {
      throw new Error('registry down');
    };
    expect(await call(t, 'isomer_list_views', {})).toEqual({
      content: [{ type: 'text', text: 'registry down' }],
      isError: true,
    });
  });
});
