/**
 * A deck in Discord: each slide's embeds, packed in order into as few messages as Discord's embed
 * limits allow (10 embeds and 6,000 characters a message); each slide opens an embed of its own,
 * which Discord draws apart, its title on top.
 */
import { type DeckMessages, packSlides } from '../deck.ts';
import { DISCORD_LIMITS } from './limits.ts';
import type { DiscordEmbed, DiscordMessage } from './message.ts';

/** A Discord deck: message bodies to post in order. */
export type DiscordDeck = DeckMessages<DiscordMessage>;

/** What Discord counts toward a message's 6,000: every embed's title and description. */
const embedChars = (embeds: readonly DiscordEmbed[]): number =>
  embeds.reduce((sum, embed) => sum + (embed.title?.length ?? 0) + (embed.description?.length ?? 0), 0);

function join(held: DiscordMessage, next: DiscordMessage): DiscordMessage | undefined {
  // The converter writes no `content`; a message that has one is kept as it is.
  if (held.content !== undefined || next.content !== undefined) return undefined;
  const embeds = [...held.embeds, ...next.embeds];
  if (embeds.length > DISCORD_LIMITS.embedsPerMessage || embedChars(embeds) > DISCORD_LIMITS.embedTotalChars)
    return undefined;
  return { ...held, embeds };
}

/** Each slide's Discord message, as the deck's messages. */
export function discordDeck(messages: readonly DiscordMessage[]): DiscordDeck {
  return { messages: packSlides(messages, join) };
}
