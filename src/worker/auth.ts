/**
 * Who a request is from: the `ISOMER_TOKENS` secret parsed into static tokens, and each request's
 * `Authorization: Bearer` token checked against them or, with OAuth on, as an access token. The
 * answer is a caller or the 401/403/500/503 to send; nothing here falls open on a bad setting, and
 * nothing configured is closed: only `ISOMER_AUTH = "none"` opens the Worker, on purpose.
 */
import * as z from 'zod';
import { boundText, errorResponse } from './errors.ts';
import {
  audienceFor,
  bearerChallenge,
  metadataUrlFor,
  parseOAuthSettings,
  requiredScopes,
  type OAuthEnv,
  type OAuthSettings,
  type ScopeGroup,
} from './oauth.ts';
import { IssuerUnavailableError } from './oauth-issuer.ts';
import { checkAccessToken } from './oauth-token.ts';
import type { WorkerCaller } from './caller.ts';

/** The caller every request is when no tokens are configured. */
export const ANONYMOUS_CALLER: WorkerCaller = Object.freeze({ caller: 'anonymous', context: Object.freeze({}) });

/** RFC 6750 `b64token` characters, long enough that guessing is hopeless. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
export const MIN_TOKEN_LENGTH = 16;
const MAX_TOKEN_LENGTH = 512;

const tokenEntrySchema = z.strictObject({
  caller: z.string().min(1).max(200),
  context: z.record(z.string(), z.unknown()).optional(),
});

/** `ISOMER_TOKENS`: `{ "<token>": { "caller": "<name>", "context"?: { … } } }`. */
export const tokensSecretSchema = z.record(
  z.string().min(MIN_TOKEN_LENGTH).max(MAX_TOKEN_LENGTH).regex(TOKEN_PATTERN),
  tokenEntrySchema,
);

type TokenEntry = { digest: Uint8Array; caller: WorkerCaller };

/**
 * How requests are checked: `closed` (no sign-in configured: every guarded route answers 503),
 * `open` (`ISOMER_AUTH = "none"`, on purpose), `guarded` by static tokens, OAuth access tokens or
 * both, or `misconfigured`, which refuses every request rather than falling open.
 */
export type AuthSettings =
  | { mode: 'closed' }
  | { mode: 'open' }
  | { mode: 'guarded'; tokens: readonly TokenEntry[]; oauth: OAuthSettings | undefined }
  | { mode: 'misconfigured'; reason: string };

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The value of `ISOMER_AUTH` that opens a Worker with no sign-in configured, on purpose. */
export const OPEN_ON_PURPOSE = 'none';

/** What a closed Worker answers on every guarded route (HTTP and MCP alike): how to configure it. */
export const AUTH_NOT_CONFIGURED_MESSAGE =
  'No sign-in is configured, so this Worker is closed. Set the ISOMER_TOKENS secret ' +
  '(wrangler secret put ISOMER_TOKENS) or ISOMER_OAUTH_ISSUER; or open it to anyone on purpose with ' +
  'ISOMER_AUTH = "none" in the deployment\'s variables. See docs/sign-in.md.';

/** The bindings auth reads besides the tokens secret. */
export interface AuthEnv extends OAuthEnv {
  /** `"none"` opens a Worker with no sign-in configured; unset, such a Worker answers 503. */
  ISOMER_AUTH?: string;
}

/**
 * Parses the `ISOMER_TOKENS` secret, the `ISOMER_OAUTH_*` variables and `ISOMER_AUTH`. None set
 * means closed; `ISOMER_AUTH = "none"` with none set means open; anything set that does not parse
 * (an `ISOMER_AUTH` other than `"none"` included) is `misconfigured`. Sign-in configured beside
 * `ISOMER_AUTH = "none"` stays guarded: the stronger setting wins (`ignoredOpen` says so, for the log).
 */
export async function parseAuthSettings(
  raw: string | undefined,
  env?: AuthEnv,
): Promise<AuthSettings & { ignoredOpen?: true }> {
  const oauth = parseOAuthSettings(env);
  if (oauth !== undefined && 'reason' in oauth) return { mode: 'misconfigured', reason: oauth.reason };
  const tokens = await parseTokens(raw);
  if ('reason' in tokens) return { mode: 'misconfigured', reason: tokens.reason };
  const switchValue = env?.ISOMER_AUTH?.trim() ?? '';
  if (switchValue !== '' && switchValue !== OPEN_ON_PURPOSE)
    return { mode: 'misconfigured', reason: `ISOMER_AUTH must be "${OPEN_ON_PURPOSE}" or unset` };
  const open = switchValue === OPEN_ON_PURPOSE;
  if (tokens.entries.length === 0 && oauth === undefined) return { mode: open ? 'open' : 'closed' };
  return { mode: 'guarded', tokens: tokens.entries, oauth, ...(open ? { ignoredOpen: true as const } : {}) };
}

