/**
 * The Worker's configuration: the options a deployer writes in code (`WorkerOptions`: packs,
 * frames, views, formats), the deployment switches read from the bindings, and `createWorkerConfig`,
 * which builds from them, once per isolate, everything the routes and the MCP endpoint serve (the
 * runtime, the formats, the renderer, the resources and prompts, the tools per caller).
 */
import * as z from 'zod';
import { createIsomerRuntime, type IsomerRuntime, type IsomerRuntimeOptions } from '../core/runtime/runtime.ts';
import type { RegisteredView } from '../core/runtime/views.ts';
import type { PrimitivePack } from '../core/model/pack.ts';
import {
  createIsomerPrompts,
  createIsomerResources,
  type IsomerPrompt,
  type IsomerResource,
} from '../core/tools/resources.ts';
import { createCompositionRenderer, type CompositionRenderer } from '../core/tools/render.ts';
import { createIsomerShowTool } from '../core/tools/show.ts';
import { createIsomerTools, type IsomerTool } from '../core/tools/tools.ts';
import type {
  AuthoringProfileId,
  IsomerGuideOptions,
  IsomerToolsFormat,
  IsomerToolsFrame,
  IsomerToolsLayoutCheck,
} from '../core/tools/types.ts';
import { ANONYMOUS_CALLER } from './auth.ts';
import type { WorkerCaller } from './caller.ts';
import { BUNDLED_FONTS, createImageFormats, createLayoutCheck, prepareImageEngine } from '../images/index.ts';
import { workerFontFiles } from './font-assets.ts';
import { type ChatFormat, createChatFormats } from '../chat/index.ts';
import {
  codeFormat,
  type FormatEntry,
  formatRegistry,
  IMAGE_FORMAT_NAMES,
  type ServedFormat,
} from '../core/formats.ts';
import type { ChatHost } from '../core/chat-hosts/host.ts';
import { BUILT_IN_HOSTS } from '../core/chat-hosts/registry.ts';
import { createWarmUp, type WarmUp } from './warm-up.ts';
// Two levels up from src/worker/ and from the published dist/worker/ alike: the package's own manifest.
import packageJson from '../../package.json' with { type: 'json' };

/** The package's name, which MCP's serverInfo and the OpenAPI document report. */
export const WORKER_NAME = packageJson.name;
/** What MCP's serverInfo and the OpenAPI document report: the package's own version. */
export const WORKER_VERSION = packageJson.version;
/** What a stored image was drawn by: a new one changes every stored image's key, so no stale render is served. */
export const RENDERER_VERSION = `${packageJson.version}+takumi.${packageJson.dependencies['@takumi-rs/wasm']}`;

/**
 * What a deployer configures in code: the vocabulary (packs, frames, guide) and the views and
 * formats. Everything else (tokens, origins) is a binding, so one build serves many deployments.
 * `builtInWorkerOptions()` from `isomer-edge/built-in` is the built-in configuration.
 */
export interface WorkerOptions {
  /**
   * The primitive packs compositions are written in, at least one; their types must not collide.
   * Each brings its own guide, rules and frame when it has them.
   */
  packs: readonly PrimitivePack[];
  /**
   * Named documents for the snapshot surface, which the image formats draw, beside the packs' own
   * (a name a pack's frame uses replaces that frame).
   */
  frames?: IsomerRuntimeOptions['frames'];
  /**
   * The frame that draws (and whose body rule binds) the nodes of packs without a frame of their
   * own; each pack's frame draws and binds that pack's. Default: the only frame, else the first
   * pack's; required with two or more frames and none from a pack.
   */
  frame?: string;
  /** Whether text, Markdown, HTML and Slack draw the title unless a request says. Default `true`. */
  heading?: boolean;
  /** Views an agent can request by id; ids must be unique. */
  // biome-ignore lint/suspicious/noExplicitAny: each view has its own input type, checked by its own schema
  views?: readonly RegisteredView<WorkerCaller, any>[];
  /**
   * The chat hosts (`defineHost`): each one converted from the Markdown tree is a format after the
   * images, with its own route, OpenAPI operation and payload schema. Default the built-in ones.
   */
  hosts?: readonly ChatHost[];
  /** Host formats offered by `isomer_render` and `POST /render/{format}`, after the chat hosts. */
  formats?: Record<string, IsomerToolsFormat>;
  /** Offer `png`, `webp`, `svg` and `pdf` drawn in the Worker (takumi WASM). Default: when there is a frame. */
  images?: boolean;
  /**
   * Add layout findings (what does not fit when drawn) to `isomer_validate` and `isomer_render`,
   * and to `POST /render/{format}?layout=true`. Default: on when `images` is; needs a frame.
   */
  layout?: boolean;
  /** Guide prose the authoring guide opens with, in place of the packs' own (default: theirs, a section each). */
  guide?: string;
  /** Bullets under the guide's `## Rules`, in place of the packs' own (default: theirs). */
  rules?: readonly string[];
  examples?: readonly unknown[];
  profile?: AuthoringProfileId;
  /**
   * Offer `isomer_show` and its MCP Apps page `ui://isomer/show` on the MCP endpoint (not on the
   * HTTP routes, where there is no host to draw it). Default `true`.
   */
  show?: boolean;
}

