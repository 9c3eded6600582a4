import { createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { MCP_VERSION } from '../support/mcp-message.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      /** Miniflare's Rate Limiting bindings with small limits (vitest.config.ts), for the limit tests. */
      TEST_DRAWING_LIMITER: RateLimit;
      TEST_GENERAL_LIMITER: RateLimit;
      TEST_ONE_LIMITER: RateLimit;
      /** The default Worker's own limiters (wrangler.toml; raised for the test files in vitest.config.ts). */
      ISOMER_DRAWING_LIMITER: RateLimit;
      ISOMER_GENERAL_LIMITER: RateLimit;
    }
  }
}

/** Any host works: the Worker routes on the path alone. */
export const BASE = 'http://isomer.test';

/** The registry's chat hosts drawn from one source (`surface`: the runtime's own surface; `markdown`: the content tree). */
const hostsFrom = (from: 'surface' | 'markdown'): string[] =>
  BUILT_IN_HOSTS.filter((host) => host.from === from).map((host) => host.name);

/**
 * Every format the default Worker offers, in the order tools, routes and OpenAPI list them: the
 * surfaces (the surface chat host among them), the pictures, then the hosts converted from Markdown.
 */
export const DEFAULT_FORMATS = [
  ...['text', 'markdown', 'html', ...hostsFrom('surface')],
  ...['png', 'webp', 'svg', 'pdf'],
  ...hostsFrom('markdown'),
];

export function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { headers });
}

export function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function postRaw(path: string, body: BodyInit | null, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { method: 'POST', headers, body });
}

/** A body streamed in chunks, so no Content-Length header announces its size. */
export function streamOf(totalBytes: number, fill = 0x20, chunkBytes = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(fill));
    },
  });
}

export { oneSlide as slide } from '../support/one-slide.ts';

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export { MCP_VERSION };

/** A 2026-07-28 request: every request carries its version and capabilities in `_meta` and headers. */
export function mcpModern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  id: number | string = 1,
): Promise<Response> {
  return SELF.fetch(mcpModernRequest(method, params, headers, id));
}

/** The request `mcpModern` sends, for a Worker other than the default one. */
export function mcpModernRequest(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  id: number | string = 1,
): Request {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MCP_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'workerd-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const name: Record<string, string> =
    typeof params.name === 'string'
      ? { 'mcp-name': params.name }
      : typeof params.uri === 'string'
        ? { 'mcp-name': params.uri }
        : {};
  return new Request(`${BASE}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MCP_VERSION,
      'mcp-method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }),
  });
}

/** A 2025-era request: no envelope; the SDK serves it statelessly, possibly as one SSE event. */
export function mcpLegacy(
  method: string,
  params: Record<string, unknown> = {},
  id: number | string = 1,
): Promise<Response> {
  return SELF.fetch(`${BASE}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
}

/** The JSON-RPC message of a response, whether sent as JSON or as a single SSE `data:` event. */
export async function rpcMessage(response: Response): Promise<any> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim());
    return JSON.parse(data.at(-1)!);
  }
  return JSON.parse(text);
}

/**
 * The bindings of a Worker opened on purpose (`ISOMER_AUTH = "none"`), as `npm start` runs it: what
 * a test that is not about sign-in gives a Worker it builds.
 */
export const OPEN_ENV = Object.freeze({ ISOMER_AUTH: 'none' });

/** A request to a Worker built in the test (not `SELF`), its waitUntil work awaited. Default: open. */
export async function workerFetch(
  worker: {
    fetch: (
      request: Request<unknown, IncomingRequestCfProperties>,
      env: object,
      ctx: ExecutionContext,
    ) => Promise<Response> | Response;
  },
  path: string,
  init: RequestInit = {},
  env: object = OPEN_ENV,
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** The init of a JSON POST. */
export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The console of one test, spied and silenced: what the Worker logged, read through these spies. */
export interface SilencedConsole {
  log: MockInstance<typeof console.log>;
  warn: MockInstance<typeof console.warn>;
  error: MockInstance<typeof console.error>;
}

/**
 * Spies on and silences `console.log`, `warn` and `error` around every test of the calling file
 * (call it at the top level); the returned object holds the current test's spies.
 */
export function silencedConsole(): SilencedConsole {
  const spies = {} as SilencedConsole;
  beforeEach(() => {
    spies.log = vi.spyOn(console, 'log').mockImplementation(() => {});
    spies.warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    spies.error = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    spies.log.mockRestore();
    spies.warn.mockRestore();
    spies.error.mockRestore();
  });
  return spies;
}
