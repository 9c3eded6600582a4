import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { MCP_VERSION, slide, workerFetch, silencedConsole } from './support.ts';
import { accessToken, newIssuer, signingKey } from './test-issuer.ts';

/**
 * Closed by default: every sign-in setting (nothing, `ISOMER_AUTH = "none"`, static tokens, OAuth,
 * a misconfiguration) against one request of each route group, over HTTP and MCP.
 */

const TOKEN = 'tok_closed_matrix_0123456789';
const worker = createWorker(builtInWorkerOptions());

/** One request per route group (and the public ones that stay public). */
const ROUTES: { group: string; path: string; init: () => RequestInit }[] = [
  { group: 'meta', path: '/openapi.json', init: () => ({}) },
  { group: 'tools', path: '/tools', init: () => ({}) },
  {
    group: 'tools',
    path: '/tools/isomer_validate',
    init: () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ composition: slide() }),
    }),
  },
  { group: 'render', path: '/formats', init: () => ({}) },
  {
    group: 'render',
    path: '/render/text',
    init: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(slide()) }),
  },
  {
    group: 'images',
    path: '/images/png',
    init: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(slide()) }),
  },
  { group: 'images', path: `/images/${'A'.repeat(43)}.png`, init: () => ({}) },
  {
    group: 'mcp',
    path: '/mcp',
    init: () => ({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MCP_VERSION,
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MCP_VERSION,
            'io.modelcontextprotocol/clientInfo': { name: 'closed-test', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    }),
  },
  {
    group: 'mcp (2025 era)',
    path: '/mcp',
    init: () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    }),
  },
  { group: 'unknown', path: '/nope', init: () => ({}) },
];

const PUBLIC = ['/healthz', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'];

const withToken = (init: RequestInit, token: string): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
});

const output = silencedConsole();

let oauth: { env: WorkerEnv; token: string };
beforeAll(async () => {
  const key = await signingKey('k1');
  const issuer = await newIssuer([key]);
  oauth = { env: { ...issuer.env, IMAGES: env.IMAGES }, token: await accessToken(key, issuer.issuer) };
});

describe('with no sign-in configured', () => {
  const closed: WorkerEnv = { IMAGES: env.IMAGES };

  it('answers 503 AUTH_NOT_CONFIGURED on every route group, saying how to configure or open it', async () => {
    for (const route of ROUTES) {
      const response = await workerFetch(worker, route.path, route.init(), closed);
      const label = `${route.group} ${route.path}`;
      expect(response.status, label).toBe(503);
      expect(response.headers.get('x-request-id'), label).toMatch(/^[0-9a-f]{32}$/);
      const body = (await response.json()) as any;
      if (route.path === '/mcp') {
        // The MCP endpoint's own form: a JSON-RPC error, the Worker's code in its data.
        expect(body.jsonrpc, label).toBe('2.0');
        expect(body.error.code, label).toBe(-32000);
        expect(body.error.data.code, label).toBe('AUTH_NOT_CONFIGURED');
        expect(body.error.data.requestId, label).toBe(response.headers.get('x-request-id'));
        expect(body.error.message, label).toContain('ISOMER_AUTH = "none"');
      } else {
        expect(body.error.code, label).toBe('AUTH_NOT_CONFIGURED');
        expect(body.error.message, label).toContain('ISOMER_TOKENS');
        expect(body.error.message, label).toContain('ISOMER_OAUTH_ISSUER');
        expect(body.error.message, label).toContain('ISOMER_AUTH = "none"');
      }
    }
  });

  it('answers a token as it answers none: there is nothing to check it against', async () => {
    const response = await workerFetch(worker, '/tools', withToken({}, TOKEN), closed);
    expect(response.status).toBe(503);
  });

  it('keeps /healthz and the OAuth discovery documents public', async () => {
    expect((await workerFetch(worker, '/healthz', {}, closed)).status).toBe(200);
    // Discovery is public; with OAuth off there is nothing to discover.
    for (const path of PUBLIC.slice(1)) expect((await workerFetch(worker, path, {}, closed)).status).toBe(404);
  });

  it('never draws or stores anything for a closed request', async () => {
    const before = (await env.IMAGES.list({ prefix: 'images/' })).objects.length;
    await workerFetch(worker, '/images/png', ROUTES.find((route) => route.path === '/images/png')!.init(), closed);
    expect((await env.IMAGES.list({ prefix: 'images/' })).objects.length).toBe(before);
  });
});

describe('with ISOMER_AUTH = "none"', () => {
  it('answers every route group, HTTP and MCP', async () => {
    const open: WorkerEnv = { IMAGES: env.IMAGES, ISOMER_AUTH: 'none' };
    for (const route of ROUTES) {
      const response = await workerFetch(worker, route.path, route.init(), open);
      const label = `${route.group} ${route.path}`;
      const expected = route.path === '/nope' ? 404 : route.path.startsWith('/images/A') ? 404 : 200;
      expect(response.status, label).toBe(expected);
    }
  });

  it('stays guarded when sign-in is configured too: the stronger setting wins', async () => {
    const both: WorkerEnv = { ISOMER_AUTH: 'none', ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'x' } }) };
    expect((await workerFetch(createWorker(builtInWorkerOptions()), '/tools', {}, both)).status).toBe(401);
    expect(output.warn.mock.calls.some(([message]) => String(message).includes('sign-in stays required'))).toBe(true);
  });
});

describe('with static tokens or OAuth', () => {
  it('asks every route group for a token and answers it with one', async () => {
    const tokens: WorkerEnv = { IMAGES: env.IMAGES, ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'matrix' } }) };
    for (const [settings, token] of [
      [tokens, TOKEN],
      [oauth.env, oauth.token],
    ] as const) {
      for (const route of ROUTES) {
        const label = `${settings.ISOMER_TOKENS ? 'tokens' : 'oauth'} ${route.group} ${route.path}`;
        const refused = await workerFetch(worker, route.path, route.init(), settings);
        // A stored image is public: the store's own answer (no such key), never a challenge.
        if (route.path.startsWith('/images/A')) {
          expect(refused.status, label).toBe(404);
          continue;
        }
        expect(refused.status, label).toBe(401);
        const answered = await workerFetch(worker, route.path, withToken(route.init(), token), settings);
        expect(answered.status, label).toBe(route.path === '/nope' ? 404 : 200);
      }
    }
  });
});

describe('misconfigured', () => {
  it('refuses every route group with 500 AUTH_MISCONFIGURED, never opening', async () => {
    for (const settings of [
      { ISOMER_TOKENS: 'not json' },
      { ISOMER_AUTH: 'yes' },
      { ISOMER_AUTH: 'None ' + 'x' },
      { ISOMER_OAUTH_SCOPES: 'mcp' },
    ] as WorkerEnv[]) {
      const misconfigured = createWorker(builtInWorkerOptions());
      for (const route of ROUTES) {
        if (route.path.startsWith('/images/A')) continue;
        const response = await workerFetch(misconfigured, route.path, route.init(), {
          ...settings,
          IMAGES: env.IMAGES,
        });
        const label = `${JSON.stringify(settings)} ${route.path}`;
        expect(response.status, label).toBe(500);
        expect(JSON.stringify(await response.json()), label).toContain('AUTH_MISCONFIGURED');
      }
      expect((await workerFetch(misconfigured, '/healthz', {}, settings)).status).toBe(200);
    }
  });
});
