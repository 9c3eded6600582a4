/**
 * Requests per second and p50/p99 latency of the Worker under concurrent load, over loopback:
 * `POST /tools/isomer_validate`, `POST /render/slack` and MCP `tools/call`, against `wrangler dev`
 * on 127.0.0.1. Each endpoint runs for a fixed time, so the whole bench is bounded.
 */
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import * as z from 'zod';
import { checkComposition, createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { startWorker, stopAllWorkers } from '../test/e2e/server.ts';
import { oneSlide } from '../test/support/one-slide.ts';
import { benchHosted, type HostedRow, printHosted } from './hosted.ts';

z.config({ jitless: true });

const FIXTURE = new URL('../test/fixtures/compositions/deck-split-slide.json', import.meta.url);
const CONNECTIONS = 16;
const SECONDS = 5;

export interface HttpRow {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** The project's split slide when every primitive it uses is registered; else a one-slide composition. */
export function benchComposition(): { name: string; composition: unknown } {
  if (existsSync(FIXTURE)) {
    const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as unknown;
    const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
    if (checkComposition(runtime, slideDeckFrame, fixture).valid)
      return { name: 'deck-split-slide.json', composition: fixture };
  }
  return { name: 'one slide (slideFrame, slideHeading, slideBulletList)', composition: oneSlide() };
}

function mcpCall(composition: unknown): { headers: Record<string, string>; body: string } {
  const version = '2026-07-28';
  return {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      'mcp-method': 'tools/call',
      'mcp-name': 'isomer_validate',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'isomer_validate',
        arguments: { composition },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': version,
          'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  };
}

export async function benchHttp(): Promise<{ composition: string; rows: HttpRow[]; hosted: HostedRow[] }> {
  const { name, composition } = benchComposition();
  const worker = await startWorker({ limits: false });
  try {
    const json = { 'content-type': 'application/json' };
    const targets = [
      {
        name: 'POST /tools/isomer_validate',
        path: '/tools/isomer_validate',
        headers: json,
        body: JSON.stringify({ composition }),
      },
      { name: 'POST /render/slack', path: '/render/slack', headers: json, body: JSON.stringify(composition) },
      { name: 'MCP tools/call isomer_validate', path: '/mcp', ...mcpCall(composition) },
    ];
    const rows: HttpRow[] = [];
    for (const target of targets) {
      const options = {
        url: `${worker.url}${target.path}`,
        method: 'POST',
        headers: target.headers,
        body: target.body,
        connections: CONNECTIONS,
        timeout: 10,
      };
      await autocannon({ ...options, duration: 1 }); // warm the isolate and the JIT
      const result = await autocannon({ ...options, duration: SECONDS });
      rows.push({
        name: target.name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    }
    const hosted = await benchHosted(worker.url, composition as Record<string, unknown>);
    return { composition: name, rows, hosted };
  } finally {
    await stopAllWorkers();
  }
}

export function printHttp({
  composition,
  rows,
  hosted,
}: {
  composition: string;
  rows: HttpRow[];
  hosted: HostedRow[];
}): void {
  console.log(`Composition: ${composition}; ${CONNECTIONS} connections, ${SECONDS} s per endpoint.\n`);
  console.log('| endpoint | req/s | p50 | p99 | failed |\n| --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} ` +
        `| ${row.p50Ms} ms | ${row.p99Ms} ms | ${row.failures} |`,
    );
  printHosted(hosted);
}

if (import.meta.main) printHttp(await benchHttp());
