/**
 * isomer-edge/chat: the same composition as each chat host's native message — a Teams Adaptive
 * Card, a Discord embed message, a Google Chat card, Telegram HTML messages — built from the
 * primitives' Markdown content tree, with each host's escaping, mention rules and limits.
 */
import { Dispatcher } from '../core/runtime/dispatcher.ts';
import type { IsomerRuntime } from '../core/runtime/runtime.ts';
import type { Composition } from '../core/model/composition.ts';
import { CompositionValidationError } from '../core/model/errors.ts';
import type { MarkdownBlock } from '../core/markdown/tree.ts';
import type { ChatHeading } from '../core/chat-hosts/document.ts';
import type { ChatHost } from '../core/chat-hosts/host.ts';
import { BUILT_IN_HOSTS } from '../core/chat-hosts/registry.ts';

// Every built-in host's declaration and public API (converter, escaping, limits, payload types),
// passed on by the registry: a host added there is exported here with no edit of this file.
export * from '../core/chat-hosts/registry.ts';
export type { ChatHeading } from '../core/chat-hosts/document.ts';
export { defineHost, type ChatHost, type MarkdownHost, type SurfaceHost } from '../core/chat-hosts/host.ts';
export type { ImagePlacement, Picture } from '../core/chat-hosts/picture.ts';
export type { FoundLink, HostChecks } from '../core/chat-hosts/checks.ts';
export type { HostPayloadSchemas, PayloadSchema, SchemaRef } from '../core/chat-hosts/payload-schema.ts';
export { FORMATS, formatRegistry, type FormatEntry } from '../core/formats.ts';

type BuiltInMarkdownHost = Extract<(typeof BUILT_IN_HOSTS)[number], { from: 'markdown' }>;

/** The built-in hosts converted from the Markdown tree, in the order `isomer_render` lists them. */
const MARKDOWN_HOSTS = BUILT_IN_HOSTS.filter((host): host is BuiltInMarkdownHost => host.from === 'markdown');

/**
 * What each format answers: JSON shaped for one host, under a vendor type of ours (`+json`, so
 * JSON tooling still reads it). No registered type names these payloads: the Adaptive Card type
 * names the card alone, not the activity that carries it. Read from each host's declaration.
 */
export const CHAT_MIME_TYPES = Object.fromEntries(MARKDOWN_HOSTS.map((host) => [host.name, host.mimeType])) as {
  readonly [H in BuiltInMarkdownHost as H['name']]: string;
};

export type ChatFormatName = keyof typeof CHAT_MIME_TYPES;

/** The format names, in the order `isomer_render` lists them. */
export const CHAT_FORMAT_NAMES = MARKDOWN_HOSTS.map((host) => host.name);

/**
 * A host format (`createIsomerTools({ formats })`, the Worker's render routes) that also builds the
 * payload as data.
 */
export interface ChatFormat<TMessage> {
  readonly mimeType: string;
  /**
   * Validates, then answers the payload as JSON text. Throws `CompositionValidationError` when
   * invalid. `heading` overrides the formats' default for this call.
   */
  render(composition: unknown, options?: ChatBuildOptions): string;
  /** Validates, then answers the payload itself. */
  build(composition: unknown, options?: ChatBuildOptions): TMessage;
}

/** What one call may change: whether the title and subtitle head the message. */
export interface ChatBuildOptions {
  heading?: boolean;
}

/**
 * One format per built-in host converted from the Markdown tree, each building that host's
 * message type (what its `convert` answers), read from the registry. A type alias, not an
 * interface, so it fits `Record<string, IsomerToolsFormat>`.
 */
export type ChatFormats = {
  [H in BuiltInMarkdownHost as H['name']]: ChatFormat<ReturnType<H['convert']>>;
};

export interface ChatFormatsOptions {
  /** The runtime whose primitives draw the content (its renderer overrides included). */
  runtime: Pick<IsomerRuntime<unknown>, 'primitives' | 'validate'>;
  /** Show the composition's title and subtitle as the message heading. Default `true`. */
  heading?: boolean;
  /** The hosts to build formats for; those converted from the Markdown tree get one. Default the built-in ones. */
  hosts?: readonly ChatHost[];
}

/**
 * The chat formats for one runtime, one per host converted from the Markdown tree (the built-in
 * ones unless `hosts` says otherwise). Each validates the composition, draws every node with
 * its primitive's Markdown renderer (nodes hidden from the `markdown` surface stay hidden), and
 * converts that content tree for its host.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createIsomerTools } from 'isomer-edge';
 * import { createChatFormats } from 'isomer-edge/chat';
 *
 * declare const composition: unknown;
 * const chat = createChatFormats({ runtime });
 * const tools = createIsomerTools({ runtime, frame: slideDeckFrame, formats: { ...chat } });
 * const card = chat.teams.build(composition); // { type: 'message', attachments: [...] }
 * ```
 */
export function createChatFormats(options: ChatFormatsOptions & { hosts?: undefined }): ChatFormats;
export function createChatFormats(options: ChatFormatsOptions): Record<string, ChatFormat<unknown>>;
export function createChatFormats(options: ChatFormatsOptions): ChatFormats | Record<string, ChatFormat<unknown>> {
  const { runtime } = options;
  const fallbackHeading = options.heading ?? true;
  const dispatcher = new Dispatcher(runtime.primitives, new Set());

  const prepare = (
    composition: unknown,
    heading = fallbackHeading,
  ): { blocks: MarkdownBlock[]; heading: ChatHeading } => {
    const result = runtime.validate(composition);
    if (!result.valid || result.composition === undefined) throw new CompositionValidationError(result.errors);
    const checked: Composition = result.composition;
    const scope = dispatcher.createScope({ surface: 'markdown' });
    const blocks = checked.body.flatMap((node) => [...scope.markdown(node).blocks]);
    const shown: ChatHeading = {};
    if (heading && checked.title) shown.title = checked.title;
    if (heading && checked.subtitle) shown.subtitle = checked.subtitle;
    return { blocks, heading: shown };
  };

  const formats: Record<string, ChatFormat<unknown>> = {};
  for (const host of options.hosts ?? BUILT_IN_HOSTS) {
    if (host.from !== 'markdown') continue;
    const build = (composition: unknown, call?: ChatBuildOptions): unknown => {
      const prepared = prepare(composition, call?.heading);
      return host.convert(prepared.blocks, prepared.heading);
    };
    formats[host.name] = {
      mimeType: host.mimeType,
      build,
      render: (composition, call) => JSON.stringify(build(composition, call)),
    };
  }
  return formats as ChatFormats;
}
