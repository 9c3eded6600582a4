/**
 * The official MCP conformance suite against the running Worker, scenario by scenario, each at the
 * protocol revision it is run for. Only scenarios that apply to a tool server without the suite's
 * fixture tools are picked; the rest are listed in NOT_RUN with the reason.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Checks } from './checks.ts';

/** [scenario, revision]: scenarios on both eras run twice, once per wire. */
export const SCENARIOS: readonly (readonly [string, '2025-11-25' | '2026-07-28'])[] = [
  ['server-initialize', '2025-11-25'],
  ['ping', '2025-11-25'],
  ['tools-list', '2025-11-25'],
  ['resources-list', '2025-11-25'],
  ['prompts-list', '2025-11-25'],
  ['dns-rebinding-protection', '2025-11-25'],
  ['server-stateless', '2026-07-28'],
  ['tools-list', '2026-07-28'],
  ['resources-list', '2026-07-28'],
  ['prompts-list', '2026-07-28'],
  ['http-header-validation', '2026-07-28'],
  ['dns-rebinding-protection', '2026-07-28'],
  ['caching', '2026-07-28'],
  ['sep-2164-resource-not-found', '2026-07-28'],
];

/** Scenarios deliberately not run, and why (they call tools, resources or prompts only the fixture has). */
export const NOT_RUN: Readonly<Record<string, string>> = {
  'tools-call-*, json-schema-2020-12, completion-complete':
    'call the fixture tools (test_simple_text, test_image_content, json_schema_2020_12_tool…) or its completions',
  'resources-read-*, resources-templates-read, resources-(un)subscribe':
    'read the fixture resources (test://static-text…) or need subscriptions',
  'prompts-get-*': 'get the fixture prompts (test_simple_prompt…)',
  'logging-set-level, tools-call-with-logging, server-sse-*':
    'need client logging or server-initiated SSE streams, which a stateless tool server does not offer',
  'http-custom-header-server-validation': 'needs a tool with x-mcp-header parameters',
  'input-required-result-*, elicitation-*, tools-call-sampling': 'need tools that elicit or sample from the client',
  'server-session-lifecycle': 'reports "not applicable" for a stateless server (no MCP-Session-Id)',
};

export async function conformanceChecks(mcpUrl: string, outputDir: string): Promise<Checks> {
  const checks = new Checks('conformance');
  const cli = join(process.cwd(), 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const baseline = join(process.cwd(), 'test', 'e2e', 'conformance-baseline.yml');
  for (const [scenario, revision] of SCENARIOS) {
    const args = [
      cli,
      'server',
      '--url',
      mcpUrl,
      '--scenario',
      scenario,
      '--spec-version',
      revision,
      '--expected-failures',
      baseline,
      '--timeout',
      '30000',
      '-o',
      outputDir,
    ];
    const { code, output } = await run(process.execPath, args, 90_000);
    const summary = /Passed: \d+\/\d+[^\n]*/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''))?.[0] ?? '';
    checks.record({
      name: `conformance ${scenario} @ ${revision}${summary ? ` (${summary})` : ''}`,
      ok: code === 0,
      ...(code === 0 ? {} : { detail: lastLines(output, 30) }),
    });
  }
  return checks;
}

function lastLines(text: string, count: number): string {
  return text
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')
    .slice(-count)
    .join('\n');
}

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}
