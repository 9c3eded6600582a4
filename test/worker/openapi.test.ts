import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, MAX_BODY_BYTES, WORKER_ERROR_CODES, type WorkerEnv } from '../../src/worker/index.ts';
import { BASE, MCP_VERSION, slide, streamOf } from './support.ts';
import { AUDIENCE, accessToken, newIssuer, signingKey } from './test-issuer.ts';

/**
 * `/openapi.json` against the Worker itself: every operation is sent a set of good and bad requests,
 * each answer's status must be one the operation documents (with the documented error shape), and
 * every status an operation documents must be one some request actually gets.
 */

const worker = createWorker(builtInWorkerOptions());

/** Every probe runs with the IMAGES bucket unless it says otherwise (`bindings`). */
async function send(
  path: string,
  init: RequestInit,
  bindings: WorkerEnv = { IMAGES: env.IMAGES, ISOMER_AUTH: 'none' },
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

type Json = Record<string, any>;

interface Probe {
  what: string;
  path: string;
  init: RequestInit;
  env?: WorkerEnv;
  /** Sent again (at most 3 times) until the caller is over its limit: the last answer is probed. */
  untilLimited?: true;
}

const TOKEN = 'tok_openapi_probe_000001';
const TOKENS: WorkerEnv = { ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'probe' } }), IMAGES: env.IMAGES };
const MISCONFIGURED: WorkerEnv = { ISOMER_TOKENS: 'not json', IMAGES: env.IMAGES };
/** Miniflare's Rate Limiting binding with a limit of one (vitest.config.ts): a probe's caller goes over it. */
const OVER_LIMIT: WorkerEnv = {
  ISOMER_AUTH: 'none',
  IMAGES: env.IMAGES,
  ISOMER_GENERAL_LIMITER: env.TEST_ONE_LIMITER,
};
let overLimitCallers = 0;
/** OAuth against an issuer nothing listens on, and a token that names it: the Worker must ask it. */
const OAUTH_DOWN: WorkerEnv = { ISOMER_OAUTH_ISSUER: 'http://127.0.0.1:1', IMAGES: env.IMAGES };
const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const DOWN_TOKEN = `${b64({ alg: 'ES256', kid: 'k' })}.${b64({ iss: 'http://127.0.0.1:1', aud: AUDIENCE })}.c2ln`;
/** OAuth on the loopback test issuer, requiring a scope the token below lacks; filled in before the probes. */
const OAUTH_SCOPED: { env?: WorkerEnv; token?: string } = {};
/** An R2 binding that fails every call, as in an outage. */
const FAILING_BUCKET = {
  get: () => Promise.reject(new Error('R2 is down')),
  put: () => Promise.reject(new Error('R2 is down')),
  delete: () => Promise.reject(new Error('R2 is down')),
  list: () => Promise.reject(new Error('R2 is down')),
};
/** Path parameters with no enum to pick from: a stored image's key, filled in before the probes run. */
const GOOD_PARAMETERS: Record<string, string> = {};
const JSON_TYPE = { 'content-type': 'application/json' };
const MCP_ACCEPT = { accept: 'application/json, text/event-stream' };

/** A request body each operation accepts, when an empty one would not do. */
const GOOD_BODIES: Record<string, unknown> = {
  '/tools/isomer_describe_primitives': { types: ['slideHeading'] },
  '/tools/isomer_validate': { composition: slide() },
  '/tools/isomer_render': { composition: slide(), format: 'text' },
  '/tools/isomer_request_view': { id: 'no-such-view' },
  '/images/{format}': slide(),
};
const goodBody = (template: string): unknown =>
  GOOD_BODIES[template] ?? (template.startsWith('/render/') ? slide() : {});

/** A 2026-07-28 MCP request, as a client SDK sends it. */
function mcpRequest(method: string, headers: Record<string, string> = {}, id: number | null = 1): RequestInit {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MCP_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'openapi-probe', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return {
    method: 'POST',
    headers: {
      ...JSON_TYPE,
      ...MCP_ACCEPT,
      'mcp-protocol-version': MCP_VERSION,
      'mcp-method': method,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, params: { _meta: meta } }),
  };
}

