/**
 * The MCP Inspector (an independent MCP Apps host) loading `ui://isomer/show`: starts the Worker
 * under `wrangler dev` and the Inspector's web UI against it (2026-07-28 protocol), opens the app
 * from the Inspector's Apps tab with a deck slide, checks the slide is drawn in the Inspector's
 * frame, and writes `docs/images/isomer-show-inspector.png`. A manual check, not in CI: the
 * Inspector is a large install kept outside the project:
 *
 *   npm install --prefix /tmp/inspector @modelcontextprotocol/inspector@2.12.0
 *   INSPECTOR_DIR=/tmp/inspector node --experimental-strip-types --no-warnings scripts/inspector-check.ts
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker } from '../test/e2e/server.ts';
import { launchChromium } from '../test/node/chromium.ts';
import { freePort } from '../test/e2e/server.ts';

const ROOT = join(import.meta.dirname, '..');
const INSPECTOR_DIR = process.env.INSPECTOR_DIR ?? '/tmp/inspector';
const SLIDE = readFileSync(join(ROOT, 'test', 'fixtures', 'compositions', 'deck-split-slide.json'), 'utf8');

const worker = await startWorker();
const [clientPort, serverPort] = [await freePort(), await freePort()];
const inspector = spawn(
  join(INSPECTOR_DIR, 'node_modules', '.bin', 'mcp-inspector'),
  ['--web', '--server-url', `${worker.url}/mcp`, '--transport', 'http', '--protocol-era', 'modern'],
  {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CLIENT_PORT: String(clientPort),
      SERVER_PORT: String(serverPort),
      MCP_AUTO_OPEN_ENABLED: 'false',
      // Loopback only, for this run; its own home so nothing is read from or written to yours.
      DANGEROUSLY_OMIT_AUTH: 'true',
      MCP_INSPECTOR_SECRET_STORE: 'memory',
      HOME: mkdtempSync(join(tmpdir(), 'isomer-inspector-')),
    },
  },
);
let log = '';
inspector.stdout!.on('data', (chunk) => (log += chunk));
inspector.stderr!.on('data', (chunk) => (log += chunk));
const browser = await launchChromium();
let failed = false;
try {
  const deadline = Date.now() + 60_000;
  while (!log.includes('is up and running') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`http://127.0.0.1:${clientPort}/`);
  await page.locator('[role=switch]').first().click({ force: true });
  await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.getByText('Apps', { exact: true }).first().click({ force: true });
  await page.getByText('Show a composition', { exact: true }).first().click({ force: true });
  await page.getByText('Edit as JSON', { exact: true }).first().click({ force: true });
  const editor = page.locator('textarea').first();
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Typed as one insertion, so the editor's bracket pairing does not double the closers.
  await page.keyboard.insertText(JSON.stringify({ composition: JSON.parse(SLIDE) }));
  await page.getByText('Open App', { exact: true }).first().click({ force: true });
  const deadlineShown = Date.now() + 30_000;
  let shown: string | undefined;
  while (shown === undefined && Date.now() < deadlineShown) {
    for (const frame of page.frames()) {
      const state = await frame.evaluate(() => document.documentElement.dataset.state).catch(() => undefined);
      if (state === 'shown')
        shown = await frame.evaluate(
          () => document.getElementById('slide')?.shadowRoot?.querySelector('section')?.textContent ?? '',
        );
    }
    if (shown === undefined) await new Promise((r) => setTimeout(r, 250));
  }
  if (!shown?.includes('when a depot goes offline')) throw new Error('the Inspector did not draw the slide');
  await page.waitForTimeout(500);
  mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true });
  const path = join(ROOT, 'docs', 'images', 'isomer-show-inspector.png');
  await page.screenshot({ path });
  console.log(`inspector: the slide is drawn in the MCP Inspector's frame; wrote ${path}`);
} catch (error) {
  failed = true;
  console.error(`inspector: ${error instanceof Error ? error.message : String(error)}\n${log.slice(-2000)}`);
} finally {
  await browser.close();
  try {
    process.kill(-inspector.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
  await worker.stop();
}
process.exit(failed ? 1 : 0);
