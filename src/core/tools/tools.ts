/**
 * The six agent tools over a runtime, for any transport: the guide, primitive descriptions,
 * validation and rendering (through the one render path), and the two view tools, offered only when
 * the runtime has views; `show: true` adds `isomer_show`. No handler rejects: every failure
 * resolves as an `isError` result.
 */
import * as z from 'zod';
import { RENDER_THEMES, type Composition } from '../model/composition.ts';
import { MAX_DECK_SLIDES } from '../model/deck.ts';
import { formatValidationError, isInputRefusal } from '../model/errors.ts';
import { isObjectLike } from '../model/is-record.ts';
import { buildIsomerAuthoringGuide, buildPrimitiveDescriptions } from './guide.ts';
import {
  type ISOMER_SHOW_TOOL,
  ISOMER_TOOL_NAMES,
  MAX_DESCRIBE_TYPES,
  MAX_NAME_LENGTH,
  type IsomerToolName,
} from './names.ts';
import { exactlyOneForm, ONE_FORM_MESSAGE, toolSlides } from './deck.ts';
import { createCompositionRenderer, type RenderedOutput } from './render.ts';
import { errorMessage, formatResult, jsonResult, layoutNote, textResult, type IsomerToolResult } from './results.ts';
import { createIsomerShowTool } from './show.ts';
import type {
  IsomerGuideOptions,
  IsomerToolsFormat,
  IsomerToolsFrame,
  IsomerToolsLayoutCheck,
  IsomerToolsRuntime,
} from './types.ts';

export interface IsomerTool<TSchema extends z.ZodObject = z.ZodObject> {
  name: IsomerToolName | typeof ISOMER_SHOW_TOOL;
  title: string;
  description: string;
  inputSchema: TSchema;
  /** Tool metadata for MCP hosts (`isomer_show`'s MCP Apps link); absent on the six. */
  _meta?: Record<string, unknown>;
  /**
   * Receives what `inputSchema` parsed. Never rejects: a failure resolves with `isError: true`.
   * `signal` is the caller's interest: once aborted, `isomer_validate` and `isomer_render` stop
   * before their next step (validation, the layout check, the draw).
   */
  handler(input: z.output<TSchema>, options?: IsomerToolCallOptions): Promise<IsomerToolResult>;
}

/** What a transport passes with a tool call. */
export interface IsomerToolCallOptions {
  signal?: AbortSignal;
}

export interface IsomerToolsBaseOptions<THostContext> extends Omit<IsomerGuideOptions, 'runtime' | 'layout'> {
  runtime: IsomerToolsRuntime<THostContext>;
  /**
   * A body rule run on every validation and render: `runtime.frames` applies the rules of the frames
   * each composition uses; one frame (`slideDeckFrame`) binds every composition to its rule.
   */
  frame?: IsomerToolsFrame;
  /** Host formats `isomer_render` offers after the runtime's, by name. */
  formats?: Record<string, IsomerToolsFormat>;
  /** Draw the title and subtitle on text, Markdown, HTML and Slack. Default `true`. */
  heading?: boolean;
  /**
   * Tell the agent what does not fit: `isomer_validate` and `isomer_render` add the layout check's
   * findings (`createLayoutCheck` from `isomer-edge/images`) as warnings. Off unless given.
   */
  layout?: IsomerToolsLayoutCheck;
  /**
   * Add `isomer_show` after the six: the slide drawn in the host's MCP Apps frame, its Markdown for
   * every other host. Default `false` (the Worker's MCP endpoint turns it on).
   */
  show?: boolean;
}

/** `hostContext` is required exactly when the runtime's host context does not accept `undefined`. */
export type IsomerToolsOptions<THostContext = unknown> = IsomerToolsBaseOptions<THostContext> &
  (undefined extends THostContext ? { hostContext?: THostContext } : { hostContext: THostContext });

const compositionInput = z
  .looseObject({})
  .describe(
    'A composition: {"type":"view","body":[…]}. Read isomer_authoring_guide, then ' +
      'call isomer_describe_primitives for each primitive you use, before writing one.',
  );

/** A deck in place of one composition: every tool that checks or draws takes either. */
export const compositionsInput = z
  .array(z.looseObject({}))
  .min(1)
  .max(MAX_DECK_SLIDES)
  .describe(`A deck: 1–${MAX_DECK_SLIDES} compositions, a slide each, in order; in place of composition.`);

/** What the validate and render descriptions add when the layout check is on. */
const LAYOUT_WARNINGS =
  ' Warnings that start with `layout:` name a part that does not fit when drawn, by how much, ' +
  'and how to repair it: repair those too.';

/** Wraps a handler so nothing it throws, not even a non-Error, escapes as a rejection. */
function guarded<T>(
  fn: (input: T, options: IsomerToolCallOptions) => Promise<IsomerToolResult> | IsomerToolResult,
): (input: T, options?: IsomerToolCallOptions) => Promise<IsomerToolResult> {
  return async (input, options = {}) => {
    try {
      return await fn(input, options);
    } catch (error) {
      return textResult(errorMessage(error), true);
    }
  };
}

