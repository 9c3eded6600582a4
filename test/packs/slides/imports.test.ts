/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { SLIDE_PRIMITIVES } from '../../../src/packs/slides/pack.ts';

// Every source file of the slides pack, as text (Vite inlines them at build time).
const sources = import.meta.glob('../../../src/packs/slides/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const ROOT = '../../../src/packs/slides/';
const files = new Map(Object.entries(sources).map(([path, source]) => [path.slice(ROOT.length), source]));

/** Pack files a file imports (type-only imports too: they tie the files together all the same). */
function localImports(file: string): string[] {
  const source = files.get(file)!;
  const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  const dir = new URL(file, 'file:///pack/');
  return specifiers
    .map((specifier) => new URL(specifier, dir).pathname.replace('/pack/', ''))
    .filter((path) => files.has(path));
}

/** Files a pack file stands on, counting itself: 1 for a file that imports nothing in the pack. */
function floorsOf(): Map<string, { floors: number; chain: string[] }> {
  const memo = new Map<string, { floors: number; chain: string[] }>();
  const visit = (file: string, stack: string[]): { floors: number; chain: string[] } => {
    const known = memo.get(file);
    if (known) return known;
    if (stack.includes(file)) throw new Error(`import cycle: ${[...stack, file].join(' → ')}`);
    let below: string[] = [];
    for (const next of localImports(file)) {
      const chain = visit(next, [...stack, file]).chain;
      if (chain.length > below.length) below = chain;
    }
    const result = { floors: below.length + 1, chain: [file, ...below] };
    memo.set(file, result);
    return result;
  };
  for (const file of files.keys()) visit(file, []);
  return memo;
}

/** The files that only assemble the pack: the registry lists primitives, the pack and index export it. */
const ASSEMBLY = ['registry.ts', 'pack.ts', 'index.ts'];

describe('the slides pack’s import picture', () => {
  const floors = floorsOf();
  const picture = [...floors]
    .sort(([a, x], [b, y]) => y.floors - x.floors || (a < b ? -1 : 1))
    .map(([file, { floors: n, chain }]) => `${n}  ${file}${n > 1 ? `  (${chain.join(' → ')})` : ''}`)
    .join('\n');

  it('reads the pack, and finds every primitive file in the registry', () => {
    const kebab = (type: string) => type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const primitiveFiles = [...files.keys()].filter((file) => /^primitives\/slide-[a-z-]+\.ts$/.test(file)).sort();
    expect(primitiveFiles).toEqual(
      SLIDE_PRIMITIVES.map((definition) => `primitives/${kebab(definition.type)}.ts`).sort(),
    );
  });

  it('never has a primitive import another primitive: shared helpers live in kit/', () => {
    const siblings = [...files.keys()]
      .filter((file) => file.startsWith('primitives/'))
      .flatMap((file) =>
        localImports(file)
          .filter((target) => target.startsWith('primitives/'))
          .map((t) => `${file} → ${t}`),
      );
    expect(siblings, picture).toEqual([]);
  });

  it('holds nothing but primitives in primitives/', () => {
    const others = [...files.keys()].filter(
      (file) => file.startsWith('primitives/') && !/^primitives\/slide-[a-z-]+\.ts$/.test(file),
    );
    expect(others).toEqual([]);
  });

  it('stands at most four floors high under the assembly (primitive → kit → base → theme)', () => {
    const tallest = Math.max(...[...floors].filter(([file]) => !ASSEMBLY.includes(file)).map(([, { floors: n }]) => n));
    expect(tallest, `floors per file:\n${picture}`).toBeLessThanOrEqual(4);
  });

  it('adds only the three assembly floors on top: registry, pack, index', () => {
    expect(floors.get('registry.ts')!.floors, picture).toBeLessThanOrEqual(5);
    expect(floors.get('index.ts')!.floors, picture).toBeLessThanOrEqual(7);
  });
});
