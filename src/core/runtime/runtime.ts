/**
 * The runtime, `createIsomerRuntime({ packs })`: it composes the packs (with any renderer
 * overrides), resolves the frames, and builds validation, the surfaces, the view registry and the
 * authoring context. Every configuration error throws here, at construction, never at first render.
 */
import type * as z from 'zod';
import type { InputBudget } from '../model/budget.ts';
import type { PrimitiveNode } from '../model/composition.ts';
import { IsomerError } from '../model/errors.ts';
import type { Frame } from '../model/frame.ts';
import type { AuthoringJsonSchemaOptions } from '../model/json-schema.ts';
import { composePacks, mergeGroups, packGuides, type PrimitivePack } from '../model/pack.ts';
import type { PrimitiveDefinition, PrimitiveRenderers } from '../model/primitive.ts';
import { getCompositionSchemas } from '../model/schema.ts';
import {
  createCompositionParser,
  createCompositionValidator,
  type CheckedValidationResult,
  type ParsedComposition,
} from '../model/validate.ts';
import { createAuthoringContext, type RuntimeAuthoringContext } from './authoring.ts';
import { CheckedCopies } from './checked.ts';
import { resolveFrames, type RuntimeFrames } from './frames.ts';
import { BUILT_IN_FORMAT_NAMES, type BuiltInFormat } from '../formats.ts';
import { Dispatcher } from './dispatcher.ts';
import { createHTMLSurface, type HTMLSurface } from './surfaces/html.ts';
import { createMarkdownSurface, type MarkdownSurface } from './surfaces/markdown.ts';
import { createSlackSurface, type SlackSurface } from './surfaces/slack.ts';
import { createSnapshotSurface, type SnapshotSurface } from './surfaces/snapshot.ts';
import { createTextSurface, type TextSurface } from './surfaces/text.ts';
import type { SurfaceContext } from './surfaces/context.ts';
import { createViewRegistry, type RegisteredView, type ViewRegistry } from './views.ts';

export interface IsomerRuntimeOptions<THostContext = unknown> {
  /** Vocabularies, at least one; their primitive types must not collide. */
  packs: readonly PrimitivePack[];
  /**
   * Named documents for the snapshot surface, beside the ones packs bring (a name a pack's frame
   * uses replaces that frame); any frame creates `surfaces.snapshot`.
   */
  frames?: Record<string, Frame<unknown>>;
  /**
   * Where nodes of a pack without a frame are drawn. Default: the only frame, else the first
   * pack's that carries one; required with two or more frames and no pack frame.
   */
  defaultFrame?: string;
  /** Host formats (`png`, `pdf`…) a rasterizer renders, reported by `getCapabilities()`. */
  formats?: readonly string[];
  views?: readonly RegisteredView<THostContext>[];
  /** Replace renderers per primitive type. */
  rendererOverrides?: Record<string, Partial<Record<BuiltInFormat, unknown>>>;
  /** The wrapper's `aria-label` when a composition has no title. Default `View`. */
  defaultAriaLabel?: string;
  /** Shapes the authoring JSON Schema; merged over every pack's own options. */
  authoring?: Pick<AuthoringJsonSchemaOptions, 'describe' | 'omitProperties' | 'title' | 'description' | '$id'>;
  /** Limits applied to every composition and view input before anything reads it. */
  inputBudget?: InputBudget;
}

export interface RuntimeSurfaces {
  html: HTMLSurface;
  text: TextSurface;
  markdown: MarkdownSurface;
  slack: SlackSurface;
  /** Present only when the runtime has frames. */
  snapshot: SnapshotSurface | undefined;
}

export type SurfaceSupport = 'native' | 'fallback';

export interface HostCapabilities {
  primitives: string[];
  surfaces: string[];
  formats: string[];
  support: Record<string, Record<string, SurfaceSupport>>;
}

export interface IsomerRuntime<THostContext = unknown> {
  readonly packs: readonly PrimitivePack[];
  readonly primitives: readonly PrimitiveDefinition[];
  readonly viewRegistry: ViewRegistry<THostContext>;
  readonly surfaces: RuntimeSurfaces;
  /**
   * The frames and which a composition uses; absent without frames. It is a body rule too: pass it
   * as `createIsomerTools({ frame })` so each composition meets the rules of the frames it uses.
   */
  readonly frames: RuntimeFrames | undefined;
  /**
   * Budget, then schema, then duplicate ids and per-surface warnings; carries the checked copy.
   * A valid copy comes back frozen, and every surface draws it without validating it again.
   */
  validate(composition: unknown): CheckedValidationResult;
  /** Budget, then schema only: for untrusted input you will validate again later. */
  parse(value: unknown): ParsedComposition;
  getCompositionSchema(): z.ZodObject;
  getAuthoringContext(): RuntimeAuthoringContext;
  getCapabilities(): HostCapabilities;
}

