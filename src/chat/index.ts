/**
 * isomer-edge/chat: the same composition as each chat host's native message — a Teams Adaptive
 * Card, a Discord embed message, a Google Chat card, Telegram HTML messages — built from the
 * primitives' Markdown content tree, with each host's escaping, mention rules and limits.
 */
import { Dispatcher } from '../core/runtime/dispatcher.ts';
import type { IsomerRuntime } from '../core/runtime/runtime.ts';
import type { Composition } from '../core/model/composition.ts';
import { CompositionValidationError, type ValidationError } from '../core/model/errors.ts';
import { checkInputBudget } from '../core/model/budget.ts';
import { deckPath, MAX_DECK_SLIDES } from '../core/model/deck.ts';
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
export type { DeckMessages } from '../core/chat-hosts/deck.ts';
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
export interface ChatFormat<TMessage, TDeck = unknown> {
  readonly mimeType: string;
  /**
   * Validates, then answers the payload as JSON text. Throws `CompositionValidationError` when
   * invalid. `heading` overrides the formats' default for this call.
   */
  render(composition: unknown, options?: ChatBuildOptions): string;
  /** Validates, then answers the payload itself. */
  build(composition: unknown, options?: ChatBuildOptions): TMessage;
  /**
   * A deck (1 to `MAX_DECK_SLIDES` compositions, one input budget for them all) as the host's deck
   * payload in JSON text: the messages to send, in order. Throws `CompositionValidationError`
   * naming the slide (`compositions[2].body[0].title`) when one is invalid.
   */
  renderDeck(compositions: readonly unknown[], options?: ChatDeckOptions): string;
  /** The same, as the payload itself (the host's `deck` of each slide's message). */
  buildDeck(compositions: readonly unknown[], options?: ChatDeckOptions): TDeck;
}

/** What one call may change: whether the title and subtitle head the message. */
export interface ChatBuildOptions {
  heading?: boolean;
}

/** A deck's options: each slide's, and a signal checked before each slide is drawn. */
export interface ChatDeckOptions extends ChatBuildOptions {
  signal?: AbortSignal;
}

/** Why a value is no deck: the wording of its length rule in the chat formats. */
const DECK_LENGTH_MESSAGE = `must be a list of 1 to ${MAX_DECK_SLIDES} compositions, one slide each`;

/**
 * The deck's slides as values to validate one by one: a list of the right length, under one input
 * budget for the whole deck (so 20 slides cost no more than one large composition may).
 */
function deckSlides(compositions: unknown): readonly unknown[] {
  if (!Array.isArray(compositions) || compositions.length === 0 || compositions.length > MAX_DECK_SLIDES)
    throw new CompositionValidationError([{ path: 'compositions', message: DECK_LENGTH_MESSAGE }]);
  const budget = checkInputBudget(compositions);
  if (!budget.valid) throw new CompositionValidationError([budget.error]);
  return budget.value as unknown[];
}

/**
 * One format per built-in host converted from the Markdown tree, each building that host's
 * message type (what its `convert` answers), read from the registry. A type alias, not an
 * interface, so it fits `Record<string, IsomerToolsFormat>`.
 */
export type ChatFormats = {
  [H in BuiltInMarkdownHost as H['name']]: ChatFormat<ReturnType<H['convert']>, ReturnType<H['deck']>>;
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

  /** The checked copy, or the validation error (its paths naming the slide `slide` when given). */
  const check = (composition: unknown, slide?: number): Composition | CompositionValidationError => {
    const result = runtime.validate(composition);
    if (result.valid && result.composition !== undefined) return result.composition;
    const inSlide = (error: ValidationError): ValidationError =>
      slide === undefined ? error : { ...error, path: deckPath(slide, error.path) };
    return new CompositionValidationError(result.errors.map(inSlide));
  };

  const prepare = (
    checked: Composition,
    heading = fallbackHeading,
  ): { blocks: MarkdownBlock[]; heading: ChatHeading } => {
    const scope = dispatcher.createScope({ surface: 'markdown' });
    const blocks = checked.body.flatMap((node) => [...scope.markdown(node).blocks]);
    const shown: ChatHeading = {};
    if (heading && checked.title) shown.title = checked.title;
    if (heading && checked.subtitle) shown.subtitle = checked.subtitle;
    return { blocks, heading: shown };
  };

  /** Every slide checked before any is drawn; the findings of every invalid slide thrown at once. */
  const checkDeck = (compositions: readonly unknown[]): Composition[] => {
    const checked = deckSlides(compositions).map((composition, index) => check(composition, index));
    const invalid = checked.filter((slide) => slide instanceof CompositionValidationError);
    if (invalid.length > 0) throw new CompositionValidationError(invalid.flatMap((error) => error.errors));
    return checked as Composition[];
  };

  const formats: Record<string, ChatFormat<unknown>> = {};
  for (const host of (options.hosts ?? BUILT_IN_HOSTS) as readonly ChatHost[]) {
    if (host.from !== 'markdown') continue;
    const build = (composition: unknown, call?: ChatBuildOptions): unknown => {
      const checked = check(composition);
      if (checked instanceof CompositionValidationError) throw checked;
      const prepared = prepare(checked, call?.heading);
      return host.convert(prepared.blocks, prepared.heading);
    };
    const buildDeck = (compositions: readonly unknown[], call?: ChatDeckOptions): unknown => {
      const messages = checkDeck(compositions).map((checked) => {
        // A client that left stops the deck between slides.
        call?.signal?.throwIfAborted();
        const prepared = prepare(checked, call?.heading);
        return host.convert(prepared.blocks, prepared.heading);
      });
      return host.deck(messages);
    };
    formats[host.name] = {
      mimeType: host.mimeType,
      build,
      render: (composition, call) => JSON.stringify(build(composition, call)),
      buildDeck,
      renderDeck: (compositions, call) => JSON.stringify(buildDeck(compositions, call)),
    };
  }
  return formats as ChatFormats;
}
