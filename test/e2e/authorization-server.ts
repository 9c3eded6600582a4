/**
 * A real OpenID provider (`oidc-provider`) on loopback for the sign-in checks: dynamic client
 * registration, authorization code with PKCE (S256), resource indicators (RFC 8707) issuing JWT
 * access tokens for the resource asked for, and client credentials for a probe client. Its
 * interaction step signs in one person and grants what was asked, with no page, so a test can
 * drive the whole flow; everything else is the library's own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** The person every authorization signs in as, and the claims their access tokens carry. */
export const PERSON = { accountId: 'ada', email: 'ada@example.com', name: 'Ada Lovelace' };
/** A confidential client for `client_credentials` (the token-passthrough probe). */
export const PROBE_CLIENT = { id: 'passthrough-probe', secret: 'probe-secret-0123456789abcdef' };
/** What the resource servers offer; tokens carry what was asked for, of these. */
export const RESOURCE_SCOPES = 'isomer:mcp isomer:render';

export interface AuthorizationServer {
  issuer: string;
  /** Requests the provider answered, by path (`/reg`, `/auth`, `/token`, `/jwks`, …). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export async function startAuthorizationServer(port: number): Promise<AuthorizationServer> {
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'e2e-es256', alg: 'ES256', use: 'sig' }] },
    cookies: { keys: ['isomer-e2e-cookie-key-0123456789'] },
    // The one signing key is an EC key, so ID tokens are ES256 too.
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    // Clients may register (and ask for) the resource servers' scopes.
    scopes: ['openid', 'offline_access', ...RESOURCE_SCOPES.split(' ')],
    clients: [
      {
        client_id: PROBE_CLIENT.id,
        client_secret: PROBE_CLIENT.secret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
      },
    ],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, resourceIndicator: string) => ({
          scope: RESOURCE_SCOPES,
          audience: resourceIndicator,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt' as const,
          jwt: { sign: { alg: 'ES256' as const } },
        }),
      },
    },
    pkce: { required: () => true },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: PERSON.email, name: PERSON.name }),
    }),
    // Identity claims in the access token, as an IdP's token rule (an Auth0 Action, an Okta claim) adds them.
    extraTokenClaims: (_ctx: KoaContextWithOIDC, token: { kind: string; accountId?: string }) =>
      token.kind === 'AccessToken' && token.accountId === PERSON.accountId
        ? { email: PERSON.email, name: PERSON.name }
        : undefined,
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  });

  /** The person signs in, then grants exactly what the client asked for. */
  async function interact(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(request, response, { login: { accountId: PERSON.accountId } });
      return;
    }
    const grant = new provider.Grant({ accountId: PERSON.accountId, clientId: String(details.params.client_id) });
    const asked = details.prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (asked.missingOIDCScope) grant.addOIDCScope(asked.missingOIDCScope.join(' '));
    for (const [indicator, scopes] of Object.entries(asked.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } });
  }

  const requests = new Map<string, number>();
  const handle = provider.callback();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path.startsWith('/interaction/'))
      return void interact(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    return void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  if (bound !== port) throw new Error(`the authorization server bound ${bound}, not ${port}`);
  return {
    issuer,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
