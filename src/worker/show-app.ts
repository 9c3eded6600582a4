/**
 * The MCP Apps side of `isomer_show`: the one `ui://` resource, its metadata, and how a host's
 * support is recognised. The page itself is built from `mcp-app/` into `build/mcp-app/show.html`.
 */
import { showAppHtml } from '#worker/show-app';
import { ISOMER_SHOW_APP_URI } from '../core/tools/names.ts';

/** The MCP Apps extension id a host declares in its client capabilities' `extensions`. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** What an MCP Apps resource is served as (2026-01-26). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * `_meta.ui` of the resource: the page needs no origin at all (its script and style are inline, its
 * pictures `data:`), so every list is empty and a host applies the spec's restrictive default CSP.
 */
export const SHOW_APP_RESOURCE_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: false,
  },
} as const;

export interface ShowAppResource {
  name: string;
  uri: typeof ISOMER_SHOW_APP_URI;
  title: string;
  description: string;
  mimeType: typeof MCP_APP_MIME_TYPE;
  _meta: typeof SHOW_APP_RESOURCE_META;
  read(): string;
}

/** The app resource `ui://isomer/show`, as `buildMcpServer` registers it. */
export const SHOW_APP_RESOURCE: ShowAppResource = {
  name: 'isomer-show',
  uri: ISOMER_SHOW_APP_URI,
  title: 'Isomer slide viewer',
  description: 'The MCP Apps page that draws an isomer_show result: the slide, its errors, PNG and PDF downloads.',
  mimeType: MCP_APP_MIME_TYPE,
  _meta: SHOW_APP_RESOURCE_META,
  read: showAppHtml,
};

/**
 * Whether a request's client capabilities declare MCP Apps with HTML. Only the 2026-07-28 protocol
 * carries capabilities on each request; a 2025-era client declared them on `initialize`, which the
 * stateless endpoint never sees again, so there the answer is "unknown" (`undefined`).
 * @example
 * ```ts
 * import { hostSupportsApps } from 'isomer-edge/worker';
 *
 * hostSupportsApps({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } }); // true
 * hostSupportsApps(undefined); // undefined: not said
 * ```
 */
export function hostSupportsApps(capabilities: unknown): boolean | undefined {
  if (typeof capabilities !== 'object' || capabilities === null) return undefined;
  const extensions = (capabilities as { extensions?: unknown }).extensions;
  const ui =
    typeof extensions === 'object' && extensions !== null ? Reflect.get(extensions, MCP_APPS_EXTENSION) : undefined;
  const types = typeof ui === 'object' && ui !== null ? (ui as { mimeTypes?: unknown }).mimeTypes : undefined;
  return Array.isArray(types) && types.includes(MCP_APP_MIME_TYPE);
}
