import { BASE_HEADERS, errorResponse } from './errors.ts';

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
 * must be allowed or CORS-listed, and with no allow-list only localhost-class origins pass. This is
 * the MCP transport's DNS-rebinding rule, applied to every route.
 */
export function originAllowed(header: string | null, settings: OriginSettings): boolean {
  if (header === null || header === '') return true;
  const origin = originOf(header);
  if (origin === undefined) return false;
  if (listed(settings.cors, origin)) return true;
  if (settings.allowed !== undefined) return listed(settings.allowed, origin);
  return LOCAL_HOSTNAMES.has(new URL(origin).hostname);
}

export function forbiddenOrigin(): Response {
  return errorResponse(
    'FORBIDDEN_ORIGIN',
    'Requests from this Origin are not allowed; list it in ISOMER_ALLOWED_ORIGINS or ISOMER_CORS_ORIGINS.',
  );
}

/** The origin to name in `Access-Control-Allow-Origin`, when the request's origin is CORS-listed. */
export function corsOrigin(header: string | null, settings: OriginSettings): string | undefined {
  if (header === null) return undefined;
  const origin = originOf(header);
  return origin !== undefined && listed(settings.cors, origin) ? origin : undefined;
}

/** Request headers a browser client may send: auth, JSON, and the MCP transport's own. */
const ALLOWED_REQUEST_HEADER = /^(authorization|content-type|accept|last-event-id|mcp-[a-z0-9-]{1,64})$/i;
const EXPOSED_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate, allow';

/** Adds the CORS response headers for a CORS-listed origin. */
export function withCors(response: Response, origin: string): Response {
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', EXPOSED_HEADERS);
  headers.append('vary', 'Origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Answers a CORS preflight: 204 with the grant for a listed origin, 204 without one otherwise. */
export function preflight(request: Request, settings: OriginSettings): Response {
  const origin = corsOrigin(request.headers.get('origin'), settings);
  const headers: Record<string, string> = { ...BASE_HEADERS, vary: 'Origin' };
  if (origin !== undefined) {
    const requested = (request.headers.get('access-control-request-headers') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => ALLOWED_REQUEST_HEADER.test(name));
    headers['access-control-allow-origin'] = origin;
    headers['access-control-allow-methods'] = 'GET, POST, OPTIONS';
    if (requested.length > 0) headers['access-control-allow-headers'] = requested.join(', ');
    headers['access-control-max-age'] = '600';
  }
  return new Response(null, { status: 204, headers });
}

export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}
