import { type AssetsBinding, bindFontAssets } from './font-assets.ts';
import { Hono, type Context } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { authenticate, parseAuthSettings, type AuthSettings, type WorkerCaller } from './auth.ts';
import {
  createWorkerConfig,
  type WorkerConfig,
  type WorkerConfigEnv,
  type WorkerOptions,
  withDeploymentSwitches,
} from './config.ts';
import { METADATA_PATH, protectedResourceMetadata, scopeGroupOf } from './oauth.ts';
import { BASE_HEADERS, boundText, errorResponse, jsonResponse } from './errors.ts';
import { createMcpEndpoint } from './mcp.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { corsMiddleware, forbiddenOrigin, originAllowed, parseOriginSettings, type OriginSettings } from './origins.ts';
import {
  callTool,
  getPrompt,
  listFormats,
  listPrompts,
  listResources,
  listTools,
  readResource,
  renderComposition,
  storeImage,
} from './routes.ts';
import { expireImages, serveImage, type ImageStoreEnv } from './images.ts';

/** The bindings the Worker reads; all optional, so `npm start` runs with none. */
export interface WorkerEnv extends ImageStoreEnv, WorkerConfigEnv {
  /** Secret: `{ "<token>": { "caller": "<name>", "context"?: {…} } }`. Unset: every route is open. */
  ISOMER_TOKENS?: string;
  /**
   * OAuth 2.1 sign-in: the authorization server's issuer URL (https; plain http on loopback only).
   * Set, access tokens from it are accepted beside `ISOMER_TOKENS`.
   */
  ISOMER_OAUTH_ISSUER?: string;
  /** The resource tokens must be for (their `aud`). Default: this Worker's own `/mcp` URL. */
  ISOMER_OAUTH_AUDIENCE?: string;
  /** Scopes tokens must carry: `scope` on every route, `mcp=…`, `tools=…`, `render=…` per group. */
  ISOMER_OAUTH_SCOPES?: string;
  /** Comma-separated origins browsers may call from; unset: localhost-class origins only. `*`: any. */
  ISOMER_ALLOWED_ORIGINS?: string;
  /** Comma-separated origins that get CORS headers (each is also allowed). `*`: any. */
  ISOMER_CORS_ORIGINS?: string;
  /** The static assets (`[assets]`): the playground, and the script fonts the images fetch on demand. */
  ASSETS?: AssetsBinding;
}

/** The parts of a Worker's execution context the Worker passes on (workerd's `ExecutionContext` fits). */
export interface WorkerExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

/**
 * A module Worker's default export (it fits `ExportedHandler<Env>`), declared here so the library's
 * types need no Workers type package.
 */
export interface IsomerWorker {
  fetch(request: Request, env: WorkerEnv | undefined, ctx: WorkerExecutionContext): Promise<Response>;
  /** The Cron Trigger (`[triggers] crons`): deletes stored images older than `ISOMER_IMAGE_TTL_DAYS`. */
  scheduled(
    controller: { scheduledTime: number; cron: string },
    env: WorkerEnv | undefined,
    ctx: WorkerExecutionContext,
  ): Promise<void>;
}

interface Settings {
  auth: AuthSettings;
  origins: OriginSettings;
}

/** `settings` is set past the origin check, on every route but /healthz. */
type AppEnv = { Bindings: WorkerEnv; Variables: { caller: WorkerCaller; settings?: Settings } };

/**
 * Settings parsed once per distinct set of binding values (so once per isolate in practice), and
 * anything worth saying about them logged once.
 */
