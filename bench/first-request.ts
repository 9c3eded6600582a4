/**
 * The real Worker (`src/built-in/main.ts` as `wrangler deploy --dry-run --minify` bundles it) on a
 * new isolate in workerd, each sample a fresh workerd (Miniflare), its CPU read from /proc:
 * - a Slack text bot's first request (`POST /render/slack`, no picture) with the image engine's
 *   warm-up on and off, alternating, beside a request that announces a session (`GET /tools`) as the
 *   control that shows the warm-up when it runs;
 * - start-up and size beside Cloudflare's limits (1 s start-up, 64 MiB uncompressed, 128 MB memory):
 *   `wrangler check startup`, the first `GET /healthz` over a one-line Worker's, the bundle, and
 *   workerd's resident memory after `/healthz` and after the first PNG;
 * - the first image part by part (`bench/images-worker.ts`, as `bench/images.ts` takes it).
 *
 *   node --experimental-strip-types --no-warnings bench/first-request.ts [samples]
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  build,
  type Bundle,
  coldStart,
  firstImageParts,
  median,
  miniflare,
  startupProfile,
  TICKS_PER_SECOND,
  workerdTicks,
} from './images.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist', 'bench-images');
/** Cloudflare's limits (developers.cloudflare.com/workers/platform/limits): one place for the bench. */
const LIMITS = { startupMs: 1000, bundleBytes: 64 * 1024 * 1024, memoryBytes: 128 * 1000 * 1000 } as const;
/** After the answer: long enough for a warm-up started through `waitUntil` to show in the CPU. */
const SETTLE_MS = 600;
const SLIDE = readFileSync(join(ROOT, 'test', 'fixtures', 'compositions', 'deck-split-slide.json'), 'utf8');
const OPEN = { ISOMER_AUTH: 'none', ISOMER_RATE_LIMITS: 'off' } as const;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Resident memory (VmRSS, KiB) of every workerd process this script started: workerd's own share
 * plus the isolate's heap, WebAssembly memory and modules. workerd exposes no per-isolate figure.
 */
export function workerdRssKiB(): number {
  let kib = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      if (/^Name:\s+workerd$/m.test(status) && parent === process.pid)
        kib += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // The process ended while we read.
    }
  }
  return kib;
}

export function buildWorker(): Bundle {
  return build('src/built-in/main.ts', 'worker');
}

function oneLineWorker(): Bundle {
  const dir = join(OUT, 'trivial');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.js'), 'export default { fetch() { return new Response("ok"); } };\n');
  return { dir, main: 'index.js', files: ['index.js'] };
}

/**
 * A fresh workerd's first answer to one request: wall to the response, and workerd CPU until
 * `SETTLE_MS` after it (what the isolate did in the background, a warm-up included).
 */
async function firstAnswer(
  bundle: Bundle,
  path: string,
  body: string | undefined,
  vars: Record<string, string>,
): Promise<{ wallMs: number; cpuMs: number }> {
  const before = workerdTicks();
  const start = performance.now();
  const mf = miniflare(bundle, {}, vars);
  const init = body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } };
  const response = await mf.dispatchFetch(`http://bench${path}`, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const wallMs = performance.now() - start;
  await sleep(SETTLE_MS);
  const cpuMs = ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND;
  await mf.dispose();
  return { wallMs, cpuMs };
}

/** Rows of the Slack text bot's first request and the control, warm-up on and off, alternating. */
export async function slackFirstRequest(bundle: Bundle, samples = 7): Promise<string[]> {
  const requests = [
    ['`POST /render/slack` (no picture)', '/render/slack', SLIDE],
    ['`GET /tools` (announces a session: the control)', '/tools', undefined],
  ] as const;
  const rows = [
    '| first request on a new isolate | warm-up on: wall | on: workerd CPU | off: wall | off: workerd CPU | CPU on / off |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [label, path, body] of requests) {
    const runs = { on: [] as { wallMs: number; cpuMs: number }[], off: [] as { wallMs: number; cpuMs: number }[] };
    for (let i = 0; i < samples; i++) {
      const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const warmUp of order)
        runs[warmUp].push(await firstAnswer(bundle, path, body, { ...OPEN, ISOMER_WARM_UP: warmUp }));
    }
    const of = (warmUp: 'on' | 'off', key: 'wallMs' | 'cpuMs') => median(runs[warmUp].map((run) => run[key]));
    rows.push(
      `| ${label} | ${ms(of('on', 'wallMs'))} | ${ms(of('on', 'cpuMs'))} | ${ms(of('off', 'wallMs'))} | ` +
        `${ms(of('off', 'cpuMs'))} | ${(of('on', 'cpuMs') / of('off', 'cpuMs')).toFixed(2)} |`,
    );
  }
  rows.push(
    '',
    `A fresh workerd each sample, median of ${samples} per cell, on and off alternating; CPU read in 10 ms ` +
      `ticks until ${SETTLE_MS} ms after the answer, so work started through \`waitUntil\` counts.`,
  );
  return rows;
}

