/**
 * The request log: one structured line per request, written as an object so Workers Logs index its
 * fields (`[observability]` in `wrangler.toml`), and the request id every answer carries in a header
 * and every error in its body. A line holds what an operator asks about (route, tool, format,
 * status, error code, duration, bytes, layout findings, whether the client left, the limits counted)
 * and never what a caller sent: no composition text, no token, no address; the caller's rate key
 * only as a keyed hash. An unexpected exception gets a line of its own, with its stack, under the id.
 */
import { boundText, CLIENT_CLOSED_STATUS, REQUEST_ID_HEADER, signalOf } from './errors.ts';
import type { RequestMeter } from './request-meter.ts';

/** The `event` field of the two lines this module writes. */
export const LOG_EVENTS = { request: 'isomer.request', exception: 'isomer.exception' } as const;

/** The bindings the log reads. */
export interface RequestLogEnv {
  /**
   * Secret: the HMAC key callers are hashed with in the log, so hashes agree across isolates and
   * deployments. Unset: a random key per isolate (hashes then agree only within one isolate).
   */
  ISOMER_LOG_KEY?: string;
}

/** A new request id: 32 hex digits, random, so it says nothing about the request. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The route patterns a line names (never the raw path, which a caller writes). */
const ROUTES: readonly [RegExp, string][] = [
  [/^\/(healthz|openapi\.json|formats|tools|resources|prompts|mcp)$/, ''],
  [/^\/\.well-known\/oauth-protected-resource(\/mcp)?$/, ''],
  [/^\/tools\/[^/]+$/, '/tools/{name}'],
  [/^\/resources\/[^/]+$/, '/resources/{name}'],
  [/^\/prompts\/[^/]+$/, '/prompts/{name}'],
  [/^\/render\/[^/]+$/, '/render/{format}'],
  [/^\/images\/[^/]+$/, '/images/{file}'],
];

/** The route a path is, as the OpenAPI document names it, or `unmatched`. */
export function routeOf(path: string): string {
  for (const [pattern, name] of ROUTES) if (pattern.test(path)) return name === '' ? path : name;
  return 'unmatched';
}

let isolateKey: Promise<CryptoKey> | undefined;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string | undefined): Promise<CryptoKey> {
  const algorithm = { name: 'HMAC', hash: 'SHA-256' };
  if (!secret) {
    isolateKey ??= crypto.subtle.generateKey(algorithm, false, ['sign']) as Promise<CryptoKey>;
    return isolateKey;
  }
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), algorithm, false, ['sign']);
    if (keys.size > 4) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** The caller's rate key as the log shows it: 16 hex digits of its HMAC, never the key itself. */
export async function callerHash(key: string, secret: string | undefined): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(key)));
  return [...mac.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Worker's error code in a JSON error body: `error.code`, or a JSON-RPC error's `error.data.code`. */
function errorCodeOf(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const data = (error as { data?: { code?: unknown } }).data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** Puts the request id into an error body: beside `error.code`, or in a JSON-RPC error's `data`. */
function withRequestId(body: { error: Record<string, unknown> }, requestId: string): void {
  if (typeof body.error.code === 'string') body.error.requestId = requestId;
  else body.error.data = { ...(body.error.data as object | undefined), requestId };
}

const BODYLESS = new Set([101, 204, 205, 304]);

/**
 * The answer as sent: the request id in its header (and in an error's JSON body), `Server-Timing`
 * when the request went through a phase, and its size and error code read for the log line.
 */
export async function finishResponse(
  response: Response,
  meter: RequestMeter,
): Promise<{ response: Response; bytes: number; code: string | undefined }> {
  const headers = new Headers(response.headers);
  headers.set(REQUEST_ID_HEADER, meter.requestId);
  const timing = meter.serverTiming();
  if (timing) headers.set('server-timing', timing);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (response.body === null || BODYLESS.has(response.status))
    return { response: new Response(null, init), bytes: 0, code: meter.refusal ? 'RATE_LIMITED' : undefined };
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  // A stored image streams from R2 with its length known: it passes through untouched.
  if (Number.isFinite(length) && response.status < 400)
    return { response: new Response(response.body, init), bytes: length, code: undefined };
  let body: ArrayBuffer | string = await response.arrayBuffer();
  let code: string | undefined = meter.refusal ? 'RATE_LIMITED' : undefined;
  if (response.status >= 400 && /json/i.test(headers.get('content-type') ?? '')) {
    try {
      const parsed = JSON.parse(new TextDecoder().decode(body)) as { error?: unknown };
      code = errorCodeOf(parsed) ?? code;
      if (typeof parsed.error === 'object' && parsed.error !== null) {
        withRequestId(parsed as { error: Record<string, unknown> }, meter.requestId);
        body = JSON.stringify(parsed);
      }
    } catch {
      // Not JSON after all: sent as it is.
    }
  }
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.byteLength;
  headers.delete('content-length');
  return { response: new Response(body, init), bytes, code };
}

/** The log line's fields: what an operator queries by, nothing a caller wrote. */
export interface RequestLogLine {
  event: typeof LOG_EVENTS.request;
  requestId: string;
  method: string;
  route: string;
  tool?: string;
  format?: string;
  status: number;
  code?: string;
  durationMs: number;
  bytes: number;
  caller?: string;
  signedInBy?: string;
  limits?: string[];
  limitedBy?: string;
  findings: number;
  clientLeft: boolean;
}

/** Writes the request's line (the one `console.log` per request). */
export async function logRequest(
  request: Request,
  meter: RequestMeter,
  answer: { status: number; bytes: number; code: string | undefined },
  env: RequestLogEnv | undefined,
): Promise<RequestLogLine> {
  const path = new URL(request.url).pathname;
  const method = /^[A-Z]{1,10}$/.test(request.method) ? request.method : 'OTHER';
  const line: RequestLogLine = {
    event: LOG_EVENTS.request,
    requestId: meter.requestId,
    method,
    route: routeOf(path),
    ...(meter.tool ? { tool: meter.tool } : {}),
    ...(meter.format ? { format: meter.format } : {}),
    status: answer.status,
    ...(answer.code ? { code: answer.code } : {}),
    durationMs: Math.round((performance.now() - meter.started) * 10) / 10,
    bytes: answer.bytes,
    ...(meter.key !== undefined ? { caller: await callerHash(meter.key, env?.ISOMER_LOG_KEY) } : {}),
    ...(meter.by ? { signedInBy: meter.by } : {}),
    ...(meter.counted.size > 0 ? { limits: [...meter.counted] } : {}),
    ...(meter.refusal ? { limitedBy: meter.refusal.rateClass } : {}),
    findings: meter.findings,
    clientLeft: answer.status === CLIENT_CLOSED_STATUS || signalOf(request)?.aborted === true,
  };
  console.log(line);
  return line;
}

/**
 * An unexpected exception, logged under the request's id with its stack (the message bounded, as
 * it may quote what it failed on); the caller gets only the id.
 */
export function logException(requestId: string, error: unknown): void {
  const name = error instanceof Error ? error.name : typeof error;
  const message = boundText(error instanceof Error ? error.message : String(error));
  const stack =
    error instanceof Error && typeof error.stack === 'string'
      ? error.stack
          .split('\n')
          .filter((frame) => /^\s+at /.test(frame))
          .slice(0, 30)
          .join('\n')
      : undefined;
  console.error({ event: LOG_EVENTS.exception, requestId, error: `${name}: ${message}`, ...(stack ? { stack } : {}) });
}
