/**
 * An access token checked as a JWT (RFC 9068's profile, as issuers send it) against the issuer's
 * keys, and the caller it names.
 */
import { decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { WorkerCaller } from './caller.ts';
import type { OAuthSettings } from './oauth.ts';

/** Asymmetric signatures only: never `none`, never an HMAC (whose "key" would be the public key). */
export const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
/** Seconds of clock difference allowed on `exp`, `nbf` and `iat`. */
export const CLOCK_TOLERANCE_S = 30;
/** Far above any issuer's access token (a few KB), far below the 128 KB of request headers. */
export const MAX_JWT_LENGTH = 8192;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
/** Identity claims passed to views as they are, when they are short strings. */
const IDENTITY_CLAIMS = ['name', 'email', 'preferred_username'] as const;
const MAX_CLAIM_LENGTH = 200;

export type TokenCheck = { ok: true; caller: WorkerCaller; scopes: readonly string[] } | { ok: false; message: string };

const shortString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_CLAIM_LENGTH;

/** `scope` (RFC 9068, space-separated) or `scp` (Entra ID, Okta: a list or a string). */
function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scope ?? payload.scp;
  const list = typeof raw === 'string' ? raw.split(' ') : Array.isArray(raw) ? raw : [];
  return list.filter((scope): scope is string => typeof scope === 'string' && scope !== '').slice(0, 100);
}

/**
 * The caller a verified token names: `caller` is `sub`; `context` carries `issuer`, `subject`,
 * `clientId` (`client_id` or `azp`), the granted `scopes`, and `name`, `email`,
 * `preferred_username` when the token has them.
 */
export function callerOf(payload: JWTPayload): WorkerCaller | undefined {
  if (!shortString(payload.sub) || !shortString(payload.iss)) return undefined;
  const clientId = payload.client_id ?? payload.azp;
  const context: Record<string, unknown> = {
    issuer: payload.iss,
    subject: payload.sub,
    ...(shortString(clientId) ? { clientId } : {}),
    scopes: scopesOf(payload),
  };
  for (const claim of IDENTITY_CLAIMS) if (shortString(payload[claim])) context[claim] = payload[claim];
  return Object.freeze({ caller: payload.sub, context: Object.freeze(context) });
}

/** What a refused token is told: which check failed, never the token. */
function refusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'The token is not valid yet.';
    if (error.claim === 'iss') return 'The token is from another issuer.';
    if (error.claim === 'aud') return 'The token is for another resource.';
    return `The token's ${error.claim} claim is missing or not valid.`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return 'The token is not signed with an allowed algorithm.';
  if (error instanceof errors.JWKSNoMatchingKey) return 'The token is not signed by a key of the issuer.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is not valid.';
  return 'The token is not a valid JWT.';
}

/**
 * Checks an access token: its shape, then (before any key is fetched) that it claims to be from the
 * issuer for this audience, then the signature with the issuer's key and `iss`, `aud`, `exp`, `nbf`.
 * A failure to reach the issuer throws `IssuerUnavailableError`; every other failure is a refusal.
 */
export async function checkAccessToken(token: string, settings: OAuthSettings, audience: string): Promise<TokenCheck> {
  if (token.length > MAX_JWT_LENGTH) return { ok: false, message: 'The token is too long.' };
  if (!JWT_SHAPE.test(token)) return { ok: false, message: 'The token is not a JWT.' };
  let claimed: JWTPayload;
  try {
    claimed = decodeJwt(token);
  } catch {
    return { ok: false, message: 'The token is not a valid JWT.' };
  }
  // Unverified, so only ever a reason to refuse: a token that cannot be for us costs the issuer nothing.
  if (claimed.iss !== settings.issuer) return { ok: false, message: 'The token is from another issuer.' };
  const audiences = Array.isArray(claimed.aud) ? claimed.aud : [claimed.aud];
  if (!audiences.includes(audience)) return { ok: false, message: 'The token is for another resource.' };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, settings.keys.resolve, {
      algorithms: ALGORITHMS,
      issuer: settings.issuer,
      audience,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    if (!(error instanceof errors.JOSEError)) throw error;
    return { ok: false, message: refusal(error) };
  }
  const caller = callerOf(payload);
  if (!caller) return { ok: false, message: 'The token names no usable subject.' };
  return { ok: true, caller, scopes: caller.context.scopes as string[] };
}
