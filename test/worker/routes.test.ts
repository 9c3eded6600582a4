import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, CHAT_MIME_TYPES } from '../../src/chat/index.ts';
import { ISOMER_TOOL_NAMES } from '../../src/index.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { ANONYMOUS_CALLER, createWorkerConfig, WORKER_ERROR_CODES } from '../../src/worker/index.ts';
import { BASE, get, json, post, postRaw, slide, DEFAULT_FORMATS } from './support.ts';

/** Every error answers `{ error: { code, message } }` with a listed code and the base headers. */
async function expectError(response: Response, status: number, code: string): Promise<any> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = await json(response);
  expect(body.error.code).toBe(code);
  expect(WORKER_ERROR_CODES).toContain(body.error.code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

function firstText(result: { content: { type: string; text?: string }[] }): string {
  expect(result.content[0]!.type).toBe('text');
  return result.content[0]!.text!;
}

describe('GET /healthz', () => {
  it('answers ok, and 405 to other methods', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const wrong = await postRaw('/healthz', null);
    await expectError(wrong, 405, 'METHOD_NOT_ALLOWED');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('GET /tools', () => {
  it('lists the six tools in order with JSON Schema inputs', async () => {
    const response = await get('/tools');
    expect(response.status).toBe(200);
    const { tools } = await json(response);
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(Object.values(ISOMER_TOOL_NAMES));
    for (const tool of tools) {
      expect(Object.keys(tool)).toEqual(['name', 'title', 'description', 'inputSchema']);
      expect(tool.inputSchema.type).toBe('object');
    }
    const render = tools.find((tool: { name: string }) => tool.name === 'isomer_render');
    expect(render.inputSchema.properties.format.enum).toEqual(DEFAULT_FORMATS);
    // One slide or a deck, exactly one of the two (a rule the schema checks, not a required key).
    expect(render.inputSchema.required).toEqual(['format']);
    expect(Object.keys(render.inputSchema.properties)).toEqual(['composition', 'compositions', 'format', 'theme']);
    expect(tools[0].inputSchema.properties).toEqual({});
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await SELF.fetch(`${BASE}/tools`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect((await SELF.fetch(`${BASE}/tools/isomer_validate`, { method: 'HEAD' })).status).toBe(405);
  });

  it('answers OPTIONS (not a preflight) with 204 and Allow', async () => {
    for (const [path, allow] of [
      ['/tools', 'GET, HEAD, OPTIONS'],
      ['/tools/isomer_validate', 'POST, OPTIONS'],
      ['/images/x.png', 'GET, HEAD, POST, OPTIONS'],
    ]) {
      const response = await SELF.fetch(`${BASE}${path}`, { method: 'OPTIONS' });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('allow'), path).toBe(allow);
    }
  });

  it('answers 405 with Allow to other methods', async () => {
    const response = await SELF.fetch(`${BASE}/tools`, { method: 'PUT' });
    await expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('POST /tools/{name}', () => {
  const library = createWorkerConfig(builtInWorkerOptions()).toolsFor(ANONYMOUS_CALLER);
  const run = (name: string, input: unknown) => library.find((tool) => tool.name === name)!.handler(input as never);

  it('answers an argument-less tool with no body, or with {}', async () => {
    for (const response of [
      await postRaw('/tools/isomer_authoring_guide', null),
      await post('/tools/isomer_authoring_guide', {}),
    ]) {
      expect(response.status).toBe(200);
      const result = await json(response);
      expect(result).toEqual(await run('isomer_authoring_guide', {}));
      expect(firstText(result)).toContain('## Rules');
      expect(firstText(result)).toContain('summary-slide');
    }
  });

  it('returns each tool’s result exactly as the library does', async () => {
    const calls: [string, unknown][] = [
      ['isomer_describe_primitives', { types: ['slideHeading', 'slideBulletList'] }],
      ['isomer_describe_primitives', { types: ['slideNope'] }],
      ['isomer_validate', { composition: slide() }],
      ['isomer_validate', { composition: { type: 'view', body: [slide().body[0], slide().body[0]] } }],
      ['isomer_render', { composition: slide(), format: 'text' }],
      ['isomer_render', { composition: slide(), format: 'markdown' }],
      ['isomer_render', { composition: slide(), format: 'html', theme: 'dark' }],
      ['isomer_render', { composition: slide(), format: 'slack' }],
      ['isomer_render', { composition: { type: 'view', body: [] }, format: 'text' }],
      ['isomer_list_views', {}],
      [
        'isomer_request_view',
        { id: 'summary-slide', input: { title: 'Search forgives typos', points: ['Fewer empty results'] } },
      ],
      ['isomer_request_view', { id: 'summary-slide', input: { title: '', points: [] } }],
      ['isomer_request_view', { id: 'no-such-view' }],
    ];
    for (const [name, input] of calls) {
      const response = await post(`/tools/${name}`, input);
      expect(response.status, name).toBe(200);
      expect(await json(response), name).toEqual(await run(name, input));
    }
  });

  it('answers a failed call as 200 with isError, like MCP', async () => {
    const result = await json(await post('/tools/isomer_describe_primitives', { types: ['slideNope'] }));
    expect(result.isError).toBe(true);
    expect(JSON.parse(firstText(result)).unknown).toEqual(['slideNope']);
    const view = await json(
      await post('/tools/isomer_request_view', { id: 'summary-slide', input: { title: 'x', points: [] } }),
    );
    expect(view.isError).toBe(true);
    expect(JSON.parse(firstText(view)).errors).toEqual(['points must not be empty']);
  });

  it('builds the sample view from typed input', async () => {
    const answer = JSON.parse(
      firstText(
        await json(
          await post('/tools/isomer_request_view', {
            id: 'summary-slide',
            input: { title: 'Search forgives typos', points: ['a', 'b'], brand: 'Shop' },
          }),
        ),
      ),
    );
    expect(answer.valid).toBe(true);
    expect(answer.composition.body[0]).toMatchObject({
      type: 'slideFrame',
      brand: 'Shop',
      body: [{ type: 'slideHeading' }, { type: 'slideBulletList', items: ['a', 'b'] }],
    });
  });

  it('answers 404 for an unknown tool without echoing its name', async () => {
    const response = await post('/tools/%3Cscript%3Ealert(1)%3C%2Fscript%3E', {});
    const text = await response.clone().text();
    const body = await expectError(response, 404, 'TOOL_NOT_FOUND');
    expect(body.error.tools).toEqual(Object.values(ISOMER_TOOL_NAMES));
    expect(text).not.toContain('script');
  });

  it('answers 400 with path and message for input that fails the tool’s schema', async () => {
    const missing = await expectError(await post('/tools/isomer_validate', {}), 400, 'INVALID_INPUT');
    expect(missing.error.issues).toEqual([
      { path: 'composition', message: 'is required, or compositions in its place (a deck of 1 to 20 slides)' },
    ]);
    expect(missing.error.message).toBe(
      'composition is required, or compositions in its place (a deck of 1 to 20 slides)',
    );
    const both = await expectError(
      await post('/tools/isomer_validate', { composition: slide(), compositions: [slide()] }),
      400,
      'INVALID_INPUT',
    );
    expect(both.error.issues).toEqual([
      {
        path: 'compositions',
        message: 'cannot come with composition: send one slide as composition or a deck as compositions',
      },
    ]);

    const wrongType = await expectError(
      await post('/tools/isomer_describe_primitives', { types: 'slideHeading' }),
      400,
      'INVALID_INPUT',
    );
    expect(wrongType.error.issues[0].path).toBe('types');

    const tooMany = await expectError(
      await post('/tools/isomer_describe_primitives', { types: Array.from({ length: 13 }, () => 'slideHeading') }),
      400,
      'INVALID_INPUT',
    );
    expect(tooMany.error.issues[0]).toEqual({ path: 'types', message: 'must have at most 12 items' });

    const badFormat = await expectError(
      await post('/tools/isomer_render', { composition: slide(), format: 'gif' }),
      400,
      'INVALID_INPUT',
    );
    expect(badFormat.error.issues[0].path).toBe('format');

    for (const body of [[], null, 42, 'text', true]) {
      const response = await post('/tools/isomer_validate', body);
      const error = await expectError(response, 400, 'INVALID_INPUT');
      expect(error.error.issues[0].path).toBe('');
    }
  });

  it('answers 405 with Allow: POST to GET', async () => {
    const response = await get('/tools/isomer_validate');
    await expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('resources', () => {
  it('lists both resources', async () => {
    const { resources } = await json(await get('/resources'));
    expect(resources).toEqual([
      expect.objectContaining({
        name: 'isomer-authoring-guide',
        uri: 'isomer://authoring-guide',
        mimeType: 'text/markdown',
      }),
      expect.objectContaining({
        name: 'isomer-composition-schema',
        uri: 'isomer://composition-schema',
        mimeType: 'application/json',
      }),
    ]);
    for (const resource of resources)
      expect(Object.keys(resource).sort()).toEqual(['description', 'mimeType', 'name', 'title', 'uri']);
  });

  it('serves each with its own MIME type', async () => {
    const guide = await get('/resources/isomer-authoring-guide');
    expect(guide.status).toBe(200);
    expect(guide.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await guide.text()).toContain('## Rules');
    const schema = await get('/resources/isomer-composition-schema');
    expect(schema.headers.get('content-type')).toBe('application/json');
    expect((await schema.json()) as object).toHaveProperty('$defs');
  });

  it('answers 404 for an unknown resource and 405 to POST', async () => {
    await expectError(await get('/resources/nope'), 404, 'RESOURCE_NOT_FOUND');
    await expectError(await post('/resources/isomer-authoring-guide', {}), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('prompts', () => {
  it('lists compose with its argument', async () => {
    const { prompts } = await json(await get('/prompts'));
    expect(prompts).toEqual([
      {
        name: 'compose',
        title: 'Compose a view',
        description: expect.any(String),
        arguments: [{ name: 'request', required: false, description: expect.any(String) }],
      },
    ]);
  });

  it('builds the prompt as MCP-shaped messages', async () => {
    const result = await json(await post('/prompts/compose', { request: 'Show Q3 revenue by region' }));
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0].role).toBe('user');
    expect(result.messages[0].content.text.endsWith('## Request\n\nShow Q3 revenue by region')).toBe(true);
    const bare = await json(await postRaw('/prompts/compose', null));
    expect(bare.messages[0].content.text).not.toContain('## Request');
  });

  it('answers 400 for bad arguments, 404 for an unknown prompt, 405 to GET', async () => {
    const error = await expectError(await post('/prompts/compose', { request: 5 }), 400, 'INVALID_INPUT');
    expect(error.error.issues[0].path).toBe('request');
    await expectError(await post('/prompts/nope', {}), 404, 'PROMPT_NOT_FOUND');
    await expectError(await get('/prompts/compose'), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('GET /openapi.json', () => {
  it('documents every route from the same schemas', async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    const doc = await json(response);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual([
      '/healthz',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/formats',
      '/tools',
      ...Object.values(ISOMER_TOOL_NAMES).map((name) => `/tools/${name}`),
      '/resources',
      '/resources/{name}',
      '/prompts',
      '/prompts/compose',
      '/render/{format}',
      '/render/slack',
      ...CHAT_FORMAT_NAMES.map((name) => `/render/${name}`),
      '/images/{format}',
      '/images/{key}.{format}',
      '/mcp',
      '/openapi.json',
    ]);
    const { tools } = await json(await get('/tools'));
    const { $schema: _dialect, ...validateInput } = tools.find(
      (tool: { name: string }) => tool.name === 'isomer_validate',
    ).inputSchema;
    expect(doc.components.schemas.isomer_validate_input).toEqual(validateInput);
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual([...WORKER_ERROR_CODES]);
    expect(doc.components.schemas.Composition.properties.type).toEqual({ type: 'string', const: 'view' });
    // Slack and the chat hosts have typed paths of their own; the rest share `{format}`.
    const own = ['slack', ...CHAT_FORMAT_NAMES];
    expect(doc.paths['/render/{format}'].post.parameters[0].schema.enum).toEqual(
      DEFAULT_FORMATS.filter((name) => !own.includes(name)),
    );
    // `image` is documented exactly where the Worker takes it.
    const withImage = Object.entries(doc.paths as Record<string, any>)
      .filter(([, item]) => item.post?.parameters?.some((parameter: { name: string }) => parameter.name === 'image'))
      .map(([path]) => path);
    expect(withImage).toEqual(['/render/slack', '/render/teams', '/render/googlechat']);
    for (const name of CHAT_FORMAT_NAMES)
      expect(doc.paths[`/render/${name}`].post.responses['200'].content[CHAT_MIME_TYPES[name]].schema.$ref).toMatch(
        /^#\/components\/schemas\/\w+$/,
      );
    // Every reference resolves.
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of refs)
      expect(doc.components.schemas).toHaveProperty(ref.slice('"$ref":"#/components/schemas/'.length, -1));
  });
});

describe('unknown routes', () => {
  it('answers 404 JSON', async () => {
    await expectError(await get('/nope'), 404, 'NOT_FOUND');
    await expectError(await get('/tools/'), 404, 'NOT_FOUND');
  });
});