/** A validation-shaped error from a view, recognised by name and code (never `instanceof`). */
function viewFailure(error: unknown): IsomerToolResult | undefined {
  if (!isObjectLike(error)) return undefined;
  const known =
    (error.name === 'CompositionValidationError' && error.code === 'COMPOSITION_INVALID') ||
    (error.name === 'RegisteredViewInputError' && error.code === 'VIEW_INPUT_INVALID');
  const errors = error.errors;
  if (!known || typeof error.message !== 'string' || !Array.isArray(errors) || errors.length === 0) return undefined;
  if (!errors.every((e) => isObjectLike(e) && typeof e.path === 'string' && typeof e.message === 'string'))
    return undefined;
  return jsonResult(
    {
      error: error.message.split('\n')[0],
      errors: errors.map((e) => formatValidationError(e as { path: string; message: string })),
    },
    true,
  );
}

/**
 * The six agent tools over a runtime. The two view tools are offered only when the runtime lists a
 * view now; `show: true` adds `isomer_show` last. Throws `DUPLICATE_FORMAT` when a host format reuses
 * a runtime format's name, and `INVALID_FORMAT_NAME` for one that is not a plain path segment.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createIsomerTools } from 'isomer-edge';
 * import { SLIDES_GUIDE, SLIDES_RULES } from 'isomer-edge/slides';
 *
 * const tools = createIsomerTools({ runtime, frame: slideDeckFrame, guide: SLIDES_GUIDE, rules: SLIDES_RULES });
 * const validate = tools.find((tool) => tool.name === 'isomer_validate');
 * ```
 */
