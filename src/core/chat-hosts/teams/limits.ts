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
