import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { get, slide, workerFetch, silencedConsole } from './support.ts';

/**
 * Bindings differ per test here, so each test calls a Worker built by `createWorker(builtInWorkerOptions())` directly
 * with its own `env`, inside workerd like every other test (no second vitest project needed).
 */
const call = (
  env: WorkerEnv,
  path: string,
  init: RequestInit = {},
  worker = createWorker(builtInWorkerOptions()),
): Promise<Response> => workerFetch(worker, path, init, env);

const BOT = 'tok_slack_bot_0123456789';
const CHAT = 'tok_chat_app_9876543210';
const TOKENS: WorkerEnv = {
  ISOMER_TOKENS: JSON.stringify({
    [BOT]: { caller: 'slack-bot', context: { brand: 'Slack Bot Brand', team: 'T1' } },
    [CHAT]: { caller: 'chat-app', context: { brand: 'Chat Brand' } },
    tok_slack_bot_rotated_01: { caller: 'slack-bot', context: { brand: 'Slack Bot Brand', team: 'T1' } },
  }),
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const requestSummary = (headers: Record<string, string>, worker?: ReturnType<typeof createWorker>) =>
  call(
    TOKENS,
    '/tools/isomer_request_view',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        id: 'summary-slide',
        input: { title: 'Search forgives typos', points: ['Fewer empty results'] },
      }),
    },
    worker,
  );

const output = silencedConsole();

/** A Worker opened on purpose, as `npm start` runs it. */
const OPEN: WorkerEnv = { ISOMER_AUTH: 'none' };

describe('without ISOMER_TOKENS', () => {
  it('is closed, and says how to configure sign-in once in the log', async () => {
    const worker = createWorker(builtInWorkerOptions());
    for (let i = 0; i < 3; i++) {
      const response = await call({}, '/tools', {}, worker);
      expect(response.status).toBe(503);
      expect(((await response.json()) as any).error.code).toBe('AUTH_NOT_CONFIGURED');
    }
    const said = output.warn.mock.calls.filter(([message]) => String(message).includes('No sign-in is configured'));
    expect(said).toHaveLength(1);
    expect(String(said[0]![0])).toContain('ISOMER_AUTH = "none"');
  });

  it('is open with ISOMER_AUTH = "none", and says so once in the log', async () => {
    const worker = createWorker(builtInWorkerOptions());
    for (let i = 0; i < 3; i++) expect((await call(OPEN, '/tools', {}, worker)).status).toBe(200);
    expect(output.warn.mock.calls.filter(([message]) => String(message).includes('every route is open'))).toHaveLength(
      1,
    );
    // The test pool's own bindings open the default Worker the same way (vitest.config.ts).
    expect((await get('/tools')).status).toBe(200);
  });
});

