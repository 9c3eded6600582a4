/**
 * A small authorization server of our own on loopback, for the token checks: it publishes metadata
 * (RFC 8414 or OpenID discovery) and a JWKS per issuer, and a control route lets a test set each
 * issuer's keys and failure mode and read how often the Worker fetched. Tests sign the tokens
 * themselves with `jose`; this server only serves public keys. Issuers are `<base>/i/<name>`, so
 * every test gets fresh ones.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type IssuerMode =
  /** Metadata at RFC 8414's path and the JWKS. */
  | 'up'
  /** Only OpenID discovery answers (RFC 8414's path is 404). */
  | 'oidc-only'
  /** Connections are dropped: the issuer is down. */
  | 'down'
  | 'metadata-500'
  | 'jwks-500'
  /** The metadata names another issuer (a mix-up). */
  | 'wrong-issuer';

interface Issuer {
  mode: IssuerMode;
  jwks: { keys: unknown[] };
  metadataFetches: number;
  jwksFetches: number;
}

const MAX_CONTROL_BODY = 64 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_CONTROL_BODY) reject(new Error('control body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

export interface TestIssuerServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  close(): Promise<void>;
}

/** Starts the server on a free loopback port. */
export async function startTestIssuer(): Promise<TestIssuerServer> {
  const issuers = new Map<string, Issuer>();
  let base = '';
  const issuerOf = (name: string): Issuer => {
    let issuer = issuers.get(name);
    if (!issuer) {
      issuer = { mode: 'up', jwks: { keys: [] }, metadataFetches: 0, jwksFetches: 0 };
      issuers.set(name, issuer);
    }
    return issuer;
  };
  const metadata = (name: string, issuer: Issuer) => ({
    issuer: issuer.mode === 'wrong-issuer' ? `${base}/i/someone-else` : `${base}/i/${name}`,
    jwks_uri: `${base}/i/${name}/jwks`,
    authorization_endpoint: `${base}/i/${name}/authorize`,
    token_endpoint: `${base}/i/${name}/token`,
    response_types_supported: ['code'],
  });

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const control = /^\/control\/([\w-]+)$/.exec(path);
      if (control) {
        const issuer = issuerOf(control[1]!);
        if (request.method === 'PUT') {
          const update = JSON.parse(await readBody(request)) as { mode?: IssuerMode; jwks?: { keys: unknown[] } };
          if (update.mode) issuer.mode = update.mode;
          if (update.jwks) issuer.jwks = update.jwks;
          return send(response, 204);
        }
        return send(response, 200, { metadataFetches: issuer.metadataFetches, jwksFetches: issuer.jwksFetches });
      }
      const rfc8414 = /^\/\.well-known\/oauth-authorization-server\/i\/([\w-]+)$/.exec(path);
      const openid = /^\/i\/([\w-]+)\/\.well-known\/openid-configuration$/.exec(path);
      const jwks = /^\/i\/([\w-]+)\/jwks$/.exec(path);
      const name = (rfc8414 ?? openid ?? jwks)?.[1];
      if (name === undefined || !issuers.has(name)) return send(response, 404, { error: 'not_found' });
      const issuer = issuerOf(name);
      if (issuer.mode === 'down') return request.socket.destroy();
      if (jwks) {
        issuer.jwksFetches++;
        return issuer.mode === 'jwks-500' ? send(response, 500, { error: 'boom' }) : send(response, 200, issuer.jwks);
      }
      issuer.metadataFetches++;
      if (issuer.mode === 'metadata-500') return send(response, 500, { error: 'boom' });
      if (rfc8414 && issuer.mode === 'oidc-only') return send(response, 404, { error: 'not_found' });
      return send(response, 200, metadata(name, issuer));
    })().catch((error: unknown) => send(response, 400, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