/** workerd's resident memory on a new isolate after each of `paths` in turn, median of `samples`. */
async function residentAfter(bundle: Bundle, steps: readonly [string, string | undefined][], samples: number) {
  const runs: number[][] = [];
  for (let i = 0; i < samples; i++) {
    const mf = miniflare(bundle, {}, { ...OPEN, ISOMER_WARM_UP: 'off' });
    const after: number[] = [];
    for (const [path, body] of steps) {
      const init = body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } };
      await (await mf.dispatchFetch(`http://bench${path}`, init)).arrayBuffer();
      after.push(workerdRssKiB());
    }
    runs.push(after);
    await mf.dispose();
  }
  return steps.map((_, step) => median(runs.map((run) => run[step]!)));
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function benchFirstRequest(samples = 7): Promise<string> {
  const worker = buildWorker();
  const lines = [`## A Slack text bot's first request (the real Worker in workerd)\n`];
  lines.push(...(await slackFirstRequest(worker, samples)));

  lines.push('\n## Start-up and size beside the limits (the real Worker)\n');
  const startup = startupProfile('src/built-in/main.ts', 3);
  const trivial = await coldStart(oneLineWorker(), '/', undefined, samples);
  const health = await coldStart(worker, '/healthz', undefined, samples, OPEN);
  const bytes = worker.files.reduce((sum, file) => sum + statSync(join(worker.dir, file)).size, 0);
  const [healthKiB, pngKiB] = await residentAfter(
    worker,
    [
      ['/healthz', undefined],
      ['/render/png?scale=0.6667', SLIDE],
    ],
    3,
  );
  const [idleKiB] = await residentAfter(oneLineWorker(), [['/', undefined]], 3);
  lines.push(
    '| measure | figure | limit | share |',
    '| --- | --- | --- | --- |',
    `| start-up, \`wrangler check startup\` active CPU (median of 3) | ${ms(startup.activeMs)} | 1 s | ` +
      `${((100 * startup.activeMs) / LIMITS.startupMs).toFixed(0)} % |`,
    `| first \`GET /healthz\` on a new isolate, over a one-line Worker's first request (median of ${samples}) | ` +
      `${ms(health.wallMs - trivial.wallMs)} wall, ${ms(health.cpuMs - trivial.cpuMs)} workerd CPU | — | — |`,
    `| bundle, uncompressed (${worker.files.length} files) | ${mib(bytes)} | 64 MiB | ` +
      `${((100 * bytes) / LIMITS.bundleBytes).toFixed(1)} % |`,
    `| workerd resident memory after \`/healthz\`, over a one-line Worker's (median of 3) | ` +
      `${mib((healthKiB! - idleKiB!) * 1024)} | 128 MB | ${((100 * (healthKiB! - idleKiB!) * 1024) / LIMITS.memoryBytes).toFixed(0)} % |`,
    `| the same after the first PNG 1280×720 | ${mib((pngKiB! - idleKiB!) * 1024)} | 128 MB | ` +
      `${((100 * (pngKiB! - idleKiB!) * 1024) / LIMITS.memoryBytes).toFixed(0)} % |`,
  );

  lines.push('\n## The first image, part by part (deck-split-slide, PNG 1280×720, bench/images-worker.ts)\n');
  const images = build('bench/images-worker.ts', 'formats');
  const parts = await firstImageParts(images, 'scale=0.6666666666666666', SLIDE, samples);
  const noImage = await coldStart(images, '/noop', undefined, samples);
  const firstPng = await coldStart(images, '/render?format=png&scale=0.6666666666666666', SLIDE, samples);
  lines.push(
    '| part (performance.now, median of fresh isolates) | now |',
    '| --- | --- |',
    `| WebAssembly instantiation | ${ms(parts.instantiateMs)} |`,
    `| snapshot, takumi tree, face choice | ${ms(parts.prepareMs)} |`,
    `| font registration (${parts.faces} faces) | ${ms(parts.registerMs)} |`,
    `| first layout | ${ms(parts.layoutMs)} |`,
    `| first draw and encode | ${ms(parts.encodeMs)} |`,
    `| total | ${ms(parts.totalMs)} |`,
    '',
    `First PNG on a new isolate over a one-line Worker's first request: ${ms(firstPng.cpuMs - trivial.cpuMs)} ` +
      `workerd CPU (${ms(firstPng.cpuMs - noImage.cpuMs)} over the same Worker's first request without an image).`,
  );
  return lines.join('\n');
}

if (import.meta.filename === process.argv[1]) console.log(await benchFirstRequest(Number(process.argv[2] ?? 7)));
