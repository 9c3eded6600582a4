/**
 * The authorization server's signing keys: its metadata (RFC 8414, or OpenID discovery) names the
 * JWKS, which `jose` fetches and caches. Both are kept for the isolate's life; a failure is not kept,
 * so the next request tries again.
 */
import { createRemoteJWKSet, errors, type FlattenedJWSInput, type JWSHeaderParameters } from 'jose';
import { boundText } from './errors.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL is on this machine, where plain HTTP is allowed for development and tests. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

/** The issuer could not be asked (unreachable, an error status, a document that does not fit). */
export class IssuerUnavailableError extends Error {
  override readonly name = 'IssuerUnavailableError';
}

/** A key resolver for `jwtVerify`. */
export interface IssuerKeys {
  resolve(header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey>;
}

/** How long one metadata or JWKS request may take. */
const FETCH_TIMEOUT_MS = 5000;
/** Metadata is re-read after an hour, so a moved `jwks_uri` is picked up. */
const METADATA_MAX_AGE_MS = 60 * 60_000;
/** A key set is re-read after ten minutes, or on an unknown `kid` once the last read is this old. */
const JWKS_COOLDOWN_MS = 30_000;
const JWKS_MAX_AGE_MS = 10 * 60_000;
/** Larger than any real metadata document; bounds what an issuer can make the Worker read. */
const MAX_METADATA_BYTES = 256 * 1024;

/**
 * Where the metadata may be: RFC 8414's path-inserted URL first, then OpenID discovery's appended
 * one, then the path-inserted OpenID form (the three the MCP authorization spec lists).
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const urls = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
  if (path !== '') urls.push(`${url.origin}/.well-known/openid-configuration${path}`);
  return urls;
}

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_METADATA_BYTES) throw new IssuerUnavailableError('the metadata document is too large');
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_METADATA_BYTES) {
      await reader.cancel();
      throw new IssuerUnavailableError('the metadata document is too large');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The issuer's `jwks_uri`, from the first metadata document that answers and fits. */
async function discoverJwksUri(issuer: string): Promise<URL> {
  const failures: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      failures.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    let metadata: unknown;
    try {
      metadata = JSON.parse(await readBounded(response));
    } catch (error) {
      throw new IssuerUnavailableError(
        `${url} is not a JSON metadata document${error instanceof IssuerUnavailableError ? ` (${error.message})` : ''}`,
      );
    }
    const { issuer: named, jwks_uri: jwksUri } = (metadata ?? {}) as { issuer?: unknown; jwks_uri?: unknown };
    // RFC 8414 §3.3: the document must name the issuer it was fetched for, exactly.
    if (named !== issuer)
      throw new IssuerUnavailableError(`${url} names the issuer ${JSON.stringify(boundText(String(named), 100))}`);
    let jwks: URL;
    try {
      jwks = new URL(String(jwksUri));
    } catch {
      throw new IssuerUnavailableError(`${url} has no usable jwks_uri`);
    }
    const local = isLoopback(new URL(issuer)) && jwks.protocol === 'http:' && isLoopback(jwks);
    if (jwks.protocol !== 'https:' && !local)
      throw new IssuerUnavailableError(`${url} names a jwks_uri that is not https`);
    return jwks;
  }
  throw new IssuerUnavailableError(`no metadata answered (${failures.join('; ')})`);
}

/**
 * The key resolver for one issuer. An unknown `kid` re-reads the key set once, at most every
 * `JWKS_COOLDOWN_MS` (jose's remote key set does this); anything but "no such key" from fetching
 * keys is the issuer's failure, never the token's.
 */
export function createIssuerKeys(issuer: string): IssuerKeys {
  // Values, never pending promises: workerd refuses to await one request's I/O in another.
  let discovered: { at: number; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;
  return {
    async resolve(header, token) {
      if (discovered === undefined || Date.now() - discovered.at > METADATA_MAX_AGE_MS) {
        const uri = await discoverJwksUri(issuer);
        discovered = {
          at: Date.now(),
          jwks: createRemoteJWKSet(uri, {
            timeoutDuration: FETCH_TIMEOUT_MS,
            cooldownDuration: JWKS_COOLDOWN_MS,
            cacheMaxAge: JWKS_MAX_AGE_MS,
          }),
        };
      }
      try {
        return (await discovered.jwks(header, token)) as CryptoKey;
      } catch (error) {
        if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
        throw new IssuerUnavailableError(
          `the key set could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
