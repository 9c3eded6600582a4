/**
 * Fair under load: several callers at once against `wrangler dev` on 127.0.0.1 (loopback only),
 * each signed in with its own static token, the deployment's own limits (`wrangler.toml`). A quiet
 * run of three well-behaved callers, then the same three beside a runaway that asks for PNGs as fast
 * as six connections allow, far over its drawing limit. Bounded: two phases of `PHASE_S` seconds and a
 * hard deadline. Checks: the runaway gets 429s; the quiet callers' p99 stays within 2× of the quiet
 * run; no 5xx; every stored image reads back whole; every request has exactly one log line.
 * `npm run bench` runs it (section "Fair under load"); alone:
 * `node --experimental-strip-types --no-warnings bench/fairness.ts`.
 */
import { startWorker, stopAllWorkers, type RunningWorker } from '../test/e2e/server.ts';
import { oneSlide } from '../test/support/one-slide.ts';

const PHASE_S = 20;
const DEADLINE_MS = 4 * 60_000;
const QUIET = ['quiet-a', 'quiet-b', 'quiet-c'];
const RUNAWAY = 'runaway';
const RUNAWAY_CONNECTIONS = 6;
/** A quiet caller's pace: one request every 500 ms, one in three of them drawing (40 a minute). */
const QUIET_PAUSE_MS = 500;

const tokenOf = (caller: string) => `tok_fairness_${caller}_0123456789`;

interface Sample {
  caller: string;
  what: string;
  status: number;
  ms: number;
  requestId: string | null;
  stored?: { url: string; bytes: number };
}

const json = { 'content-type': 'application/json' };

