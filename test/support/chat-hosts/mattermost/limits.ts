/**
 * Mattermost's post limit: 16,383 characters of `message` per post, on every server since v5.0
 * (Mattermost's v5.0 release and upgrade notes, docs.mattermost.com: "post messages up to 16383
 * characters"; the server's `model.PostMessageMaxRunesV2`). The server counts runes (code
 * points); UTF-16 code units are never fewer, so counting them is safe.
 * `postsPerRender` is ours, not Mattermost's: one render never floods a channel with more posts.
 */
export const MATTERMOST_LIMITS = {
  postChars: 16_383,
  postsPerRender: 10,
} as const;
