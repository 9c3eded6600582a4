/**
 * The limits each chat host publishes, in the units the host counts (UTF-16 code units unless a
 * name says bytes). Every number the chat converters enforce comes from here, with its source.
 * Each is counted on the payload as sent: after escaping and mention breaks, which only grow text,
 * and with every string well-formed (a lone surrogate has no UTF-8 form, so no byte count at all).
 */

/**
 * Microsoft Teams. An Incoming Webhook or Workflows post is refused over about 28 KB, the whole
 * payload (learn.microsoft.com/microsoftteams/platform "Create an Incoming Webhook"; the Teams
 * connector's "Known issues and limitations" say the same for posting a card); a bot activity may
 * be larger ("Format your bot messages": 100 KB counted as UTF-16), so the webhook's figure is the
 * one kept, as UTF-8 bytes of the JSON. Cards must be Adaptive Card schema 1.5 or lower ("Cards
 * reference": Teams supports 1.5 on every client).
 */
export const TEAMS_LIMITS = {
  messageBytes: 28_000,
} as const;

/**
 * Discord's message and embed limits (discord.com/developers/docs/resources/message#create-message
 * and the "Embed Limits" table of the message resource: the 6,000 counts every embed of one
 * message). Discord counts characters; UTF-16 code units are never fewer, so counting them is safe.
 */
export const DISCORD_LIMITS = {
  contentChars: 2000,
  embedsPerMessage: 10,
  embedTitleChars: 256,
  embedDescriptionChars: 4096,
  fieldsPerEmbed: 25,
  fieldNameChars: 256,
  fieldValueChars: 1024,
  footerTextChars: 2048,
  authorNameChars: 256,
  /** Titles, descriptions, field names and values, footers and author names of every embed together. */
  embedTotalChars: 6000,
} as const;

/**
 * Google Chat. "Send a message using the Google Chat API" (developers.google.com/workspace/chat/
 * create-messages) caps a message, text and cards included, at 32,000 bytes (the `CardWithId`
 * reference: a card at 32 KB); the Card reference
 * ignores widgets past 100 per card (and drops the whole section that crosses it). Neither page
 * gives per-field text limits, so text is bounded only by the message size.
 */
export const GOOGLE_CHAT_LIMITS = {
  messageBytes: 32_000,
  widgetsPerCard: 100,
  /**
   * Ours, not Chat's: the card header's title and subtitle, `fallbackText` and each section header
   * take at most this many bytes (cut with an ellipsis), so a long heading leaves the body room.
   */
  headingBytes: 2_000,
} as const;

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