/** The quiet callers' mix: a stored PNG, a validation (the layout check), Markdown, text, a PNG. */
function quietRequest(worker: RunningWorker, caller: string, i: number): { what: string; request: Request } {
  const slide = oneSlide({ title: `${caller} slide ${i} ${Date.now()}` });
  const auth = { ...json, authorization: `Bearer ${tokenOf(caller)}` };
  const post = (path: string, body: unknown) =>
    new Request(`${worker.url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  const step = i % 6;
  if (step === 0) return { what: 'POST /images/png', request: post('/images/png', slide) };
  if (step === 3)
    return { what: 'POST /tools/isomer_validate', request: post('/tools/isomer_validate', { composition: slide }) };
  if (step === 5) return { what: 'POST /render/png', request: post('/render/png', slide) };
  if (step % 2 === 1) return { what: 'POST /render/markdown', request: post('/render/markdown', slide) };
  return { what: 'POST /render/text', request: post('/render/text', slide) };
}

async function send(caller: string, what: string, request: Request): Promise<Sample> {
  const start = performance.now();
  const response = await fetch(request);
  const body = new Uint8Array(await response.arrayBuffer());
  const sample: Sample = {
    caller,
    what,
    status: response.status,
    ms: performance.now() - start,
    requestId: response.headers.get('x-request-id'),
  };
  if (what === 'POST /images/png' && response.status === 200) {
    const info = JSON.parse(new TextDecoder().decode(body)) as { url: string; bytes: number };
    sample.stored = { url: info.url, bytes: info.bytes };
  }
  return sample;
}

async function quietCaller(worker: RunningWorker, caller: string, until: number, samples: Sample[]): Promise<void> {
  for (let i = 0; performance.now() < until; i++) {
    const { what, request } = quietRequest(worker, caller, i);
    samples.push(await send(caller, what, request));
    await new Promise((resolve) => setTimeout(resolve, QUIET_PAUSE_MS));
  }
}

async function runaway(worker: RunningWorker, until: number, samples: Sample[]): Promise<void> {
  const headers = { ...json, authorization: `Bearer ${tokenOf(RUNAWAY)}` };
  await Promise.all(
    Array.from({ length: RUNAWAY_CONNECTIONS }, async (_, connection) => {
      for (let i = 0; performance.now() < until; i++) {
        const body = JSON.stringify(oneSlide({ title: `runaway ${connection} ${i}` }));
        samples.push(
          await send(
            RUNAWAY,
            'POST /render/png',
            new Request(`${worker.url}/render/png`, { method: 'POST', headers, body }),
          ),
        );
      }
    }),
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The binding counts in windows aligned to the minute: both phases run inside one. */
async function freshWindow(seconds: number): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

export interface FairnessResult {
  rows: { caller: string; phase: string; requests: number; p50: number; p99: number; limited: number }[];
  runawayLimited: number;
  runawayDrawn: number;
  serverErrors: number;
  stored: number;
  storedWhole: number;
  requests: number;
  logLines: number;
  idsWithOneLine: number;
  quietRatio: number;
  ok: boolean;
}

export async function benchFairness(): Promise<FairnessResult> {
  const watchdog = setTimeout(() => {
    console.error('fairness: past its deadline; stopping.');
    void stopAllWorkers().then(() => process.exit(1));
  }, DEADLINE_MS);
  const tokens = Object.fromEntries([...QUIET, RUNAWAY].map((caller) => [tokenOf(caller), { caller }]));
  const worker = await startWorker({ vars: { ISOMER_TOKENS: JSON.stringify(tokens) }, logBytes: 256 * 1024 * 1024 });
  try {
    // Warm the isolate and the image engine (as the operator's own health check would).
    for (const caller of QUIET) await send(caller, 'warm', quietRequest(worker, caller, 5).request);
    // Both phases, and their warm-up, inside one window of the binding (see docs/operations.md).
    await freshWindow(2 * PHASE_S + 8);
    const quiet: Sample[] = [];
    let until = performance.now() + PHASE_S * 1000;
    await Promise.all(QUIET.map((caller) => quietCaller(worker, caller, until, quiet)));
    const loaded: Sample[] = [];
    until = performance.now() + PHASE_S * 1000;
    await Promise.all([
      ...QUIET.map((caller) => quietCaller(worker, caller, until, loaded)),
      runaway(worker, until, loaded),
    ]);
    // Every stored image reads back whole: its bytes as stored, a PNG from its first byte to its IEND.
    const stored = [...quiet, ...loaded].filter((sample) => sample.stored);
    let storedWhole = 0;
    for (const { stored: image } of stored) {
      const response = await fetch(image!.url.replace(/^https?:\/\/[^/]+/, worker.url));
      const bytes = new Uint8Array(await response.arrayBuffer());
      const iend = new TextDecoder('latin1').decode(bytes.subarray(bytes.length - 8, bytes.length - 4));
      if (response.status === 200 && bytes.length === image!.bytes && bytes[1] === 0x50 && iend === 'IEND')
        storedWhole += 1;
    }
    // Let wrangler print the last lines, then match every answer's id to its log line.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = [...quiet, ...loaded];
    const log = worker.log();
    const logged = new Map<string, number>();
    for (const match of log.matchAll(/requestId: '([0-9a-f]{32})'/g))
      logged.set(match[1]!, (logged.get(match[1]!) ?? 0) + 1);
    const idsWithOneLine = all.filter((sample) => sample.requestId && logged.get(sample.requestId) === 1).length;
    const rows: FairnessResult['rows'] = [];
    for (const [phase, samples] of [
      ['quiet run', quiet],
      ['with the runaway', loaded],
    ] as const) {
      for (const caller of [...QUIET, RUNAWAY]) {
        const own = samples.filter((sample) => sample.caller === caller);
        if (own.length === 0) continue;
        const answered = own.filter((sample) => sample.status !== 429).map((sample) => sample.ms);
        rows.push({
          caller,
          phase,
          requests: own.length,
          p50: percentile(answered, 50),
          p99: percentile(answered, 99),
          limited: own.filter((sample) => sample.status === 429).length,
        });
      }
    }
    const quietP99 = (samples: Sample[]) =>
      percentile(
        samples.filter((sample) => QUIET.includes(sample.caller) && sample.status !== 429).map((sample) => sample.ms),
        99,
      );
    const quietRatio = quietP99(loaded) / quietP99(quiet);
    const runawaySamples = loaded.filter((sample) => sample.caller === RUNAWAY);
    const result: FairnessResult = {
      rows,
      runawayLimited: runawaySamples.filter((sample) => sample.status === 429).length,
      runawayDrawn: runawaySamples.filter((sample) => sample.status === 200).length,
      serverErrors: all.filter((sample) => sample.status >= 500).length,
      stored: stored.length,
      storedWhole,
      requests: all.length,
      logLines: [...log.matchAll(/event: 'isomer\.request'/g)].length,
      idsWithOneLine,
      quietRatio,
      ok: false,
    };
    const quietLimited = all.filter((sample) => QUIET.includes(sample.caller) && sample.status === 429).length;
    result.ok =
      result.runawayLimited > 0 &&
      quietLimited === 0 &&
      quietRatio <= 2 &&
      result.serverErrors === 0 &&
      result.storedWhole === result.stored &&
      result.idsWithOneLine === result.requests;
    return result;
  } finally {
    clearTimeout(watchdog);
    await stopAllWorkers();
  }
}

export function printFairness(result: FairnessResult): string {
  const lines = [
    `${QUIET.length} quiet callers (one request every ${QUIET_PAUSE_MS} ms, a third of them drawing), then the same ` +
      `beside a runaway asking for PNGs on ${RUNAWAY_CONNECTIONS} connections; ${PHASE_S} s each, ` +
      "wrangler.toml's limits (drawing 60, general 600 a minute per caller).\n",
    '| caller | phase | requests | p50 | p99 | 429s |',
    '| --- | --- | --- | --- | --- | --- |',
    ...result.rows.map(
      (row) =>
        `| ${row.caller} | ${row.phase} | ${row.requests} | ${row.p50.toFixed(0)} ms | ${row.p99.toFixed(0)} ms | ${row.limited} |`,
    ),
    '',
    `Quiet callers' p99 with the runaway: ${result.quietRatio.toFixed(2)}× the quiet run's. The runaway: ` +
      `${result.runawayDrawn} drawn, ${result.runawayLimited} refused with 429. 5xx: ${result.serverErrors}. ` +
      `Stored images read back whole: ${result.storedWhole} of ${result.stored}. Requests with exactly one log ` +
      `line: ${result.idsWithOneLine} of ${result.requests} (${result.logLines} lines in all).`,
    `Verdict: ${result.ok ? 'fair' : 'NOT FAIR'}.`,
  ];
  return lines.join('\n');
}

if (import.meta.main) {
  const result = await benchFairness();
  console.log(`## Fair under load (wrangler dev on 127.0.0.1)\n\n${printFairness(result)}`);
  process.exit(result.ok ? 0 : 1);
}