/** A 2025-era MCP request (no envelope), which the SDK serves statelessly. */
function legacyRequest(body: Json, headers: Record<string, string> = MCP_ACCEPT): RequestInit {
  return { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** Good and bad requests for one operation, derived from what the document says of it. */
function probesFor(template: string, method: string, operation: Json): Probe[] {
  const parameters: Json[] = operation.parameters ?? [];
  const pathWith = (replace: (name: string) => string) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => replace(name));
  const goodValue = (name: string) => GOOD_PARAMETERS[name] ?? parameters.find((p) => p.name === name)!.schema.enum[0];
  const path = pathWith(goodValue);
  const verb = method.toUpperCase();
  const body = operation.requestBody ? JSON.stringify(goodBody(template)) : undefined;
  const good: RequestInit =
    template === '/mcp'
      ? mcpRequest('tools/list')
      : { method: verb, ...(body !== undefined ? { headers: JSON_TYPE, body } : {}) };
  const probes: Probe[] = [
    { what: 'a good request', path, init: good },
    { what: 'another method', path, init: { method: 'PUT' } },
  ];
  const withToken = (token: string): RequestInit => ({
    ...good,
    headers: { ...(good.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
  });
  if (template.startsWith('/.well-known/'))
    probes.push({ what: 'OAuth on', path, init: good, env: { ...OAUTH_SCOPED.env!, IMAGES: env.IMAGES } });
  if (operation.security?.length !== 0) {
    probes.push(
      { what: 'the identity provider unreachable', path, init: withToken(DOWN_TOKEN), env: OAUTH_DOWN },
      { what: 'a token without the scope', path, init: withToken(OAUTH_SCOPED.token!), env: OAUTH_SCOPED.env },
      { what: 'no token where tokens are set', path, init: good, env: TOKENS },
      {
        what: 'a foreign Origin',
        path,
        init: { ...good, headers: { ...good.headers, origin: 'https://evil.example' } },
      },
      { what: 'an unusable ISOMER_TOKENS', path, init: good, env: MISCONFIGURED },
      { what: 'no sign-in configured', path, init: good, env: { IMAGES: env.IMAGES } },
      { what: 'a caller over its general limit', path, init: good, env: OVER_LIMIT, untilLimited: true },
    );
  }
  // Every operation: those that document the 499 must answer it, and any other must not.
  probes.push({
    what: 'a client that has gone',
    path,
    init: { ...good, signal: AbortSignal.abort(new DOMException('the client has gone', 'AbortError')) },
  });
  if (operation.requestBody) {
    const post = (what: string, headers: Record<string, string>, payload: BodyInit) =>
      probes.push({ what, path, init: { method: verb, headers: { ...MCP_ACCEPT, ...headers }, body: payload } });
    post('malformed JSON', JSON_TYPE, '{"a":');
    post('a text/plain body', { 'content-type': 'text/plain' }, '{}');
    post('a body over the limit', JSON_TYPE, streamOf(MAX_BODY_BYTES + 1));
    post('JSON of the wrong shape', JSON_TYPE, '[]');
  }
  for (const parameter of parameters) {
    if (parameter.in === 'path')
      probes.push({
        what: `an unknown ${parameter.name}`,
        path: pathWith((name) => (name === parameter.name ? 'nope' : goodValue(name))),
        init: good,
      });
    if (parameter.in === 'query')
      probes.push({ what: `a bad ${parameter.name}`, path: `${path}?${parameter.name}=nope`, init: good });
  }
  const picture = parameters.some((parameter) => parameter.name === 'image');
  if (template.startsWith('/images/') || picture) {
    const hosted = picture ? `${path}?image=above` : path;
    const unstored = pathWith((name) => (name === 'key' ? 'Q'.repeat(43) : goodValue(name)));
    probes.push(
      { what: 'no IMAGES binding', path: hosted, init: good, env: { ISOMER_AUTH: 'none' } },
      { what: 'a failing bucket', path: unstored, init: good, env: { IMAGES: FAILING_BUCKET, ISOMER_AUTH: 'none' } },
    );
  }
  if (template === '/images/{key}.{format}') {
    probes.push(
      { what: 'a foreign Origin', path, init: { headers: { origin: 'https://evil.example' } } },
      { what: 'its own ETag', path, init: { headers: { 'if-none-match': `"${GOOD_PARAMETERS.key}"` } } },
    );
  }
  if (template === '/mcp') {
    probes.push(
      { what: 'an unknown method', path, init: mcpRequest('nope/nothing') },
      {
        what: 'an unsupported protocol version',
        path,
        init: mcpRequest('tools/list', { 'mcp-protocol-version': '1999-01-01' }),
      },
      {
        what: 'a 2025-era notification',
        path,
        init: legacyRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      },
      {
        what: 'a 2025-era request that accepts only JSON',
        path,
        init: legacyRequest(
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'p', version: '1' } },
          },
          { accept: 'application/json' },
        ),
      },
    );
  }
  return probes;
}

