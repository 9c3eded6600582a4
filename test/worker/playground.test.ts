import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

/**
 * The playground is Workers static assets (`[assets]` in wrangler.toml, built into
 * `build/playground/` before vitest starts). `@cloudflare/vitest-plugin` does not put the asset
 * router in front of `SELF.fetch` (SELF is the Worker's own entry), so these tests read the assets
 * through the `ASSETS` binding, which serves them with `_headers` applied, as a deployment does.
 * The page's behaviour is tested in Chromium against `wrangler dev`: test/node/browser/playground.test.ts.
 */
const ASSETS = (env as unknown as { ASSETS: Fetcher }).ASSETS;

async function asset(path: string): Promise<Response> {
  return ASSETS.fetch(new Request(`https://isomer.test${path}`));
}

/** The page's policy, directive by directive. */
function policy(response: Response): Map<string, string> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

describe('the playground assets', () => {
  it('serve the page at / with its own script and style, and no inline script', async () => {
    const response = await asset('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>isomer-edge playground</title>');
    expect(html).toContain('<script src="/playground.js" type="module"></script>');
    // Every script element has a same-origin src: nothing inline for a CSP to allow.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((tag) => /\ssrc="\/[^/"][^"]*"/.test(tag))).toBe(true);
  });

  it('give the page a strict CSP: script and style from self only, requests to this Worker only', async () => {
    const response = await asset('/');
    await response.arrayBuffer();
    const directives = policy(response);
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('give the HTML preview frame the policy of rendered HTML: inline style, no script', async () => {
    const response = await asset('/preview');
    await response.arrayBuffer();
    const directives = policy(response);
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('style-src')).toBe("'unsafe-inline'");
    expect(directives.has('script-src')).toBe(false);
    expect(directives.get('frame-ancestors')).toBe("'self'");
    // One policy only: the page's own (which refuses inline style) is detached, not combined.
    expect(response.headers.get('content-security-policy')).not.toContain(',');
  });

  it('serve the bundle, the stylesheet and the API page with Swagger UI from the same origin', async () => {
    for (const [path, type] of [
      ['/early.js', /javascript/],
      ['/playground.js', /javascript/],
      ['/playground.css', /^text\/css/],
      ['/api', /^text\/html/],
      ['/preview', /^text\/html/],
      ['/api.js', /javascript/],
      ['/swagger/swagger-ui-bundle.js', /javascript/],
      ['/swagger/swagger-ui.css', /^text\/css/],
    ] as const) {
      const response = await asset(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(type);
      await response.arrayBuffer();
    }
  });

  it('load early.js before the bundle, both importing the one chunk that sends the first requests', async () => {
    const html = await (await asset('/')).text();
    expect(html.indexOf('<script src="/early.js" type="module"></script>')).toBeGreaterThan(-1);
    expect(html.indexOf('<script src="/early.js"')).toBeLessThan(html.indexOf('<script src="/playground.js"'));
    const imports = (source: string) =>
      [...source.matchAll(/from\s*["']\.\/(chunks\/[\w-]+\.js)["']/g)].map((match) => match[1]);
    const early = await (await asset('/early.js')).text();
    const bundle = await (await asset('/playground.js')).text();
    const [shared, ...others] = imports(early);
    expect(others).toEqual([]);
    expect(imports(bundle)).toContain(shared);
    // The chunk holds the requests; the entry itself is only the import.
    expect(early.length).toBeLessThan(400);
    expect(await (await asset(`/${shared}`)).text()).toContain('/formats');
  });

  it('serve the chunks the bundle imports (the Teams renderer, loaded on demand) from the same origin', async () => {
    const bundle = await (await asset('/playground.js')).text();
    const chunks = [...bundle.matchAll(/["']\.\/(chunks\/[\w-]+\.js)["']/g)].map((match) => `/${match[1]}`);
    // The Teams preview is its own chunk, imported only when a card is drawn.
    expect(bundle).toMatch(/import\(["']\.\/chunks\/teams-[\w-]+\.js["']\)/);
    expect(chunks.some((path) => path.startsWith('/chunks/teams-'))).toBe(true);
    for (const path of new Set(chunks)) {
      const response = await asset(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/javascript/);
      expect(policy(response).get('script-src'), path).toBe("'self'");
      const source = await response.text();
      // The bundled adaptivecards SDK compiles no code from strings.
      expect(source, path).not.toMatch(/\bnew Function\(|\beval\(/);
    }
  });

  it('do not serve the _headers file itself', async () => {
    const response = await asset('/_headers');
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it('leave every other path to the Worker', async () => {
    const health = await SELF.fetch('https://isomer.test/healthz');
    expect(await health.json()).toEqual({ ok: true });
    const missing = await SELF.fetch('https://isomer.test/no-such-page');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
