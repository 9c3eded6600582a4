/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Every source file under src/, as text (Vite inlines them at build time; nothing reads the disk).
const sources = import.meta.glob('../../src/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

function imports(source: string): string[] {
  return [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
}

describe('layers import downward only', () => {
  const core = Object.entries(sources).filter(([path]) => path.includes('/src/core/'));

  it('reads the module graph', () => {
    expect(core.length).toBeGreaterThan(20);
  });

  it('src/core never imports an MCP package, the Worker, the formats or WASM', () => {
    for (const [path, source] of core) {
      for (const specifier of imports(source)) {
        expect(specifier, `${path} imports ${specifier}`).not.toMatch(
          /modelcontextprotocol|^agents|cloudflare:|\.wasm|takumi|hono/,
        );
        if (specifier.startsWith('.')) {
          const resolved = new URL(specifier, `file:///x${path.replace('../..', '')}`).pathname;
          expect(resolved, `${path} imports ${specifier}`).toMatch(/^\/x\/src\/core\//);
        }
      }
    }
  });

  it('the composition model, the Markdown tree and the text helpers import neither the hosts, the runtime nor the tools', () => {
    const lower = core.filter(([p]) => /\/src\/core\/(model|markdown|text)\//.test(p));
    expect(lower.length).toBeGreaterThan(15);
    for (const [path, source] of lower) {
      for (const specifier of imports(source)) {
        // A primitive may carry a Slack renderer (Slack is the surface host the runtime draws), so
        // the model names the type it returns: a type, never code.
        if (source.includes(`import type { SlackBlock } from '${specifier}'`)) continue;
        expect(specifier, `${path} imports ${specifier}`).not.toMatch(
          /\/(chat-hosts|runtime|tools|packs)\/|\.\.\/formats\.ts$/,
        );
      }
    }
  });

  it('the chat hosts import neither the runtime, the tools nor a pack, and no chat host imports another', () => {
    const hosts = core.filter(([p]) => p.includes('/src/core/chat-hosts/'));
    expect(hosts.length).toBeGreaterThan(30);
    for (const [path, source] of hosts) {
      const own = /\/src\/core\/chat-hosts\/([a-z]+)\//.exec(path)?.[1];
      for (const specifier of imports(source)) {
        expect(specifier, `${path} imports ${specifier}`).not.toMatch(/\/(runtime|tools|packs)\//);
        if (!specifier.startsWith('.')) continue;
        const resolved = new URL(specifier, `file:///x${path.replace('../..', '')}`).pathname;
        const other = /^\/x\/src\/core\/chat-hosts\/([a-z]+)\//.exec(resolved)?.[1];
        // A host's folder is its own; the shared modules beside the folders may read a host's limits.
        if (own !== undefined && other !== undefined) expect(other, `${path} imports ${specifier}`).toBe(own);
      }
    }
  });

  it('a pack imports only src/core and its own folder: no MCP package, Worker, image engine or WASM', () => {
    const packs = Object.entries(sources).filter(([path]) => path.includes('/src/packs/'));
    expect(packs.length).toBeGreaterThan(40);
    for (const [path, source] of packs) {
      const own = /\/src\/packs\/([a-z-]+)\//.exec(path)![1];
      for (const specifier of imports(source)) {
        expect(specifier, `${path} imports ${specifier}`).not.toMatch(
          /modelcontextprotocol|cloudflare:|\.wasm|takumi|hono/,
        );
        if (!specifier.startsWith('.')) continue;
        const resolved = new URL(specifier, `file:///x${path.replace('../..', '')}`).pathname;
        expect(resolved, `${path} imports ${specifier}`).toMatch(new RegExp(`^/x/src/(core|packs/${own})/`));
      }
    }
  });

  it('src/worker never imports a pack: packs, frames and views come in as createWorker options', () => {
    const worker = Object.entries(sources).filter(([path]) => path.includes('/src/worker/'));
    expect(worker.length).toBeGreaterThan(5);
    for (const [path, source] of worker) {
      for (const specifier of imports(source))
        expect(specifier, `${path} imports ${specifier}`).not.toMatch(/\/packs\/|\/slides(\/|(-worker)?(\.ts)?$)/);
    }
  });

  it('src/core/tools reaches the runtime only through its structural type', () => {
    for (const [path, source] of core.filter(([p]) => p.includes('/src/core/tools/'))) {
      for (const specifier of imports(source))
        expect(specifier, `${path} imports ${specifier}`).not.toMatch(/\/runtime\//);
    }
  });
});