export function createIsomerTools<THostContext = unknown>(options: IsomerToolsOptions<THostContext>): IsomerTool[] {
  const { runtime, frame, heading = true } = options;
  const renderer = createCompositionRenderer({
    runtime,
    frame,
    formats: options.formats ?? {},
    heading,
    ...(options.layout ? { layout: options.layout } : {}),
  });
  const { formatNames } = renderer;
  const guideOptions: IsomerGuideOptions = { runtime, ...pick(options), ...(options.layout ? { layout: true } : {}) };
  const hostContext = (options as { hostContext?: THostContext }).hostContext as THostContext;

  // biome-ignore lint/suspicious/noExplicitAny: each tool has its own input schema; the handlers are typed where each is written
  const tools: IsomerTool<any>[] = [
    {
      name: ISOMER_TOOL_NAMES.authoringGuide,
      title: 'Isomer authoring guide',
      description:
        'How to write a composition for this host: the guide, its rules, registered ' +
        'views, and an index of the primitives by type and purpose. Read it ' +
        'first, then call isomer_describe_primitives for the primitives you pick.',
      inputSchema: z.object({}),
      handler: guarded(() => textResult(buildIsomerAuthoringGuide(guideOptions))),
    },
    {
      name: ISOMER_TOOL_NAMES.describePrimitives,
      title: 'Describe primitives',
      description:
        `The full catalog entry and JSON Schema of each primitive type you name: when to ` +
        `use it, when not, an example, and every field. Ask for every type you will use, ` +
        `containers included; at most ${MAX_DESCRIBE_TYPES} per call, so call again for more.`,
      inputSchema: z.object({
        types: z
          .array(z.string().min(1).max(MAX_NAME_LENGTH))
          .min(1)
          .max(MAX_DESCRIBE_TYPES)
          .describe('Primitive types from the guide’s index, e.g. ["slideFrame","slideHeading"].'),
      }),
      handler: guarded(({ types }: { types: string[] }) => {
        const known = runtime.getAuthoringContext().primitives.map((entry) => entry.type);
        const unknown = [...new Set(types.filter((type) => !known.includes(type)))];
        if (unknown.length > 0) return jsonResult({ error: 'Unknown primitive types.', unknown, known }, true);
        return textResult(buildPrimitiveDescriptions({ runtime, types }));
      }),
    },
    {
      name: ISOMER_TOOL_NAMES.validate,
      title: 'Validate a composition',
      description:
        'Checks a composition (or a deck: compositions) against the schema and this host’s rules and ' +
        'returns {valid, errors, warnings}. Each error names the path and the ' +
        'primitive to look up. Repair every error and validate again before rendering.' +
        (options.layout ? LAYOUT_WARNINGS : ''),
      inputSchema: z
        .object({ composition: compositionInput.optional(), compositions: compositionsInput.optional() })
        .superRefine(exactlyOneForm),
      handler: guarded(async (input: { composition?: unknown; compositions?: unknown[] }, { signal }) => {
        const slides = toolSlides(input);
        if (!slides) return textResult(ONE_FORM_MESSAGE, true);
        const checkOptions = signal ? { signal } : {};
        const { valid, errors, warnings } =
          'compositions' in slides
            ? await renderer.checkDeck(slides.compositions, checkOptions)
            : await renderer.check(slides.composition, checkOptions);
        return jsonResult({ valid, errors, warnings });
      }),
    },
    {
      name: ISOMER_TOOL_NAMES.render,
      title: 'Render a composition',
      description:
        `Renders a valid composition (or a deck: compositions) to one format: ${formatNames.map((name) => `\`${name}\``).join(', ')}. ` +
        `A deck is one document or message, or a picture per slide. ` +
        `An invalid composition returns its errors instead.` +
        (options.layout ? LAYOUT_WARNINGS : ''),
      inputSchema: z
        .object({
          composition: compositionInput.optional(),
          compositions: compositionsInput.optional(),
          format: z.enum(formatNames).describe('The output format.'),
          theme: z.enum(RENDER_THEMES).optional().describe('Colour scheme; defaults to the composition’s own theme.'),
        })
        .superRefine(exactlyOneForm),
      handler: guarded(
        async (
          input: {
            composition?: unknown;
            compositions?: unknown[];
            format: string;
            theme?: Composition['theme'];
          },
          { signal },
        ) => {
          const slides = toolSlides(input);
          if (!slides) return textResult(ONE_FORM_MESSAGE, true);
          const { format, theme } = input;
          const request = { ...(theme ? { theme } : {}), ...(signal ? { signal } : {}) };
          let result: IsomerToolResult;
          let layout: readonly string[];
          if ('compositions' in slides) {
            const check = await renderer.checkDeck(slides.compositions, signal ? { signal } : {});
            if (!check.valid || check.compositions === undefined)
              return jsonResult({ valid: false, errors: check.errors }, true);
            const output = await renderer.renderDeck(check.compositions, format, request);
            result =
              'slides' in output
                ? { content: output.slides.flatMap((slide) => outputResult(format, slide).content) }
                : outputResult(format, output);
            layout = check.layout;
          } else {
            const check = await renderer.check(slides.composition, signal ? { signal } : {});
            if (!check.valid || check.composition === undefined)
              return jsonResult({ valid: false, errors: check.errors }, true);
            result = outputResult(format, await renderer.render(check.composition, format, request));
            layout = check.layout;
          }
          // The output is drawn either way; what does not fit follows it, for the agent to repair.
          if (layout.length > 0) result.content.push({ type: 'text', text: layoutNote(layout) });
          return result;
        },
      ),
    },
  ];

  if (runtime.viewRegistry.list().length > 0) {
    tools.push(
      {
        name: ISOMER_TOOL_NAMES.listViews,
        title: 'List registered views',
        description:
          'Lists the prebuilt compositions this host offers by id, with the questions each answers ' +
          'and its input schema. When one answers the question, request it instead of composing.',
        inputSchema: z.object({}),
        handler: guarded(() => jsonResult(runtime.viewRegistry.list())),
      },
      {
        name: ISOMER_TOOL_NAMES.requestView,
        title: 'Request a registered view',
        description:
          'Builds a registered view by id with its input and returns {composition, ' +
          'valid, errors, warnings}. Render the composition with isomer_render.',
        inputSchema: z.object({
          id: z.string().min(1).max(MAX_NAME_LENGTH).describe('A view id from isomer_list_views.'),
          input: z.record(z.string(), z.unknown()).optional().describe('Input matching the view’s input schema.'),
        }),
        handler: guarded(async ({ id, input }: { id: string; input?: Record<string, unknown> }) => {
          let built: { composition: unknown };
          try {
            built =
              input === undefined
                ? await runtime.viewRegistry.request(id, hostContext)
                : await runtime.viewRegistry.request(id, hostContext, input);
          } catch (error) {
            return viewFailure(error) ?? textResult(errorMessage(error), true);
          }
          const check = await renderer.check(built.composition);
          // A built composition the budget refused is never echoed back.
          if (check.findings.some(isInputRefusal))
            return jsonResult({ valid: false, errors: check.errors, warnings: [] });
          return jsonResult({
            composition: check.composition ?? built.composition,
            valid: check.valid,
            errors: check.errors,
            warnings: check.warnings,
          });
        }),
      },
    );
  }
  if (options.show) tools.push(createIsomerShowTool(renderer));
  return tools as IsomerTool[];
}

/** One drawn output as the tool's result: JSON data, a text, or an image or resource block. */
function outputResult(format: string, output: RenderedOutput): IsomerToolResult {
  if ('json' in output) return jsonResult(output.json);
  return formatResult(format, output.mimeType, 'text' in output ? output.text : output.bytes);
}

function pick(options: Omit<IsomerGuideOptions, 'runtime' | 'layout'>): Omit<IsomerGuideOptions, 'runtime'> {
  const out: Omit<IsomerGuideOptions, 'runtime'> = {};
  if (options.guide !== undefined) out.guide = options.guide;
  if (options.rules !== undefined) out.rules = options.rules;
  if (options.examples !== undefined) out.examples = options.examples;
  if (options.profile !== undefined) out.profile = options.profile;
  return out;
}

export { ISOMER_TOOL_NAMES };
