/**
 * The fault test of issue 26 against a real `wrangler dev`: 100 `POST /render/png` requests whose
 * clients leave right after sending the body must not delay the next text render beyond 3× its
 * quiet latency, and (near) none of them may be drawn; the same for 100 MCP `tools/call`s of
 * `isomer_render` to PNG on `POST /mcp`, half on each protocol era. The draw count comes from the
 * engine itself (`GET /__test/draws` on the test entry), not from timing.
 *
 * A deck's PDF is bounded the same way between its pages: a 20-slide PDF whose client resets once
 * its first page is drawn stops at the next page boundary (issue 35).
 *
 * What tells the Worker a client has gone, as measured (docs/decisions.md, "Abandoned work"): a
 * connection reset (RST) cancels the request in workerd and fires `request.signal`; a graceful close
 * (FIN) right after the body is, on the wire, a client still waiting for its answer, and nothing
 * fires (all 100 drawn). So the clients here reset. They talk to workerd's own socket under
 * `wrangler dev`: wrangler's dev proxy in front of it passes a reset on late or not at all (1 to 100
 * of 100 drawn per burst, measured), which a deployment does not have.
 */
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '../e2e/server.ts';
import { type McpMessage, MCP_ERAS, renderCall } from '../support/mcp-message.ts';
import { oneSlide } from '../support/one-slide.ts';

const ABANDONED = 100;
/** Rounds of (burst of abandoned PNGs, then one text request); the median latency is judged. */
const ROUNDS = 5;
/**
 * The bound is 3× the quiet latency, but never under this: a quiet text render takes 10–30 ms
 * here, and on the shared 2-core machine accepting and cancelling 100 connections alone has cost
 * 40–90 ms (median) and up to ~700 ms in one round. Drawing even a few abandoned PNGs (~100 ms
 * each here) exceeds it; drawing all of them took 4.6–5.5 s before the fix.
 */
const FLOOR_MS = 400;
/** "Near zero": a request already past its last check when the reset arrives is drawn. */
const MOST_DRAWN = 5;

let worker: RunningWorker;

beforeAll(async () => {
  // Limits off: the bursts are hundreds of pictures from one address, past its drawing share.
  worker = await startWorker({ entry: 'test/e2e/abort-worker.ts', limits: false });
}, 90_000);

afterAll(async () => {
  await worker?.stop();
});

const pngBody = JSON.stringify(oneSlide({ title: 'Nobody waits for this picture' }));
const textBody = JSON.stringify(oneSlide());

/** One request a client sends and either waits for or abandons. */
interface Sent {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const PNG_ROUTE: Sent = { path: '/render/png', headers: { 'content-type': 'application/json' }, body: pngBody };
const TEXT_ROUTE: Sent = { path: '/render/text', headers: { 'content-type': 'application/json' }, body: textBody };
const onMcp = (message: McpMessage): Sent => ({ path: '/mcp', ...message });

/** The text a quiet render of `oneSlide()` answers with, on a route or inside an MCP result. */
const TEXT_MARK = 'Refunds settle in two days';

async function textLatency(base: string, sent: Sent): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${sent.path}`, { method: 'POST', headers: sent.headers, body: sent.body });
  const text = await response.text();
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  expect(text).toContain(TEXT_MARK);
  return elapsed;
}

async function draws(): Promise<number> {
  return ((await (await fetch(`${worker.url}/__test/draws`)).json()) as { draws: number }).draws;
}

/**
 * Sends a whole request and resets the connection once the body is written, or once `leave`
 * resolves after that (a client that waited a while, then left).
 */
function abandoned(port: number, sent: Sent, leave?: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const headers = Object.entries(sent.headers).map(([name, value]) => `${name}: ${value}\r\n`);
      const head =
        `POST ${sent.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers.join('')}` +
        `content-length: ${Buffer.byteLength(sent.body)}\r\n\r\n`;
      socket.write(head + sent.body, () => {
        (leave ?? (async () => {}))().then(() => {
          socket.resetAndDestroy();
          resolve();
        }, reject);
      });
    });
    socket.once('error', reject);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The port workerd itself listens on under `wrangler dev`, behind wrangler's own proxy: the
 * listening sockets of the dev server's process group (`ss`), less the proxy's, that answer
 * `/healthz` as the Worker does.
 */
async function runtimePort(): Promise<number> {
  const group = new Set(
    execFileSync('ps', ['-o', 'pid=', '-g', String(worker.processGroup)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  const proxy = Number(new URL(worker.url).port);
  const ports = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((match) => group.has(match[1]!)))
    .map((line) => Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]))
    .filter((port) => port > 0 && port !== proxy);
  for (const port of ports) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok && JSON.stringify(await response.json()) === '{"ok":true}') return port;
    } catch {
      // Not an HTTP socket of the Worker (the inspector, a loopback service).
    }
  }
  throw new Error(`no workerd socket answers /healthz among ${ports.join(', ')}`);
}

/** Waits until the draw count stops moving: work still running for the burst is counted too. */
async function settledDraws(): Promise<number> {
  let last = await draws();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await draws();
    if (now === last) return now;
    last = now;
  }
}

/**
 * Rounds of: a quiet text request, a burst of `ABANDONED` requests whose clients reset, the same
 * text request again; then the bound and the draw count are judged as the issue asks.
 */
async function burstRounds(label: string, abandon: (index: number) => Sent, text: Sent): Promise<void> {
  const port = await runtimePort();
  const base = `http://127.0.0.1:${port}`;
  // Warm: the engine, fonts and the route's first-request work are not what is measured.
  await fetch(`${base}${PNG_ROUTE.path}`, { method: 'POST', headers: PNG_ROUTE.headers, body: PNG_ROUTE.body }).then(
    (response) => response.arrayBuffer(),
  );
  for (let i = 0; i < 3; i++) await textLatency(base, text);

