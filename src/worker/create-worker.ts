/**
 * `createWorker`: the module Worker, built from options. It holds the Worker's own types (its
 * bindings, its default export, the execution context it passes on), the middleware every request
 * goes through in order (base headers, method check, origin policy, CORS, auth and the general rate
 * limit) and the mounting of the route groups from `routes/`, which hold the routes and their
 * handlers. Around all of it, each request gets its id and its one log line (`request-log.ts`).
 */
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import {
  AUTH_NOT_CONFIGURED_MESSAGE,
  type AuthEnv,
  authenticate,
  parseAuthSettings,
  type AuthSettings,
} from './auth.ts';
import { readJsonBody } from './body.ts';
import type { WorkerCaller } from './caller.ts';
import {
  createWorkerConfig,
  type WorkerConfig,
  type WorkerConfigEnv,
  type WorkerOptions,
  withDeploymentSwitches,
} from './config.ts';
import { BASE_HEADERS, errorResponse, mcpErrorResponse } from './errors.ts';
import { type AssetsBinding, bindFontAssets } from './font-assets.ts';
import { scopeGroupOf } from './oauth.ts';
import { corsMiddleware, forbiddenOrigin, originAllowed, parseOriginSettings, type OriginSettings } from './origins.ts';
import { expireImages, imageRoutes, isPublicImage, type ImageStoreEnv } from './routes/images.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { HEALTH_PATH, metaRoutes } from './routes/meta.ts';
import { renderRoutes } from './routes/render.ts';
import { METADATA_PATHS, signInRoutes } from './routes/sign-in.ts';
import { toolRoutes } from './routes/tools.ts';
import {
  mcpRateLimited,
  parseRateLimits,
  type RateLimitEnv,
  rateKeyOf,
  rateLimitedResponse,
  type RateRefusal,
} from './rate-limits.ts';
import { finishResponse, logException, logRequest, newRequestId, type RequestLogEnv } from './request-log.ts';
import { RequestMeter } from './request-meter.ts';
import { announcesSession, mcpAnnouncesSession, warmUpEnabled } from './warm-up.ts';

/**
 * The bindings the Worker reads; all optional. With no sign-in configured the Worker is closed
 * (503 on every guarded route) unless `ISOMER_AUTH = "none"` opens it, as `npm start` does.
 */
