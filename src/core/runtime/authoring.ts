/**
 * What the runtime gives an agent to write with: the authoring JSON Schema, the catalog, the
 * guide's index, the packs' guides and rules, the registered views, and per-type schema subsets and
 * field lists for a describe request. Built on first use, so a request that only renders never pays
 * for it.
 */
import { RESERVED_NODE_FIELDS } from '../model/composition.ts';
import { IsomerError } from '../model/errors.ts';
import {
  authoringSchemaSubset,
  buildAuthoringJsonSchema,
  defRef,
  type AuthoringJsonSchemaOptions,
  type JsonSchema,
} from '../model/json-schema.ts';
import { isRecord } from '../model/is-record.ts';
import { quoteForMessage } from '../model/messages.ts';
import type { PackGuide, PrimitiveGroup } from '../model/pack.ts';
import type { PrimitiveCatalogEntry, PrimitiveDefinition } from '../model/primitive.ts';
import type { RegisteredViewSummary } from './views.ts';

/** A describe request may name at most this many types. */
export const MAX_DESCRIBED_TYPES = 100;

export interface PropDescriptor {
  name: string;
  /** A display string: `string`, `number`, `"l" | "m" | "s"`, `array of string`, `slideList`… */
  type: string;
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';
  values?: string[];
  required: boolean;
  description?: string;
}

export interface PrimitiveDescriptions {
  primitives: PrimitiveCatalogEntry[];
  schema: { $defs: Record<string, JsonSchema> };
  props: Record<string, PropDescriptor[]>;
}

/** What an agent is given: computed once per runtime, except views (live) and per-type lookups. */
export interface RuntimeAuthoringContext {
  readonly schema: JsonSchema;
  readonly bodySchema: JsonSchema;
  readonly primitives: readonly PrimitiveCatalogEntry[];
  readonly groups: readonly PrimitiveGroup[];
  /** Each pack's guide prose and rules, in pack order (packs that bring neither are left out). */
  readonly guides: readonly PackGuide[];
  readonly views: RegisteredViewSummary[];
  schemaFor(types: readonly string[]): JsonSchema;
  describePrimitives(types: readonly string[]): PrimitiveDescriptions;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

function displayType(schema: Record<string, unknown>): Pick<PropDescriptor, 'type' | 'kind' | 'values'> {
  const ref = typeof schema.$ref === 'string' ? decodeURIComponent(schema.$ref.replace('#/$defs/', '')) : undefined;
  if (ref !== undefined) return { type: ref, kind: 'object' };
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map(String);
    return { type: values.map((v) => JSON.stringify(v)).join(' | '), kind: 'enum', values };
  }
  if ('const' in schema) return { type: JSON.stringify(schema.const), kind: 'enum', values: [String(schema.const)] };
  switch (schema.type) {
    case 'string':
      return { type: 'string', kind: 'string' };
    case 'number':
    case 'integer':
      return { type: String(schema.type), kind: 'number' };
    case 'boolean':
      return { type: 'boolean', kind: 'boolean' };
    case 'array': {
      const items = record(schema.items);
      return { type: `array of ${items ? displayType(items).type : 'anything'}`, kind: 'array' };
    }
    case 'object':
      return { type: 'object', kind: 'object' };
    default:
      return { type: 'value', kind: 'other' };
  }
}

const NOT_PROPS: ReadonlySet<string> = new Set(['type', ...RESERVED_NODE_FIELDS]);

/** The primitive's own fields: the schema also lists `id` and `surfaces`, which every node shares. */
function propsOf(def: JsonSchema | undefined): PropDescriptor[] {
  const properties = record(def?.properties) ?? {};
  const required = new Set(Array.isArray(def?.required) ? (def.required as string[]) : []);
  return Object.entries(properties)
    .filter(([name]) => !NOT_PROPS.has(name))
    .map(([name, value]) => {
      const schema = record(value) ?? {};
      const descriptor: PropDescriptor = { name, ...displayType(schema), required: required.has(name) };
      if (typeof schema.description === 'string') descriptor.description = schema.description;
      return descriptor;
    });
}

export function createAuthoringContext(
  definitions: readonly PrimitiveDefinition[],
  groups: readonly PrimitiveGroup[],
  guides: readonly PackGuide[],
  options: AuthoringJsonSchemaOptions,
  listViews: () => RegisteredViewSummary[],
): () => RuntimeAuthoringContext {
  const known = new Map(definitions.map((definition) => [definition.type, definition.catalog]));
  let cached: Omit<RuntimeAuthoringContext, 'views'> | undefined;

  const checkTypes = (types: readonly string[]): string[] => {
    const unique = [...new Set(types)];
    if (unique.length > MAX_DESCRIBED_TYPES)
      throw new IsomerError(
        'TOO_MANY_TYPES',
        `runtime: at most ${MAX_DESCRIBED_TYPES} types per request, got ${unique.length}`,
      );
    const unknown = unique.filter((type) => !known.has(type));
    if (unknown.length > 0) {
      throw new IsomerError(
        'UNKNOWN_PRIMITIVE_TYPE',
        `runtime: unknown primitive type(s) ${unknown
          .slice(0, 10)
          .map((t) => quoteForMessage(t))
          .join(', ')}`,
      );
    }
    return unique;
  };

  // Built on first use, not at construction: a request that only renders never pays for it.
  const build = (): Omit<RuntimeAuthoringContext, 'views'> => {
    const schema = buildAuthoringJsonSchema(definitions, options);
    const body = record(record(schema.properties)?.body) ?? {};
    const bodySchema: JsonSchema = { $schema: schema.$schema, title: 'Body', ...body, $defs: schema.$defs };
    return {
      schema,
      bodySchema,
      primitives: definitions.map((definition) => definition.catalog),
      groups,
      guides,
      schemaFor(types) {
        const subset = authoringSchemaSubset(schema, checkTypes(types));
        return { $schema: schema.$schema, anyOf: checkTypes(types).map((type) => ({ $ref: defRef(type) })), ...subset };
      },
      describePrimitives(types) {
        const unique = checkTypes(types);
        const subset = authoringSchemaSubset(schema, unique);
        const props: Record<string, PropDescriptor[]> = {};
        for (const type of unique) props[type] = propsOf(subset.$defs[type]);
        return { primitives: unique.map((type) => known.get(type)!), schema: subset, props };
      },
    };
  };

  return () => {
    cached ??= build();
    return { ...cached, views: listViews() };
  };
}