  const quiet: number[] = [];
  const after: number[] = [];
  const drawn: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Quiet and loaded are measured side by side, so a change in the machine's load hits both.
    quiet.push(await textLatency(base, text));
    const before = await settledDraws();
    await Promise.all(Array.from({ length: ABANDONED }, (_, index) => abandoned(port, abandon(index))));
    after.push(await textLatency(base, text));
    drawn.push((await settledDraws()) - before);
  }
  const bound = Math.max(3 * median(quiet), FLOOR_MS);
  const loaded = median(after);
  const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(
    `${label}: quiet text ${ms(quiet)} ms (median ${median(quiet).toFixed(1)}); after ` +
      `${ABANDONED} abandoned ${ms(after)} ms (median ${loaded.toFixed(1)}, bound ${bound.toFixed(0)}); ` +
      `drawn for the abandoned requests, per round: ${drawn.join(', ')}`,
  );
  expect(loaded).toBeLessThanOrEqual(bound);
  expect(median(drawn)).toBeLessThanOrEqual(MOST_DRAWN);
}

describe('abandoned PNG requests under wrangler dev', () => {
  it('are not drawn, and the next text render answers within 3× its quiet latency', async () => {
    await burstRounds('abandoned renders', () => PNG_ROUTE, TEXT_ROUTE);
  }, 180_000);

  it('are not drawn on MCP either (tools/call isomer_render, both eras), and the next text call is as prompt', async () => {
    // Half the burst on each protocol era; the text call waited for is a 2026-07-28 one.
    const abandon = (index: number) =>
      onMcp(renderCall(MCP_ERAS[index % 2]!, oneSlide({ title: 'Nobody waits for this picture' }), 'png', index));
    await burstRounds('abandoned MCP calls', abandon, onMcp(renderCall('modern', oneSlide(), 'text')));
  }, 180_000);
});

describe('an abandoned deck PDF under wrangler dev', () => {
  const SLIDES = 20;
  const deckBody = JSON.stringify(
    Array.from({ length: SLIDES }, (_, i) => oneSlide({ title: `Page ${i + 1} that nobody reads` })),
  );
  const PDF_DECK: Sent = { path: '/render/pdf', headers: { 'content-type': 'application/json' }, body: deckBody };

  it('stops between pages once its client has gone', async () => {
    const port = await runtimePort();
    const base = `http://127.0.0.1:${port}`;
    // Warm, and learn what the whole deck costs in draws when its client stays.
    const start = await settledDraws();
    const whole = await fetch(`${base}${PDF_DECK.path}`, { method: 'POST', headers: PDF_DECK.headers, body: deckBody });
    expect(whole.status).toBe(200);
    await whole.arrayBuffer();
    const full = (await settledDraws()) - start;
    expect(full).toBeGreaterThanOrEqual(SLIDES);
    const before = await settledDraws();
    let atReset = 0;
    // The client leaves as soon as the first page is drawn: the draw count has moved.
    await abandoned(port, PDF_DECK, async () => {
      for (;;) {
        atReset = (await draws()) - before;
        if (atReset > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const drawn = (await settledDraws()) - before;
    console.log(
      `abandoned ${SLIDES}-slide PDF: ${atReset} draws when the client left, ${drawn} in all (${full} for the whole deck)`,
    );
    // The pages drawn while the reset travels (the poll that saw the first page, the socket, workerd's
    // cancellation): a few, measured 1 to 3 here; never the rest of the deck.
    expect(drawn).toBeLessThanOrEqual(atReset + (5 * full) / SLIDES);
    expect(drawn).toBeLessThan(full / 2);
  }, 180_000);
});
