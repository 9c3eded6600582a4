/**
 * Planting hostile strings in compositions: every string leaf but `type` takes one string from a
 * list, the next leaf the next string, so a walk over many compositions meets each string in some
 * field. A leaf the schema refuses gets its original value back (the composition is then valid,
 * which is what a format is handed) and does not count as planted.
 */
import type { ValidationError } from '../../../src/index.ts';
import { CHAT_HOSTILE_STRINGS } from '../chat-hostile.ts';
import { HOSTILE_PAYLOADS } from '../hostile-payloads.ts';
import { HOSTILE_STRINGS } from '../random.ts';

/** The project's hostile strings, each once: script, links, mentions, limits, Unicode. */
export const KIT_HOSTILE: readonly string[] = [
  ...new Set([...HOSTILE_PAYLOADS, ...HOSTILE_STRINGS, ...CHAT_HOSTILE_STRINGS]),
];

export type Path = (string | number)[];
type Json = Record<string, unknown>;

export const pathText = (path: Path): string =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
}

function setAt(value: unknown, path: Path, text: string): void {
  (getAt(value, path.slice(0, -1)) as Record<string | number, unknown>)[path.at(-1)!] = text;
}

/** Every string leaf of a composition but `type`, in document order. */
export function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return path.at(-1) === 'type' ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

const covers = (errorPath: string, leaf: string): boolean =>
  errorPath === '' || leaf === errorPath || leaf.startsWith(`${errorPath}.`) || leaf.startsWith(`${errorPath}[`);

export interface Planted {
  composition: Json;
  /** Indexes (into the hostile list) of the strings the schema kept. */
  kept: number[];
}

/**
 * `base` with `strings[start]`, `strings[start + 1]`, … in its leaves (wrapping round the list),
 * refused ones given back; `undefined` when giving them back still leaves it invalid.
 */
export function plant(
  base: Json,
  leaves: readonly Path[],
  strings: readonly string[],
  start: number,
  validate: (composition: Json) => { valid: boolean; errors: readonly ValidationError[] },
): Planted | undefined {
  const composition = structuredClone(base);
  leaves.forEach((leaf, j) => {
    setAt(composition, leaf, strings[(start + j) % strings.length]!);
  });
  const restored = new Set<number>();
  for (let round = 0; round < 6; round++) {
    const result = validate(composition);
    if (result.valid)
      return {
        composition,
        kept: leaves.flatMap((_, j) => (restored.has(j) ? [] : [(start + j) % strings.length])),
      };
    const paths = result.errors.map((error) => error.path);
    let changed = false;
    leaves.forEach((leaf, j) => {
      if (restored.has(j) || !paths.some((path) => covers(path, pathText(leaf)))) return;
      setAt(composition, leaf, getAt(base, leaf) as string);
      restored.add(j);
      changed = true;
    });
    if (!changed) return undefined;
  }
  return undefined;
}
