import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { builtInWorkerOptions, slidesWorkerOptions, summarySlideView } from '../../src/built-in/options.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { LOG_EVENTS, routeOf, type RequestLogLine } from '../../src/worker/request-log.ts';
import overflowing from '../fixtures/overflow/list-long-bodies.json';
import { BASE, MCP_VERSION, slide, workerFetch, silencedConsole } from './support.ts';

/**
 * The request log and the request id: one line per request with the fields an operator queries,
 * never a composition's text, a token or an address; the id in a header on every answer and in
 * every error body; an exception logged with its stack under the id and answered without it.
 */

const MARKER = 'zq-marker-7f3a9c';
const TOKEN = `tok_${MARKER}_0123456789`;
const ADDRESS = '198.51.100.77';

const output = silencedConsole();

const lines = (): RequestLogLine[] =>
  output.log.mock.calls.map(([line]) => line as RequestLogLine).filter((line) => line?.event === LOG_EVENTS.request);
/** Everything the Worker wrote to the log, as text. */
const everything = () =>
  [...output.log.mock.calls, ...output.warn.mock.calls, ...output.error.mock.calls]
    .map((args) => args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '))
    .join('\n');

const marked = () =>
  slide({ title: `Title ${MARKER}`, points: [`Point ${MARKER}`, `<@U123> ${MARKER}`] } as Parameters<typeof slide>[0]);
const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'cf-connecting-ip': ADDRESS, ...headers },
  body: JSON.stringify(body),
});

describe('the log line', () => {
  it('is one per request, with the fields an operator queries', async () => {
    const worker = createWorker(builtInWorkerOptions());
    const settings: WorkerEnv = {
      ISOMER_AUTH: 'none',
      IMAGES: env.IMAGES,
      ISOMER_DRAWING_LIMITER: env.ISOMER_DRAWING_LIMITER,
      ISOMER_GENERAL_LIMITER: env.ISOMER_GENERAL_LIMITER,
    };
    const answers = [
      await workerFetch(worker, '/render/png?layout=true', post(marked()), settings),
      await workerFetch(worker, '/tools/isomer_render', post({ composition: marked(), format: 'markdown' }), settings),
      await workerFetch(worker, '/tools/nope', post({}), settings),
      await workerFetch(worker, '/render/text', post({ type: 'view', body: [] }), settings),
      await workerFetch(worker, '/healthz', {}, settings),
    ];
    const written = lines();
    expect(written).toHaveLength(answers.length);
    expect(written.map((line) => line.requestId)).toEqual(answers.map((answer) => answer.headers.get('x-request-id')));
    const [png, tool, unknown, invalid, health] = written as [RequestLogLine, ...RequestLogLine[]];
    expect(png).toMatchObject({
      method: 'POST',
      route: '/render/{format}',
      format: 'png',
      status: 200,
      clientLeft: false,
    });
    expect(png.bytes).toBe((await answers[0]!.arrayBuffer()).byteLength);
    expect(png.caller).toMatch(/^[0-9a-f]{16}$/);
    expect(png.signedInBy).toBe('open');
    expect(png.limits).toEqual(['general', 'drawing']);
    expect(typeof png.durationMs).toBe('number');
    expect(png.findings).toBe(0);
    expect(tool).toMatchObject({ route: '/tools/{name}', tool: 'isomer_render', format: 'markdown', status: 200 });
    expect(unknown).toMatchObject({ route: '/tools/{name}', status: 404, code: 'TOOL_NOT_FOUND' });
    expect(unknown!.tool).toBeUndefined();
    expect(invalid).toMatchObject({ status: 422, code: 'COMPOSITION_INVALID' });
    expect(health).toMatchObject({ route: '/healthz', status: 200 });
    expect(health!.caller).toBeUndefined();
    // The same caller hashes the same; another address, another hash.
    expect(tool!.caller).toBe(png.caller);
    await workerFetch(worker, '/formats', { headers: { 'cf-connecting-ip': '198.51.100.78' } }, settings);
    expect(lines().at(-1)!.caller).not.toBe(png.caller);
  });

  it('counts the layout findings a check reported', async () => {
    const response = await workerFetch(
      createWorker(builtInWorkerOptions()),
      '/render/text?layout=true',
      post(overflowing),
    );
    const findings = JSON.parse(response.headers.get('isomer-layout-warnings')!) as string[];
    expect(findings.length).toBeGreaterThan(0);
    expect(lines().at(-1)!.findings).toBe(findings.length);
  });

  it('never holds the composition, the token or the address', async () => {
    const worker = createWorker(builtInWorkerOptions());
    const signedIn: WorkerEnv = {
      IMAGES: env.IMAGES,
      ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'log-test' } }),
    };
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const [path, body] of [
      ['/render/markdown', marked()],
      ['/render/slack', marked()],
      ['/tools/isomer_validate', { composition: marked() }],
      ['/tools/isomer_render', { composition: { ...marked(), body: [{ type: MARKER }] }, format: 'html' }],
      ['/images/png', marked()],
    ] as const) {
      await workerFetch(worker, path, post(body, auth), signedIn);
      await workerFetch(worker, path, post(body), { ISOMER_AUTH: 'none', IMAGES: env.IMAGES });
    }
    await workerFetch(
      worker,
      '/tools',
      { headers: { authorization: `Bearer ${TOKEN}x`, 'cf-connecting-ip': ADDRESS } },
      signedIn,
    );
    await workerFetch(
      worker,
      '/mcp',
      post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'isomer_validate', arguments: { composition: marked() } },
        },
        { ...auth, accept: 'application/json, text/event-stream' },
      ),
      signedIn,
    );
    expect(lines().length).toBe(12);
    const text = everything();
    expect(text).not.toContain(MARKER);
    expect(text).not.toContain(ADDRESS);
    expect(text).not.toContain('log-test');
  });

  it('says when the client left', async () => {
    const response = await workerFetch(createWorker(builtInWorkerOptions()), '/render/png', {
      ...post(slide()),
      signal: AbortSignal.abort(),
    });
    expect(response.status).toBe(499);
    expect(lines().at(-1)).toMatchObject({ status: 499, clientLeft: true, bytes: 0 });
  });
});