/** The documented schema of a response, resolved one level: the two error shapes are checked by hand. */
function errorShapeProblem(schema: Json | undefined, body: unknown): string | undefined {
  const refs: string[] = schema?.$ref ? [schema.$ref] : (schema?.anyOf ?? []).map((entry: Json) => entry.$ref);
  const fits = refs.some((ref) => {
    const value = body as Json;
    if (ref === '#/components/schemas/Error')
      return WORKER_ERROR_CODES.includes(value?.error?.code) && typeof value.error.message === 'string';
    if (ref === '#/components/schemas/JsonRpcError')
      return value?.jsonrpc === '2.0' && Number.isInteger(value.error?.code) && typeof value.error.message === 'string';
    return true;
  });
  return refs.length === 0 || fits
    ? undefined
    : `body ${JSON.stringify(body).slice(0, 160)} fits none of ${refs.join(', ')}`;
}

describe('the OpenAPI document against the Worker', () => {
  let warn: MockInstance<typeof console.warn>;
  let error: MockInstance<typeof console.error>;
  let doc: Json;
  beforeAll(async () => {
    // The open-mode and bad-secret probes log by design.
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    error = vi.spyOn(console, 'error').mockImplementation(() => {});
    doc = (await (await send('/openapi.json', {})).json()) as Json;
    const key = await signingKey('k1');
    const { issuer, env: oauth } = await newIssuer([key]);
    OAUTH_SCOPED.env = { ...oauth, ISOMER_OAUTH_SCOPES: 'isomer:everything', IMAGES: env.IMAGES };
    OAUTH_SCOPED.token = await accessToken(key, issuer, { scope: 'other' });
    const image = await send('/images/png', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(slide()) });
    GOOD_PARAMETERS.key = /\/images\/([\w-]+)\.png$/.exec(((await image.json()) as Json).url)![1]!;
  });
  afterAll(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  const operations = () =>
    Object.entries(doc.paths as Record<string, Json>).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({ template, method, operation: operation as Json })),
    );

  it('documents every status the Worker answers, and answers every status it documents', async () => {
    const problems: string[] = [];
    for (const { template, method, operation } of operations()) {
      const documented = Object.keys(operation.responses).sort();
      const seen = new Set<string>();
      for (const probe of probesFor(template, method, operation)) {
        let response = await send(probe.path, probe.init, probe.env);
        if (probe.untilLimited) {
          // A caller of its own (by address), over a limit of one by its second request.
          const address = `192.0.2.${++overLimitCallers}`;
          const headers = {
            ...(probe.init.headers as Record<string, string> | undefined),
            'cf-connecting-ip': address,
          };
          for (let i = 0; i < 3; i++) {
            response = await send(probe.path, { ...probe.init, headers }, probe.env);
            if (response.status === 429) break;
            await response.body?.cancel();
          }
        }
        const status = String(response.status);
        seen.add(status);
        const label = `${method.toUpperCase()} ${template}, ${probe.what}: ${status}`;
        const answer = operation.responses[status];
        if (!answer) {
          problems.push(`${label} is not documented (${(await response.text()).slice(0, 160)})`);
          continue;
        }
        const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
        if (!answer.content) {
          // A response documented without content (a 202, 304 or 499) must have none.
          const body = await response.text();
          if (body !== '') problems.push(`${label} documents no content but answered ${body.slice(0, 80)}`);
          continue;
        }
        if (!(type in answer.content))
          problems.push(`${label} answered ${type}, documented ${Object.keys(answer.content).join(', ')}`);
        if (type === 'application/json' && status !== '200') {
          const problem = errorShapeProblem(answer.content?.[type]?.schema, await response.json());
          if (problem) problems.push(`${label}: ${problem}`);
        } else await response.body?.cancel();
      }
      const unseen = documented.filter((status) => !seen.has(status));
      if (unseen.length > 0)
        problems.push(`${method.toUpperCase()} ${template} documents ${unseen} but never answered it`);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
