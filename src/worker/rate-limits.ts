/**
 * Fair shares per caller, over Cloudflare's Workers Rate Limiting binding: the two classes (every
 * request counts against `general`; what draws or lays a slide out also counts against `drawing`),
 * the bindings that count them, the limits the answers name, the key a caller is counted under (the
 * static token's caller, the OAuth subject and client, or the client address of an open Worker),
 * and the `429` the HTTP routes and the MCP endpoint answer when a caller is over. A Worker without
 * the bindings (a library user's own `createWorker`) counts nothing.
 */
import type { Authenticated } from './auth.ts';
import { errorResponse, jsonResponse, mcpErrorResponse } from './errors.ts';

/** The classes a request is counted in. */
export const RATE_CLASSES = ['drawing', 'general'] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

/** The Workers Rate Limiting binding's interface (workerd's `RateLimit`), declared for the library's types. */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The `[[ratelimits]]` binding that counts each class. */
export const RATE_LIMIT_BINDINGS: Readonly<Record<RateClass, 'ISOMER_DRAWING_LIMITER' | 'ISOMER_GENERAL_LIMITER'>> = {
  drawing: 'ISOMER_DRAWING_LIMITER',
  general: 'ISOMER_GENERAL_LIMITER',
};

/** The bindings the limits read. */
export interface RateLimitEnv {
  /** `[[ratelimits]]`: draws (images, pictures, the layout check) per caller. Absent: not counted. */
  ISOMER_DRAWING_LIMITER?: RateLimitBinding;
  /** `[[ratelimits]]`: every guarded request per caller. Absent: not counted. */
  ISOMER_GENERAL_LIMITER?: RateLimitBinding;
  /**
   * What the bindings allow, for the answers to name: `"drawing=60/60 general=600/60"` (requests per
   * seconds). Unset: the defaults `wrangler.toml` declares. `"off"`: no limits even with the bindings.
   */
  ISOMER_RATE_LIMITS?: string;
}

/** A limit: so many requests per period (10 or 60 seconds, the binding's two periods). */
export interface RateLimit {
  limit: number;
  period: 10 | 60;
}

/**
 * The defaults, fit for a small team (a Slack bot is one caller for everyone in it): a slide drawn
 * or laid out once a second, ten requests a second. `wrangler.toml` declares the same
 * (`test/worker/rate-limits.test.ts` holds them together).
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateClass, RateLimit>> = {
  drawing: { limit: 60, period: 60 },
  general: { limit: 600, period: 60 },
};

/** Counting for one deployment: the binding and its limit per class, or nothing. */
export type RateLimits = Partial<Record<RateClass, { binding: RateLimitBinding; limit: RateLimit }>>;

/**
 * The limits a deployment counts with: each class whose binding is bound, with the limit
 * `ISOMER_RATE_LIMITS` states (else the default). A statement that does not parse is logged and the
 * defaults are named; `"off"` counts nothing.
 */
export function parseRateLimits(env: RateLimitEnv | undefined): { limits: RateLimits; problem?: string } {
  const stated = env?.ISOMER_RATE_LIMITS?.trim() ?? '';
  if (stated.toLowerCase() === 'off') return { limits: {} };
  const named: Record<RateClass, RateLimit> = { ...DEFAULT_RATE_LIMITS };
  let problem: string | undefined;
  for (const entry of stated.split(/[\s,]+/)) {
    if (entry === '') continue;
    const match = /^(drawing|general)=(\d{1,7})\/(10|60)s?$/.exec(entry);
    if (!match) {
      problem = 'ISOMER_RATE_LIMITS must read like "drawing=60/60 general=600/60" (requests per 10 or 60 seconds)';
      break;
    }
    named[match[1] as RateClass] = { limit: Number(match[2]), period: Number(match[3]) as 10 | 60 };
  }
  const source = problem ? DEFAULT_RATE_LIMITS : named;
  const limits: RateLimits = {};
  for (const rateClass of RATE_CLASSES) {
    const binding = env?.[RATE_LIMIT_BINDINGS[rateClass]];
    if (binding && typeof binding.limit === 'function') limits[rateClass] = { binding, limit: source[rateClass] };
  }
  return problem ? { limits, problem } : { limits };
}

/** The longest address text read from `CF-Connecting-IP`; anything longer is no address. */
const MAX_ADDRESS_LENGTH = 45;

/** An IPv4 address as written, or `undefined`. */
function ipv4(text: string): string | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match || match.slice(1).some((octet) => Number(octet) > 255)) return undefined;
  return match.slice(1).map(Number).join('.');
}

/**
 * An IPv6 address's first 64 bits (one client's network: a host picks any address in its /64), or
 * `undefined` when the text is no IPv6 address.
 */
