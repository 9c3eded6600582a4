/**
 * A Worker that serves more than the built-in formats, as a deployment would declare them: one
 * more chat host (Zulip, test/support/chat-hosts/zulip/) and one format given in code (`csv`,
 * every string of the composition with where it sits). The playground test runs it under
 * `wrangler dev` (wrangler.toml's assets and bindings, this entry) to show that the page's tabs
 * follow what the Worker serves.
 */
import { BUILT_IN_HOSTS } from '../../../src/chat/index.ts';
import { builtInWorkerOptions } from '../../../src/built-in/options.ts';
import { createWorker } from '../../../src/worker/index.ts';
import { zulipHost } from '../chat-hosts/zulip/index.ts';

const cell = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** One row per string in the composition, depth first: its JSON path and its text. */
function rows(value: unknown, path: string, out: string[]): string[] {
  if (typeof value === 'string') out.push(`${cell(path)},${cell(value)}`);
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) rows(item, `${path}[${index}]`, out);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) rows(item, path ? `${path}.${key}` : key, out);
  return out;
}

export default createWorker({
  ...builtInWorkerOptions(),
  hosts: [...BUILT_IN_HOSTS, zulipHost],
  formats: {
    csv: {
      mimeType: 'text/csv; charset=utf-8',
      render: (composition) => rows(composition, '', ['path,text']).join('\r\n'),
    },
  },
});
