/**
 * End-to-end checks against a running Worker (`wrangler dev` on 127.0.0.1, loopback only): the MCP
 * client SDK on both protocol eras, auth over MCP, OAuth sign-in against a real OpenID provider,
 * Slack with a stored picture, and the official conformance suite. Bounded in time; the servers are stopped however the run ends. Prints a final
 * `N passed, N failed` line.
 */
import { mkdirSync } from 'node:fs';
import type { CheckResult } from './checks.ts';
import { conformanceChecks } from './conformance.ts';
import { hostedImageChecks } from './hosted-images.ts';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server.ts';
import { mcpAuthChecks, mcpClientChecks } from './mcp-client.ts';
import { oauthFlowChecks } from './oauth-flow.ts';
import { closedChecks } from './closed.ts';
import { freePort, startWorker, stopAllWorkers, type RunningWorker } from './server.ts';

const DEADLINE_MS = 5 * 60_000;
const TOKEN = 'tok_e2e_0123456789abcdef';
const BRAND = 'E2E Brand';
const BACKEND_TOKEN = 'tok_e2e_backend_0123456789';

const watchdog = setTimeout(() => {
  console.error(`e2e: still running after ${DEADLINE_MS / 1000} s; giving up.`);
  // The exit handler in server.ts kills every dev server this run started.
  process.exit(1);
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const results: CheckResult[] = [];
const servers: RunningWorker[] = [];
let failedToStart = false;
let authorizationServer: AuthorizationServer | undefined;
try {
  authorizationServer = await startAuthorizationServer(await freePort());
  console.log(
    `e2e: OpenID provider on ${authorizationServer.issuer}; starting three Workers under wrangler dev ` +
      '(open, with ISOMER_TOKENS, and with OAuth sign-in beside a static token)…',
  );
  const [open, secured, oauth, closed] = await Promise.all([
    startWorker(),
    startWorker({
      vars: { ISOMER_TOKENS: JSON.stringify({ [TOKEN]: { caller: 'e2e-bot', context: { brand: BRAND } } }) },
    }),
    startWorker({
      entry: 'test/e2e/oauth-worker.ts',
      vars: {
        ISOMER_OAUTH_ISSUER: authorizationServer.issuer,
        ISOMER_OAUTH_SCOPES: 'mcp=isomer:mcp',
        ISOMER_TOKENS: JSON.stringify({ [BACKEND_TOKEN]: { caller: 'e2e-backend' } }),
      },
    }),
    // wrangler.toml as `wrangler deploy` sees it: no sign-in, no ISOMER_AUTH.
    startWorker({ open: false }),
  ]);
  servers.push(open, secured, oauth, closed);
  console.log(`e2e: open Worker on ${open.url}, secured Worker on ${secured.url}, OAuth Worker on ${oauth.url}`);

  results.push(...(await closedChecks(closed.url)).results);
  results.push(...(await mcpClientChecks(open.url)).results);
  results.push(...(await mcpAuthChecks(secured.url, TOKEN, BRAND)).results);
  results.push(...(await hostedImageChecks(secured.url, TOKEN)).results);
  results.push(...(await oauthFlowChecks(oauth.url, authorizationServer, BACKEND_TOKEN)).results);
  mkdirSync('results/conformance', { recursive: true });
  results.push(...(await conformanceChecks(`${open.url}/mcp`, 'results/conformance')).results);
} catch (error) {
  failedToStart = true;
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  const failed = results.filter((result) => !result.ok).length + (failedToStart ? 1 : 0);
  if (failed > 0)
    for (const server of servers)
      console.error(
        `--- wrangler dev log (${server.url}), last lines ---\n${server.log().split('\n').slice(-40).join('\n')}`,
      );
  await stopAllWorkers();
  await authorizationServer?.close();
  clearTimeout(watchdog);
  console.log(`\ne2e: ${results.length - results.filter((result) => !result.ok).length} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
