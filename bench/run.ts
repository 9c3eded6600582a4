/**
 * `npm run bench`: per-operation times of the core, what an agent reads, image renders inside
 * workerd (and decks: a 10-slide PDF and PNG set against one slide), an agent session's first picture on a new isolate, the Worker's HTTP and MCP throughput under load, and the Worker bundle size.
 * Figures are medians on this machine; compare ratios within one run, not across machines.
 * `--quick` skips the image and HTTP sections (they start workerd and take about a minute).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchAgentText } from './agent-text.ts';
import { benchCore } from './core.ts';
import { benchHttp, printHttp } from './http.ts';
import { benchImages } from './images.ts';
import { formatRow } from './measure.ts';
import { benchScripts, printScripts } from './scripts.ts';

const quick = process.argv.includes('--quick');

console.log(`# isomer-edge benchmarks (${process.version}, ${process.arch})\n`);
const core = benchCore();
console.log(`## Core on V8, Zod JIT off as in workerd (${core.composition})\n`);
console.log('| operation | median | ops/s |\n| --- | --- | --- |');
for (const row of core.rows) console.log(formatRow(row));

console.log(`\n${printScripts(benchScripts())}`);
console.log(`\n${(await import('./linear.ts')).benchLinear(quick)}`);
console.log('\n## What an agent reads (slides pack)\n');
console.log(await benchAgentText());

if (!quick) {
  console.log('');
  console.log(await benchImages());
  console.log('');
  console.log(await (await import('./decks.ts')).benchDecks());
  console.log('');
  console.log(await (await import('./script-fonts.ts')).benchScriptFonts());
  console.log('');
  console.log(await (await import('./layout.ts')).benchLayout());
  console.log('');
  console.log(await (await import('./agent-session.ts')).benchAgentSession());
  console.log('\n## Worker over HTTP (wrangler dev on 127.0.0.1, autocannon)\n');
  printHttp(await benchHttp());
  console.log('\n## Fair under load (wrangler dev on 127.0.0.1)\n');
  const { benchFairness, printFairness } = await import('./fairness.ts');
  console.log(printFairness(await benchFairness()));
  console.log('\n## Playground (/ in Chromium against wrangler dev)\n');
  console.log(await (await import('./playground.ts')).benchPlayground());
  console.log('\n## MCP Apps page (ui://isomer/show in a test host in Chromium against wrangler dev)\n');
  console.log(await (await import('./mcp-app.ts')).benchApps());
}

console.log('\n## Worker bundle (wrangler deploy --dry-run --minify)\n');
const out = join('dist', 'worker');
rmSync(out, { recursive: true, force: true });
execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--minify', '--outdir', out], { stdio: 'ignore' });
let raw = 0;
let gzip = 0;
for (const file of readdirSync(out, { recursive: true }) as string[]) {
  const path = join(out, file);
  if (!statSync(path).isFile() || file.endsWith('.map') || file === 'README.md') continue;
  const bytes = readFileSync(path);
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
console.log(
  `| bundle | raw | gzip -9 |\n| --- | --- | --- |\n| the Worker with images (WASM, ` +
    `fonts, JS) | ${(raw / 1024).toFixed(1)} KiB | ${(gzip / 1024).toFixed(1)} KiB |`,
);
