/**
 * A deck in Zulip: the single form is already a list of messages, so a deck is the same list: each
 * slide's messages in order, a slide's first joining the previous message below a divider line
 * when both fit in 10,000 characters, at most 10 messages (ours); past that, the last message
 * names the slides left out.
 */
import { packTextSlides, SLIDE_DIVIDER_LINE } from '../../../../src/core/chat-hosts/deck.ts';
import { ZULIP_LIMITS } from './limits.ts';
import { escapeZulipText, type ZulipMessages } from './message.ts';

/** Each slide's Zulip messages, as the deck's messages (the same payload as one slide's). */
export function zulipDeck(slides: readonly ZulipMessages[]): ZulipMessages {
  const contents = packTextSlides(
    slides.map((slide) => slide.messages.map((message) => message.content)),
    {
      maxChars: ZULIP_LIMITS.messageChars,
      maxMessages: ZULIP_LIMITS.messagesPerRender,
      // Code units are never fewer than the code points Zulip counts.
      length: (text) => text.length,
      divider: SLIDE_DIVIDER_LINE,
      note: (words) => `*${escapeZulipText(words)}*`,
      limitName: `${ZULIP_LIMITS.messagesPerRender} Zulip messages`,
    },
  );
  return { messages: contents.map((content) => ({ content })) };
}