/** A tool as `GET /tools` lists it: the Zod input schema projected to JSON Schema once. */
export interface ToolSummary {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface PromptSummary {
  name: string;
  title: string;
  description: string;
  arguments: { name: string; description?: string; required: boolean }[];
}

/**
 * What one request wraps the layout check and the formats with, to count them against its limits
 * and time them (the Worker's `RequestMeter`).
 */
export interface RequestWrapper {
  layout(check: IsomerToolsLayoutCheck): IsomerToolsLayoutCheck;
  formats(formats: Readonly<Record<string, IsomerToolsFormat>>): Record<string, IsomerToolsFormat>;
}

/** The tools, renderer and formats one request uses, over its wrapped layout check and formats. */
export interface RequestTools {
  tools: readonly IsomerTool[];
  show: IsomerTool | undefined;
  renderer: CompositionRenderer;
  formats: Readonly<Record<string, IsomerToolsFormat>>;
}

/** The Worker's configuration, built once per isolate; tools are built once per caller. */
export interface WorkerConfig {
  runtime: IsomerRuntime<WorkerCaller>;
  /**
   * The body rule every validation and render applies: each composition meets the rules of the
   * frames it uses (its top-level nodes' packs' frames). None without frames.
   */
  frame: IsomerToolsFrame | undefined;
  formats: Readonly<Record<string, IsomerToolsFormat>>;
  /** The chat hosts' formats, which also build their payloads as data (a stored picture goes in). */
  chat: Readonly<Record<string, ChatFormat<unknown>>>;
  /** Every format this configuration serves, as the registry declares it, in listing order. */
  registry: readonly FormatEntry[];
  /** The runtime's own formats, then the host's. */
  formatNames: readonly string[];
  /** Every format served, in `formatNames` order, with what its route reads (`GET /formats`). */
  served: readonly ServedFormat[];
  /** The one check-and-render path the tools and `POST /render/{format}` share. */
  renderer: CompositionRenderer;
  /** Whether checks can add layout findings (`layout` on, with a frame). */
  layout: boolean;
  /** Whether text, Markdown, HTML and Slack draw the title unless a request says. */
  heading: boolean;
  resources: readonly IsomerResource[];
  prompts: readonly IsomerPrompt[];
  toolsFor(caller: WorkerCaller): readonly IsomerTool[];
  /**
   * The tools, renderer and formats for one request, over its wrapper: built per request (a few
   * objects), so its limits and timings are its own.
   */
  forRequest(caller: WorkerCaller, wrapper: RequestWrapper): RequestTools;
  /** `isomer_show`, which the MCP endpoint lists after the six; absent with `show: false`. */
  show: IsomerTool | undefined;
  toolSummaries(): readonly ToolSummary[];
  promptSummaries(): readonly PromptSummary[];
  /** Lays out and draws a sample slide once, before the first picture is asked for; absent without images. */
  warmUp: WarmUp | undefined;
}

/** The bindings the configuration reads: deployment switches, set under `[vars]` in `wrangler.toml`. */
export interface WorkerConfigEnv {
  /**
   * `"off"` turns the layout check off for this deployment (the free plan's 10 ms of CPU a request
   * leaves no room for it); `"on"` or unset keeps `layout` as the code configures it.
   */
  ISOMER_LAYOUT_CHECK?: string;
  /**
   * `"off"`: an agent session's first requests do not warm the image engine (about 0.3 s of CPU
   * once per isolate, after answering); anything else or unset keeps it on.
   */
  ISOMER_WARM_UP?: string;
}

/**
 * The options with the deployment's switches applied: `ISOMER_LAYOUT_CHECK = "off"` sets
 * `layout: false`. Another value is logged and ignored, so a typo never changes what a request costs.
 * @example
 * ```ts
 * import { slidesWorkerOptions } from 'isomer-edge/built-in';
 * import { createWorkerConfig, withDeploymentSwitches } from 'isomer-edge/worker';
 *
 * const config = createWorkerConfig(withDeploymentSwitches(slidesWorkerOptions(), { ISOMER_LAYOUT_CHECK: 'off' }));
 * console.log(config.layout); // false
 * ```
 */
export function withDeploymentSwitches(options: WorkerOptions, env: WorkerConfigEnv | undefined): WorkerOptions {
  const value = env?.ISOMER_LAYOUT_CHECK?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'on') return options;
  if (value === 'off') return { ...options, layout: false };
  console.warn(
    `isomer-edge: ISOMER_LAYOUT_CHECK is ${JSON.stringify(env!.ISOMER_LAYOUT_CHECK!.slice(0, 40))}, ` +
      'not "on" or "off"; the layout check stays as configured.',
  );
  return options;
}

