/**
 * What a pack is: a vocabulary of primitives with the stylesheet, guide prose, rules, index groups
 * and frame that come with it, checked where it is defined. Packs compose into one runtime's
 * definitions, refusing any type two packs both define, and their guides and index groups merge in
 * pack order.
 */
import { IsomerError } from './errors.ts';
import type { Frame } from './frame.ts';
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
  /** The guide's index as explicit lists of types. A pack gives this or `groupOrder`, not both. */
  groups?: readonly PrimitiveGroup[];
  /**
   * The guide's index from the primitives themselves: group titles in index order, each listing
   * the primitives whose `catalog.group` names it, in the pack's order. A group no primitive
   * names is left out; a `catalog.group` not among the titles throws.
   */
  groupOrder?: readonly string[];
  /** Prose the authoring guide gives for this pack's compositions, in the pack's own section. */
  guide?: string;
  /** Rules for this pack's compositions: bullets under the guide's `## Rules`, in the pack's section. */
  rules?: readonly string[];
}

/**
 * The document a pack's compositions are drawn in, under the name the runtime registers it by. Its
 * body rule binds only the compositions whose top-level nodes are this pack's.
 */
export interface PackFrame {
  name: string;
  frame: Frame<unknown>;
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
  /** The pack's own document (a slide, a card board), registered by every runtime that loads the pack. */
  frame?: PackFrame;
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
    guide?: string;
    rules: readonly string[];
  };
  readonly frame?: PackFrame;
}

/**
 * Bundles primitives into a vocabulary a runtime can load.
 *
 * With `authoring.groupOrder`, the guide's index comes from each primitive's `catalog.group`.
 * @example
 * ```ts
 * import { createIsomerRuntime, definePrimitivePack, type PrimitiveDefinition } from 'isomer-edge';
 *
 * declare const note: PrimitiveDefinition; // catalog.group: 'Text'
 * declare const noteList: PrimitiveDefinition; // catalog.group: 'Lists'
 * const notesPack = definePrimitivePack({
 *   id: 'notes',
 *   primitives: [note, noteList],
 *   authoring: { groupOrder: ['Text', 'Lists'] },
 * });
 * const runtime = createIsomerRuntime({ packs: [notesPack] });
 * ```
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
  const groups = input.authoring?.groupOrder ? groupsByCatalog(input) : (input.authoring?.groups ?? []);
  const grouped = new Set<string>();
  for (const group of groups) {
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
  if (input.frame !== undefined && input.frame.name === '')
    throw new IsomerError('UNKNOWN_FRAME', `Pack "${input.id}" names its frame with an empty string.`);
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
      groups: [...groups],
      ...(input.authoring?.guide !== undefined ? { guide: input.authoring.guide } : {}),
      rules: [...(input.authoring?.rules ?? [])],
    },
    ...(input.frame ? { frame: { name: input.frame.name, frame: input.frame.frame } } : {}),
  };
}

/** The index a pack's `groupOrder` and its primitives' `catalog.group` fields describe. */
function groupsByCatalog(input: PrimitivePackInput): PrimitiveGroup[] {
  const titles = input.authoring?.groupOrder ?? [];
  if (input.authoring?.groups)
    throw new IsomerError('UNKNOWN_PRIMITIVE_GROUP', `Pack "${input.id}" gives both groups and groupOrder; keep one.`);
  for (const primitive of input.primitives) {
    const group = primitive.catalog.group;
    if (group !== undefined && !titles.includes(group))
      throw new IsomerError(
        'UNKNOWN_PRIMITIVE_GROUP',
        `Pack "${input.id}": primitive "${primitive.type}" names group "${group}", ` +
          `not one of ${titles.map((title) => `"${title}"`).join(', ')}.`,
      );
  }
  return titles
    .map((title) => ({
      title,
      types: input.primitives
        .filter((primitive) => primitive.catalog.group === title)
        .map((primitive) => primitive.type),
    }))
    .filter((group) => group.types.length > 0);
}

/**
 * Flattens packs into one definitions list, reporting every duplicate type at once.
 * @example
 * ```ts
 * import { buildCompositionJsonSchema, composePacks, type PrimitivePack } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 *
 * declare const notesPack: PrimitivePack;
 * const definitions = composePacks([slidesPack, notesPack]); // throws naming every type both define
 * const schema = buildCompositionJsonSchema(definitions);
 * ```
 */
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

/**
 * The guide's index over several packs, in pack order: a title two packs share is one group, where
 * it first appears, listing the first pack's types and then the next's.
 */
export function mergeGroups(packs: readonly PrimitivePack[]): PrimitiveGroup[] {
  const byTitle = new Map<string, string[]>();
  for (const pack of packs)
    for (const group of pack.authoring.groups) {
      const types = byTitle.get(group.title);
      if (types) types.push(...group.types);
      else byTitle.set(group.title, [...group.types]);
    }
  return [...byTitle].map(([title, types]) => ({ title, types }));
}

/** What one pack tells an author about its compositions, under the pack's id. */
export interface PackGuide {
  pack: string;
  guide?: string;
  rules: readonly string[];
}

/** The packs that bring guide prose or rules, in pack order. */
export function packGuides(packs: readonly PrimitivePack[]): PackGuide[] {
  return packs
    .filter((pack) => pack.authoring.guide !== undefined || pack.authoring.rules.length > 0)
    .map((pack) => ({
      pack: pack.id,
      ...(pack.authoring.guide !== undefined ? { guide: pack.authoring.guide } : {}),
      rules: pack.authoring.rules,
    }));
}