function ipv6Network(text: string): string | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return undefined;
  let body = text.toLowerCase();
  const tail: string[] = [];
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    // An embedded IPv4 address (`::ffff:192.0.2.1`) is the last two groups.
    const v4 = ipv4(body.slice(lastColon + 1));
    if (!v4) return undefined;
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    tail.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    body = body.slice(0, lastColon + 1);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  let groups: string[];
  if (halves.length === 1) groups = [...split(halves[0]!), ...tail];
  else if (halves.length === 2) {
    const left = split(halves[0]!);
    const right = [...split(halves[1]!), ...tail];
    const missing = 8 - left.length - right.length;
    if (missing < 1) return undefined;
    groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  } else return undefined;
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The address an open Worker counts a caller under: `CF-Connecting-IP` (which Cloudflare sets and a
 * client cannot), an IPv6 client by its /64. Missing or malformed: one shared `unknown` key, so a
 * hostile header can never mint keys of its own.
 */
export function clientAddress(request: Request): string {
  const raw = request.headers.get('cf-connecting-ip')?.trim() ?? '';
  if (raw === '' || raw.length > MAX_ADDRESS_LENGTH) return 'unknown';
  return ipv4(raw) ?? ipv6Network(raw) ?? 'unknown';
}

/** The key a caller is counted (and logged, hashed) under. */
export function rateKeyOf(signedIn: Authenticated, request: Request): string {
  if (signedIn.by === 'token') return `token:${signedIn.caller.caller}`;
  if (signedIn.by === 'oauth') {
    const { issuer, subject, clientId } = signedIn.caller.context as Record<string, unknown>;
    return `oauth:${JSON.stringify([issuer ?? '', subject ?? signedIn.caller.caller, clientId ?? ''])}`;
  }
  return `address:${clientAddress(request)}`;
}

/** A caller over a class's limit. */
export interface RateRefusal {
  rateClass: RateClass;
  limit: RateLimit;
}

/** Seconds until a refused caller may try again: at most one period of the binding's window. */
export const retryAfterOf = (refusal: RateRefusal): number => refusal.limit.period;

/**
 * Counts one request of `rateClass` under `key`: a refusal when the caller is over, `undefined` when
 * it is not or the class is not counted. A binding that fails lets the request through (logged): the
 * limits protect the deployment's budget, and an outage of the counter is not the caller's fault.
 */
export async function countRequest(
  limits: RateLimits,
  rateClass: RateClass,
  key: string,
): Promise<RateRefusal | undefined> {
  const counted = limits[rateClass];
  if (!counted) return undefined;
  try {
    const { success } = await counted.binding.limit({ key });
    return success ? undefined : { rateClass, limit: counted.limit };
  } catch (error) {
    console.error(`isomer-edge rate limits: the ${rateClass} limiter failed: ${String(error).slice(0, 200)}`);
    return undefined;
  }
}

/** What a refusal says, the same on HTTP and MCP: the class, its limit, when to try again. */
export function rateLimitMessage(refusal: RateRefusal): string {
  const { rateClass, limit } = refusal;
  const what = rateClass === 'drawing' ? 'drawing (images, stored pictures and the layout check)' : 'requests';
  return (
    `Rate limited: this caller is over its ${rateClass} limit of ${limit.limit} ${what} per ${limit.period} s. ` +
    `Try again in ${retryAfterOf(refusal)} s.`
  );
}

/** The details every refusal carries beside its message. */
function refusalDetails(refusal: RateRefusal): Record<string, unknown> {
  return {
    class: refusal.rateClass,
    limit: refusal.limit.limit,
    period: refusal.limit.period,
    retryAfter: retryAfterOf(refusal),
  };
}

/** The HTTP routes' answer: `429` with `Retry-After` and `{ error: { code: "RATE_LIMITED", class, limit, period, retryAfter } }`. */
export function rateLimitedResponse(refusal: RateRefusal): Response {
  return errorResponse('RATE_LIMITED', rateLimitMessage(refusal), refusalDetails(refusal), {
    'retry-after': String(retryAfterOf(refusal)),
  });
}

/**
 * The MCP endpoint's answer to a tool call over a limit: a tool result with `isError`, which the
 * official client returns as a failed call and a model reads (a transport error may never reach it).
 */
export function rateLimitedToolResult(refusal: RateRefusal): {
  content: { type: 'text'; text: string }[];
  isError: true;
} {
  return { content: [{ type: 'text', text: rateLimitMessage(refusal) }], isError: true };
}

/**
 * The MCP endpoint's answer to a request over a limit: a tool call (`id` given) gets its failed
 * result (HTTP 200, as any tool result); any other request `429` with `Retry-After` and a JSON-RPC
 * error whose `data` carries the Worker's code and the limit.
 */
export function mcpRateLimited(refusal: RateRefusal, toolCallId: string | number | undefined): Response {
  // `resultType` as the 2026-07-28 revision requires of a result; earlier clients ignore it.
  if (toolCallId !== undefined)
    return jsonResponse({
      jsonrpc: '2.0',
      id: toolCallId,
      result: { ...rateLimitedToolResult(refusal), resultType: 'complete' },
    });
  return mcpErrorResponse('RATE_LIMITED', rateLimitMessage(refusal), refusalDetails(refusal), {
    'retry-after': String(retryAfterOf(refusal)),
  });
}
