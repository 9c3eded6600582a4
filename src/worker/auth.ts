import * as z from 'zod';
import { boundText, errorResponse } from './errors.ts';

/** Who is calling, and the context their views receive as `hostContext`. */
export interface WorkerCaller {
  caller: string;
  context: Readonly<Record<string, unknown>>;
}

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

export type AuthSettings =
  | { mode: 'open' }
  | { mode: 'tokens'; entries: readonly { digest: Uint8Array; caller: WorkerCaller }[] }
  | { mode: 'misconfigured'; reason: string };

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Parses the `ISOMER_TOKENS` secret. Absent or blank means open; anything else that is not a valid
 * token map is `misconfigured`, which refuses every request rather than falling open.
 */
export async function parseAuthSettings(raw: string | undefined): Promise<AuthSettings> {
  if (raw === undefined || raw.trim() === '') return { mode: 'open' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { mode: 'misconfigured', reason: 'ISOMER_TOKENS is not valid JSON' };
  }
  const parsed = tokensSecretSchema.safeParse(json);
  if (!parsed.success) {
    // Never print the secret's values: only where the problem is.
    const where = parsed.error.issues[0]?.path.length ? 'an entry' : 'the top level';
    return {
      mode: 'misconfigured',
      reason:
        `ISOMER_TOKENS must map tokens (${MIN_TOKEN_LENGTH}+ token ` +
        `characters) to { caller, context? }; ${where} does not`,
    };
  }
  const tokens = Object.entries(parsed.data);
  if (tokens.length === 0) return { mode: 'misconfigured', reason: 'ISOMER_TOKENS holds no tokens' };
  const contexts = new Map<string, string>();
  for (const [, entry] of tokens) {
    const context = JSON.stringify(entry.context ?? {});
    const seen = contexts.get(entry.caller);
    // Tools are cached per caller, so one caller must mean one context.
    if (seen !== undefined && seen !== context)
      return {
        mode: 'misconfigured',
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
  return { mode: 'tokens', entries };
}

/** Equal-length comparison whose time does not depend on where the inputs differ. */
function digestsEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ (b[i] ?? 0);
  return difference === 0;
}

const CHALLENGE = 'Bearer realm="isomer-edge"';

function unauthorized(message: string, invalidToken: boolean): Response {
  return errorResponse(
    'UNAUTHORIZED',
    message,
    {},
    { 'www-authenticate': invalidToken ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE },
  );
}

/**
 * The caller a request authenticates as, or the 401/500 to answer. Every configured token is
 * compared (SHA-256 digests, constant time), so timing says nothing about which one was close.
 */
export async function authenticate(
  request: Request,
  settings: AuthSettings,
): Promise<{ caller: WorkerCaller } | { response: Response }> {
  if (settings.mode === 'open') return { caller: ANONYMOUS_CALLER };
  if (settings.mode === 'misconfigured')
    return {
      response: errorResponse(
        'AUTH_MISCONFIGURED',
        'The Worker’s ISOMER_TOKENS secret is invalid; see the Worker log.',
      ),
    };
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return { response: unauthorized('Send Authorization: Bearer <token>.', false) };
  const token = match[1]!;
  // One character past the longest token is enough to never match, and bounds the hashing.
  const digest = await sha256(token.slice(0, MAX_TOKEN_LENGTH + 1));
  let found: WorkerCaller | undefined;
  for (const entry of settings.entries) {
    if (digestsEqual(entry.digest, digest)) found = entry.caller;
  }
  return found ? { caller: found } : { response: unauthorized('The bearer token is not valid.', true) };
}
