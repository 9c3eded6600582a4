/**
 * Zulip's message limit: the content of one message is at most 10,000 characters, counted in
 * Unicode code points (the server's `MAX_MESSAGE_LENGTH`; the REST API's `POST /messages`
 * documents `content` as limited to that length). UTF-16 code units are never fewer than code
 * points, so the writer counting them stays within. `messagesPerRender` is ours, not Zulip's: one
 * render never floods a topic with more messages.
 */
export const ZULIP_LIMITS = {
  messageChars: 10_000,
  messagesPerRender: 10,
} as const;
