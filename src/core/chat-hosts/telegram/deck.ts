/**
 * A deck in Telegram: the single form is already a list of `sendMessage` bodies, so a deck is the
 * same list: each slide's messages in order, a slide's first joining the previous message below a
 * divider line when both fit in 4,096 visible characters, at most 10 messages in all (ours); past
 * that, the last message names the slides left out.
 */
import { decodeEntities } from '../checks.ts';
import { packTextSlides, SLIDE_DIVIDER_LINE } from '../deck.ts';
import { TELEGRAM_LIMITS } from './limits.ts';
import { escapeTelegramHtml, type TelegramMessages } from './message.ts';

/** What Telegram counts: the characters shown once tags are read and entities decoded. */
const visibleLength = (html: string): number => decodeEntities(html.replace(/<[^>]*>/g, '')).length;

/** Each slide's Telegram messages, as the deck's messages (the same payload as one slide's). */
export function telegramDeck(slides: readonly TelegramMessages[]): TelegramMessages {
  const texts = packTextSlides(
    slides.map((slide) => slide.messages.map((message) => message.text)),
    {
      maxChars: TELEGRAM_LIMITS.messageChars,
      maxMessages: TELEGRAM_LIMITS.messagesPerRender,
      length: visibleLength,
      divider: SLIDE_DIVIDER_LINE,
      note: (words) => `<i>${escapeTelegramHtml(words)}</i>`,
      limitName: `${TELEGRAM_LIMITS.messagesPerRender} Telegram messages`,
    },
  );
  // Every body but its text is the same on each message the converter sends.
  const [shape] = slides[0]!.messages;
  return { messages: texts.map((text) => ({ ...shape!, text })) };
}