function settingsCache(): (env: WorkerEnv | undefined) => Promise<Settings> {
  const cache = new Map<string, Promise<Settings>>();
  return (env) => {
    const key = JSON.stringify([
      env?.ISOMER_TOKENS ?? null,
      env?.ISOMER_ALLOWED_ORIGINS ?? null,
      env?.ISOMER_CORS_ORIGINS ?? null,
      env?.ISOMER_OAUTH_ISSUER ?? null,
      env?.ISOMER_OAUTH_AUDIENCE ?? null,
      env?.ISOMER_OAUTH_SCOPES ?? null,
    ]);
    let settings = cache.get(key);
    if (settings === undefined) {
      settings = (async () => {
        const auth = await parseAuthSettings(env?.ISOMER_TOKENS, env);
        const origins = parseOriginSettings(env?.ISOMER_ALLOWED_ORIGINS, env?.ISOMER_CORS_ORIGINS);
        if (auth.mode === 'open')
          console.warn(
            'isomer-edge: ISOMER_TOKENS is not set, so every route is open to ' +
              'anyone who can reach this Worker (wrangler secret put ISOMER_TOKENS, or set ISOMER_OAUTH_ISSUER).',
          );
        if (auth.mode === 'misconfigured') console.error(`isomer-edge: refusing every request: ${auth.reason}.`);
        const ignored = [...(origins.allowed?.ignored ?? []), ...origins.cors.ignored];
        if (ignored.length > 0)
          console.warn(
            `isomer-edge: ignoring origin entries that are not http(s) origins: ` +
              `${ignored.map((entry) => JSON.stringify(entry)).join(', ')}`,
          );
        return { auth, origins };
      })();
      if (cache.size > 8) cache.clear();
      cache.set(key, settings);
    }
    return settings;
  };
}

/** The protected resource metadata: public, from any origin, like the issuer's own metadata. */
const METADATA_PATHS = [METADATA_PATH, `${METADATA_PATH}/mcp`];

/** `GET /images/{key}.{format}` (and HEAD): outside the token check, inside the origin policy. */
function isPublicImage(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/images\/[^/]+$/.test(path);
}

/** The request's `waitUntil`; without an execution context the work runs unwatched. */
function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return () => {};
  }
}

