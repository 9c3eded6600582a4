/**
 * `npm run bench`: per-operation times of the core, the Worker's HTTP and MCP throughput under load,
 * then the Worker bundle size.
 * Figures are medians on this machine; compare ratios within one run, not across machines.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchCore } from './core.ts';
import { benchHttp, printHttp } from './http.ts';
import { formatRow } from './measure.ts';

console.log(`# isomer-edge benchmarks (${process.version}, ${process.arch})\n`);
console.log('## Core, one representative composition\n');
console.log('| operation | median | ops/s |\n| --- | --- | --- |');
for (const row of benchCore()) console.log(formatRow(row));

console.log('\n## Worker over HTTP (wrangler dev on 127.0.0.1, autocannon)\n');
printHttp(await benchHttp());

console.log('\n## Worker bundle (wrangler deploy --dry-run --minify)\n');
execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--minify', '--outdir', 'dist'], { stdio: 'ignore' });
let raw = 0;
let gzip = 0;
for (const file of readdirSync('dist', { recursive: true }) as string[]) {
  const path = join('dist', file);
  if (!statSync(path).isFile() || file.endsWith('.map') || file === 'README.md') continue;
  const bytes = readFileSync(path);
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
console.log(`| bundle | raw | gzip -9 |\n| --- | --- | --- |\n| dist/ | ${(raw / 1024).toFixed(1)} KiB | ${(gzip / 1024).toFixed(1)} KiB |`);
