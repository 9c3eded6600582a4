/**
 * Slack: a Block Kit message the runtime draws as a surface of its own (each primitive's Slack
 * renderer, or its Markdown converted by `from-markdown.ts`), fitted to Slack's limits.
 */
import { defineHost } from '../host.ts';
import { slackDeck } from './deck.ts';
import { SLACK_LIMITS } from './limits.ts';
import { slackImageMessage } from './picture.ts';
import { SLACK_PAYLOAD } from './schema.ts';

export type { SlackDeck } from './deck.ts';

export const slackHost = defineHost({
  name: 'slack',
  title: 'Slack',
  operation: 'Slack',
  mimeType: 'application/json',
  limits: SLACK_LIMITS,
  from: 'surface',
  picture: slackImageMessage,
  deck: slackDeck,
  payload: SLACK_PAYLOAD,
  checks: () => import('./checks.ts'),
});
