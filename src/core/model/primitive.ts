/**
 * What a primitive is: its node schema, catalog entry, examples, one renderer per surface and, for
 * a container, where its child nodes live. `definePrimitive` makes the schema strict and adds the
 * reserved `id` and `surfaces`, so a field a model invents is an error rather than silently
 * dropped.
 */
import * as z from 'zod';
import { RESERVED_NODE_FIELDS, reservedNodeShape, type PrimitiveNode, type SurfaceName } from './composition.ts';
import { IsomerError } from './errors.ts';
import { isRecord } from './is-record.ts';
import type { MarkdownContent } from '../markdown/tree.ts';
import type { MarkupValue, Markup } from './markup.ts';
import type { SlackBlock } from '../chat-hosts/slack/blocks.ts';
import type { TextDirection } from '../text/text-direction.ts';

/** What a model reads about a primitive: written for the model, one entry per type. */
export interface PrimitiveCatalogEntry {
  type: string;
  /** One line: what it shows. */
  purpose: string;
  /** Intents that call for it. */
  useWhen: string[];
  /** Look-alike situations, naming the better primitive. */
  avoidWhen: string[];
  /** One node literal the describe tool prints. */
  example: unknown;
  /** A human label for host UIs; never printed to the model. */
  name?: string;
  /** The heading the guide's index lists it under: one of its pack's group titles (`authoring.groupOrder`). */
  group?: string;
}

/** The dispatcher as renderers see it: containers recurse through it, never by switching on types. */
export interface RenderScope {
  text(node: PrimitiveNode): string;
  markdown(node: PrimitiveNode): MarkdownContent;
  html(node: PrimitiveNode): Markup;
  slack(node: PrimitiveNode): SlackBlock[];
  /** Whether a node draws anything on the surface being rendered (visibility and empty containers). */
  rendersOn(node: PrimitiveNode, surface: SurfaceName): boolean;
  definition(type: string): PrimitiveDefinition | undefined;
}

export interface RenderEnv {
  scope: RenderScope;
}

export interface HtmlRenderEnv extends RenderEnv {
  /** `react` for the HTML surface, `snapshot` when drawing for an image. */
  surface: 'react' | 'snapshot';
  /** The frame's palette, present only on the snapshot path. */
  theme?: unknown;
  /**
   * The direction the view is laid out in, present when it is right to left (or stated): the root of
   * a whole-view primitive (a slide) writes it as its `dir`, so everything inside lays out from it.
   */
  dir?: TextDirection;
}

export interface PrimitiveRenderers<TNode> {
  html(node: TNode, env: HtmlRenderEnv): MarkupValue;
  text(node: TNode, env: RenderEnv): string;
  markdown(node: TNode, env: RenderEnv): string | MarkdownContent;
  /** Optional: without it the node's Markdown content is converted to Block Kit. */
  slack?(node: TNode, env: RenderEnv): SlackBlock | SlackBlock[];
}

export interface ChildNode {
  node: PrimitiveNode;
  /** Relative to the parent node, e.g. `items[0].node`. */
  path: string;
}

export type NamedExample<TNode> = { name: string; description?: string; node: TNode };
export type PrimitiveExample<TNode> = TNode | NamedExample<TNode>;

/** A leaf's schema, or a container's schema bound to the composition's body-node union. */
export type SchemaSource = z.ZodObject | ((bodyNode: z.ZodType<PrimitiveNode>) => z.ZodObject);

type NodeOf<S> = S extends (bodyNode: never) => infer O
  ? O extends z.ZodType
    ? z.output<O>
    : never
  : S extends z.ZodType
    ? z.output<S>
    : never;

type Reserved = { id?: string; surfaces?: SurfaceName[] };

/** The `type` a node schema's literal names, so a definition cannot name another (`string` when it names none). */
type TypeOf<TNode> = TNode extends { type: infer T extends string } ? T : string;

