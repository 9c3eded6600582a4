/**
 * The meta route group: what describes the Worker rather than drawing anything. `GET /healthz` is
 * liveness (no token, no Origin refused: `createWorker` lets it past the origin policy), and
 * `GET /openapi.json` is the OpenAPI document of every route, built once from the configuration.
 */
import { Hono } from 'hono';
import { jsonResponse } from '../errors.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import type { ConfigFor, RouteEnv } from './route-group.ts';

/** The health check's path: the origin policy and auth let it through untouched. */
export const HEALTH_PATH = '/healthz';

/** `GET /healthz` and `GET /openapi.json` over the deployment's configuration. */
export function metaRoutes(configFor: ConfigFor): Hono<RouteEnv> {
  let openapi: string | undefined;
  const routes = new Hono<RouteEnv>();
  routes.get(HEALTH_PATH, () => jsonResponse({ ok: true }));
  routes.get('/openapi.json', (c) => {
    openapi ??= JSON.stringify(buildOpenApiDocument(configFor(c.env)));
    return new Response(openapi, { headers: { 'content-type': 'application/json' } });
  });
  return routes;
}
