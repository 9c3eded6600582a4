/**
 * isomer-edge/chat: the same composition as each chat host's native message — a Teams Adaptive
 * Card, a Discord embed message, a Google Chat card, Telegram HTML messages — built from the
 * primitives' Markdown content tree, with each host's escaping, mention rules and limits.
 */
import { Dispatcher } from './core/runtime/dispatcher.ts';
import type { IsomerRuntime } from './core/runtime/runtime.ts';
import type { Composition } from './core/sdk/composition.ts';
import { CompositionValidationError } from './core/sdk/errors.ts';
import type { MarkdownBlock } from './core/sdk/markdown/tree.ts';
import { type DiscordMessage, markdownToDiscord } from './core/sdk/chat/discord.ts';
import { type GoogleChatMessage, markdownToGoogleChat } from './core/sdk/chat/googlechat.ts';
import type { ChatHeading } from './core/sdk/chat/shared.ts';
import { type TeamsMessage, markdownToTeams } from './core/sdk/chat/teams.ts';
import { type TelegramMessages, markdownToTelegram } from './core/sdk/chat/telegram.ts';

export { markdownToTeams, escapeTeamsText, ADAPTIVE_CARD_VERSION } from './core/sdk/chat/teams.ts';
export type { TeamsMessage, AdaptiveCard, TeamsElement } from './core/sdk/chat/teams.ts';
export { markdownToDiscord, escapeDiscordText } from './core/sdk/chat/discord.ts';
export type { DiscordMessage, DiscordEmbed } from './core/sdk/chat/discord.ts';
export {
  markdownToGoogleChat,
  escapeGoogleChatHtml,
  neutralizeGoogleChatText,
} from './core/sdk/chat/googlechat.ts';
export type {
  GoogleChatMessage,
  GoogleChatCard,
  GoogleChatSection,
  GoogleChatWidget,
} from './core/sdk/chat/googlechat.ts';
export { markdownToTelegram, escapeTelegramHtml } from './core/sdk/chat/telegram.ts';
export type { TelegramMessages, TelegramSendMessage } from './core/sdk/chat/telegram.ts';
export { TEAMS_LIMITS, DISCORD_LIMITS, GOOGLE_CHAT_LIMITS, TELEGRAM_LIMITS } from './core/sdk/chat/limits.ts';
export type { ChatHeading } from './core/sdk/chat/shared.ts';

/**
 * What each format answers: JSON shaped for one host, under a vendor type of ours (`+json`, so
 * JSON tooling still reads it). No registered type names these payloads: the Adaptive Card type
 * names the card alone, not the activity that carries it.
 */
export const CHAT_MIME_TYPES = {
  teams: 'application/vnd.isomer-edge.teams+json',
  discord: 'application/vnd.isomer-edge.discord+json',
  googlechat: 'application/vnd.isomer-edge.googlechat+json',
  telegram: 'application/vnd.isomer-edge.telegram+json',
} as const;

export type ChatFormatName = keyof typeof CHAT_MIME_TYPES;

/** The format names, in the order `isomer_render` lists them. */
export const CHAT_FORMAT_NAMES = Object.keys(CHAT_MIME_TYPES) as ChatFormatName[];

/**
 * A host format (`createIsomerTools({ formats })`, the Worker's render routes) that also builds the
 * payload as data.
 */
export interface ChatFormat<TMessage> {
  readonly mimeType: string;
  /** Validates, then answers the payload as JSON text. Throws `CompositionValidationError` when invalid. */
  render(composition: unknown, options?: Record<string, unknown>): string;
  /** Validates, then answers the payload itself. */
  build(composition: unknown): TMessage;
}

// A type alias, not an interface, so it fits `Record<string, IsomerToolsFormat>`.
export type ChatFormats = {
  teams: ChatFormat<TeamsMessage>;
  discord: ChatFormat<DiscordMessage>;
  googlechat: ChatFormat<GoogleChatMessage>;
  telegram: ChatFormat<TelegramMessages>;
};

export interface ChatFormatsOptions {
  /** The runtime whose primitives draw the content (its renderer overrides included). */
  runtime: Pick<IsomerRuntime<unknown>, 'primitives' | 'validate'>;
  /** Show the composition's title and subtitle as the message heading. Default `true`. */
  heading?: boolean;
}

/**
 * The four chat formats for one runtime. Each validates the composition, draws every node with
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
export function createChatFormats(options: ChatFormatsOptions): ChatFormats {
  const { runtime } = options;
  const heading = options.heading ?? true;
  const dispatcher = new Dispatcher(runtime.primitives, new Set());

  const prepare = (composition: unknown): { blocks: MarkdownBlock[]; heading: ChatHeading } => {
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

  const format = <TMessage>(
    name: ChatFormatName,
    convert: (blocks: MarkdownBlock[], heading: ChatHeading) => TMessage,
  ): ChatFormat<TMessage> => {
    const build = (composition: unknown): TMessage => {
      const prepared = prepare(composition);
      return convert(prepared.blocks, prepared.heading);
    };
    return { mimeType: CHAT_MIME_TYPES[name], build, render: (composition) => JSON.stringify(build(composition)) };
  };

  return {
    teams: format('teams', markdownToTeams),
    discord: format('discord', markdownToDiscord),
    googlechat: format('googlechat', markdownToGoogleChat),
    telegram: format('telegram', markdownToTelegram),
  };
}
