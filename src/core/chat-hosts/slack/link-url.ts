/**
 * Link targets for Slack: the shared chat link rule (`../link-target.ts`) plus what Slack's
 * `<url|label>` syntax needs, since a link that goes somewhere other than it seems to is a
 * spoofing risk on every host alike.
 */
import { type LinkKind, linkTarget } from '../link-target.ts';
import { SLACK_LIMITS } from './limits.ts';

/** `navigation`: https, http or mailto (the project's link policy). `image`: https only. */
export type SlackLinkKind = LinkKind;

/**
 * The URL a Slack link may point to, or `null` when `value` must be shown as text: what
 * {@link linkTarget} accepts, at most {@link SLACK_LIMITS.linkUrlChars} long once serialized. The
 * result is the WHATWG serialization (so what Slack receives is exactly what a URL parser reads, the
 * host in ASCII), with `|` percent-encoded because it ends the URL part of `<url|label>`. Not
 * escaped for mrkdwn.
 * @example slackLinkUrl('https://Example.com/a|b') // 'https://example.com/a%7Cb'
 * @example slackLinkUrl('https://example.com\\@evil.test/') // null
 */
export function slackLinkUrl(value: unknown, kind: SlackLinkKind = 'navigation'): string | null {
  const href = linkTarget(value, kind)?.href;
  return href === undefined || href.length > SLACK_LIMITS.linkUrlChars ? null : href;
}