/** JSON Schema of what a client sends (draft 2020-12, the dialect OpenAPI 3.1 and MCP use). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/** Callers whose tools are kept built; past it, the least recently used set is dropped. */
const MAX_CACHED_CALLERS = 256;

function once<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => {
    value ??= { v: build() };
    return value.v;
  };
}

/**
 * Builds the runtime (packs, frames, views), resources and prompts. Configuration errors (a
 * duplicate view id, a host format named `html`, images without a frame) throw here, on the first
 * request.
 * @example
 * ```ts
 * import { slidesWorkerOptions } from 'isomer-edge/built-in';
 * import { ANONYMOUS_CALLER, createWorkerConfig } from 'isomer-edge/worker';
 *
 * const config = createWorkerConfig(slidesWorkerOptions());
 * const tools = config.toolsFor(ANONYMOUS_CALLER);
 * ```
 */
export function createWorkerConfig(options: WorkerOptions): WorkerConfig {
  const framed = Object.keys(options.frames ?? {}).length > 0 || options.packs.some((pack) => pack.frame);
  const images = options.images ?? framed;
  if (images && !framed) throw new Error('isomer-edge: the image formats draw a frame; pass frames, or images: false');
  const hosts = options.hosts ?? BUILT_IN_HOSTS;
  const chatNames = hosts.filter((host) => host.from === 'markdown').map((host) => host.name);
  const runtime = createIsomerRuntime<WorkerCaller>({
    packs: options.packs,
    ...(options.frames ? { frames: options.frames } : {}),
    ...(options.frame !== undefined ? { defaultFrame: options.frame } : {}),
    views: options.views ?? [],
    formats: [...(images ? IMAGE_FORMAT_NAMES : []), ...chatNames, ...Object.keys(options.formats ?? {})],
  });
  const frame: IsomerToolsFrame | undefined = runtime.frames;
  const heading = options.heading ?? true;
  const chat = createChatFormats({ runtime, heading, hosts });
  // The image formats start nothing until the first image request.
  const formats: Record<string, IsomerToolsFormat> = {
    ...(images ? createImageFormats({ snapshot: runtime.surfaces.snapshot!, fontFiles: workerFontFiles }) : {}),
    ...chat,
    ...(options.formats ?? {}),
  };
  // Measures with the image engine, which starts on the first check (never for a text-only request).
  const layout =
    (options.layout ?? images) && runtime.surfaces.snapshot
      ? createLayoutCheck({ snapshot: runtime.surfaces.snapshot, fontFiles: workerFontFiles })
      : undefined;
  const guide: Omit<IsomerGuideOptions, 'runtime' | 'layout'> = {
    ...(options.guide !== undefined ? { guide: options.guide } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.examples ? { examples: options.examples } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
  };
  // The guide the resources and prompt serve says what the tools do: findings come with the check.
  const served = { runtime, ...guide, ...(layout ? { layout: true } : {}) };
  const base = { runtime, ...guide, ...(frame ? { frame } : {}), heading, formats, ...(layout ? { layout } : {}) };
  const renderer = createCompositionRenderer({ runtime, frame, formats, heading, ...(layout ? { layout } : {}) });
  // Keyed by the whole identity, so a signed-in subject never gets a static caller's context (or
  // another one's claims); the least recently used set goes once many people have signed in.
  const toolsByCaller = new Map<string, readonly IsomerTool[]>();
  const toolsFor = (caller: WorkerCaller): readonly IsomerTool[] => {
    const key = JSON.stringify([caller.caller, caller.context]);
    let tools = toolsByCaller.get(key);
    if (tools === undefined) {
      tools = createIsomerTools<WorkerCaller>({ ...base, hostContext: caller });
      if (toolsByCaller.size >= MAX_CACHED_CALLERS) toolsByCaller.delete(toolsByCaller.keys().next().value!);
    } else toolsByCaller.delete(key);
    toolsByCaller.set(key, tools);
    return tools;
  };
  const show = options.show ?? true;
  const forRequest = (caller: WorkerCaller, wrapper: RequestWrapper): RequestTools => {
    const gated = layout ? wrapper.layout(layout) : undefined;
    const wrapped = wrapper.formats(formats);
    const withLayout = gated ? { layout: gated } : {};
    const requestRenderer = createCompositionRenderer({ runtime, frame, formats: wrapped, heading, ...withLayout });
    return {
      tools: createIsomerTools<WorkerCaller>({ ...base, formats: wrapped, ...withLayout, hostContext: caller }),
      show: show ? createIsomerShowTool(requestRenderer) : undefined,
      renderer: requestRenderer,
      formats: wrapped,
    };
  };
  // Built now so a bad format name fails when the configuration is built, not on some caller's first call.
  const listed = toolsFor(ANONYMOUS_CALLER);
  const prompts = createIsomerPrompts(served);

  const offered = new Set(renderer.formatNames);
  // A host format given in code under a chat host's name replaces that host: its entry goes.
  const registry = formatRegistry(hosts).filter(
    (entry) => offered.has(entry.name) && (entry.from !== 'markdown' || formats[entry.name] === chat[entry.name]),
  );
  return {
    runtime,
    frame,
    formats,
    chat,
    registry,
    formatNames: renderer.formatNames,
    served: renderer.formatNames.map((name) => {
      const entry = registry.find((listed) => listed.name === name);
      if (!entry) return codeFormat(name, formats[name]!.mimeType);
      const { title, mimeType, picture, hosted, options } = entry;
      return { name, title, mimeType, picture, hosted, options };
    }),
    renderer,
    layout: layout !== undefined,
    heading,
    resources: createIsomerResources(served),
    prompts,
    toolsFor,
    forRequest,
    show: show ? createIsomerShowTool(renderer) : undefined,
    warmUp: createWarmUp({
      runtime,
      frame,
      png: images ? formats.png : undefined,
      layout,
      ...(images ? { faces: () => prepareImageEngine(BUNDLED_FONTS) } : {}),
    }),
    // Every caller's tools share these schemas; only the views' host context differs.
    toolSummaries: once(() =>
      listed.map(({ name, title, description, inputSchema }) => ({
        name,
        title,
        description,
        inputSchema: inputJsonSchema(inputSchema),
      })),
    ),
    promptSummaries: once(() =>
      prompts.map(({ name, title, description, argsSchema }) => ({
        name,
        title,
        description,
        arguments: Object.entries(argsSchema.shape).map(([key, field]) => {
          const schema = field as z.ZodType;
          const argument: PromptSummary['arguments'][number] = {
            name: key,
            required: !schema.safeParse(undefined).success,
          };
          if (schema.description) argument.description = schema.description;
          return argument;
        }),
      })),
    ),
  };
}
