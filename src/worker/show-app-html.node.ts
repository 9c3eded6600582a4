/**
 * The app page under Node (the `node` branch of `#worker/show-app`): read once from the built file
 * on first use, so importing the Worker library never touches the disk.
 */
import { readFileSync } from 'node:fs';

let page: string | undefined;

/** The whole app document (script and style inline). */
export function showAppHtml(): string {
  page ??= readFileSync(new URL('../../build/mcp-app/show.html', import.meta.url), 'utf8');
  return page;
}
