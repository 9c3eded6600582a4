/**
 * Serves the test host: `/host.html` (the bundled host, `host.ts`) on 127.0.0.1 and `/sandbox.html`
 * (the proxy, `sandbox.ts`) meant to be loaded as `localhost`, so the two are different origins.
 * The proxy's responses carry the MCP Apps spec's restrictive default CSP, which the app's frame
 * inherits. Used by the browser test, the bench and the README screenshot.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The spec's CSP for an app that declares no domain (MCP Apps 2026-01-26, "Restrictive Default"). */
export const DEFAULT_APP_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

const HERE = import.meta.dirname;

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(HERE, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

export interface TestHostServer {
  /** The host page, on 127.0.0.1. */
  hostUrl: string;
  /** The proxy, on localhost (another origin). */
  sandboxUrl: string;
  origin: string;
  close(): Promise<void>;
}

export async function startTestHost(): Promise<TestHostServer> {
  const [hostJs, sandboxJs] = await Promise.all([bundle('host.ts'), bundle('sandbox.ts')]);
  const pages: Record<string, { type: string; body: string; csp?: string }> = {
    '/host.html': {
      type: 'text/html',
      body: [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test host</title>',
        '<meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">',
        '<style>body{margin:0;font:14px system-ui,sans-serif;background:light-dark(#f4f5f7,#111418);',
        'color:light-dark(#1a1c21,#e8ebf0)}#host{padding:12px 16px 16px;width:800px}',
        '#host header{margin:0 0 8px;color:light-dark(#5b6472,#9aa3b2)}</style></head><body>',
        '<div id="host"><header>isomer_show · MCP Apps test host</header><div id="frame-slot"></div></div>',
        '<script type="module" src="/host.js"></script></body></html>',
      ].join(''),
    },
    '/host.js': { type: 'text/javascript', body: hostJs },
    '/sandbox.html': {
      type: 'text/html',
      body: '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sandbox</title><link rel="icon" href="data:,"><style>html,body{margin:0;height:100%;overflow:hidden}</style></head><body><script src="/sandbox.js"></script></body></html>',
      csp: DEFAULT_APP_CSP,
    },
    '/sandbox.js': { type: 'text/javascript', body: sandboxJs, csp: DEFAULT_APP_CSP },
  };
  const server: Server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': `${page.type}; charset=utf-8`,
      'cache-control': 'no-store',
      ...(page.csp ? { 'content-security-policy': page.csp } : {}),
    });
    response.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hostUrl: `http://127.0.0.1:${port}/host.html`,
    sandboxUrl: `http://localhost:${port}/sandbox.html`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
