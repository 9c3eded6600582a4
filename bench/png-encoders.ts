/**
 * Issue 37's two image comparisons, run alone (not a section of `npm run bench`):
 * `node --experimental-strip-types --no-warnings bench/png-encoders.ts [rounds]`.
 *
 * 1. The PNG encoder: a warm PNG by takumi's own encoder against takumi's RGBA pixels alone and
 *    against those pixels through `bench/png-encode.ts` (the platform's `CompressionStream`, or
 *    node:zlib at level 1), workerd CPU and bytes per picture, for the bench slide (a palette
 *    picture) and the layers slide (over 256 colours, so RGB). Rounds alternate the order.
 * 2. takumi against `@cf-wasm/og` on the same slide, PNG 1920×1080: warm, and the first request on
 *    a new isolate (a fresh workerd each sample), each over a one-line Worker's first request.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, coldStart, median, miniflare, post, TICKS_PER_SECOND, workerdTicks, type Bundle } from './images.ts';
import { previewSlide } from '../test/support/preview-slide.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist', 'bench-images');
const rounds = Number(process.argv[2] ?? 7);
const ENCODERS = ['takumi', 'raw', 'js', 'js-zlib1'] as const;
const SCALE = 2 / 3;
const RUNS = 30;

function slide(name: string): string {
  const node = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'compositions', `${name}.json`), 'utf8'));
  return JSON.stringify(node.type === 'view' ? node : previewSlide(node));
}

const formats = build('bench/images-worker.ts', 'formats');
const slides = { 'deck-split-slide': slide('deck-split-slide'), 'slide-layers': slide('slide-layers') };
const mf = miniflare(formats);
const results = new Map<string, { cpu: number[]; bytes: number }>();
for (const body of Object.values(slides))
  for (const encoder of ENCODERS) await post(mf, `/time-encoder?encoder=${encoder}&scale=${SCALE}&runs=5`, body);
for (let round = 0; round < rounds; round++)
  for (const [name, body] of Object.entries(slides))
    for (const encoder of round % 2 ? [...ENCODERS].reverse() : ENCODERS) {
      const before = workerdTicks();
      const response = await post(mf, `/time-encoder?encoder=${encoder}&scale=${SCALE}&runs=${RUNS}`, body);
      const { bytes } = (await response.json()) as { bytes: number };
      const cpu = ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND / RUNS;
      const key = `${name}\n${encoder}`;
      const entry = results.get(key) ?? { cpu: [], bytes };
      entry.cpu.push(cpu);
      results.set(key, entry);
    }
await mf.dispose();
console.log(`## The PNG encoder, 1280×720, workerd CPU per picture (median of ${rounds} rounds of ${RUNS})\n`);
console.log('| slide | encoder | CPU | range | bytes |\n| --- | --- | --- | --- | --- |');
for (const [key, { cpu, bytes }] of results) {
  const [name, encoder] = key.split('\n');
  const range = `${Math.min(...cpu).toFixed(1)}–${Math.max(...cpu).toFixed(1)}`;
  console.log(`| ${name} | ${encoder} | ${median(cpu).toFixed(1)} ms | ${range} | ${bytes.toLocaleString('en-US')} |`);
}

const ogConfig = join(OUT, 'og.wrangler.json');
mkdirSync(OUT, { recursive: true });
writeFileSync(
  ogConfig,
  JSON.stringify({
    name: 'bench-og',
    main: join(ROOT, 'bench', 'images-og-worker.ts'),
    compatibility_date: '2026-11-01',
    compatibility_flags: ['nodejs_compat'],
    rules: [{ type: 'Data', globs: ['**/*.woff'], fallthrough: true }],
  }),
);
const og = build(join(ROOT, 'bench', 'images-og-worker.ts'), 'og', ogConfig);
const trivialDir = join(OUT, 'trivial');
mkdirSync(trivialDir, { recursive: true });
writeFileSync(join(trivialDir, 'index.js'), 'export default { fetch() { return new Response("ok"); } };\n');
const trivial: Bundle = { dir: trivialDir, main: 'index.js', files: ['index.js'] };
const split = slides['deck-split-slide'];

async function warm(bundle: Bundle, query: string, body: string): Promise<number> {
  const instance = miniflare(bundle);
  for (let i = 0; i < 3; i++) await post(instance, `/time?${query}&runs=2`, body);
  const cpus: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = workerdTicks();
    await post(instance, `/time?${query}&runs=10`, body);
    cpus.push(((workerdTicks() - before) * 1000) / TICKS_PER_SECOND / 10);
  }
  await instance.dispose();
  return median(cpus);
}

const samples = Math.max(5, rounds);
const base = await coldStart(trivial, '/', undefined, samples);
const firstTakumi = await coldStart(formats, '/render?format=png', split, samples);
const firstOg = await coldStart(og, '/render?format=png', '{}', samples);
const warmTakumi = await warm(formats, 'format=png', split);
const warmOg = await warm(og, 'format=png', '{}');
console.log(`\n## takumi and @cf-wasm/og, PNG 1920×1080 of the bench slide (workerd CPU, median of ${samples})\n`);
console.log('| engine | warm | first on a new isolate, over a one-line Worker |\n| --- | --- | --- |');
const over = (first: { cpuMs: number }) => (first.cpuMs - base.cpuMs).toFixed(0);
console.log(`| takumi | ${warmTakumi.toFixed(1)} ms | ${over(firstTakumi)} ms |`);
console.log(`| @cf-wasm/og | ${warmOg.toFixed(1)} ms | ${over(firstOg)} ms |`);
console.log(
  `\n@cf-wasm/og / takumi: warm ${(warmOg / warmTakumi).toFixed(1)}×, first ` +
    `${((firstOg.cpuMs - base.cpuMs) / (firstTakumi.cpuMs - base.cpuMs)).toFixed(1)}×`,
);
