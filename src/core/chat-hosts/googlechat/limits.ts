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
