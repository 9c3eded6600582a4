import { IsomerError } from './errors.ts';
import type { PrimitiveDefinition, AnyPrimitiveDefinition } from './primitive.ts';

/** A heading in the guide's primitive index and the types listed under it. */
export interface PrimitiveGroup {
  title: string;
  types: readonly string[];
}

export interface PackAuthoringOptions {
  /** Replaces a `$defs` entry's description in the authoring JSON Schema (`defId → text`). */
  describe?: Record<string, string>;
  /** Properties hidden from the authoring JSON Schema, as `defId.prop`. */
  omitProperties?: readonly string[];
  groups?: readonly PrimitiveGroup[];
}

export interface PrimitivePackInput {
  id: string;
  // The definitions' node types differ per primitive; the pack erases them.
  primitives: readonly AnyPrimitiveDefinition[];
  /** Stylesheet shared by the pack's markup, emitted when a render draws any of its types. */
  css?: string;
  /** Types that are pictures: the Slack surface can swap them for uploaded images. */
  slackAssetTypes?: readonly string[];
  authoring?: PackAuthoringOptions;
}

export interface PrimitivePack {
  readonly id: string;
  readonly primitives: readonly PrimitiveDefinition[];
  readonly types: ReadonlySet<string>;
  readonly css: string;
  readonly slackAssetTypes: ReadonlySet<string>;
  readonly authoring: {
    describe: Record<string, string>;
    omitProperties: readonly string[];
    groups: readonly PrimitiveGroup[];
  };
}

/**
 * Bundles primitives into a vocabulary a runtime can load.
 * @example definePrimitivePack({ id: 'notes', primitives: [note, noteList] })
 */
export function definePrimitivePack(input: PrimitivePackInput): PrimitivePack {
  if (input.primitives.length === 0) throw new IsomerError('EMPTY_PACK', `Pack "${input.id}" has no primitives.`);
  const types = new Set<string>();
  for (const primitive of input.primitives) {
    if (types.has(primitive.type)) {
      throw new IsomerError(
        'DUPLICATE_PRIMITIVE_TYPE',
        `Pack "${input.id}" defines primitive "${primitive.type}" twice.`,
      );
    }
    types.add(primitive.type);
  }
  const grouped = new Set<string>();
  for (const group of input.authoring?.groups ?? []) {
    for (const type of group.types) {
      if (!types.has(type))
        throw new IsomerError('UNKNOWN_PRIMITIVE_TYPE', `Pack "${input.id}" groups unknown primitive "${type}".`);
      if (grouped.has(type))
        throw new IsomerError(
          'DUPLICATE_PRIMITIVE_TYPE',
          `Pack "${input.id}" lists primitive "${type}" in two groups.`,
        );
      grouped.add(type);
    }
  }
  for (const type of input.slackAssetTypes ?? []) {
    if (!types.has(type))
      throw new IsomerError('UNKNOWN_PRIMITIVE_TYPE', `Pack "${input.id}" names unknown Slack asset type "${type}".`);
  }
  return {
    id: input.id,
    primitives: input.primitives as readonly PrimitiveDefinition[],
    types,
    css: input.css ?? '',
    slackAssetTypes: new Set(input.slackAssetTypes ?? []),
    authoring: {
      describe: { ...input.authoring?.describe },
      omitProperties: [...(input.authoring?.omitProperties ?? [])],
      groups: [...(input.authoring?.groups ?? [])],
    },
  };
}

/** Flattens packs into one definitions list, reporting every duplicate type at once. */
export function composePacks(packs: readonly PrimitivePack[]): PrimitiveDefinition[] {
  const owner = new Map<string, string>();
  const duplicates: string[] = [];
  const definitions: PrimitiveDefinition[] = [];
  for (const pack of packs) {
    for (const definition of pack.primitives) {
      const first = owner.get(definition.type);
      if (first !== undefined) duplicates.push(`"${definition.type}" (packs "${first}" and "${pack.id}")`);
      else owner.set(definition.type, pack.id);
      definitions.push(definition);
    }
  }
  if (duplicates.length > 0) {
    throw new IsomerError(
      'DUPLICATE_PRIMITIVE_TYPE',
      `runtime: primitive types defined twice: ${duplicates.join(', ')}.`,
    );
  }
  return definitions;
}
