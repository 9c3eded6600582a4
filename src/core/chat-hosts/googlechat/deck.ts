/**
 * A deck in Google Chat: a message holds several cards (`cardsV2` is a list), so each slide is a
 * card of its own, its header kept, and the cards are packed in order into as few messages as
 * Chat's 32,000 bytes allow. Card ids name the slide after the first (`isomer`, `isomer-2`, …), so
 * a deck of one is the single message exactly.
 */
import { clampTextBytes, jsonBytes } from '../bytes.ts';
import { type DeckMessages, packSlides } from '../deck.ts';
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import { GOOGLE_CHAT_CARD_ID, type GoogleChatCard, type GoogleChatMessage } from './message.ts';

/** A message of a deck: one card per slide it carries. */
export interface GoogleChatDeckMessage {
  fallbackText?: string;
  cardsV2: { cardId: string; card: GoogleChatCard }[];
}

/** A Google Chat deck: `spaces.messages.create` bodies to send in order. */
export type GoogleChatDeck = DeckMessages<GoogleChatDeckMessage>;

function join(held: GoogleChatDeckMessage, next: GoogleChatDeckMessage): GoogleChatDeckMessage | undefined {
  const texts = [held.fallbackText, next.fallbackText].filter((text) => text !== undefined);
  // Fallback texts are plain and already neutralized: joined, and kept within the heading's bound.
  const fallbackText = clampTextBytes(texts.join(' · '), GOOGLE_CHAT_LIMITS.headingBytes);
  const joined: GoogleChatDeckMessage = {
    ...(fallbackText !== '' ? { fallbackText } : {}),
    cardsV2: [...held.cardsV2, ...next.cardsV2],
  };
  return jsonBytes(joined) <= GOOGLE_CHAT_LIMITS.messageBytes ? joined : undefined;
}

/** Each slide's Google Chat message (its picture already in it), as the deck's messages. */
export function googleChatDeck(messages: readonly GoogleChatMessage[]): GoogleChatDeck {
  const slides = messages.map(
    (message, index): GoogleChatDeckMessage => ({
      ...message,
      cardsV2: message.cardsV2.map((entry) =>
        index === 0 ? entry : { ...entry, cardId: `${GOOGLE_CHAT_CARD_ID}-${index + 1}` },
      ),
    }),
  );
  return { messages: packSlides(slides, join) };
}
