/** What the fitting pipeline writes into a message itself, rather than taking from a renderer. */
import { SLACK_LIMITS } from './limits.ts';

/**
 * The fallback `text` of a message that would otherwise be empty (every node limited to other
 * surfaces, no title): Slack refuses a message with neither blocks nor text (`no_text`).
 */
export const SLACK_EMPTY_TEXT = 'This view has nothing to show in Slack.';

/** The alt text of an image that came without one (Slack requires it). */
export const SLACK_IMAGE_ALT = 'Image';

/** The italic note that replaces blocks cut by the 50-block limit. */
export const SLACK_ELIDED_NOTE = (count: number): string =>
  `_${count} more ${count === 1 ? 'block was' : 'blocks were'} elided ` +
  `to fit Slack's ${SLACK_LIMITS.blocksPerMessage}-block limit._`;

/** A context block of one mrkdwn line: the subtitle, the elided note, an image's alt text. */
export function contextBlock(mrkdwn: string): Record<string, unknown> {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: mrkdwn }] };
}
