/**
 * Telegram Bot API `sendMessage` (core.telegram.org/bots/api#sendmessage): 1–4096 characters of
 * text after entities are parsed, so tags do not count but every visible character does, the
 * zero-width mention breaks included; Telegram measures text in UTF-16 code units, as it does
 * entity offsets (core.telegram.org/api/entities).
 * `messagesPerRender` is ours, not Telegram's: a group takes about 20 bot messages a minute
 * (core.telegram.org/bots/faq), so one render never asks for more than half of that.
 */
export const TELEGRAM_LIMITS = {
  messageChars: 4096,
  messagesPerRender: 10,
} as const;
