/** Google Chat: one `cardsV2` card of Chat's HTML subset, converted from the Markdown tree. */
import { defineHost } from '../host.ts';
import { googleChatDeck } from './deck.ts';
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import { markdownToGoogleChat } from './message.ts';
import { googleChatImageMessage } from './picture.ts';
import { GOOGLE_CHAT_PAYLOAD } from './schema.ts';

// The host's public API: `isomer-edge/chat` exports it through the registry.
export type { GoogleChatDeck, GoogleChatDeckMessage } from './deck.ts';
export { escapeGoogleChatHtml, markdownToGoogleChat, neutralizeGoogleChatText } from './message.ts';
export type { GoogleChatCard, GoogleChatMessage, GoogleChatSection, GoogleChatWidget } from './message.ts';
export { GOOGLE_CHAT_LIMITS } from './limits.ts';

export const googleChatHost = defineHost({
  name: 'googlechat',
  title: 'Google Chat',
  operation: 'GoogleChat',
  mimeType: 'application/vnd.isomer-edge.googlechat+json',
  limits: GOOGLE_CHAT_LIMITS,
  from: 'markdown',
  convert: markdownToGoogleChat,
  picture: googleChatImageMessage,
  deck: googleChatDeck,
  payload: GOOGLE_CHAT_PAYLOAD,
  checks: () => import('./checks.ts'),
});