export interface PrimitiveInput<S extends SchemaSource, TNode> {
  /** The discriminator: the same string as the schema's `type: z.literal(…)`. */
  type: TypeOf<TNode>;
  schema: S;
  /** `example` may be left out: it is then the first of `examples`. */
  catalog: Omit<PrimitiveCatalogEntry, 'type' | 'example'> & { example?: unknown };
  examples: PrimitiveExample<TNode>[];
  renderers: PrimitiveRenderers<TNode>;
  /**
   * Where child nodes live, as field paths: `items` (an array of nodes or one node), `panes[].items`
   * (through an array of objects), `render.body`. Order is drawing order.
   */
  children?: readonly string[];
  /** A container that still draws its own text when every child is hidden. */
  hasOwnContent?(node: TNode): boolean;
  /** Runs before every render on every surface; `null` drops the node. */
  sanitize?(node: TNode): TNode | null;
  /** Stylesheet for this primitive's markup, emitted once when a render draws it. */
  css?: string;
  metrics?: { snapshotHeight?(node: TNode): number };
}

export interface PrimitiveDefinition<TNode = PrimitiveNode> {
  readonly type: string;
  readonly catalog: PrimitiveCatalogEntry;
  readonly examples: readonly PrimitiveExample<TNode>[];
  readonly renderers: PrimitiveRenderers<TNode>;
  /** Declared fields, without `type` and the reserved ones (for "its fields are …" hints). */
  readonly fields: readonly string[];
  readonly isContainer: boolean;
  readonly childPaths: readonly string[];
  children(node: PrimitiveNode): ChildNode[];
  hasOwnContent?(node: TNode): boolean;
  sanitize?(node: TNode): TNode | null;
  readonly css?: string;
  readonly metrics?: { snapshotHeight?(node: TNode): number };
  /** The node schema (strict, with the reserved fields) bound to a body-node union. */
  resolveSchema(bodyNode: z.ZodType<PrimitiveNode>): z.ZodObject;
}

/** A primitive of any node type, as registries and packs hold them (each was checked where it was defined). */
// biome-ignore lint/suspicious/noExplicitAny: node types vary per primitive; a registry cannot name them all
export type AnyPrimitiveDefinition = PrimitiveDefinition<any>;

const NO_CHILDREN: ChildNode[] = [];

/**
 * Builds a child walker from field paths. It tolerates malformed data (it runs on unvalidated
 * copies to name the node a finding sits in), yielding only objects found where nodes belong.
 * @example
 * ```ts
 * import { createChildNodeWalker } from 'isomer-edge';
 *
 * const children = createChildNodeWalker(['panes[].items']);
 * children({ type: 'split', panes: [{ items: [{ type: 'note' }, { type: 'note' }] }] });
 * // [{ node: { type: 'note' }, path: 'panes[0].items[0]' }, { node: { type: 'note' }, path: 'panes[0].items[1]' }]
 * ```
 */
export function createChildNodeWalker(paths: readonly string[]): (node: PrimitiveNode) => ChildNode[] {
  if (paths.length === 0) return () => NO_CHILDREN;
  const parsed = paths.map((path) =>
    path.split('.').map((segment) => ({ key: segment.replace(/\[\]$/, ''), each: segment.endsWith('[]') })),
  );
  return (node) => {
    const out: ChildNode[] = [];
    const visit = (value: unknown, segments: (typeof parsed)[number], index: number, prefix: string): void => {
      if (index === segments.length) {
        if (Array.isArray(value)) {
          value.forEach((item, i) => {
            if (isRecord(item)) out.push({ node: item as PrimitiveNode, path: `${prefix}[${i}]` });
          });
        } else if (isRecord(value)) {
          out.push({ node: value as PrimitiveNode, path: prefix });
        }
        return;
      }
      if (!isRecord(value)) return;
      const { key, each } = segments[index]!;
      const next = value[key];
      const path = prefix === '' ? key : `${prefix}.${key}`;
      if (!each) {
        visit(next, segments, index + 1, path);
        return;
      }
      if (Array.isArray(next))
        for (const [i, item] of next.entries()) visit(item, segments, index + 1, `${path}[${i}]`);
    };
    for (const segments of parsed) visit(node, segments, 0, '');
    return out;
  };
}

