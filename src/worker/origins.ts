/**
 * Which browser origins may call the Worker and which may read its answers: `ISOMER_ALLOWED_ORIGINS`
 * and `ISOMER_CORS_ORIGINS` parsed, the origin check applied to every route (the MCP transport's
 * DNS-rebinding rule), and the CORS middleware that grants the listed origins.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { errorResponse, REQUEST_ID_HEADER } from './errors.ts';

/** A list of origins from a comma-separated variable; `*` means any origin. */
export interface OriginList {
  any: boolean;
  origins: ReadonlySet<string>;
  /** Entries that are not an `http(s)://host[:port]` origin, reported once in the log. */
  ignored: readonly string[];
}

export interface OriginSettings {
  /** `ISOMER_ALLOWED_ORIGINS`; `undefined` selects the local default (localhost-class origins only). */
  allowed: OriginList | undefined;
  /** `ISOMER_CORS_ORIGINS`: browsers on these origins may read responses (each is also allowed). */
  cors: OriginList;
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export function parseOriginList(raw: string | undefined): OriginList {
  const origins = new Set<string>();
  const ignored: string[] = [];
  let any = false;
  for (const part of (raw ?? '').split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    if (entry === '*') {
      any = true;
      continue;
    }
    const origin = bareOrigin(entry);
    if (origin !== undefined) origins.add(origin);
    else ignored.push(entry.slice(0, 100));
  }
  return { any, origins, ignored };
}

export function parseOriginSettings(allowed: string | undefined, cors: string | undefined): OriginSettings {
  return {
    allowed: allowed === undefined || allowed.trim() === '' ? undefined : parseOriginList(allowed),
    cors: parseOriginList(cors),
  };
}

/** The serialized origin of an `http(s)` URL, or `undefined` (the opaque `null` origin included). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** An entry that is exactly an origin (no path, query or credentials), normalized. */
function bareOrigin(entry: string): string | undefined {
  const origin = originOf(entry);
  if (origin === undefined) return undefined;
  const url = new URL(entry);
  return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
    ? origin
    : undefined;
}

function listed(list: OriginList, origin: string): boolean {
  return list.any || list.origins.has(origin);
}

/**
 * Whether a request may proceed: no `Origin` (servers, CLIs, Slack) always may; a browser origin
 * must be the Worker's own over HTTPS (its pages, such as the playground), or allowed, or
 * CORS-listed; with no allow-list only localhost-class origins pass. This is the MCP transport's
 * DNS-rebinding rule, applied to every route.
 */
export function originAllowed(header: string | undefined, requestUrl: string, settings: OriginSettings): boolean {
  if (header === undefined || header === '') return true;
  const origin = originOf(header);
  if (origin === undefined) return false;
  if (sameOriginOverHttps(origin, requestUrl)) return true;
  if (listed(settings.cors, origin)) return true;
  if (settings.allowed !== undefined) return listed(settings.allowed, origin);
  return LOCAL_HOSTNAMES.has(new URL(origin).hostname);
}

/**
 * A page of the Worker's own calling it. Only over HTTPS: a rebound name (the DNS-rebinding attack)
 * makes a plain-HTTP origin equal the request's own, but has no certificate, and a deployed
 * Worker's host is only ever a name routed to it. Local pages are localhost-class, allowed anyway.
 */
function sameOriginOverHttps(origin: string, requestUrl: string): boolean {
  return origin.startsWith('https://') && origin === originOf(requestUrl);
}

export function forbiddenOrigin(): Response {
  return errorResponse(
    'FORBIDDEN_ORIGIN',
    'Requests from this Origin are not allowed; list it in ISOMER_ALLOWED_ORIGINS or ISOMER_CORS_ORIGINS.',
  );
}

/** The origin to name in `Access-Control-Allow-Origin`, when the request's origin is CORS-listed. */
function corsOrigin(header: string, settings: OriginSettings): string | undefined {
  const origin = originOf(header);
  return origin !== undefined && listed(settings.cors, origin) ? origin : undefined;
}

/** Request headers a browser client may send: auth, JSON, and the MCP transport's own. */
const ALLOWED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'last-event-id'];
/** The MCP transport's headers (`mcp-protocol-version`, `mcp-method`, `mcp-param-*`, …), granted as requested. */
const MCP_HEADER = /^mcp-[a-z0-9-]{1,64}$/i;
const EXPOSED_HEADERS = [
  'mcp-session-id',
  'mcp-protocol-version',
  'www-authenticate',
  'allow',
  REQUEST_ID_HEADER,
  'retry-after',
  'server-timing',
];
const CORS_METHODS = ['GET', 'POST', 'OPTIONS'];

/**
 * Hono's CORS middleware for one browser request, our policy choosing the origin: a CORS-listed
 * origin gets the grant (preflights answered without a token; every answer, errors included,
 * readable), any other allowed origin a preflight that grants nothing. Made per request because
 * `hono/cors` takes a fixed header list or echoes every requested one, and the `mcp-*` headers
 * granted are the requested ones that fit the pattern.
 */
export function corsMiddleware(settings: OriginSettings, requestedHeaders: string | undefined): MiddlewareHandler {
  const mcpHeaders = (requestedHeaders ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => MCP_HEADER.test(name));
  return cors({
    origin: (origin) => corsOrigin(origin, settings) ?? null,
    allowMethods: (origin) => (corsOrigin(origin, settings) === undefined ? [] : CORS_METHODS),
    allowHeaders: [...ALLOWED_REQUEST_HEADERS, ...new Set(mcpHeaders)],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
