/**
 * Sign-in end to end: the official MCP client's OAuth support against the Worker under
 * `wrangler dev` and a real OpenID provider (`authorization-server.ts`) on loopback. The client
 * finds the authorization server from the 401, registers itself, runs the authorization code flow
 * with PKCE (the provider's consent step answered programmatically, as a person would click it),
 * redeems the code, and calls a tool; the view shows the signed-in person. Then a token the same
 * provider issued for another resource is refused (no token passthrough).
 */
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { shownIdentity } from '../support/whoami-view.ts';
import { PERSON, PROBE_CLIENT, type AuthorizationServer } from './authorization-server.ts';
import { Checks, expectEqual } from './checks.ts';

/** Where the provider sends the browser back; nothing listens there: the redirect is read, not followed. */
const REDIRECT_URL = 'http://127.0.0.1:9/oauth/callback';

/** An MCP host's OAuth client state, in memory: what Claude or ChatGPT keep per connector. */
class InMemoryOAuthClient implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  discovery: OAuthDiscoveryState | undefined;
  authorizationUrl: URL | undefined;

  get redirectUrl(): string {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'isomer-edge e2e',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/**
 * A browser's part: follows the provider's redirects with its cookies (sign-in, consent) until it
 * is sent to the client's redirect URL, and answers that URL.
 */
async function authorizeInBrowser(start: URL): Promise<URL> {
  const cookies = new Map<string, string>();
  let next = start;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      signal: AbortSignal.timeout(10_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const equals = pair.indexOf('=');
      cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (!location) throw new Error(`the authorization stopped at ${next.pathname} with HTTP ${response.status}`);
    const target = new URL(location, next);
    if (target.href.startsWith(REDIRECT_URL)) return target;
    next = target;
  }
  throw new Error('the authorization did not come back within 12 redirects');
}

function connectWith(url: string, provider: OAuthClientProvider, mode: 'legacy' | { pin: string }) {
  const client = new Client({ name: 'isomer-edge-e2e-oauth', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', url), { authProvider: provider });
  return { client, transport, connect: () => client.connect(transport) };
}

async function whoami(client: Client): Promise<{ caller: string; context: string[] }> {
  const result = await client.callTool({ name: 'isomer_request_view', arguments: { id: 'whoami' } });
  const block = (result.content as { type: string; text?: string }[])[0];
  return shownIdentity(JSON.parse(block!.text!).composition);
}

/** A `client_credentials` token from the provider for `resource`. */
async function probeToken(issuer: string, resource: string): Promise<string> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa(`${PROBE_CLIENT.id}:${PROBE_CLIENT.secret}`)}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope: 'isomer:mcp' }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body).slice(0, 200)}`);
  return body.access_token;
}

/** Against a Worker started with ISOMER_OAUTH_ISSUER = `as.issuer`, ISOMER_OAUTH_SCOPES `mcp=isomer:mcp` and `staticToken`. */
export async function oauthFlowChecks(url: string, as: AuthorizationServer, staticToken: string): Promise<Checks> {
  const checks = new Checks('oauth sign-in:');
  const resource = `${url}/mcp`;
  for (const [label, mode] of [
    ['mcp 2026-07-28', { pin: '2026-07-28' }],
    ['mcp 2025 (legacy)', 'legacy'],
  ] as const) {
    const provider = new InMemoryOAuthClient();
    let signedIn = false;
    await checks.check(`${label}: the 401 leads the client to the provider, which registers it`, async () => {
      const first = connectWith(url, provider, mode);
      try {
        await first.connect();
        return 'connected without signing in';
      } catch (error) {
        if (!(error instanceof UnauthorizedError)) throw error;
      }
      const start = provider.authorizationUrl;
      if (!start) return 'the client never asked to open the authorization page';
      const discovered = provider.discovery;
      const found = expectEqual(
        [discovered?.resourceMetadataUrl, discovered?.authorizationServerUrl, discovered?.resourceMetadata?.resource],
        [`${url}/.well-known/oauth-protected-resource/mcp`, as.issuer, resource],
        'resource metadata from the challenge, authorization server, resource',
      );
      if (found !== true) return found;
      if (!provider.client?.client_id) return 'the client did not register';
      const asked = Object.fromEntries(
        ['response_type', 'code_challenge_method', 'resource', 'scope'].map((name) => [
          name,
          start.searchParams.get(name),
        ]),
      );
      const pkce = expectEqual(
        asked,
        { response_type: 'code', code_challenge_method: 'S256', resource, scope: 'isomer:mcp' },
        'authorization request',
      );
      if (pkce !== true) return pkce;
      const callback = await authorizeInBrowser(start);
      await first.transport.finishAuth(callback.searchParams);
      signedIn = provider.saved?.access_token !== undefined;
      return signedIn || 'no access token after redeeming the code';
    });
    if (!signedIn) continue;
    await checks.check(`${label}: tools/call succeeds and the view sees who signed in`, async () => {
      const { client, connect } = connectWith(url, provider, mode);
      await connect();
      try {
        const shown = await whoami(client);
        return expectEqual(
          [shown.caller, shown.context],
          [
            PERSON.accountId,
            [
              `issuer: ${JSON.stringify(as.issuer)}`,
              `subject: ${JSON.stringify(PERSON.accountId)}`,
              // The client the provider registered for this host, from the token's client_id.
              `clientId: ${JSON.stringify(provider.client?.client_id)}`,
              'scopes: ["isomer:mcp"]',
              `name: ${JSON.stringify(PERSON.name)}`,
              `email: ${JSON.stringify(PERSON.email)}`,
            ],
          ],
          'caller and hostContext',
        );
      } finally {
        await client.close().catch(() => {});
      }
    });
  }
  await checks.check('the access token is a JWT for this resource, signed with an allowed algorithm', async () => {
    const provider = new InMemoryOAuthClient();
    // A fresh sign-in, read directly: what the Worker checked above.
    const first = connectWith(url, provider, 'legacy');
    await first.connect().catch(() => {});
    await first.transport.finishAuth((await authorizeInBrowser(provider.authorizationUrl!)).searchParams);
    const [header, payload] = provider
      .saved!.access_token.split('.')
      .slice(0, 2)
      .map((part) => {
        return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
      });
    return expectEqual(
      [header!.alg, payload!.iss, payload!.aud, payload!.sub],
      ['ES256', as.issuer, resource, PERSON.accountId],
      'alg, iss, aud, sub',
    );
  });
  await checks.check('a token the same provider issued for another resource is refused (no passthrough)', async () => {
    const other = await probeToken(as.issuer, 'https://other.example.com/api');
    const refused = await fetch(`${url}/tools`, { headers: { authorization: `Bearer ${other}` } });
    const challenge = refused.headers.get('www-authenticate') ?? '';
    if (refused.status !== 401 || !challenge.includes('error="invalid_token"'))
      return `status ${refused.status}, challenge ${challenge}`;
    // The same client's token for this Worker goes through: only the audience differs.
    const own = await fetch(`${url}/tools`, {
      headers: { authorization: `Bearer ${await probeToken(as.issuer, resource)}` },
    });
    return own.status === 200 || `a token for this resource got ${own.status}`;
  });
  await checks.check('ISOMER_TOKENS works beside OAuth, on MCP and the HTTP routes', async () => {
    const client = new Client(
      { name: 'isomer-edge-e2e-static', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', url), {
        requestInit: { headers: { authorization: `Bearer ${staticToken}` } },
      }),
    );
    try {
      const shown = await whoami(client);
      if (shown.caller !== 'e2e-backend') return `caller ${shown.caller}`;
    } finally {
      await client.close().catch(() => {});
    }
    const response = await fetch(`${url}/tools`, { headers: { authorization: `Bearer ${staticToken}` } });
    return response.status === 200 || `GET /tools ${response.status}`;
  });
  await checks.check('the provider saw registration, authorization, token and key requests', async () => {
    const seen = ['/reg', '/auth', '/token', '/jwks'].filter((path) => (as.requests.get(path) ?? 0) > 0);
    return expectEqual(seen, ['/reg', '/auth', '/token', '/jwks'], 'endpoints used');
  });
  return checks;
}