/** `ISOMER_TOKENS`: absent or blank is no tokens; anything else must be a valid token map. */
async function parseTokens(raw: string | undefined): Promise<{ entries: TokenEntry[] } | { reason: string }> {
  if (raw === undefined || raw.trim() === '') return { entries: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { reason: 'ISOMER_TOKENS is not valid JSON' };
  }
  const parsed = tokensSecretSchema.safeParse(json);
  if (!parsed.success) {
    // Never print the secret's values: only where the problem is.
    const where = parsed.error.issues[0]?.path.length ? 'an entry' : 'the top level';
    return {
      reason:
        `ISOMER_TOKENS must map tokens (${MIN_TOKEN_LENGTH}+ token ` +
        `characters) to { caller, context? }; ${where} does not`,
    };
  }
  const tokens = Object.entries(parsed.data);
  if (tokens.length === 0) return { reason: 'ISOMER_TOKENS holds no tokens' };
  const contexts = new Map<string, string>();
  for (const [, entry] of tokens) {
    const context = JSON.stringify(entry.context ?? {});
    const seen = contexts.get(entry.caller);
    // Tools are cached per caller, so one caller must mean one context.
    if (seen !== undefined && seen !== context)
      return {
        reason: `ISOMER_TOKENS gives caller ${JSON.stringify(boundText(entry.caller, 64))} two different contexts`,
      };
    contexts.set(entry.caller, context);
  }
  const entries = await Promise.all(
    tokens.map(async ([token, entry]) => ({
      digest: await sha256(token),
      caller: Object.freeze({ caller: entry.caller, context: Object.freeze({ ...(entry.context ?? {}) }) }),
    })),
  );
  return { entries };
}

/** Equal-length comparison whose time does not depend on where the inputs differ. */
function digestsEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ (b[i] ?? 0);
  return difference === 0;
}

/** What a route is, for the challenge and the scopes it needs. */
export interface GuardedRoute {
  path: string;
  group: ScopeGroup | undefined;
}

function refuse(
  request: Request,
  oauth: OAuthSettings | undefined,
  route: GuardedRoute,
  message: string,
  error?: 'invalid_token' | 'insufficient_scope',
): Response {
  const scopes = oauth ? requiredScopes(oauth, route.group) : [];
  const challenge = bearerChallenge({
    ...(oauth ? { resourceMetadata: metadataUrlFor(request, route.path), scopes } : {}),
    ...(error ? { error } : {}),
    // The static-token challenge stays as it was: a description adds nothing a person reads.
    ...(oauth && error ? { description: message } : {}),
  });
  if (error === 'insufficient_scope')
    return errorResponse('INSUFFICIENT_SCOPE', message, { scopes }, { 'www-authenticate': challenge });
  return errorResponse('UNAUTHORIZED', message, {}, { 'www-authenticate': challenge });
}

/** How a caller was recognised: a static token, an OAuth access token, or none (an open Worker). */
export type SignedInBy = 'token' | 'oauth' | 'open';

/** A recognised caller and how. */
export interface Authenticated {
  caller: WorkerCaller;
  by: SignedInBy;
}

/**
 * The caller a request authenticates as, or the 401/403/500/503 to answer. A static token is
 * looked for first: every configured token is compared (SHA-256 digests, constant time), so timing
 * says nothing about which one was close. Otherwise, with OAuth on, the token is checked as an
 * access token from the issuer. Only the `Authorization` header is read, never the query string.
 */
export async function authenticate(
  request: Request,
  settings: AuthSettings,
  route: GuardedRoute,
): Promise<Authenticated | { response: Response }> {
  if (settings.mode === 'open') return { caller: ANONYMOUS_CALLER, by: 'open' };
  if (settings.mode === 'closed')
    return { response: errorResponse('AUTH_NOT_CONFIGURED', AUTH_NOT_CONFIGURED_MESSAGE) };
  if (settings.mode === 'misconfigured')
    return {
      response: errorResponse(
        'AUTH_MISCONFIGURED',
        'The Worker’s auth settings (ISOMER_TOKENS or ISOMER_OAUTH_*) are invalid; see the Worker log.',
      ),
    };
  const { oauth } = settings;
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) {
    const inQuery = new URL(request.url).searchParams.has('access_token');
    const message = inQuery
      ? 'Send the token as Authorization: Bearer <token>; a token in the query string is never read.'
      : 'Send Authorization: Bearer <token>.';
    // No bearer token was read, so no error code (RFC 6750 §3.1): a plain challenge.
    return { response: refuse(request, oauth, route, message) };
  }
  const token = match[1]!;
  if (settings.tokens.length > 0) {
    // One character past the longest token is enough to never match, and bounds the hashing.
    const digest = await sha256(token.slice(0, MAX_TOKEN_LENGTH + 1));
    let found: WorkerCaller | undefined;
    for (const entry of settings.tokens) {
      if (digestsEqual(entry.digest, digest)) found = entry.caller;
    }
    // Static tokens are for server-to-server callers: every route, no scopes.
    if (found) return { caller: found, by: 'token' };
  }
  if (!oauth) return { response: refuse(request, oauth, route, 'The bearer token is not valid.', 'invalid_token') };
  let check: Awaited<ReturnType<typeof checkAccessToken>>;
  try {
    check = await checkAccessToken(token, oauth, audienceFor(oauth, request));
  } catch (error) {
    if (!(error instanceof IssuerUnavailableError)) throw error;
    // The message names URLs and statuses, never the token.
    console.error(`isomer-edge oauth: cannot check tokens: ${boundText(error.message, 600)}`);
    return {
      response: errorResponse(
        'OAUTH_UNAVAILABLE',
        'The identity provider could not be reached to check the token; try again shortly.',
      ),
    };
  }
  if (!check.ok) return { response: refuse(request, oauth, route, check.message, 'invalid_token') };
  const needed = requiredScopes(oauth, route.group);
  const missing = needed.filter((scope) => !check.scopes.includes(scope));
  if (missing.length > 0)
    return {
      response: refuse(
        request,
        oauth,
        route,
        `The token lacks the scope ${missing.join(' ')} this route needs.`,
        'insufficient_scope',
      ),
    };
  return { caller: check.caller, by: 'oauth' };
}