/** Adds the headers every response carries, whoever built it (the MCP SDK included). */
function withBaseHeaders(response: Response): Response {
  if (Object.keys(BASE_HEADERS).every((name) => response.headers.has(name))) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(BASE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The Worker: HTTP routes and the MCP endpoint over one configuration (packs, frames, views,
 * formats), built on the first request and kept for the isolate's life.
 * @example
 * ```ts
 * import { defineView } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * import { createWorker, type WorkerCaller } from 'isomer-edge/worker';
 *
 * const statusView = defineView<WorkerCaller, unknown>({
 *   id: 'status',
 *   title: 'Status',
 *   answers: ['How are we doing?'],
 *   build: ({ context }) => ({
 *     type: 'view',
 *     body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: `Hello, ${context.caller}` }] }],
 *   }),
 * });
 * export default createWorker({ packs: [slidesPack], frames: { slide: slideDeckFrame }, views: [statusView] });
 * ```
 */
export function createWorker(options: WorkerOptions): IsomerWorker {
  // Built on the first request, with that request's bindings: they are the deployment's, the same on every request.
  let config: WorkerConfig | undefined;
  const getConfig = (env: WorkerEnv | undefined) =>
    (config ??= createWorkerConfig(withDeploymentSwitches(options, env)));
  let mcp: ReturnType<typeof createMcpEndpoint> | undefined;
  const getMcp = (env: WorkerEnv | undefined) => (mcp ??= createMcpEndpoint(getConfig(env)));
  let openapi: string | undefined;
  const getSettings = settingsCache();

  const app = new Hono<AppEnv>();

  app.onError((error) => {
    console.error(
      `isomer-edge: ${boundText(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}`,
    );
    return errorResponse('INTERNAL_ERROR', 'The Worker failed to handle this request.');
  });
  app.notFound(() => errorResponse('NOT_FOUND', 'No such route; GET /openapi.json lists them.'));

  app.use('*', async (c, next) => {
    await next();
    c.res = withBaseHeaders(c.res);
  });

  // A path's other methods: 405 with `Allow` from Hono's route table, and OPTIONS (not a preflight,
  // which CORS answers) 204 with the same `Allow`.
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        const allow = [...methods, 'OPTIONS'].join(', ');
        if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
        return errorResponse('METHOD_NOT_ALLOWED', `This route accepts ${allow}.`, {}, { allow });
      },
    }),
  );

  app.get('/healthz', () => jsonResponse({ ok: true }));

  // RFC 9728: what a client reads after a 401 to find the authorization server. No token, any origin.
  const metadata = async (c: Context<AppEnv>) => {
    const { auth } = await getSettings(c.env);
    if (auth.mode !== 'guarded' || !auth.oauth) return errorResponse('NOT_FOUND', 'OAuth is not configured.');
    const cors = { 'access-control-allow-origin': '*' };
    if (c.req.method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-max-age': '600' },
      });
    return jsonResponse(protectedResourceMetadata(auth.oauth, c.req.raw), 200, cors);
  };
  app.get(METADATA_PATHS[0]!, metadata);
  app.get(METADATA_PATHS[1]!, metadata);
  app.options(METADATA_PATHS[0]!, metadata);
  app.options(METADATA_PATHS[1]!, metadata);

  // Origin policy, CORS and auth, in that order, for every route but /healthz and the metadata.
  app.use('*', async (c, next) => {
    if (c.req.path === '/healthz' || METADATA_PATHS.includes(c.req.path)) return next();
    const settings = await getSettings(c.env);
    if (!originAllowed(c.req.header('origin'), c.req.url, settings.origins)) return forbiddenOrigin();
    c.set('settings', settings);
    return next();
  });
  app.use('*', (c, next) => {
    const settings = c.get('settings');
    if (settings === undefined || c.req.header('origin') === undefined) return next();
    return corsMiddleware(settings.origins, c.req.header('access-control-request-headers'))(c, next);
  });
  app.use('*', async (c, next) => {
    const settings = c.get('settings');
    // A stored image is public: Slack's fetcher sends no token, and its key is the capability.
    if (settings === undefined || isPublicImage(c.req.method, c.req.path)) return next();
    const result = await authenticate(c.req.raw, settings.auth, {
      path: c.req.path,
      group: scopeGroupOf(c.req.path),
    });
    if ('response' in result) return result.response;
    c.set('caller', result.caller);
    return next();
  });

  app.get('/tools', (c) => listTools(getConfig(c.env)));
  app.post('/tools/:name', (c) => callTool(getConfig(c.env), c.get('caller'), c.req.param('name'), c.req.raw));
  app.get('/resources', (c) => listResources(getConfig(c.env)));
  app.get('/resources/:name', (c) => readResource(getConfig(c.env), c.req.param('name')));
  app.get('/prompts', (c) => listPrompts(getConfig(c.env)));
  app.post('/prompts/:name', (c) => getPrompt(getConfig(c.env), c.req.param('name'), c.req.raw));
  app.get('/formats', (c) => listFormats(getConfig(c.env)));
  app.post('/render/:format', (c) => renderComposition(getConfig(c.env), c.req.param('format'), c.req.raw, c.env));
  app.get('/images/:file', (c) => serveImage(c.env, c.req.raw, c.req.param('file'), waitUntilOf(c)));
  app.post('/images/:file', (c) => storeImage(getConfig(c.env), c.req.param('file'), c.req.raw, c.env));
  app.get('/openapi.json', (c) => {
    openapi ??= JSON.stringify(buildOpenApiDocument(getConfig(c.env)));
    return new Response(openapi, { headers: { 'content-type': 'application/json' } });
  });
  app.post('/mcp', (c) => getMcp(c.env)(c.req.raw, c.get('caller')));

  return {
    fetch: async (request, env, ctx) => {
      bindFontAssets(env);
      return app.fetch(request, env, ctx as Parameters<typeof app.fetch>[2]);
    },
    scheduled: (controller, env) => expireImages(env, controller.scheduledTime),
  };
}
