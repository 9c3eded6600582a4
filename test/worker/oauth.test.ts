import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { slidesWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { shownIdentity, whoamiView } from '../support/whoami-view.ts';
import { BASE, slide, silencedConsole } from './support.ts';
import { accessToken, AUDIENCE, ISSUER_SERVER, newIssuer, now, type SigningKey, signingKey } from './test-issuer.ts';

/**
 * The Worker as an OAuth resource server, against a real authorization server's endpoints: the
 * loopback issuer `test/e2e/test-issuer.ts` (started by the workerd project's global setup) serves
 * metadata and a JWKS over HTTP, and these tests sign tokens with keys they make with `jose`.
 */

const newWorker = () => createWorker(slidesWorkerOptions({ views: [whoamiView] }));

async function call(
  env: WorkerEnv,
  path: string,
  init: RequestInit = {},
  worker = newWorker(),
  base = BASE,
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${base}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const b64url = (value: unknown) =>
  btoa(typeof value === 'string' ? value : JSON.stringify(value))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function hmacToken(secret: Uint8Array, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(secret);
}

const whoamiCall = (env: WorkerEnv, headers: Record<string, string>, worker = newWorker()) =>
  call(
    env,
    '/tools/isomer_request_view',
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"id":"whoami"}' },
    worker,
  );

async function shownIdentityOf(response: Response): Promise<{ caller: string; context: string[] }> {
  return shownIdentity(JSON.parse(((await response.json()) as any).content[0].text).composition);
}

const output = silencedConsole();

describe('configuration', () => {
  it('refuses every request (but /healthz) when the OAuth variables are unusable, saying why in the log', async () => {
    const cases: [WorkerEnv, string][] = [
      [{ ISOMER_OAUTH_ISSUER: 'http://idp.example.com' }, 'must be an https:// URL'],
      [{ ISOMER_OAUTH_ISSUER: 'not a url' }, 'not an absolute URL'],
      [{ ISOMER_OAUTH_ISSUER: 'https://idp.example.com/?tenant=1' }, 'no query or fragment'],
      [{ ISOMER_OAUTH_ISSUER: 'https://user:pw@idp.example.com' }, 'credentials'],
      [{ ISOMER_OAUTH_AUDIENCE: 'https://isomer.example.com/mcp' }, 'without ISOMER_OAUTH_ISSUER'],
      [{ ISOMER_OAUTH_ISSUER: 'https://idp.example.com', ISOMER_OAUTH_AUDIENCE: 'relative/mcp' }, 'absolute URI'],
      [{ ISOMER_OAUTH_ISSUER: 'https://idp.example.com', ISOMER_OAUTH_SCOPES: 'admin=isomer' }, 'names the group'],
      [{ ISOMER_OAUTH_ISSUER: 'https://idp.example.com', ISOMER_OAUTH_SCOPES: 'mcp="x"' }, 'not an OAuth scope'],
    ];
    for (const [env, reason] of cases) {
      const worker = newWorker();
      expect((await call(env, '/healthz', {}, worker)).status).toBe(200);
      const response = await call(env, '/tools', {}, worker);
      expect(response.status, JSON.stringify(env)).toBe(500);
      expect(((await response.json()) as any).error.code).toBe('AUTH_MISCONFIGURED');
      expect(output.error.mock.calls.map(([message]) => String(message)).join('\n')).toContain(reason);
    }
  });

  it('allows plain http for a loopback issuer only', async () => {
    for (const issuer of ['http://127.0.0.1:9/x', 'http://localhost:9', 'http://[::1]:9', 'https://idp.example.com/']) {
      const response = await call({ ISOMER_OAUTH_ISSUER: issuer }, '/tools');
      expect(response.status, issuer).toBe(401);
    }
  });
});

describe('protected resource metadata (RFC 9728)', () => {
  const env: WorkerEnv = {
    ISOMER_OAUTH_ISSUER: 'https://login.example.com/',
    ISOMER_OAUTH_SCOPES: 'isomer mcp=isomer:mcp render=isomer:render',
  };

  it('serves the same document at both well-known paths, to anyone, from any origin', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await call(env, path, { headers: { origin: 'https://claude.ai' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        resource: AUDIENCE,
        authorization_servers: ['https://login.example.com/'],
        scopes_supported: ['isomer', 'isomer:mcp', 'isomer:render'],
        bearer_methods_supported: ['header'],
        resource_name: 'isomer-edge',
        resource_documentation: `${BASE}/openapi.json`,
      });
    }
    const preflight = await call(env, '/.well-known/oauth-protected-resource/mcp', {
      method: 'OPTIONS',
      headers: { origin: 'https://chatgpt.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('names the configured audience, and the request’s own /mcp URL by default', async () => {
    const own = await call(env, '/.well-known/oauth-protected-resource', {}, newWorker(), 'https://isomer.example.com');
    expect(((await own.json()) as any).resource).toBe('https://isomer.example.com/mcp');
    const configured = await call(
      { ...env, ISOMER_OAUTH_AUDIENCE: 'https://api.example.com/isomer' },
      '/.well-known/oauth-protected-resource/mcp',
    );
    expect(((await configured.json()) as any).resource).toBe('https://api.example.com/isomer');
  });

  it('is 404 without OAuth, and never needs a static token', async () => {
    expect((await call({}, '/.well-known/oauth-protected-resource')).status).toBe(404);
    const tokens = JSON.stringify({ tok_metadata_probe_0001: { caller: 'x' } });
    expect((await call({ ISOMER_TOKENS: tokens }, '/.well-known/oauth-protected-resource/mcp')).status).toBe(404);
    expect((await call({ ...env, ISOMER_TOKENS: tokens }, '/.well-known/oauth-protected-resource/mcp')).status).toBe(
      200,
    );
    expect((await call(env, '/.well-known/oauth-protected-resource', { method: 'POST' })).status).toBe(405);
  });
});

describe('the challenge', () => {
  const env: WorkerEnv = { ISOMER_OAUTH_ISSUER: 'https://login.example.com/', ISOMER_OAUTH_SCOPES: 'mcp=isomer:mcp' };

  it('answers 401 with resource_metadata on every guarded route, and the scope the route needs', async () => {
    for (const [method, path, challenge] of [
      [
        'POST',
        '/mcp',
        `Bearer realm="isomer-edge", scope="isomer:mcp", resource_metadata="${BASE}/.well-known/oauth-protected-resource/mcp"`,
      ],
      ['GET', '/tools', `Bearer realm="isomer-edge", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`],
      [
        'POST',
        '/render/text',
        `Bearer realm="isomer-edge", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
      ],
      [
        'POST',
        '/images/png',
        `Bearer realm="isomer-edge", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
      ],
      [
        'GET',
        '/openapi.json',
        `Bearer realm="isomer-edge", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
      ],
    ] as const) {
      const response = await call(env, path, { method });
      expect(response.status, path).toBe(401);
      expect(response.headers.get('www-authenticate'), path).toBe(challenge);
      expect(((await response.json()) as any).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('never reads a token from the query string', async () => {
    const response = await call(env, '/tools?access_token=eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).not.toContain('error=');
    expect(((await response.json()) as any).error.message).toContain('query string is never read');
  });

  it('leaves /healthz, stored images and the metadata public', async () => {
    expect((await call(env, '/healthz')).status).toBe(200);
    // No bucket bound here: the image route answers for itself (501), not the token check.
    expect((await call(env, `/images/${'Q'.repeat(43)}.png`)).status).toBe(501);
  });
});

describe('access tokens', () => {
  it('accepts a token from the issuer for this resource, and its subject and claims reach hostContext', async () => {
    const key = await signingKey('k1');
    const { issuer, env } = await newIssuer([key]);
    const response = await whoamiCall(env, bearer(await accessToken(key, issuer)));
    expect(response.status).toBe(200);
    expect(await shownIdentityOf(response)).toEqual({
      caller: 'user-ada',
      context: [
        `issuer: ${JSON.stringify(issuer)}`,
        'subject: "user-ada"',
        'clientId: "claude-connector"',
        'scopes: ["mcp","tools","render"]',
        'name: "Ada Lovelace"',
        'email: "ada@example.com"',
      ],
    });
  });

  it('reads scp lists (Entra ID, Okta), azp, and RSA and Ed25519 signatures', async () => {
    const rsa = await signingKey('rsa', 'RS256');
    const ed = await signingKey('ed', 'EdDSA');
    const { issuer, env } = await newIssuer([rsa, ed]);
    const worker = newWorker();
    const token = await accessToken(rsa, issuer, { scope: undefined, scp: ['mcp'], client_id: undefined, azp: 'app' });
    const shown = await shownIdentityOf(await whoamiCall(env, bearer(token), worker));
    expect(shown.context).toContain('scopes: ["mcp"]');
    expect(shown.context).toContain('clientId: "app"');
    expect((await whoamiCall(env, bearer(await accessToken(ed, issuer)), worker)).status).toBe(200);
  });

  it('works over MCP, and beside ISOMER_TOKENS', async () => {
    const key = await signingKey('k1');
    const { issuer, env } = await newIssuer([key]);
    const both: WorkerEnv = {
      ...env,
      ISOMER_TOKENS: JSON.stringify({ tok_slack_backend_0001: { caller: 'slack-bot', context: { brand: 'Ledger' } } }),
    };
    const worker = newWorker();
    const mcp = (token: string) =>
      call(
        both,
        '/mcp',
        {
          method: 'POST',
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
          }),
        },
        worker,
      );
    expect((await mcp(await accessToken(key, issuer))).status).toBe(200);
    expect((await mcp('tok_slack_backend_0001')).status).toBe(200);
    const shown = await shownIdentityOf(await whoamiCall(both, bearer('tok_slack_backend_0001'), worker));
    expect(shown).toEqual({ caller: 'slack-bot', context: ['brand: "Ledger"'] });
    // A subject named like a static caller gets its own identity, not the static caller's context.
    const impostor = await shownIdentityOf(
      await whoamiCall(both, bearer(await accessToken(key, issuer, { sub: 'slack-bot' })), worker),
    );
    expect(impostor.caller).toBe('slack-bot');
    expect(impostor.context).not.toContain('brand: "Ledger"');
    expect(impostor.context).toContain('subject: "slack-bot"');
  });

  it('fetches metadata and keys once, then serves from the isolate’s cache', async () => {
    const key = await signingKey('k1');
    const { issuer, env, fetches } = await newIssuer([key]);
    const worker = newWorker();
    for (let i = 0; i < 5; i++)
      expect((await call(env, '/tools', { headers: bearer(await accessToken(key, issuer)) }, worker)).status).toBe(200);
    expect(await fetches()).toEqual({ metadataFetches: 1, jwksFetches: 1 });
  });

  it('finds the keys through OpenID discovery when RFC 8414 metadata is absent', async () => {
    const key = await signingKey('k1');
    const { issuer, env, fetches } = await newIssuer([key], 'oidc-only');
    expect((await call(env, '/tools', { headers: bearer(await accessToken(key, issuer)) })).status).toBe(200);
    expect((await fetches()).metadataFetches).toBe(2);
  });

  it('accepts a few seconds of clock skew, and no more than 30', async () => {
    const key = await signingKey('k1');
    const { issuer, env } = await newIssuer([key]);
    const worker = newWorker();
    const status = async (claims: Record<string, unknown>) =>
      (await call(env, '/tools', { headers: bearer(await accessToken(key, issuer, claims)) }, worker)).status;
    expect(await status({ exp: now() - 10 })).toBe(200);
    expect(await status({ nbf: now() + 10 })).toBe(200);
    expect(await status({ exp: now() - 60 })).toBe(401);
    expect(await status({ nbf: now() + 60 })).toBe(401);
  });

  it('picks up a rotated key: an unknown kid re-reads the key set, at most once per 30 s', async () => {
    const old = await signingKey('2026-old');
    const rotated = await signingKey('2026-new');
    const { issuer, env, control, fetches } = await newIssuer([old]);
    const worker = newWorker();
    const status = async (key: SigningKey) =>
      (await call(env, '/tools', { headers: bearer(await accessToken(key, issuer)) }, worker)).status;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await status(old)).toBe(200);
      await control({ keys: [old, rotated] });
      // Within the cooldown of the last read, an unknown kid is refused without asking the issuer.
      expect(await status(rotated)).toBe(401);
      expect((await fetches()).jwksFetches).toBe(1);
      vi.setSystemTime(Date.now() + 31_000);
      expect(await status(rotated)).toBe(200);
      expect((await fetches()).jwksFetches).toBe(2);
      // Tokens naming keys the issuer never published: refused, and the key set is not re-read again…
      const stranger = await signingKey('never-published');
      for (let i = 0; i < 5; i++) expect(await status(stranger)).toBe(401);
      expect((await fetches()).jwksFetches).toBe(2);
      // …until the cooldown has passed: then once.
      vi.setSystemTime(Date.now() + 31_000);
      for (let i = 0; i < 5; i++) expect(await status(stranger)).toBe(401);
      expect((await fetches()).jwksFetches).toBe(3);
      expect(await status(old)).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('hostile tokens', () => {
  it('refuses each with 401 and an invalid_token challenge, and never lets one through', async () => {
    const key = await signingKey('k1');
    const other = await signingKey('k1');
    const { issuer, env, fetches } = await newIssuer([key]);
    const worker = newWorker();
    const hmacSecret = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const claims: JWTPayload = { iss: issuer, aud: AUDIENCE, sub: 'mallory', exp: now() + 300, scope: 'mcp' };
    const cases: [string, string, string][] = [
      ['wrong audience', await accessToken(key, issuer, { aud: 'https://other.example.com/mcp' }), 'another resource'],
      [
        'valid for another resource (passthrough)',
        await accessToken(key, issuer, { aud: ['https://api.example.com'] }),
        'another resource',
      ],
      ['wrong issuer', await accessToken(key, issuer, { iss: `${ISSUER_SERVER}/i/elsewhere` }), 'another issuer'],
      ['expired', await accessToken(key, issuer, { exp: now() - 3600 }), 'has expired'],
      ['not yet valid', await accessToken(key, issuer, { nbf: now() + 3600 }), 'not valid yet'],
      ['no expiry', await accessToken(key, issuer, { exp: undefined }), 'exp claim'],
      ['no subject', await accessToken(key, issuer, { sub: undefined }), 'sub claim'],
      ['signed by another key with the same kid', await accessToken(other, issuer), 'signature is not valid'],
      [
        'signed by another key, unknown kid',
        await accessToken(other, issuer, {}, { kid: 'k2' }),
        'not signed by a key',
      ],
      ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`, 'allowed algorithm'],
      ['alg none with a signature', `${b64url({ alg: 'none' })}.${b64url(claims)}.c2ln`, 'allowed algorithm'],
      ['HS256 signed with the public key', await hmacToken(hmacSecret, claims), 'allowed algorithm'],
      ['a signature cut short', (await accessToken(key, issuer)).slice(0, -4), 'signature is not valid'],
      [
        'a payload swapped under a good signature',
        swapPayload(await accessToken(key, issuer), claims),
        'signature is not valid',
      ],
      ['malformed: not a JWT', 'not-a-jwt-at-all', 'not a JWT'],
      ['malformed: two parts', `${b64url({ alg: 'ES256' })}.${b64url(claims)}`, 'not a JWT'],
      ['malformed: bad JSON', `${b64url('{"alg":')}.${b64url('{')}.c2ln`, 'not a valid JWT'],
      ['malformed: a JWE (five parts)', 'a.b.c.d.e', 'not a JWT'],
      ['oversize', `${b64url({ alg: 'ES256', kid: 'k1' })}.${'A'.repeat(10_000)}.c2ln`, 'too long'],
    ];
    for (const [what, token, message] of cases) {
      const response = await call(env, '/tools', { headers: bearer(token) }, worker);
      expect(response.status, what).toBe(401);
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge, what).toContain('error="invalid_token"');
      expect(challenge, what).toContain(`resource_metadata="${BASE}/.well-known/oauth-protected-resource"`);
      const body = await response.text();
      expect(JSON.parse(body).error.message, what).toContain(message);
      expect(body, what).not.toContain(token.slice(-16));
    }
    // Tokens that cannot be for this resource never cost the issuer a request; the rest read the
    // keys once (the unknown kid comes within the cooldown of that read, so no re-read).
    expect(await fetches()).toEqual({ metadataFetches: 1, jwksFetches: 1 });
  });

  it('refuses a huge Authorization header without work', async () => {
    const { env } = await newIssuer([]);
    const started = Date.now();
    const response = await call(env, '/tools', { headers: bearer('e'.repeat(100_000)) });
    expect(response.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

function swapPayload(token: string, payload: JWTPayload): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url(payload)}.${signature}`;
}

describe('scopes', () => {
  it('answers 403 insufficient_scope with the scope a route group needs', async () => {
    const key = await signingKey('k1');
    const { issuer, env: base } = await newIssuer([key]);
    const env = { ...base, ISOMER_OAUTH_SCOPES: 'isomer, mcp=isomer:mcp render=isomer:render' };
    const worker = newWorker();
    const send = async (path: string, scope: string) =>
      call(
        env,
        path,
        {
          method: 'POST',
          headers: { ...bearer(await accessToken(key, issuer, { scope })), 'content-type': 'application/json' },
          body: JSON.stringify(slide()),
        },
        worker,
      );
    expect((await send('/render/text', 'isomer isomer:render')).status).toBe(200);
    const refused = await send('/render/text', 'isomer isomer:mcp');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe(
      'Bearer realm="isomer-edge", error="insufficient_scope", error_description="The token lacks the scope ' +
        'isomer:render this route needs.", scope="isomer isomer:render", ' +
        `resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
    );
    expect(await refused.json()).toMatchObject({
      error: { code: 'INSUFFICIENT_SCOPE', scopes: ['isomer', 'isomer:render'] },
    });
    // `tools` has no scope of its own: the one every route needs is enough.
    expect((await send('/tools/isomer_validate', 'isomer')).status).toBe(400);
    expect((await send('/tools/isomer_validate', 'isomer:render')).status).toBe(403);
    const mcp = await send('/mcp', 'isomer');
    expect(mcp.status).toBe(403);
    expect(mcp.headers.get('www-authenticate')).toContain('scope="isomer isomer:mcp"');
  });
});

describe('the identity provider failing', () => {
  it('answers 503 with a clear message, logs why without the token, and recovers', async () => {
    const key = await signingKey('k1');
    const { issuer, env, control } = await newIssuer([key], 'down');
    const worker = newWorker();
    const token = await accessToken(key, issuer);
    // The metadata is kept once read, so the JWKS failure comes last.
    for (const mode of ['down', 'metadata-500', 'wrong-issuer', 'jwks-500']) {
      await control({ mode });
      const response = await call(env, '/mcp', { method: 'POST', headers: bearer(token) }, worker);
      expect(response.status, mode).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: 'OAUTH_UNAVAILABLE',
          message: 'The identity provider could not be reached to check the token; try again shortly.',
          requestId: response.headers.get('x-request-id'),
        },
      });
    }
    const logged = output.error.mock.calls.map(([message]) => String(message)).join('\n');
    expect(logged).toContain('isomer-edge oauth: cannot check tokens');
    expect(logged).toContain('HTTP 500');
    expect(logged).toContain('names the issuer');
    expect(logged).not.toContain(token.split('.')[2]!.slice(0, 20));
    // No token, no call to the issuer: the challenge still answers while it is down.
    expect((await call(env, '/tools', {}, worker)).status).toBe(401);
    await control({ mode: 'up' });
    expect((await call(env, '/tools', { headers: bearer(token) }, worker)).status).toBe(200);
  });

  it('answers 503 for an issuer nothing listens on', async () => {
    const response = await call({ ISOMER_OAUTH_ISSUER: 'http://127.0.0.1:1' }, '/tools', {
      headers: bearer(
        `${b64url({ alg: 'ES256', kid: 'k' })}.${b64url({ iss: 'http://127.0.0.1:1', aud: AUDIENCE })}.c2ln`,
      ),
    });
    expect(response.status).toBe(503);
  });
});
