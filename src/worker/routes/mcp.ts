/**
 * The MCP route group: `POST /mcp`, the Streamable HTTP endpoint, answered by the MCP server
 * `../mcp.ts` builds for the authenticated caller. The endpoint is built on the first request and
 * kept for the isolate's life. `GET` and `DELETE /mcp` (no sessions, no server-sent stream) answer
 * 405 with `Allow: POST, OPTIONS` from the method-not-allowed middleware in `create-worker.ts`,
 * which reads this table.
 */
import { Hono } from 'hono';
import { createMcpEndpoint } from '../mcp.ts';
import type { ConfigFor, RouteEnv } from './route-group.ts';

/** `POST /mcp` over the deployment's configuration. */
export function mcpRoutes(configFor: ConfigFor): Hono<RouteEnv> {
  let endpoint: ReturnType<typeof createMcpEndpoint> | undefined;
  const endpointFor = (env: RouteEnv['Bindings'] | undefined) => (endpoint ??= createMcpEndpoint(configFor(env)));
  const routes = new Hono<RouteEnv>();
  routes.post('/mcp', (c) => endpointFor(c.env)(c.req.raw, c.get('caller'), c.get('meter')));
  return routes;
}
