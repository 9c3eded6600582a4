import { env } from 'cloudflare:test';
import { Client, StreamableHTTPClientTransport, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { clientAddress, DEFAULT_RATE_LIMITS } from '../../src/worker/rate-limits.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { BASE, slide, workerFetch, silencedConsole } from './support.ts';
import { accessToken, newIssuer, signingKey } from './test-issuer.ts';

/**
 * The limits with Miniflare's Rate Limiting binding (the one `wrangler dev` runs), through the small
 * TEST_* namespaces of vitest.config.ts: drawing 3 and general 8 per 60 s per caller. Every test
 * counts under keys of its own, inside one window of the binding's clock.
 */

const LIMITS: WorkerEnv = {
  ISOMER_DRAWING_LIMITER: env.TEST_DRAWING_LIMITER,
  ISOMER_GENERAL_LIMITER: env.TEST_GENERAL_LIMITER,
  ISOMER_RATE_LIMITS: 'drawing=3/60 general=8/60',
  IMAGES: env.IMAGES,
};
const OPEN: WorkerEnv = { ...LIMITS, ISOMER_AUTH: 'none' };

/** The binding counts in windows aligned to the minute: start a test with `seconds` of one left. */
async function freshWindow(seconds: number): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

const unique = () => crypto.randomUUID().slice(0, 8);
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const worker = createWorker(builtInWorkerOptions());

async function expectRefused(response: Response, rateClass: 'drawing' | 'general', limit: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe('60');
  const body = (await response.json()) as any;
  expect(body.error).toMatchObject({ code: 'RATE_LIMITED', class: rateClass, limit, period: 60, retryAfter: 60 });
  expect(body.error.message).toContain(`${rateClass} limit of ${limit}`);
  expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
}

const output = silencedConsole();

describe('the defaults', () => {
  it('fit a small team, drawing well under the rest', () => {
    expect(DEFAULT_RATE_LIMITS.drawing.limit).toBeLessThan(DEFAULT_RATE_LIMITS.general.limit);
  });
});

describe('per static token', () => {
  it('refuses the drawing class while the other class still answers, and counts each token apart', async () => {
    await freshWindow(15);
    const [a, b] = [`tok_limits_a_${unique()}_0123`, `tok_limits_b_${unique()}_0123`];
    const settings: WorkerEnv = {
      ...LIMITS,
      ISOMER_TOKENS: JSON.stringify({ [a]: { caller: `a-${a}` }, [b]: { caller: `b-${b}` } }),
    };
    const call = (path: string, init: RequestInit, token: string) =>
      workerFetch(worker, path, { ...init, headers: { ...(init.headers as object), ...bearer(token) } }, settings);
    // Each way of drawing counts once: a stored image, a chat message's picture, an image tool call.
    expect((await call('/images/png', json(slide()), a)).status).toBe(200);
    expect((await call('/render/slack?image=above', json(slide()), a)).status).toBe(200);
    expect((await call('/tools/isomer_render', json({ composition: slide(), format: 'svg' }), a)).status).toBe(200);
    await expectRefused(await call('/render/png', json(slide()), a), 'drawing', 3);
    // The other class answers; an invalid composition is never laid out, so it draws nothing.
    expect((await call('/tools', {}, a)).status).toBe(200);
    const invalid = await call('/tools/isomer_validate', json({ composition: { type: 'view', body: [] } }), a);
    expect(invalid.status).toBe(200);
    // A valid one would be laid out: that is drawing, and refused.
    await expectRefused(await call('/tools/isomer_validate', json({ composition: slide() }), a), 'drawing', 3);
    await expectRefused(await call('/render/text?layout=true', json(slide()), a), 'drawing', 3);
    // Another token is another caller.
    expect((await call('/render/png', json(slide()), b)).status).toBe(200);
  });

  it('refuses every request past the general limit', async () => {
    await freshWindow(10);
    const token = `tok_limits_general_${unique()}`;
    const settings: WorkerEnv = { ...LIMITS, ISOMER_TOKENS: JSON.stringify({ [token]: { caller: token } }) };
    for (let i = 0; i < 8; i++)
      expect((await workerFetch(worker, '/formats', { headers: bearer(token) }, settings)).status).toBe(200);
    await expectRefused(await workerFetch(worker, '/formats', { headers: bearer(token) }, settings), 'general', 8);
  });
});

describe('per OAuth subject and client', () => {
  it('counts each subject, and each client of one subject, apart', async () => {
    await freshWindow(15);
    const key = await signingKey('k1');
    const issuer = await newIssuer([key]);
    const settings: WorkerEnv = { ...LIMITS, ...issuer.env };
    const subject = `user-${unique()}`;
    const tokenFor = (sub: string, client: string) => accessToken(key, issuer.issuer, { sub, client_id: client });
    const draw = async (token: string) => workerFetch(worker, '/render/svg', json(slide(), bearer(token)), settings);
    const first = await tokenFor(subject, 'connector-a');
    for (let i = 0; i < 3; i++) expect((await draw(first)).status).toBe(200);
    await expectRefused(await draw(first), 'drawing', 3);
    // A new token for the same subject and client is the same caller.
    await expectRefused(await draw(await tokenFor(subject, 'connector-a')), 'drawing', 3);
    expect((await draw(await tokenFor(subject, 'connector-b'))).status).toBe(200);
    expect((await draw(await tokenFor(`other-${subject}`, 'connector-a'))).status).toBe(200);
  });
});

describe('per address on an open Worker', () => {
  it('counts each address apart, an IPv6 client by its /64', async () => {
    await freshWindow(15);
    const net = `2001:db8:${unique().slice(0, 4)}:${unique().slice(0, 4)}`;
    const draw = (address: string) =>
      workerFetch(worker, '/render/svg', json(slide(), { 'cf-connecting-ip': address }), OPEN);
    for (let i = 0; i < 3; i++) expect((await draw(`${net}::${i + 1}`)).status).toBe(200);
    await expectRefused(await draw(`${net}:0:0:0:ff`), 'drawing', 3);
    expect((await draw(`${net.replace('2001', '2002')}::1`)).status).toBe(200);
    const v4 = `198.51.100.${Math.floor(Math.random() * 250)}`;
    expect((await draw(v4)).status).toBe(200);
  });

  it('reads hostile CF-Connecting-IP values as one shared unknown address', async () => {
    await freshWindow(15);
    const hostile = ['9'.repeat(8000), 'not an address', '1.2.3.999', '::1::2', '<@U123> ', '1.2.3.4, 5.6.7.8', ''];
    for (const value of hostile)
      expect(clientAddress(new Request(BASE, { headers: { 'cf-connecting-ip': value } }))).toBe('unknown');
    expect(clientAddress(new Request(BASE, { headers: { 'cf-connecting-ip': '::ffff:192.0.2.1' } }))).toBe(
      '0:0:0:0::/64',
    );
    expect(clientAddress(new Request(BASE, { headers: { 'cf-connecting-ip': ' 192.0.2.01 ' } }))).toBe('192.0.2.1');
    const statuses: number[] = [];
    for (const value of hostile.slice(0, 5))
      statuses.push(
        (await workerFetch(worker, '/render/svg', json(slide(), { 'cf-connecting-ip': value }), OPEN)).status,
      );
    // The unknown address is one caller: hostile values mint no keys of their own.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(3);
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
  });
});

/** The official MCP client over a Worker built here, each request from `address`. */
async function connect(mode: VersionNegotiationMode, address: string): Promise<Client> {
  const client = new Client({ name: 'limits-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cf-connecting-ip', address);
      return workerFetch(worker, new URL(String(url)).pathname, { ...init, headers }, OPEN);
    },
  });
  await client.connect(transport);
  return client;
}

