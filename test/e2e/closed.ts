/**
 * The committed configuration started as `wrangler deploy` would see it (no `.dev.vars`, no
 * `ISOMER_AUTH`): closed. Health answers; the routes and the MCP endpoint (through the official
 * client, on both protocol eras) say sign-in is not configured.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Checks, expectEqual } from './checks.ts';
import { ERAS } from './mcp-client.ts';

export async function closedChecks(url: string): Promise<Checks> {
  const checks = new Checks('closed by default');
  await checks.check('GET /healthz answers 200', async () =>
    expectEqual((await fetch(`${url}/healthz`)).status, 200, 'status'),
  );
  await checks.check('GET /tools answers 503 AUTH_NOT_CONFIGURED with a request id', async () => {
    const response = await fetch(`${url}/tools`);
    const body = (await response.json()) as { error?: { code?: string; requestId?: string } };
    return (
      (response.status === 503 &&
        body.error?.code === 'AUTH_NOT_CONFIGURED' &&
        body.error.requestId === response.headers.get('x-request-id')) ||
      `${response.status} ${JSON.stringify(body).slice(0, 200)}`
    );
  });
  for (const era of ERAS) {
    await checks.check(`${era.label}: the official client cannot connect, and says why`, async () => {
      const client = new Client(
        { name: 'isomer-edge-e2e', version: '1.0.0' },
        { versionNegotiation: { mode: era.mode } },
      );
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url)));
        await client.close();
        return 'connected to a closed Worker';
      } catch (error) {
        const message = String(error instanceof Error ? error.message : error);
        return /503|AUTH_NOT_CONFIGURED|No sign-in is configured/.test(message) || message.slice(0, 200);
      }
    });
  }
  return checks;
}
