/**
 * The image engine warmed before an agent asks for its first picture. An agent session reads the
 * guide, lists tools or describes primitives before it validates or renders; when an isolate
 * answers the first such request, it lays out and draws one sample slide after answering
 * (`ctx.waitUntil`), charged to no caller who waits, so the first layout check and the first PNG
 * find the WebAssembly compiled, the faces registered and the stylesheet parsed. Requests that
 * announce no session (a Slack bot's text render) never start it; it runs at most once per
 * configuration, and `ISOMER_WARM_UP = "off"` turns it off (docs/images.md, "The first picture").
 */
import { exampleNodes } from '../core/model/primitive.ts';
import type { Composition, PrimitiveNode } from '../core/model/composition.ts';
import type { IsomerToolsFormat, IsomerToolsFrame, IsomerToolsLayoutCheck } from '../core/tools/types.ts';
import type { IsomerRuntime } from '../core/runtime/runtime.ts';

/** What the warm-up draws with: the configuration's runtime, body rule, PNG format and layout check. */
export interface WarmUpParts {
  runtime: Pick<IsomerRuntime<unknown>, 'primitives' | 'validate'>;
  frame: IsomerToolsFrame | undefined;
  png: IsomerToolsFormat | undefined;
  layout: IsomerToolsLayoutCheck | undefined;
  /** Registers every bundled face (a slide's next picture may need any of them). */
  faces?: () => void;
}

/** One configuration's warm-up: `start` runs it once and answers its promise on every call. */
export interface WarmUp {
  start(): Promise<void>;
  /** True once `start` was called: later requests need not look at their bodies. */
  readonly started: boolean;
}

/**
 * The first catalog example the frame takes as a whole composition (for the slides pack, the
 * deck frame's example slide), checked: a real slide of the pack, so the faces, stylesheet and
 * layout paths it warms are the ones its pictures use. `undefined` when no example qualifies.
 */
export function warmUpSample(parts: Pick<WarmUpParts, 'runtime' | 'frame'>): Composition | undefined {
  for (const definition of parts.runtime.primitives) {
    for (const node of exampleNodes(definition) as PrimitiveNode[]) {
      if ((parts.frame?.validateBody?.([node]) ?? []).length > 0) continue;
      const result = parts.runtime.validate({ type: 'view', body: [node] });
      if (result.valid && result.composition) return result.composition;
    }
  }
  return undefined;
}

/**
 * The warm-up of one configuration, or `undefined` when it draws no pictures. The sample is found
 * on the first call, not when the configuration is built, so a text-only isolate never pays for it.
 */
export function createWarmUp(parts: WarmUpParts): WarmUp | undefined {
  const { png, layout } = parts;
  if (!png && !layout) return undefined;
  let started: Promise<void> | undefined;
  const run = async () => {
    const sample = warmUpSample(parts);
    if (!sample) return;
    parts.faces?.();
    if (layout) {
      await layout.prepare?.(sample);
      layout.check(sample);
    }
    // At the format's own scale (1920×1080 for the slides), the largest a request usually draws:
    // the engine's memory grows once, here, not on the first real picture.
    if (png) await png.render(sample, {});
  };
  return {
    start: () =>
      (started ??= run().catch((error: unknown) => {
        // A failed warm-up costs nothing but its time: the first real picture starts the engine itself.
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(`isomer-edge: the image engine's warm-up failed: ${reason}`);
      })),
    get started() {
      return started !== undefined;
    },
  };
}

/** MCP methods and tools an agent calls before it validates or renders: its session has begun. */
const SESSION_METHODS =
  /"method"\s*:\s*"(?:initialize|server\/discover|tools\/list|resources\/(?:list|read)|prompts\/(?:list|get))"/;
const SESSION_TOOLS = /"name"\s*:\s*"isomer_(?:authoring_guide|describe_primitives|list_views)"/;
/** An MCP message announcing a session is small; a larger body is read no further. */
const MAX_PEEKED_BYTES = 64 * 1024;

/** HTTP routes an agent reads first: the tool list, the guide, descriptions, resources and prompts. */
export function announcesSession(method: string, path: string): boolean {
  if (method === 'GET') return /^\/(?:tools|resources|prompts)(?:\/[^/]+)?$/.test(path);
  return /^\/(?:tools\/isomer_(?:authoring_guide|describe_primitives|list_views)|prompts\/[^/]+)$/.test(path);
}

/**
 * Whether an MCP request body announces a session (`initialize`, `tools/list`, the guide, a
 * description…): read from a copy after the answer, so the request itself waits for nothing.
 */
export async function mcpAnnouncesSession(copy: Request): Promise<boolean> {
  const length = Number(copy.headers.get('content-length') ?? '0');
  if (length > MAX_PEEKED_BYTES) return false;
  const text = await copy.text();
  if (text.length > MAX_PEEKED_BYTES) return false;
  return SESSION_METHODS.test(text) || (/"tools\/call"/.test(text) && SESSION_TOOLS.test(text));
}

/** `ISOMER_WARM_UP = "off"` turns the warm-up off; anything else (or unset) leaves it on. */
export function warmUpEnabled(value: string | undefined): boolean {
  return value?.trim().toLowerCase() !== 'off';
}