describe('over MCP, with the official client', () => {
  for (const [label, mode] of [
    ['2026-07-28', { pin: '2026-07-28' }],
    ['2025 (legacy)', 'legacy'],
  ] as [string, VersionNegotiationMode][]) {
    it(`${label}: a call over a limit is a failed result the model reads; other requests fail`, async () => {
      await freshWindow(20);
      const client = await connect(mode, `203.0.113.${Math.floor(Math.random() * 250)}`);
      let drawing: Awaited<ReturnType<Client['callTool']>> | undefined;
      for (let i = 0; i < 4 && !drawing?.isError; i++)
        drawing = await client.callTool({ name: 'isomer_render', arguments: { composition: slide(), format: 'png' } });
      expect(drawing?.isError).toBe(true);
      const text = (drawing!.content as { type: string; text: string }[])[0]!.text;
      expect(text).toContain('drawing limit of 3');
      expect(text).toContain('Try again in 60 s');
      // The general class: calls keep failing readably, and a listing fails as a request.
      let general: Awaited<ReturnType<Client['callTool']>> | undefined;
      for (let i = 0; i < 10 && !general?.isError; i++)
        general = await client.callTool({ name: 'isomer_authoring_guide' });
      expect((general!.content as { text: string }[])[0]!.text).toContain('general limit of 8');
      await expect(client.listTools()).rejects.toThrow(/429|general limit/);
      await client.close();
    });
  }
});

describe('what counts nothing', () => {
  it('a Worker without the bindings, or with ISOMER_RATE_LIMITS = "off"', async () => {
    for (const settings of [{ ISOMER_AUTH: 'none' }, { ...OPEN, ISOMER_RATE_LIMITS: 'off' }] as WorkerEnv[]) {
      const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i++)
        expect(
          (await workerFetch(worker, '/render/svg', json(slide(), { 'cf-connecting-ip': address }), settings)).status,
        ).toBe(200);
    }
  });

  it('the layout check turned off: validating draws nothing', async () => {
    await freshWindow(10);
    const settings: WorkerEnv = { ...OPEN, ISOMER_LAYOUT_CHECK: 'off' };
    const off = createWorker(builtInWorkerOptions());
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) {
      const response = await workerFetch(
        off,
        '/tools/isomer_validate',
        json({ composition: slide() }, { 'cf-connecting-ip': address }),
        settings,
      );
      expect(response.status).toBe(200);
    }
  });

  it('a statement of the limits that does not parse is logged, and the defaults named', async () => {
    const response = await workerFetch(worker, '/formats', {}, { ...OPEN, ISOMER_RATE_LIMITS: 'lots please' });
    expect(response.status).toBe(200);
    expect(
      output.warn.mock.calls.some(([message]) => String(message).includes('ISOMER_RATE_LIMITS must read like')),
    ).toBe(true);
  });
});