describe('the request id', () => {
  it('is on every answer, and in every error body', async () => {
    const worker = createWorker(builtInWorkerOptions());
    const tokens: WorkerEnv = { ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'x' } }) };
    const answers: [Response, WorkerEnv | undefined][] = [];
    const send = async (path: string, init: RequestInit, settings?: WorkerEnv) =>
      answers.push([await workerFetch(worker, path, init, settings), settings]);
    await send('/healthz', {});
    await send('/tools', {});
    await send('/tools', {}, tokens);
    await send('/tools', {}, {});
    await send('/tools', { headers: { origin: 'https://evil.example' } });
    await send('/tools', { method: 'DELETE' });
    await send('/nope', {});
    await send('/render/text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    await send('/render/text', post({ type: 'view', body: [] }));
    await send(
      '/mcp',
      post(
        { jsonrpc: '2.0', id: 1, method: 'nope' },
        { accept: 'application/json, text/event-stream', 'mcp-protocol-version': MCP_VERSION },
      ),
    );
    await send(
      '/mcp',
      post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json, text/event-stream' }),
      {},
    );
    const ids = new Set<string>();
    for (const [response] of answers) {
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.add(id!);
      if (response.status >= 400) {
        const body = (await response.json()) as any;
        expect(body.error.requestId ?? body.error.data?.requestId, `${response.status}`).toBe(id);
      }
    }
    expect(ids.size).toBe(answers.length);
    // The default Worker, as deployed, too.
    const self = await SELF.fetch(`${BASE}/formats`);
    expect(self.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('finds the stack of an unexpected exception, which the answer never carries', async () => {
    // A configuration error (a view registered twice) throws on the first request: unexpected.
    const broken = createWorker(slidesWorkerOptions({ views: [summarySlideView] }));
    const response = await workerFetch(broken, '/tools', {});
    expect(response.status).toBe(500);
    const body = (await response.json()) as any;
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/\bat \S+ \(|\.ts:\d+/);
    const logged = output.error.mock.calls
      .map(([line]) => line as any)
      .find((line) => line?.event === LOG_EVENTS.exception);
    expect(logged.requestId).toBe(body.error.requestId);
    expect(logged.error).toContain('already registered');
    expect(logged.stack).toMatch(/^\s+at /);
    expect(lines().at(-1)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', requestId: logged.requestId });
  });

  it('names routes by their pattern, never by what a caller wrote', () => {
    expect(routeOf('/render/png')).toBe('/render/{format}');
    expect(routeOf(`/tools/${MARKER}`)).toBe('/tools/{name}');
    expect(routeOf(`/${MARKER}/x`)).toBe('unmatched');
    expect(routeOf('/mcp')).toBe('/mcp');
  });
});

describe('Server-Timing', () => {
  it('says where a render and a tool call spent their time', async () => {
    const worker = createWorker(builtInWorkerOptions());
    const png = await workerFetch(worker, '/render/png?layout=true', post(slide()));
    expect(png.headers.get('server-timing')).toMatch(/^validate;dur=[\d.]+, layout;dur=[\d.]+, draw;dur=[\d.]+$/);
    const stored = await workerFetch(worker, '/images/png', post(slide({ title: `Stored ${crypto.randomUUID()}` })), {
      ISOMER_AUTH: 'none',
      IMAGES: env.IMAGES,
    });
    expect(stored.headers.get('server-timing')).toMatch(/validate;dur=[\d.]+, draw;dur=[\d.]+, store;dur=[\d.]+/);
    const tool = await workerFetch(worker, '/tools/isomer_validate', post({ composition: slide() }));
    expect(tool.headers.get('server-timing')).toMatch(/validate;dur=[\d.]+, layout;dur=[\d.]+/);
    expect((await workerFetch(worker, '/formats', {})).headers.get('server-timing')).toBeNull();
  });
});
