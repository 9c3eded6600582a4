/**
 * The loopback test issuer (`test/e2e/test-issuer.ts`, started by the workerd project's global setup)
 * from inside workerd: fresh issuers on it, keys to publish, and tokens signed as an issuer signs them.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { expect, inject } from 'vitest';
import type { WorkerEnv } from '../../src/worker/index.ts';
import { BASE } from './support.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testIssuer: string;
  }
}

export const ISSUER_SERVER = inject('testIssuer');
/** The default audience: the test Worker's own `/mcp` URL. */
export const AUDIENCE = `${BASE}/mcp`;

export interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function signingKey(kid: string, alg = 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

let issuers = 0;
/** A fresh issuer on the test server, publishing `keys`. */
export async function newIssuer(keys: SigningKey[], mode = 'up') {
  const name = `t${Date.now().toString(36)}${issuers++}`;
  const issuer = `${ISSUER_SERVER}/i/${name}`;
  const control = async (update: { mode?: string; keys?: SigningKey[] }) => {
    const response = await fetch(`${ISSUER_SERVER}/control/${name}`, {
      method: 'PUT',
      body: JSON.stringify({
        ...(update.mode ? { mode: update.mode } : {}),
        ...(update.keys ? { jwks: { keys: update.keys.map((key) => key.publicJwk) } } : {}),
      }),
    });
    expect(response.status).toBe(204);
  };
  await control({ mode, keys });
  return {
    issuer,
    env: { ISOMER_OAUTH_ISSUER: issuer } as WorkerEnv,
    control,
    fetches: async () =>
      (await (await fetch(`${ISSUER_SERVER}/control/${name}`)).json()) as {
        metadataFetches: number;
        jwksFetches: number;
      },
  };
}

export const now = () => Math.floor(Date.now() / 1000);

/** A token as an issuer signs it; `claims` override (undefined removes) the defaults. */
export async function accessToken(
  key: SigningKey,
  issuer: string,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  const payload: JWTPayload = {
    iss: issuer,
    aud: AUDIENCE,
    sub: 'user-ada',
    client_id: 'claude-connector',
    scope: 'mcp tools render',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    iat: now(),
    exp: now() + 300,
    ...claims,
  };
  return new SignJWT(JSON.parse(JSON.stringify(payload)))
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt', ...header } as never)
    .sign(key.privateKey);
}