function shapeKeys(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

/**
 * The values of the shape's `type` literal, or undefined when `type` is not a literal. Read from
 * `_zod.def`, which every zod 4 copy shares, as a host's zod may be another copy than ours.
 */
function typeLiteralValues(schema: z.ZodObject): readonly unknown[] | undefined {
  const def = (schema.shape.type as z.core.$ZodType | undefined)?._zod.def;
  return def?.type === 'literal' ? (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values : undefined;
}

/** A schema whose `type` is not `z.literal(type)` would validate nodes the runtime cannot dispatch. */
function checkTypeLiteral(type: string, schema: z.ZodObject): void {
  const values = typeLiteralValues(schema);
  if (values?.length === 1 && values[0] === type) return;
  const found =
    values === undefined
      ? schema.shape.type === undefined
        ? 'no type field'
        : 'a type field that is not a literal'
      : `type ${values.map((value) => JSON.stringify(value)).join(' | ')}`;
  throw new IsomerError(
    'TYPE_LITERAL_MISMATCH',
    `Primitive "${type}" has a schema with ${found}; declare type: z.literal(${JSON.stringify(type)}).`,
  );
}

/**
 * Defines one primitive: its node schema, catalog entry, examples and renderers.
 *
 * The schema's `type` literal must be the definition's `type` (else `TYPE_LITERAL_MISMATCH`). The
 * schema is made strict and gains the reserved `id` and `surfaces` fields, so a hallucinated field
 * is an error rather than silently dropped.
 * @example
 * ```ts
 * import * as z from 'zod';
 * import { definePrimitive, html, md, requiredString } from 'isomer-edge';
 *
 * export const note = definePrimitive({
 *   type: 'note',
 *   schema: z.object({ type: z.literal('note'), text: requiredString() }),
 *   catalog: {
 *     purpose: 'One paragraph of prose.',
 *     useWhen: ['A sentence or two.'],
 *     avoidWhen: ['Several points: use a list.'],
 *   },
 *   examples: [{ type: 'note', text: 'Deploys are green.' }],
 *   renderers: {
 *     html: (node) => html`<p>${node.text}</p>`,
 *     text: (node) => node.text,
 *     markdown: (node) => md.content(md.paragraph(node.text)),
 *   },
 * });
 * ```
 */
export function definePrimitive<S extends SchemaSource>(
  input: PrimitiveInput<S, NodeOf<S> & Reserved>,
): PrimitiveDefinition<NodeOf<S> & Reserved> {
  const source = input.schema as SchemaSource;
  const probe = typeof source === 'function' ? source(z.any() as z.ZodType<PrimitiveNode>) : source;
  checkTypeLiteral(input.type, probe);
  const keys = shapeKeys(probe);
  const reserved = keys.filter((key) => (RESERVED_NODE_FIELDS as readonly string[]).includes(key));
  if (reserved.length > 0) {
    throw new IsomerError(
      'RESERVED_NODE_FIELD',
      `Primitive "${input.type}" declares reserved field(s) ${reserved.join(', ')}; every node already has them.`,
    );
  }
  const resolve = (bodyNode: z.ZodType<PrimitiveNode>): z.ZodObject => {
    const schema = typeof source === 'function' ? source(bodyNode) : source;
    // safeExtend keeps the primitive's own refinements (cross-field rules); strict refuses extras.
    return schema.safeExtend(reservedNodeShape).strict();
  };
  const childPaths = input.children ?? [];
  type Node = NodeOf<S> & Reserved;
  return {
    type: input.type,
    catalog: {
      type: input.type,
      ...input.catalog,
      example: 'example' in input.catalog ? input.catalog.example : exampleNodes(input)[0],
    },
    examples: input.examples,
    renderers: input.renderers,
    fields: keys.filter((key) => key !== 'type'),
    isContainer: childPaths.length > 0,
    childPaths,
    children: createChildNodeWalker(childPaths),
    ...(input.hasOwnContent ? { hasOwnContent: input.hasOwnContent } : {}),
    ...(input.sanitize ? { sanitize: input.sanitize } : {}),
    ...(input.css !== undefined ? { css: input.css } : {}),
    ...(input.metrics ? { metrics: input.metrics } : {}),
    resolveSchema: resolve,
  } satisfies PrimitiveDefinition<Node>;
}

/**
 * A primitive's examples as bare nodes, whether written bare or named.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { exampleNodes } from 'isomer-edge';
 *
 * for (const definition of slidesPack.primitives) {
 *   for (const node of exampleNodes(definition)) console.log(definition.type, JSON.stringify(node));
 * }
 * ```
 */
export function exampleNodes<TNode>(definition: Pick<PrimitiveDefinition<TNode>, 'examples'>): TNode[] {
  return definition.examples.map((example) =>
    isRecord(example) && 'node' in example && 'name' in example && !('type' in example)
      ? (example as NamedExample<TNode>).node
      : (example as TNode),
  );
}
