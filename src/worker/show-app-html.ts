/// <reference path="./modules.d.ts" />
/**
 * The app page for a Worker bundle (the `workerd`/`worker`/default branch of `#worker/show-app`):
 * `build/mcp-app/show.html` as a Text module, which wrangler's default rules load, so the HTML ships
 * inside the Worker and no request fetches it. `npm run build:playground` writes the file.
 */
import page from '../../build/mcp-app/show.html';

/** The whole app document (script and style inline). */
export function showAppHtml(): string {
  return page;
}