describe('with ISOMER_TOKENS', () => {
  it('refuses every route but /healthz without a token', async () => {
    expect((await call(TOKENS, '/healthz')).status).toBe(200);
    for (const [path, method] of [
      ['/tools', 'GET'],
      ['/tools/isomer_validate', 'POST'],
      ['/resources', 'GET'],
      ['/resources/isomer-authoring-guide', 'GET'],
      ['/prompts', 'GET'],
      ['/prompts/compose', 'POST'],
      ['/render/text', 'POST'],
      ['/openapi.json', 'GET'],
      ['/mcp', 'POST'],
      ['/mcp', 'GET'],
      ['/nope', 'GET'],
    ] as const) {
      const response = await call(TOKENS, path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="isomer-edge"');
      expect(((await response.json()) as any).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a wrong, truncated, extended or differently-schemed token', async () => {
    for (const authorization of [
      `Bearer ${BOT.slice(0, -1)}`,
      `Bearer ${BOT}x`,
      `Bearer x${BOT}`,
      `Basic ${btoa(`${BOT}:`)}`,
      BOT,
      `Bearer ${BOT} extra`,
      `Bearer`,
      `Bearer ${'a'.repeat(100_000)}`,
    ]) {
      const response = await call(TOKENS, '/tools', { headers: { authorization } });
      expect(response.status, authorization.slice(0, 40)).toBe(401);
      const text = await response.text();
      expect(text).not.toContain(BOT.slice(4));
    }
    const wrong = await call(TOKENS, '/tools', { headers: bearer('tok_not_a_real_token_at_all') });
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="isomer-edge", error="invalid_token"');
  });

  it('accepts each configured token, with any case of the scheme', async () => {
    for (const authorization of [`Bearer ${BOT}`, `bearer ${CHAT}`, `BEARER  tok_slack_bot_rotated_01`]) {
      expect((await call(TOKENS, '/tools', { headers: { authorization } })).status, authorization).toBe(200);
    }
  });

  it('passes each caller’s context to the views as hostContext', async () => {
    const worker = createWorker(builtInWorkerOptions());
    const brandOf = async (token: string) =>
      JSON.parse(((await (await requestSummary(bearer(token), worker)).json()) as any).content[0].text).composition
        .body[0].brand;
    expect(await brandOf(BOT)).toBe('Slack Bot Brand');
    expect(await brandOf(CHAT)).toBe('Chat Brand');
    expect(await brandOf('tok_slack_bot_rotated_01')).toBe('Slack Bot Brand');
    expect(await brandOf(BOT)).toBe('Slack Bot Brand');
  });

  it('passes the caller’s context over MCP too', async () => {
    const response = await call(TOKENS, '/mcp', {
      method: 'POST',
      headers: { ...bearer(CHAT), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'isomer_request_view',
          arguments: { id: 'summary-slide', input: { title: 'T', points: ['p'] } },
        },
      }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const message = JSON.parse(
      text.includes('data:')
        ? text
            .split('\n')
            .find((line) => line.startsWith('data:'))!
            .slice(5)
        : text,
    );
    expect(JSON.parse(message.result.content[0].text).composition.body[0].brand).toBe('Chat Brand');
  });

  it('refuses everything (but /healthz) when the secret is invalid, without printing it', async () => {
    const secrets = [
      'not json',
      '[]',
      '{}',
      '"tok"',
      JSON.stringify({ short: { caller: 'x' } }),
      JSON.stringify({ [BOT]: { name: 'x' } }),
      JSON.stringify({ [`${BOT} space`]: { caller: 'x' } }),
      JSON.stringify({ [BOT]: { caller: 'a', context: { x: 1 } }, [CHAT]: { caller: 'a', context: { x: 2 } } }),
    ];
    for (const secret of secrets) {
      const worker = createWorker(builtInWorkerOptions());
      expect((await call({ ISOMER_TOKENS: secret }, '/healthz', {}, worker)).status).toBe(200);
      const response = await call({ ISOMER_TOKENS: secret }, '/tools', { headers: bearer(BOT) }, worker);
      expect(response.status, secret).toBe(500);
      expect(((await response.json()) as any).error.code).toBe('AUTH_MISCONFIGURED');
    }
    const logged = output.error.mock.calls.map(([message]) => String(message)).join('\n');
    expect(logged).toContain('refusing every request');
    expect(logged).not.toContain(BOT);
  });
});

describe('Origin', () => {
  it('allows requests without Origin and, by default, localhost-class origins only', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8787', 'https://localhost', 'http://[::1]:5173']) {
      expect((await call(OPEN, '/tools', { headers: { origin } })).status, origin).toBe(200);
    }
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null', 'file://', 'not a url']) {
      const response = await call(OPEN, '/tools', { headers: { origin } });
      expect(response.status, origin).toBe(403);
      expect(((await response.json()) as any).error.code).toBe('FORBIDDEN_ORIGIN');
      expect(
        (
          await call(OPEN, '/mcp', {
            method: 'POST',
            headers: { origin, 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
        origin,
      ).toBe(403);
    }
    expect((await call(OPEN, '/healthz', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('allows exactly the configured origins when ISOMER_ALLOWED_ORIGINS is set', async () => {
    const env = {
      ...OPEN,
      ISOMER_ALLOWED_ORIGINS: 'https://app.example.com, https://Chat.Example.com/ ,ftp://bad, https://x.example/path',
    };
    expect((await call(env, '/tools', { headers: { origin: 'https://app.example.com' } })).status).toBe(200);
    expect((await call(env, '/tools', { headers: { origin: 'https://chat.example.com' } })).status).toBe(200);
    expect((await call(env, '/tools', { headers: { origin: 'http://localhost:3000' } })).status).toBe(403);
    expect((await call(env, '/tools', { headers: { origin: 'https://app.example.com.evil.example' } })).status).toBe(
      403,
    );
    expect((await call(env, '/tools', { headers: { origin: 'http://app.example.com' } })).status).toBe(403);
    expect(
      output.warn.mock.calls.some(
        ([message]) => String(message).includes('"ftp://bad"') && String(message).includes('"https://x.example/path"'),
      ),
    ).toBe(true);
    expect(
      (
        await call({ ...OPEN, ISOMER_ALLOWED_ORIGINS: '*' }, '/tools', {
          headers: { origin: 'https://anywhere.example' },
        })
      ).status,
    ).toBe(200);
  });

  it('checks Origin before the token, so a foreign page learns nothing', async () => {
    expect((await call(TOKENS, '/tools', { headers: { origin: 'https://evil.example', ...bearer(BOT) } })).status).toBe(
      403,
    );
  });
});

describe('same-origin pages (the playground)', () => {
  const WORKER = 'https://isomer.example.com';
  /** A request to the Worker at its deployed URL, from a page with `origin`. */
  async function fromPage(env: WorkerEnv, origin: string, url = `${WORKER}/render/text`, headers = {}) {
    const ctx = createExecutionContext();
    const response = await createWorker(builtInWorkerOptions()).fetch(
      new Request(url, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(slide()),
      }) as Request<unknown, IncomingRequestCfProperties>,
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("allows the Worker's own HTTPS origin with no origins configured, and no other", async () => {
    const own = await fromPage(OPEN, WORKER);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fromPage(OPEN, 'https://isomer.example.com:8443')).status).toBe(403);
    expect((await fromPage(OPEN, 'https://other.example.com')).status).toBe(403);
    expect((await fromPage({ ...OPEN, ISOMER_ALLOWED_ORIGINS: 'https://app.example.com' }, WORKER)).status).toBe(200);
  });

  it('still asks for a token', async () => {
    expect((await fromPage(TOKENS, WORKER)).status).toBe(401);
    expect((await fromPage(TOKENS, WORKER, undefined, bearer(BOT))).status).toBe(200);
  });

  it('refuses a rebound name: over plain HTTP the Origin equals the Host the attacker chose', async () => {
    expect((await fromPage(OPEN, 'http://evil.example.com', 'http://evil.example.com/render/text')).status).toBe(403);
  });
});

describe('CORS', () => {
  const env = { ...TOKENS, ISOMER_CORS_ORIGINS: 'https://chat.example.com' };
  const preflight = (origin: string, headers = 'authorization, content-type, mcp-protocol-version, x-evil') =>
    call(env, '/tools/isomer_validate', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    });

  it('answers a preflight from a listed origin without a token', async () => {
    const response = await preflight('https://chat.example.com');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    // hono/cors writes lists without spaces; the fixed headers are granted whether requested or not.
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization,content-type,accept,last-event-id,mcp-protocol-version',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it("grants the MCP transport's mcp-* headers as requested, and never another", async () => {
    const granted = (await preflight('https://chat.example.com', 'x-evil, Mcp-Param-Name, mcp-method')).headers.get(
      'access-control-allow-headers',
    );
    expect(granted?.split(',')).toEqual([
      'authorization',
      'content-type',
      'accept',
      'last-event-id',
      'mcp-param-name',
      'mcp-method',
    ]);
  });

  it('grants nothing to an origin that is allowed but not listed for CORS, and refuses a foreign one', async () => {
    const local = await preflight('http://localhost:3000');
    expect(local.status).toBe(204);
    expect(local.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('https://evil.example')).status).toBe(403);
  });

  it('adds the CORS headers to answers, errors included', async () => {
    const ok = await call(env, '/tools', { headers: { origin: 'https://chat.example.com', ...bearer(CHAT) } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    expect(ok.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    const denied = await call(env, '/tools', { headers: { origin: 'https://chat.example.com' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('https://chat.example.com');
    const none = await call(env, '/tools', { headers: bearer(CHAT) });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reflects any origin when ISOMER_CORS_ORIGINS is *', async () => {
    const response = await call({ ...OPEN, ISOMER_CORS_ORIGINS: '*' }, '/tools', {
      headers: { origin: 'https://anywhere.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
  });
});