export interface WorkerEnv extends ImageStoreEnv, WorkerConfigEnv, AuthEnv, RateLimitEnv, RequestLogEnv {
  /** Secret: `{ "<token>": { "caller": "<name>", "context"?: {…} } }`. */
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

/**
 * The Hono environment of the Worker's router: the route groups' own (`RouteEnv`), plus the settings
 * the origin check sets, on every route but /healthz and the resource metadata.
 */
type RouterEnv = {
  Bindings: WorkerEnv;
  Variables: { caller: WorkerCaller; meter: RequestMeter; settings?: Settings };
};

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
      env?.ISOMER_AUTH ?? null,
    ]);
    let settings = cache.get(key);
    if (settings === undefined) {
      settings = (async () => {
        const auth = await parseAuthSettings(env?.ISOMER_TOKENS, env);
        const origins = parseOriginSettings(env?.ISOMER_ALLOWED_ORIGINS, env?.ISOMER_CORS_ORIGINS);
        if (auth.mode === 'open')
          console.warn(
            'isomer-edge: ISOMER_AUTH is "none" and no sign-in is configured, so every route is open to ' +
              'anyone who can reach this Worker (wrangler secret put ISOMER_TOKENS, or set ISOMER_OAUTH_ISSUER).',
          );
        if (auth.mode === 'closed') console.warn(`isomer-edge: ${AUTH_NOT_CONFIGURED_MESSAGE}`);
        if ('ignoredOpen' in auth)
          console.warn('isomer-edge: ISOMER_AUTH is "none" but sign-in is configured; sign-in stays required.');
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

/** `ISOMER_RATE_LIMITS` statements already warned about, so each is logged once per isolate. */
const warnedLimits = new Set<string>();

/** The deployment's limits (cheap to read per request), a bad statement logged once. */
function limitsOf(env: WorkerEnv | undefined) {
  const { limits, problem } = parseRateLimits(env);
  if (problem && !warnedLimits.has(problem)) {
    warnedLimits.add(problem);
    console.warn(`isomer-edge: ${problem}; the answers name the default limits.`);
  }
  return limits;
}

/**
 * The MCP endpoint's answer to a request over a limit: a tool call's failed result when the body is
 * a `tools/call` (read only now, bounded as every body is), else the JSON-RPC 429.
 */
async function mcpRefused(request: Request, refusal: RateRefusal): Promise<Response> {
  const body = await readJsonBody(request);
  const message = body.ok ? (body.value as { method?: unknown; id?: unknown } | null) : null;
  const id = message?.method === 'tools/call' ? message.id : undefined;
  return mcpRateLimited(refusal, typeof id === 'string' || typeof id === 'number' ? id : undefined);
}

/** Adds the headers every response carries, whoever built it (the MCP SDK included). */
function withBaseHeaders(response: Response): Response {
  if (Object.keys(BASE_HEADERS).every((name) => response.headers.has(name))) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(BASE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The answer to an unexpected exception: the request id (added on the way out), never the stack. */
function internalError(): Response {
  return errorResponse(
    'INTERNAL_ERROR',
    'The Worker failed to handle this request; the log has the details under this requestId.',
  );
}

/** Hands work to the request's execution context to finish after the answer (nothing without one). */
function waitUntil(
  c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } },
  promise: Promise<unknown>,
): void {
  try {
    c.executionCtx.waitUntil(promise);
  } catch {
    // No execution context (a library caller's own fetch): the work still runs, unawaited.
  }
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
  const getConfig = (env: WorkerConfigEnv | undefined) =>
    (config ??= createWorkerConfig(withDeploymentSwitches(options, env)));
  const getSettings = settingsCache();

  const router = new Hono<RouterEnv>();

  // The meter each request's handlers read, made by `fetch` below before the router runs.
  const meters = new WeakMap<Request, RequestMeter>();

  router.onError((error, c) => {
    logException(c.get('meter')?.requestId ?? 'none', error);
    return internalError();
  });
  router.notFound(() => errorResponse('NOT_FOUND', 'No such route; GET /openapi.json lists them.'));

  router.use('*', async (c, next) => {
    c.set('meter', meters.get(c.req.raw) ?? new RequestMeter(newRequestId()));
    await next();
  });
  router.use('*', async (c, next) => {
    await next();
    c.res = withBaseHeaders(c.res);
  });

  // A path's other methods: 405 with `Allow` from Hono's route table, and OPTIONS (not a preflight,
  // which CORS answers) 204 with the same `Allow`.
  router.use(
    '*',
    methodNotAllowed({
      app: router,
      onMethodNotAllowed: (c, methods) => {
        const allow = [...methods, 'OPTIONS'].join(', ');
        if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
        return errorResponse('METHOD_NOT_ALLOWED', `This route accepts ${allow}.`, {}, { allow });
      },
    }),
  );

  // Origin policy, CORS and auth, in that order, for every route but /healthz and the resource
  // metadata, which are public from any origin.
  router.use('*', async (c, next) => {
    if (c.req.path === HEALTH_PATH || METADATA_PATHS.includes(c.req.path)) return next();
    const settings = await getSettings(c.env);
    if (!originAllowed(c.req.header('origin'), c.req.url, settings.origins)) return forbiddenOrigin();
    c.set('settings', settings);
    return next();
  });
  router.use('*', (c, next) => {
    const settings = c.get('settings');
    if (settings === undefined || c.req.header('origin') === undefined) return next();
    return corsMiddleware(settings.origins, c.req.header('access-control-request-headers'))(c, next);
  });
  router.use('*', async (c, next) => {
    const settings = c.get('settings');
    if (settings === undefined) return next();
    const mcp = c.req.path === '/mcp';
    // A closed Worker answers nothing but /healthz and the metadata (and its static files).
    if (settings.auth.mode === 'closed')
      return mcp
        ? mcpErrorResponse('AUTH_NOT_CONFIGURED', AUTH_NOT_CONFIGURED_MESSAGE)
        : errorResponse('AUTH_NOT_CONFIGURED', AUTH_NOT_CONFIGURED_MESSAGE);
    // A stored image is public: Slack's fetcher sends no token, and its key is the capability. It is
    // served from the edge cache, so no limit counts it.
    if (isPublicImage(c.req.method, c.req.path)) return next();
    const result = await authenticate(c.req.raw, settings.auth, {
      path: c.req.path,
      group: scopeGroupOf(c.req.path),
    });
    if ('response' in result) return result.response;
    c.set('caller', result.caller);
    const meter = c.get('meter');
    meter.signIn(result.by, rateKeyOf(result, c.req.raw), limitsOf(c.env));
    const refusal = await meter.countGeneral();
    if (refusal) return mcp ? mcpRefused(c.req.raw, refusal) : rateLimitedResponse(refusal);
    return next();
  });

  // An agent session's first requests warm the image engine after they are answered (warm-up.ts).
  router.use('*', async (c, next) => {
    const mcp = c.req.method === 'POST' && c.req.path === '/mcp';
    if (!mcp && !announcesSession(c.req.method, c.req.path)) return next();
    const warmUp = getConfig(c.env).warmUp;
    if (!warmUp || warmUp.started || !warmUpEnabled(c.env?.ISOMER_WARM_UP)) return next();
    const copy = mcp ? c.req.raw.clone() : undefined;
    await next();
    if (c.res.status >= 400) return;
    const announced = copy ? mcpAnnouncesSession(copy) : Promise.resolve(true);
    // After a timer, so the answer leaves first: a microtask would run the warm-up ahead of it.
    const later = () => new Promise((resolve) => setTimeout(resolve, 0)).then(() => warmUp.start());
    waitUntil(
      c,
      announced.then((yes) => (yes ? later() : undefined)).catch(() => undefined),
    );
  });

  // The route groups, each its routes and their handlers (routes/).
  router.route('/', metaRoutes(getConfig));
  router.route('/', signInRoutes(getSettings));
  router.route('/', toolRoutes(getConfig));
  router.route('/', renderRoutes(getConfig));
  router.route('/', imageRoutes(getConfig));
  router.route('/', mcpRoutes(getConfig));

  return {
    fetch: async (request, env, ctx) => {
      const meter = new RequestMeter(newRequestId());
      meters.set(request, meter);
      let response: Response;
      try {
        bindFontAssets(env);
        response = await router.fetch(request, env, ctx as Parameters<typeof router.fetch>[2]);
      } catch (error) {
        logException(meter.requestId, error);
        response = internalError();
      }
      const finished = await finishResponse(response, meter);
      await logRequest(request, meter, { status: finished.response.status, ...finished }, env);
      return finished.response;
    },
    scheduled: (controller, env) => expireImages(env, controller.scheduledTime),
  };
}
