/** Microsoft Teams: an Adaptive Card in a message activity, converted from the Markdown tree. */
import { defineHost } from '../host.ts';
import { teamsDeck } from './deck.ts';
import { TEAMS_LIMITS } from './limits.ts';
import { markdownToTeams } from './message.ts';
import { teamsImageMessage } from './picture.ts';
import { TEAMS_PAYLOAD } from './schema.ts';

// The host's public API: `isomer-edge/chat` exports it through the registry.
export type { TeamsDeck } from './deck.ts';
export { ADAPTIVE_CARD_VERSION, escapeTeamsText, markdownToTeams } from './message.ts';
export type { AdaptiveCard, TeamsElement, TeamsMessage } from './message.ts';
export { TEAMS_LIMITS } from './limits.ts';

export const teamsHost = defineHost({
  name: 'teams',
  title: 'Microsoft Teams',
  operation: 'Teams',
  mimeType: 'application/vnd.isomer-edge.teams+json',
  limits: TEAMS_LIMITS,
  from: 'markdown',
  convert: markdownToTeams,
  picture: teamsImageMessage,
  deck: teamsDeck,
  payload: TEAMS_PAYLOAD,
  checks: () => import('./checks.ts'),
});
