/**
 * Mattermost, declared the documented way (docs/adding-a-host.md): posts of Mattermost Markdown,
 * converted from the Markdown tree by the shared dialect writer, with its checks. It lives under
 * test/support as the proof that a host is one folder and one declaration; it is not built in.
 */
import { defineHost } from '../../../../src/core/chat-hosts/host.ts';
import { MATTERMOST_LIMITS } from './limits.ts';
import { markdownToMattermost } from './message.ts';
import { MATTERMOST_PAYLOAD } from './schema.ts';

export const mattermostHost = defineHost({
  name: 'mattermost',
  title: 'Mattermost',
  operation: 'Mattermost',
  mimeType: 'application/vnd.isomer-edge.mattermost+json',
  limits: MATTERMOST_LIMITS,
  from: 'markdown',
  convert: markdownToMattermost,
  payload: MATTERMOST_PAYLOAD,
  checks: () => import('./kit.ts'),
});
