/**
 * The Zod schemas of one vocabulary: the composition and a discriminated union over every
 * primitive, recursive through containers. Built once per definitions list and cached on its
 * identity, so every validator, parser and schema export of a runtime shares one union.
 */
import * as z from 'zod';
import {
  compositionMetaSchema,
  languageTagSchema,
  renderThemeSchema,
  textDirectionSchema,
  type PrimitiveNode,
} from './composition.ts';
import { IsomerError } from './errors.ts';
import type { PrimitiveDefinition } from './primitive.ts';

/** The Zod schemas one vocabulary validates with, built once per definitions list. */
export interface CompositionSchemas {
  readonly composition: z.ZodObject;
  /** The discriminated union over every registered primitive (recursive through containers). */
  readonly bodyNode: z.ZodType<PrimitiveNode>;
  /** Each primitive's resolved node schema, by type. */
  readonly members: ReadonlyMap<string, z.ZodObject>;
  readonly definitions: ReadonlyMap<string, PrimitiveDefinition>;
}

// Keyed on the definitions array's identity: a runtime builds its list once and every validator,
// parser and schema export of that runtime shares one union.
const cache = new WeakMap<readonly PrimitiveDefinition[], CompositionSchemas>();

export function getCompositionSchemas(definitions: readonly PrimitiveDefinition[]): CompositionSchemas {
  const cached = cache.get(definitions);
  if (cached) return cached;
  if (definitions.length === 0)
    throw new IsomerError('EMPTY_VOCABULARY', 'A composition schema needs at least one primitive.');
  let union: z.ZodType<PrimitiveNode> | undefined;
  const bodyNode: z.ZodType<PrimitiveNode> = z.lazy(() => union!);
  const members = new Map<string, z.ZodObject>();
  const byType = new Map<string, PrimitiveDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type)) {
      throw new IsomerError('DUPLICATE_PRIMITIVE_TYPE', `Primitive type "${definition.type}" is defined twice.`);
    }
    byType.set(definition.type, definition);
    members.set(definition.type, definition.resolveSchema(bodyNode));
  }
  const options = [...members.values()] as [z.ZodObject, ...z.ZodObject[]];
  union = z.discriminatedUnion('type', options) as unknown as z.ZodType<PrimitiveNode>;
  const composition = z.strictObject({
    type: z.literal('view'),
    version: z.literal(1).optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    lang: languageTagSchema.optional(),
    dir: textDirectionSchema.optional(),
    theme: renderThemeSchema.optional(),
    body: z.array(bodyNode).min(1, { error: 'must contain at least one node' }),
    meta: compositionMetaSchema.optional(),
  });
  const schemas: CompositionSchemas = { composition, bodyNode, members, definitions: byType };
  cache.set(definitions, schemas);
  return schemas;
}
