/**
 * The container slots of a runtime's primitives, read from their schemas: every place a schema puts
 * a body node (`aside`, `panes[].items[]`, `body[]`), found by binding the schema to a marker node
 * schema and walking the Zod tree to it. A new primitive's slots are found without naming them.
 */
import * as z from 'zod';
import type { AnyPrimitiveDefinition } from '../../src/core/model/primitive.ts';
import { exampleNodes, type PrimitiveNode } from '../../src/index.ts';

/** One slot: its container, the path to it (`[]` for each array on the way), and whether it holds many. */
export interface Slot {
  container: string;
  path: readonly string[];
  /** `panes[].items[]`, as a test names it. */
  name: string;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function find(schema: z.ZodType, marker: z.ZodType, path: string[], out: string[][], seen: Set<z.ZodType>): void {
  if (schema === marker) {
    out.push(path);
    return;
  }
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  if (def.shape) for (const [key, value] of Object.entries(def.shape)) find(value, marker, [...path, key], out, seen);
  if (def.type === 'array' && def.element) find(def.element, marker, [...path, '[]'], out, seen);
  for (const inner of [def.innerType, def.in, def.out, def.left, def.right, def.getter?.()])
    if (inner) find(inner, marker, path, out, seen);
  for (const option of def.options ?? []) find(option, marker, path, out, seen);
}

/** Every slot of every primitive, in registry order. */
export function containerSlots(primitives: readonly AnyPrimitiveDefinition[]): Slot[] {
  const marker = z.custom<PrimitiveNode>(() => true);
  return primitives.flatMap((definition) => {
    const found: string[][] = [];
    find(definition.resolveSchema(marker), marker, [], found, new Set());
    return found.map((path) => ({
      container: definition.type,
      path,
      name: path.join('.').replace(/\.\[\]/g, '[]'),
    }));
  });
}

/**
 * The container's first example with `node` alone in the slot: an array slot keeps the array's other
 * entries on the way (the other pane), and the slot itself holds just `node`.
 */
export function fillSlot(definition: AnyPrimitiveDefinition, slot: Slot, node: PrimitiveNode): PrimitiveNode {
  const host = structuredClone(exampleNodes(definition)[0]) as Record<string, unknown>;
  const set = (value: Record<string, unknown>, at: number): void => {
    const key = slot.path[at]!;
    const last = slot.path[at + 1] === '[]' && at + 2 === slot.path.length;
    if (at + 1 === slot.path.length) {
      value[key] = structuredClone(node);
      return;
    }
    if (last) {
      value[key] = [structuredClone(node)];
      return;
    }
    if (slot.path[at + 1] === '[]') {
      const list = Array.isArray(value[key]) ? (value[key] as Record<string, unknown>[]) : [{}];
      if (list.length === 0) list.push({});
      value[key] = list;
      set(list[0]!, at + 2);
      return;
    }
    const next = (value[key] ?? {}) as Record<string, unknown>;
    value[key] = next;
    set(next, at + 1);
  };
  set(host, 0);
  return host as PrimitiveNode;
}