function applyOverrides(
  packs: readonly PrimitivePack[],
  overrides: IsomerRuntimeOptions['rendererOverrides'],
): readonly PrimitivePack[] {
  if (!overrides) return packs;
  const known = new Set(packs.flatMap((pack) => [...pack.types]));
  for (const [type, renderers] of Object.entries(overrides)) {
    if (!known.has(type))
      throw new IsomerError('UNKNOWN_PRIMITIVE_TYPE', `runtime: renderer override for unknown primitive "${type}"`);
    for (const surface of Object.keys(renderers)) {
      if (!(BUILT_IN_FORMAT_NAMES as readonly string[]).includes(surface)) {
        throw new IsomerError(
          'UNKNOWN_SURFACE',
          `runtime: renderer override for "${type}" names unknown ` +
            `surface "${surface}"; use ${BUILT_IN_FORMAT_NAMES.join(', ')}`,
        );
      }
    }
  }
  return packs.map((pack) => ({
    ...pack,
    primitives: pack.primitives.map((definition) => {
      const override = overrides[definition.type];
      if (!override) return definition;
      const renderers = { ...definition.renderers, ...override } as PrimitiveRenderers<PrimitiveNode>;
      return { ...definition, renderers };
    }),
  }));
}

/**
 * Builds one runtime: every configuration error throws here, synchronously, never at first render.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * const text = runtime.surfaces.text.render({ type: 'view', title: 'Hello', body: [] });
 * ```
 */
export function createIsomerRuntime<THostContext = unknown>(
  options: IsomerRuntimeOptions<THostContext>,
): IsomerRuntime<THostContext> {
  if (options.packs.length === 0) throw new IsomerError('EMPTY_PACKS', 'runtime: at least one pack is required');
  const packs = applyOverrides(options.packs, options.rendererOverrides);
  const frames = resolveFrames(packs, options.frames, options.defaultFrame);
  const definitions = composePacks(packs);
  const schemas = getCompositionSchemas(definitions);
  const checkedCopies = new CheckedCopies();
  const validateCopy = createCompositionValidator(definitions, {
    ...(options.inputBudget ? { inputBudget: options.inputBudget } : {}),
  });
  const validate = (value: unknown): CheckedValidationResult => {
    const result = validateCopy(value);
    if (result.valid && result.composition !== undefined) checkedCopies.add(result.composition);
    return result;
  };
  const parse = createCompositionParser(definitions, {
    ...(options.inputBudget ? { inputBudget: options.inputBudget } : {}),
  });
  const slackAssetTypes = new Set(packs.flatMap((pack) => [...pack.slackAssetTypes]));
  const dispatcher = new Dispatcher(definitions, slackAssetTypes);
  const context: SurfaceContext = {
    validate,
    checked: checkedCopies,
    dispatcher,
    bodyNode: schemas.bodyNode,
    definitions,
    packCss: packs.map((pack) => ({ css: pack.css, types: pack.types })),
    defaultAriaLabel: options.defaultAriaLabel ?? 'View',
  };
  const surfaces: RuntimeSurfaces = {
    html: createHTMLSurface(context),
    text: createTextSurface(context),
    markdown: createMarkdownSurface(context),
    slack: createSlackSurface(context),
    snapshot: frames ? createSnapshotSurface(context, frames) : undefined,
  };
  const viewRegistry = createViewRegistry<THostContext>(validate, options.inputBudget);
  for (const view of options.views ?? []) viewRegistry.register(view);
  const groups = mergeGroups(packs);
  const describe = Object.assign({}, ...packs.map((pack) => pack.authoring.describe), options.authoring?.describe);
  const omitProperties = [
    ...packs.flatMap((pack) => pack.authoring.omitProperties),
    ...(options.authoring?.omitProperties ?? []),
  ];
  const getAuthoringContext = createAuthoringContext(
    definitions,
    groups,
    packGuides(packs),
    { ...options.authoring, describe, omitProperties },
    () => viewRegistry.list(),
  );
  return {
    packs,
    primitives: definitions,
    viewRegistry,
    surfaces,
    frames,
    validate,
    parse,
    getCompositionSchema: () => schemas.composition,
    getAuthoringContext,
    getCapabilities() {
      const support: HostCapabilities['support'] = {};
      for (const definition of definitions) {
        support[definition.type] = {
          html: 'native',
          text: 'native',
          markdown: 'native',
          slack: definition.renderers.slack ? 'native' : 'fallback',
        };
      }
      return {
        primitives: definitions.map((definition) => definition.type),
        surfaces: [...BUILT_IN_FORMAT_NAMES, ...(surfaces.snapshot ? ['snapshot'] : [])],
        formats: [...new Set([...BUILT_IN_FORMAT_NAMES, ...(options.formats ?? [])])],
        support,
      };
    },
  };
}
