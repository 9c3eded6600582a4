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
