import * as z from 'zod';
import { createIsomerRuntime, type IsomerRuntime } from '../core/runtime/runtime.ts';
import type { RegisteredView } from '../core/runtime/views.ts';
import { slideDeckFrame, slidesPack, SLIDES_GUIDE, SLIDES_RULES } from '../core/packs/slides/index.ts';
import { RUNTIME_FORMATS } from '../core/tools/names.ts';
import {
  createIsomerPrompts,
  createIsomerResources,
  type IsomerPrompt,
  type IsomerResource,
} from '../core/tools/resources.ts';
import { createIsomerTools, type IsomerTool } from '../core/tools/tools.ts';
import type { AuthoringProfileId, IsomerGuideOptions, IsomerToolsFormat } from '../core/tools/types.ts';
import { ANONYMOUS_CALLER, type WorkerCaller } from './auth.ts';
import { SAMPLE_VIEWS } from './views.ts';
import { createImageFormats } from '../formats/index.ts';
import packageJson from '../../package.json' with { type: 'json' };

/** What `images: true` adds, in the order `isomer_render` lists them. */
const IMAGE_FORMAT_NAMES = ['png', 'webp', 'svg', 'pdf'];

export const WORKER_NAME = packageJson.name;
/** What MCP's serverInfo and the OpenAPI document report: the package's own version. */
export const WORKER_VERSION = packageJson.version;

/**
 * What a deployer configures in code. Everything else (tokens, origins) is a binding, so one build
 * serves many deployments.
 */
export interface WorkerOptions {
  /** Views registered after the samples; ids must be unique. */
  views?: readonly RegisteredView<WorkerCaller, any>[];
  /** Register the built-in sample views (`summary-slide`). Default `true`. */
  sampleViews?: boolean;
  /** Host formats offered by `isomer_render` and `POST /render/{format}`, after the images. */
  formats?: Record<string, IsomerToolsFormat>;
  /** Offer `png`, `webp`, `svg` and `pdf` drawn in the Worker (takumi WASM). Default `true`. */
  images?: boolean;
  /** Guide prose; defaults to the slides pack's guide. */
  guide?: string;
  /** Guide rules; default the slides pack's rules. */
  rules?: readonly string[];
  examples?: readonly unknown[];
  profile?: AuthoringProfileId;
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

/** The Worker's configuration, built once per isolate; tools are built once per caller. */
export interface WorkerConfig {
  runtime: IsomerRuntime<WorkerCaller>;
  frame: typeof slideDeckFrame;
  formats: Readonly<Record<string, IsomerToolsFormat>>;
  /** The runtime's own formats, then the host's. */
  formatNames: readonly string[];
  /** Whether text, Markdown, HTML and Slack draw the title: off, since a slide draws its own. */
  heading: boolean;
  resources: readonly IsomerResource[];
  prompts: readonly IsomerPrompt[];
  toolsFor(caller: WorkerCaller): readonly IsomerTool[];
  toolSummaries(): readonly ToolSummary[];
  promptSummaries(): readonly PromptSummary[];
}

/** JSON Schema of what a client sends (draft 2020-12, the dialect OpenAPI 3.1 and MCP use). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

function once<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}

/**
 * Builds the runtime (slides pack, deck frame, views), resources and prompts. Configuration errors
 * (a duplicate view id, a host format named `html`) throw here, on the first request.
 */
export function createWorkerConfig(options: WorkerOptions = {}): WorkerConfig {
  const images = options.images ?? true;
  const views = [...(options.sampleViews === false ? [] : SAMPLE_VIEWS), ...(options.views ?? [])];
  const runtime = createIsomerRuntime<WorkerCaller>({
    packs: [slidesPack],
    frames: { slide: slideDeckFrame },
    views,
    formats: [...(images ? IMAGE_FORMAT_NAMES : []), ...Object.keys(options.formats ?? {})],
  });
  // The image formats start nothing until the first image request.
  const formats: Record<string, IsomerToolsFormat> = {
    ...(images ? createImageFormats({ snapshot: runtime.surfaces.snapshot! }) : {}),
    ...(options.formats ?? {}),
  };
  const guide: Omit<IsomerGuideOptions, 'runtime'> = {
    guide: options.guide ?? SLIDES_GUIDE,
    rules: options.rules ?? SLIDES_RULES,
    ...(options.examples ? { examples: options.examples } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
  };
  const base = { runtime, ...guide, frame: slideDeckFrame, heading: false, formats };
  const toolsByCaller = new Map<string, readonly IsomerTool[]>();
  const toolsFor = (caller: WorkerCaller): readonly IsomerTool[] => {
    let tools = toolsByCaller.get(caller.caller);
    if (tools === undefined) {
      tools = createIsomerTools<WorkerCaller>({ ...base, hostContext: caller });
      toolsByCaller.set(caller.caller, tools);
    }
    return tools;
  };
  // Built now so a bad format name fails when the configuration is built, not on some caller's first call.
  const listed = toolsFor(ANONYMOUS_CALLER);
  const prompts = createIsomerPrompts({ runtime, ...guide });

  return {
    runtime,
    frame: slideDeckFrame,
    formats,
    formatNames: [...RUNTIME_FORMATS, ...Object.keys(formats)],
    heading: false,
    resources: createIsomerResources({ runtime, ...guide }),
    prompts,
    toolsFor,
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
