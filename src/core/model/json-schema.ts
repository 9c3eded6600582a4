/**
 * JSON Schemas of a vocabulary, generated from the validator's Zod schemas: the validator's own (a
 * `$defs` entry per primitive type, `bodyNode` for the union), the smaller authoring schema an
 * agent reads, and the subset a describe request gets for a few types. JSON Schema cannot state
 * refinements, so packs restate them in descriptions.
 */
import * as z from 'zod';
import { namedColorSchema, renderThemeSchema, reservedNodeShape } from './composition.ts';
import { IsomerError } from './errors.ts';
import { isRecord } from './is-record.ts';
import type { PrimitiveDefinition } from './primitive.ts';
import { getCompositionSchemas } from './schema.ts';

export type JsonSchema = Record<string, unknown>;

export interface CompositionJsonSchemaOptions {
  title?: string;
  description?: string;
  $id?: string;
  /** Extra named schemas: wherever one is used it becomes a `$ref` to `#/$defs/<id>`. */
  extraDefs?: readonly { schema: z.ZodType; id: string }[];
  /** `inline` (default) prints shared sub-schemas in place; `ref` hoists repeats into `$defs`. */
  reused?: 'ref' | 'inline';
}

export interface AuthoringJsonSchemaOptions extends CompositionJsonSchemaOptions {
  /** Replaces a def's description (`defId → text`), e.g. to restate cross-field rules. */
  describe?: Record<string, string>;
  /** Properties hidden from authors, as `defId.prop`. */
  omitProperties?: readonly string[];
}

export const BODY_NODE_DEF = 'bodyNode';
const DEFAULT_TITLE = 'View';
const DEFAULT_DESCRIPTION =
  'A compact view: one JSON document whose body lists nodes drawn from the registered primitives.';
/** What a describe answer says in place of the whole node union. */
export const BODY_NODE_STUB_DESCRIPTION =
  'Any primitive from the catalog, written as its own object with its `type`; look it up by type before using it.';

/** The def every node's `surfaces` points at: one copy instead of one per primitive. */
const SURFACES_DEF = 'surfaces';
const SURFACES_DESCRIPTION = 'Draw this node only on these surfaces; omit it to draw the node everywhere.';

const SHARED_DEFS = [
  { schema: namedColorSchema, id: 'tone' },
  { schema: renderThemeSchema, id: 'renderTheme' },
  { schema: reservedNodeShape.surfaces, id: SURFACES_DEF },
];

/**
 * The validator's JSON Schema (draft 2020-12): `$defs` named by primitive type plus `bodyNode` for
 * the union. Refinements cannot be expressed, so packs restate them in descriptions.
 * @example
 * ```ts
 * import { buildCompositionJsonSchema, composePacks } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 *
 * const schema = buildCompositionJsonSchema(composePacks([slidesPack]));
 * ```
 */
export function buildCompositionJsonSchema(
  definitions: readonly PrimitiveDefinition[],
  options: CompositionJsonSchemaOptions = {},
): JsonSchema {
  const schemas = getCompositionSchemas(definitions);
  const ids = new Map<z.ZodType, string>();
  const claim = (schema: z.ZodType, id: string): void => {
    if ([...ids.values()].includes(id))
      throw new IsomerError('DUPLICATE_PRIMITIVE_TYPE', `JSON Schema def id "${id}" is claimed twice.`);
    ids.set(schema, id);
  };
  claim(schemas.bodyNode, BODY_NODE_DEF);
  for (const [type, member] of schemas.members) claim(member, type);
  for (const extra of options.extraDefs ?? []) claim(extra.schema, extra.id);
  // Descriptions written with `.describe()` live in the global registry; ids live only here.
  const metadata = {
    get(schema: z.ZodType) {
      const id = ids.get(schema);
      const global = z.globalRegistry.get(schema);
      if (id === undefined) return global;
      return { ...global, id };
    },
  } as unknown as z.core.$ZodRegistry<z.core.JSONSchemaMeta>;
  const generated = z.toJSONSchema(schemas.composition, {
    metadata,
    target: 'draft-2020-12',
    cycles: 'ref',
    reused: options.reused ?? 'inline',
    unrepresentable: 'any',
  }) as JsonSchema;
  const { $schema, ...rest } = generated;
  return {
    $schema,
    ...(options.$id !== undefined ? { $id: options.$id } : {}),
    title: options.title ?? DEFAULT_TITLE,
    description: options.description ?? DEFAULT_DESCRIPTION,
    ...rest,
  };
}

type Defs = Record<string, JsonSchema>;

const REF_PREFIX = '#/$defs/';

function refTarget(node: Record<string, unknown>): string | undefined {
  return typeof node.$ref === 'string' && node.$ref.startsWith(REF_PREFIX)
    ? decodeURIComponent(node.$ref.slice(REF_PREFIX.length))
    : undefined;
}

export function defRef(id: string): string {
  return REF_PREFIX + encodeURIComponent(id);
}

/** Rewrites every object in a JSON value bottom-up. */
function transform(value: unknown, fn: (node: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => transform(item, fn));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = transform(child, fn);
  return fn(out);
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
    return;
  }
  if (!isRecord(value)) return;
  const target = refTarget(value);
  if (target !== undefined) into.add(target);
  for (const child of Object.values(value)) collectRefs(child, into);
}

