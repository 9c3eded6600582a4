/**
 * The first picture of an agent session, on a new isolate each sample (a fresh `wrangler dev`, open
 * for local development): the official MCP client connects (2026-07-28), lists the tools, reads the
 * guide and describes two primitives, with a model's pause between calls, then validates a slide
 * (the layout check lays it out) and renders it as a PNG 1280×720 — then validates and renders
 * other slides, warm. Run with the image engine's warm-up on (the default) and off
 * (`ISOMER_WARM_UP=off`), and beside it the calls that announce no session: a new isolate's first
 * `POST /render/png` and `POST /render/slack` against warm ones, and the Slack text bot's first
 * request in workerd CPU with the warm-up on and off (`bench/first-request.ts`).
 *
 *   node --experimental-strip-types --no-warnings bench/agent-session.ts [samples]
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startWorker, stopAllWorkers } from '../test/e2e/server.ts';
import { buildWorker, slackFirstRequest } from './first-request.ts';
import { median } from './images.ts';

/** Between two tool calls: a model reading an answer and writing the next call takes longer still. */
const PAUSE_MS = 1000;
const WARM_ROUNDS = 5;

let serial = 0;
/** A slide no earlier call has checked or drawn: the layout check and the draws cache nothing for it. */
function newSlide(): unknown {
  serial += 1;
  return {
    type: 'view',
    title: `Refunds ${serial}`,
    body: [
      {
        type: 'slideFrame',
        brand: 'Ledger',
        section: 'Payments',
        body: [
          { type: 'slideHeading', title: `Refunds settle in **${serial + 1} days**`, lede: 'Measured over Q3' },
          {
            type: 'slideBulletList',
            items: [`Ledger write ${serial} moved first`, 'Three batch windows removed', '`retry()` is idempotent'],
          },
        ],
      },
    ],
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
}

function failed(result: Awaited<ReturnType<Client['callTool']>>, what: string): void {
  if (result.isError) throw new Error(`${what}: ${JSON.stringify(result.content).slice(0, 300)}`);
}

interface SessionSample {
  firstValidate: number;
  warmValidate: number;
  firstPng: number;
  warmPng: number;
}

async function agentSession(warmUp: 'on' | 'off'): Promise<SessionSample> {
  const worker = await startWorker({ vars: { ISOMER_AUTH: 'none', ISOMER_WARM_UP: warmUp } });
  try {
    const client = new Client({ name: 'isomer-edge-bench', version: '1.0.0' }, {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    } as never);
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', worker.url)));
    await client.listTools();
    failed(await client.callTool({ name: 'isomer_authoring_guide', arguments: {} }), 'guide');
    await sleep(PAUSE_MS);
    const describe = { types: ['slideHeading', 'slideBulletList'] };
    failed(await client.callTool({ name: 'isomer_describe_primitives', arguments: describe }), 'describe');
    await sleep(PAUSE_MS);
    const validate = (composition: unknown) =>
      timed(async () => failed(await client.callTool({ name: 'isomer_validate', arguments: { composition } }), 'v'));
    const png = (composition: unknown) =>
      timed(async () =>
        failed(await client.callTool({ name: 'isomer_render', arguments: { composition, format: 'png' } }), 'png'),
      );
    const slide = newSlide();
    const [, firstValidate] = await validate(slide);
    await sleep(PAUSE_MS);
    const [, firstPng] = await png(slide);
    const validates: number[] = [];
    const pngs: number[] = [];
    for (let round = 0; round < WARM_ROUNDS; round++) {
      const next = newSlide();
      validates.push((await validate(next))[1]);
      pngs.push((await png(next))[1]);
    }
    await client.close();
    return { firstValidate, warmValidate: median(validates), firstPng, warmPng: median(pngs) };
  } finally {
    await worker.stop();
  }
}

/** A new isolate's first `POST /render/{format}` against the same request warm. */
async function firstRequest(format: 'png' | 'slack'): Promise<{ first: number; warm: number }> {
  const worker = await startWorker({ vars: { ISOMER_AUTH: 'none' } });
  try {
    const post = (composition: unknown) =>
      timed(async () => {
        const query = format === 'png' ? '?scale=0.6667' : '';
        const response = await fetch(`${worker.url}/render/${format}${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(composition),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${format}: ${response.status}`);
      });
    const [, first] = await post(newSlide());
    const warm: number[] = [];
    for (let round = 0; round < WARM_ROUNDS; round++) warm.push((await post(newSlide()))[1]);
    return { first, warm: median(warm) };
  } finally {
    await worker.stop();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const ratio = (first: number, warm: number) => `${(first / warm).toFixed(2)}×`;

export async function benchAgentSession(samples = 3): Promise<string> {
  const lines = [
    `## An agent session on a new isolate (official MCP client, ${PAUSE_MS} ms between calls, median of ${samples})\n`,
    '| warm-up | first validate | warm validate | first / warm | first PNG | warm PNG | first / warm |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const warmUp of ['on', 'off'] as const) {
    const runs: SessionSample[] = [];
    for (let i = 0; i < samples; i++) runs.push(await agentSession(warmUp));
    const of = (key: keyof SessionSample) => median(runs.map((run) => run[key]));
    lines.push(
      `| ${warmUp} | ${ms(of('firstValidate'))} | ${ms(of('warmValidate'))} | ` +
        `${ratio(of('firstValidate'), of('warmValidate'))} | ${ms(of('firstPng'))} | ${ms(of('warmPng'))} | ` +
        `${ratio(of('firstPng'), of('warmPng'))} |`,
    );
  }
  lines.push(
    `\n## A new isolate's first request that announces no session (HTTP, median of ${samples})\n`,
    '| request | first | warm | first / warm |',
    '| --- | --- | --- | --- |',
  );
  for (const format of ['png', 'slack'] as const) {
    const runs: { first: number; warm: number }[] = [];
    for (let i = 0; i < samples; i++) runs.push(await firstRequest(format));
    const first = median(runs.map((run) => run.first));
    const warm = median(runs.map((run) => run.warm));
    lines.push(`| \`POST /render/${format}\` | ${ms(first)} | ${ms(warm)} | ${ratio(first, warm)} |`);
  }
  // The warm-up must not run on a request that announces no session: CPU, not only latency.
  lines.push("\n## A Slack text bot's first request, warm-up on and off (the real Worker in workerd)\n");
  lines.push(...(await slackFirstRequest(buildWorker(), Math.max(samples, 7))));
  return lines.join('\n');
}

if (import.meta.filename === process.argv[1]) {
  try {
    console.log(await benchAgentSession(Number(process.argv[2] ?? 3)));
  } finally {
    await stopAllWorkers();
  }
}
