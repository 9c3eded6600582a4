/**
 * The packs a command works on: the built-in slides pack, or the packs a module of the user's own
 * exports (`--pack ./my-pack.ts`) — a `definePrimitivePack` value as the default export or any named
 * one, or a subject `{ pack, preview? }` as the pack conformance kit takes, whose `preview` places an
 * example node in a composition the pack's frame accepts.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PrimitiveNode } from '../core/model/composition.ts';
import type { PrimitivePack } from '../core/model/pack.ts';
import { exampleNodes } from '../core/model/primitive.ts';
import { slidesPack } from '../packs/slides/index.ts';
import { UsageError } from './args.ts';

export interface PackSubject {
  pack: PrimitivePack;
  /** Where the pack came from: `built-in` or the module path as given. */
  from: string;
  /** An example node as a composition the frame accepts. */
  preview: (node: PrimitiveNode) => Record<string, unknown>;
}

/** One example of a primitive, placed in a composition. */
export interface PackExample {
  type: string;
  name: string;
  composition: Record<string, unknown>;
}

/** The default: the node alone in a view. */
const alone = (node: PrimitiveNode): Record<string, unknown> => ({
  type: 'view',
  title: `Example of ${node.type}`,
  body: [node],
});

/** A slides example as a slide: a frame as it is, a title in an inverse frame, anything else under a heading. */
export function slidePreview(node: PrimitiveNode): Record<string, unknown> {
  if (node.type === 'slideFrame') return { type: 'view', title: 'Example', body: [node] };
  const frame = { type: 'slideFrame', brand: 'Example', section: 'Examples', sectionNumber: '01' };
  if (node.type === 'slideTitle')
    return { type: 'view', title: 'Example', body: [{ ...frame, tone: 'inverse', body: [node] }] };
  return {
    type: 'view',
    title: `Example of ${node.type}`,
    body: [{ ...frame, body: [{ type: 'slideHeading', title: `An example of ${node.type}` }, node] }],
  };
}

export const BUILT_IN_SLIDES: PackSubject = { pack: slidesPack, from: 'built-in', preview: slidePreview };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A pack as `definePrimitivePack` makes one. */
export function isPack(value: unknown): value is PrimitivePack {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    Array.isArray(value.primitives) &&
    value.types instanceof Set &&
    isRecord(value.authoring)
  );
}

/** Every pack a module exports, with the preview exported beside it. */
export async function loadPackModule(path: string, cwd = process.cwd()): Promise<PackSubject[]> {
  const file = resolve(cwd, path);
  if (!existsSync(file)) throw new UsageError(`--pack ${path}: no such file`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(
      `--pack ${path}: the module failed to load: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
    );
  }
  const moduleWide = typeof module.preview === 'function' ? (module.preview as PackSubject['preview']) : undefined;
  const found = new Map<PrimitivePack, PackSubject>();
  for (const value of Object.values(module)) {
    if (isPack(value) && !found.has(value))
      found.set(value, {
        pack: value,
        from: path,
        preview: value === slidesPack ? slidePreview : (moduleWide ?? alone),
      });
    else if (isRecord(value) && isPack(value.pack) && !found.has(value.pack)) {
      const preview = typeof value.preview === 'function' ? (value.preview as PackSubject['preview']) : undefined;
      found.set(value.pack, { pack: value.pack, from: path, preview: preview ?? moduleWide ?? alone });
    }
  }
  if (found.size === 0)
    throw new UsageError(
      `--pack ${path}: the module exports no pack (a value made by definePrimitivePack, or { pack, preview })`,
    );
  return [...found.values()];
}

/** The packs named on the command line (`--pack` each), else the built-in slides pack. */
export async function loadSubjects(paths: readonly string[]): Promise<PackSubject[]> {
  if (paths.length === 0) return [BUILT_IN_SLIDES];
  const subjects: PackSubject[] = [];
  for (const path of paths)
    for (const subject of await loadPackModule(path))
      if (!subjects.some((known) => known.pack === subject.pack)) subjects.push(subject);
  return subjects;
}

/** Every example of every primitive (the catalog's own first when it is not one of them), each placed. */
export function packExamples(subject: PackSubject): PackExample[] {
  return subject.pack.primitives.flatMap((definition) => {
    const examples = exampleNodes(definition) as PrimitiveNode[];
    const catalog = definition.catalog.example as PrimitiveNode;
    const own = examples.some((node) => JSON.stringify(node) === JSON.stringify(catalog)) ? [] : [catalog];
    return [
      ...own.map((node) => ({ name: 'catalog example', node })),
      ...examples.map((node, i) => ({ name: `example ${i + 1}`, node })),
    ].map(({ name, node }) => ({ type: definition.type, name, composition: subject.preview(node) }));
  });
}
