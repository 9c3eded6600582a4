/**
 * The sign-in route group: the OAuth protected resource metadata (RFC 9728) at
 * `/.well-known/oauth-protected-resource` and its `/mcp` form, what a client reads after a 401 to
 * find the authorization server. Public: no token, any origin (`createWorker` lets these paths past
 * its origin policy), and a 404 when OAuth is not configured.
 */
import { type Context, Hono } from 'hono';
import type { AuthSettings } from '../auth.ts';
import { jsonResponse, errorResponse } from '../errors.ts';
import { METADATA_PATH, protectedResourceMetadata } from '../oauth.ts';
import type { RouteEnv } from './route-group.ts';

/** The protected resource metadata's paths: for the origin, and for the MCP endpoint. */
export const METADATA_PATHS = [METADATA_PATH, `${METADATA_PATH}/mcp`];

/** The metadata routes (GET, and OPTIONS for a browser's preflight), from the deployment's auth settings. */
export function signInRoutes<Bindings extends object>(
  settingsFor: (env: Bindings | undefined) => Promise<{ auth: AuthSettings }>,
): Hono<RouteEnv<Bindings>> {
  const metadata = async (c: Context<RouteEnv<Bindings>>) => {
    const { auth } = await settingsFor(c.env);
    if (auth.mode !== 'guarded' || !auth.oauth) return errorResponse('NOT_FOUND', 'OAuth is not configured.');
    const cors = { 'access-control-allow-origin': '*' };
    if (c.req.method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-max-age': '600' },
      });
    return jsonResponse(protectedResourceMetadata(auth.oauth, c.req.raw), 200, cors);
  };
  const routes = new Hono<RouteEnv<Bindings>>();
  for (const path of METADATA_PATHS) routes.get(path, metadata);
  for (const path of METADATA_PATHS) routes.options(path, metadata);
  return routes;
}