/** Def ids reachable from `roots` through `$ref`s (roots included). */
export function reachableDefs(
  defs: Defs,
  roots: Iterable<string>,
  stopAt: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || !(id in defs)) continue;
    seen.add(id);
    if (stopAt.has(id)) continue;
    const refs = new Set<string>();
    collectRefs(defs[id], refs);
    queue.push(...refs);
  }
  return seen;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

function isBareScalar(schema: JsonSchema): boolean {
  return (
    typeof schema.type === 'string' &&
    SCALAR_TYPES.has(schema.type) &&
    !('enum' in schema) &&
    !('const' in schema) &&
    !('$ref' in schema) &&
    !('properties' in schema)
  );
}

/**
 * The schema an agent reads: the validator's, with alias defs collapsed, bare scalars inlined,
 * unused defs pruned and pack descriptions applied. It accepts what validation accepts, `id` and
 * `surfaces` included, but for the refinements (cross-field rules) no JSON Schema can state and any
 * `omitProperties` a host hides on purpose.
 * @example
 * ```ts
 * import { buildAuthoringJsonSchema, composePacks } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 *
 * const schema = buildAuthoringJsonSchema(composePacks([slidesPack]));
 * ```
 */
export function buildAuthoringJsonSchema(
  definitions: readonly PrimitiveDefinition[],
  options: AuthoringJsonSchemaOptions = {},
): JsonSchema {
  const base = buildCompositionJsonSchema(definitions, {
    ...options,
    extraDefs: [...SHARED_DEFS, ...(options.extraDefs ?? [])],
  });
  // Zod's ±MAX_SAFE_INTEGER bounds on integers stay: validation refuses 2**60, so the schema must too.
  let schema = base;
  const defs: Defs = { ...(schema.$defs as Defs) };
  // Every node keeps `id` and `surfaces`: validation accepts them, so a schema without them would
  // refuse valid compositions. `surfaces` is one shared def so it costs a `$ref` per primitive.
  if (defs[SURFACES_DEF]) defs[SURFACES_DEF] = { ...defs[SURFACES_DEF], description: SURFACES_DESCRIPTION };
  for (const entry of options.omitProperties ?? []) {
    const dot = entry.indexOf('.');
    const id = entry.slice(0, dot);
    const prop = entry.slice(dot + 1);
    const def = defs[id];
    if (!def || !isRecord(def.properties)) continue;
    const properties = { ...def.properties };
    delete properties[prop];
    defs[id] = {
      ...def,
      properties,
      ...(Array.isArray(def.required) ? { required: def.required.filter((k) => k !== prop) } : {}),
    };
  }
  // Collapse defs that are only a hop to another def, and inline bare scalars.
  const replacement = new Map<string, unknown>();
  for (const [id, def] of Object.entries(defs)) {
    if (id === BODY_NODE_DEF) continue;
    const keys = Object.keys(def);
    const target = refTarget(def);
    if (keys.length === 1 && target !== undefined) replacement.set(id, { $ref: defRef(target) });
    else if (isBareScalar(def)) replacement.set(id, def);
  }
  const resolve = (id: string, depth = 0): unknown => {
    const next = replacement.get(id);
    if (next === undefined || depth > 16) return undefined;
    const hop = isRecord(next) ? refTarget(next) : undefined;
    return hop !== undefined && replacement.has(hop) ? (resolve(hop, depth + 1) ?? next) : next;
  };
  const rewrite = (value: unknown): unknown =>
    transform(value, (node) => {
      const target = refTarget(node);
      if (target === undefined || Object.keys(node).length !== 1) return node;
      return resolve(target) ?? node;
    });
  for (const id of replacement.keys()) delete defs[id];
  for (const [id, def] of Object.entries(defs)) defs[id] = rewrite(def) as JsonSchema;
  const { $defs: _ignored, ...root } = schema;
  schema = rewrite(root) as JsonSchema;
  const used = reachableDefs(defs, [...collectRootRefs(schema), BODY_NODE_DEF]);
  const pruned: Defs = {};
  for (const [id, def] of Object.entries(defs)) {
    if (!used.has(id)) continue;
    const description = options.describe?.[id];
    pruned[id] = description === undefined ? def : { ...def, description };
  }
  return { ...schema, $defs: pruned };
}

function collectRootRefs(schema: JsonSchema): Set<string> {
  const refs = new Set<string>();
  collectRefs(schema, refs);
  return refs;
}

/**
 * Only the defs reachable from `types`, with the body-node union replaced by a one-line stub so a
 * container does not drag in the whole vocabulary.
 * @example
 * ```ts
 * import { authoringSchemaSubset, buildAuthoringJsonSchema, composePacks } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 *
 * const { $defs } = authoringSchemaSubset(buildAuthoringJsonSchema(composePacks([slidesPack])), ['slideHeading']);
 * ```
 */
export function authoringSchemaSubset(schema: JsonSchema, types: readonly string[]): { $defs: Defs } {
  const defs = (schema.$defs ?? {}) as Defs;
  const reachable = reachableDefs(defs, types, new Set([BODY_NODE_DEF]));
  const subset: Defs = {};
  for (const id of Object.keys(defs)) {
    if (!reachable.has(id)) continue;
    subset[id] = id === BODY_NODE_DEF ? { description: BODY_NODE_STUB_DESCRIPTION } : defs[id]!;
  }
  if (!(BODY_NODE_DEF in subset)) subset[BODY_NODE_DEF] = { description: BODY_NODE_STUB_DESCRIPTION };
  return { $defs: subset };
}
