/**
 * The shape of the source tree a newcomer reads: every module opens with a header comment saying
 * what it holds, no module grows past about 400 lines (a generated table excepted, named below with
 * its reason), and no two modules import each other round a circle, type-only imports included.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

const glob = (sources: Record<string, string>, prefix: string): [string, string][] =>
  Object.entries(sources).map(([path, text]) => [path.replace(prefix, ''), text]);

// Vite inlines the files at build time; nothing reads the disk.
const modules = new Map<string, string>([
  ...glob(
    import.meta.glob('../../src/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
    '../../',
  ),
  ...glob(
    import.meta.glob('../../playground/src/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<
      string,
      string
    >,
    '../../',
  ),
  ...glob(
    import.meta.glob('../../mcp-app/src/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<
      string,
      string
    >,
    '../../',
  ),
]);

/** Longer than the limit on purpose: a table written by a script, read by no person line by line. */
const LONG_BY_DESIGN: Record<string, string> = {
  'src/images/fonts/bundled-coverage.ts': 'written by scripts/font-files.ts --bundled',
};
const MAX_LINES = 400;

/** The package's `imports` map: a `#` specifier names one of these files, depending on the runtime. */
const IMPORT_MAP: Record<string, string[]> = {
  '#images/assets': ['src/images/engine/assets.ts', 'src/images/engine/assets.node.ts'],
  '#worker/show-app': ['src/worker/show-app-html.ts', 'src/worker/show-app-html.node.ts'],
};

function specifiers(source: string): string[] {
  return [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
}

function resolveSpecifier(from: string, specifier: string): string[] {
  if (specifier in IMPORT_MAP) return IMPORT_MAP[specifier]!;
  if (!specifier.startsWith('.')) return [];
  const path = new URL(specifier, `file:///${from}`).pathname.slice(1);
  return modules.has(path) ? [path] : [];
}

describe('the modules of src/, playground/ and mcp-app/', () => {
  it('are all read', () => {
    expect(modules.size).toBeGreaterThan(200);
    for (const targets of Object.values(IMPORT_MAP))
      for (const target of targets) expect(modules.has(target)).toBe(true);
  });

  it('each open with a header comment', () => {
    const bare = [...modules]
      .filter(([, text]) => {
        const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('/// <reference'));
        return !/^\s*(\/\*\*|\/\/)/.test(lines[0] ?? '');
      })
      .map(([path]) => path);
    expect(bare, 'modules without a header comment').toEqual([]);
  });

  it(`each stay within ${MAX_LINES} lines, but for a generated table`, () => {
    const long = [...modules]
      .filter(([path, text]) => !(path in LONG_BY_DESIGN) && text.split('\n').length - 1 > MAX_LINES)
      .map(([path, text]) => `${path}: ${text.split('\n').length - 1} lines`);
    expect(long).toEqual([]);
    for (const path of Object.keys(LONG_BY_DESIGN)) expect(modules.has(path), path).toBe(true);
  });

  it('import no circle, type-only imports included', () => {
    const edges = new Map(
      [...modules].map(([path, text]) => [path, specifiers(text).flatMap((s) => resolveSpecifier(path, s))]),
    );
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (path: string): void => {
      state.set(path, 'open');
      stack.push(path);
      for (const next of edges.get(path) ?? []) {
        if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(path, 'done');
    };
    for (const path of modules.keys()) if (!state.has(path)) visit(path);
    expect(circles).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const a = specifiers("import type { B } from './b.ts';\nexport { c } from './c.ts';\nconst d = import('./d.ts');");
    expect(a).toEqual(['./b.ts', './c.ts', './d.ts']);
    expect(resolveSpecifier('src/core/model/frame.ts', './composition.ts')).toEqual(['src/core/model/composition.ts']);
    expect(resolveSpecifier('src/images/formats.ts', '#images/assets')).toHaveLength(2);
  });
});
