/** Telegram: `sendMessage` bodies of Telegram's HTML subset, converted from the Markdown tree. */
import { defineHost } from '../host.ts';
import { telegramDeck } from './deck.ts';
import { TELEGRAM_LIMITS } from './limits.ts';
import { markdownToTelegram } from './message.ts';
import { TELEGRAM_PAYLOAD } from './schema.ts';

// The host's public API: `isomer-edge/chat` exports it through the registry.
export { escapeTelegramHtml, markdownToTelegram } from './message.ts';
export type { TelegramMessages, TelegramSendMessage } from './message.ts';
export { TELEGRAM_LIMITS } from './limits.ts';

export const telegramHost = defineHost({
  name: 'telegram',
  title: 'Telegram',
  operation: 'Telegram',
  mimeType: 'application/vnd.isomer-edge.telegram+json',
  limits: TELEGRAM_LIMITS,
  from: 'markdown',
  convert: markdownToTelegram,
  deck: telegramDeck,
  payload: TELEGRAM_PAYLOAD,
  checks: () => import('./checks.ts'),
});
