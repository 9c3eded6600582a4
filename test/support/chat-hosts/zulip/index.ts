/**
 * Zulip, declared the documented way (docs/adding-a-host.md): messages of Zulip Markdown,
 * converted from the Markdown tree by the shared dialect writer, with its checks. It lives under
 * test/support as the proof that a host is one folder and one registry line; it is not built in.
 */
import { defineHost } from '../../../../src/core/chat-hosts/host.ts';
import { zulipDeck } from './deck.ts';
import { ZULIP_LIMITS } from './limits.ts';
import { markdownToZulip } from './message.ts';
import { ZULIP_PAYLOAD } from './schema.ts';

// The host's public API (a built-in host's reaches `isomer-edge/chat` through the registry).
export { escapeZulipText, markdownToZulip } from './message.ts';
export type { ZulipMessage, ZulipMessages } from './message.ts';
export { ZULIP_LIMITS } from './limits.ts';

export const zulipHost = defineHost({
  name: 'zulip',
  title: 'Zulip',
  operation: 'Zulip',
  mimeType: 'application/vnd.isomer-edge.zulip+json',
  limits: ZULIP_LIMITS,
  from: 'markdown',
  convert: markdownToZulip,
  deck: zulipDeck,
  payload: ZULIP_PAYLOAD,
  checks: () => import('./checks.ts'),
});
