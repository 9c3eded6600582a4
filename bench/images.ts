/**
 * Image formats measured inside workerd (the runtime Workers run on), not in Node:
 * `node --experimental-strip-types bench/images.ts`.
 *
 * Bundles `bench/images-worker.ts` (slides runtime + image formats) with wrangler, runs it in
 * Miniflare, and reports per format the median render time of a representative slide at
 * 1920×1080 and 1280×720, isolate start-up with and without an image request, the gzipped bundle,
 * and `@cf-wasm/og` (satori + resvg) on the same slide as a ratio.
 *
 * Two clocks: `performance.now()` inside the Worker (local workerd advances it during CPU work,
 * unlike production), and the workerd process's CPU time from /proc, which other load on the
 * machine does not inflate. Compare ratios within one run, not figures across machines.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, inflateSync } from 'node:zlib';
import { Miniflare } from 'miniflare';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist', 'bench-images');
const SLIDE_FILE = join(ROOT, 'test', 'fixtures', 'compositions', 'deck-split-slide.json');
const PLAIN_SLIDE_NAME = 'deck-section-slide';
const PLAIN_SLIDE_FILE = join(ROOT, 'test', 'fixtures', 'compositions', `${PLAIN_SLIDE_NAME}.json`);
const COMPATIBILITY = { compatibilityDate: '2026-11-01', compatibilityFlags: ['nodejs_compat'] };
export const TICKS_PER_SECOND = 100;

/** Budgets from the project brief (CPU per request on Workers). */
export const IMAGE_TARGETS = { png1280Ms: 30, svgMs: 10, startupMs: 100 } as const;

export interface Bundle {
  dir: string;
  main: string;
  files: string[];
}

interface Timing {
  label: string;
  wallMs: number;
  cpuMs: number;
  bytes: number;
}

export function build(entry: string, name: string, config?: string): Bundle {
  const dir = join(OUT, name);
  rmSync(dir, { recursive: true, force: true }); // wrangler leaves files of earlier builds behind
  execFileSync(
    'npx',
    ['wrangler', 'deploy', entry, '--dry-run', '--minify', '--outdir', dir, ...(config ? ['--config', config] : [])],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const files = readdirSync(dir).filter((file) => !file.endsWith('.map') && file !== 'README.md');
  const main = files.find((file) => file.endsWith('.js'));
  if (!main) throw new Error(`wrangler wrote no JavaScript to ${dir}`);
  return { dir, main, files };
}

const MODULE_TYPES: Record<string, 'esm' | 'wasm' | 'data' | 'text'> = {
  js: 'esm',
  html: 'text',
  mjs: 'esm',
  wasm: 'wasm',
  woff2: 'data',
  woff: 'data',
  ttf: 'data',
  bin: 'data',
};

/**
 * `extra`: more worker options, e.g. `serviceBindings` (bench/script-fonts.ts serves fonts through one);
 * `vars`: text bindings, as `[vars]` in wrangler.toml (the real Worker's `ISOMER_AUTH`, `ISOMER_WARM_UP`).
 */
export function miniflare(
  bundle: Bundle,
  extra: Record<string, unknown> = {},
  vars: Record<string, string> = {},
): Miniflare {
  const modules = Object.fromEntries(
    bundle.files.map((file) => {
      const type = MODULE_TYPES[file.split('.').at(-1)!] ?? 'data';
      const bytes = readFileSync(join(bundle.dir, file));
      const text = type === 'esm' || type === 'text';
      return [file, { type, contents: text ? bytes.toString('utf8') : new Uint8Array(bytes) }];
    }),
  );
  return new Miniflare({
    // The real Worker (given `vars`) logs a line per request: dropped, so the bench prints its tables only.
    ...(Object.keys(vars).length > 0 ? { handleStructuredLogs: () => undefined } : {}),
    workers: [
      {
        config: {
          name: 'bench',
          ...COMPATIBILITY,
          manifest: { mainModule: bundle.main, modulesRoot: bundle.dir, modules },
          env: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: 'text', value }])),
        },
        ...extra,
      },
    ],
  } as unknown as ConstructorParameters<typeof Miniflare>[0]);
}

/** CPU ticks (user + system) of every workerd process this script started. */
export function workerdTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (comm === 'workerd' && Number(fields[1]) === process.pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we read.
    }
  }
  return ticks;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function post(mf: Miniflare, path: string, body: string): Promise<Response> {
  const response = await mf.dispatchFetch(`http://bench${path}`, { method: 'POST', body });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response as unknown as Response;
}

/** Median of `runs` renders timed inside the isolate, and the workerd CPU spent per render. */
async function timeRenders(mf: Miniflare, label: string, query: string, body: string, runs: number): Promise<Timing> {
  const bytes = (await (await post(mf, `/render?${query}`, body)).arrayBuffer()).byteLength;
  const before = workerdTicks();
  const { times } = (await (await post(mf, `/time?${query}&runs=${runs}`, body)).json()) as { times: number[] };
  const cpuMs = ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND / runs;
  return { label, wallMs: median(times), cpuMs, bytes };
}

/**
 * Wall time from a fresh workerd to the first response of `path`, median of `samples` isolates.
 * `vars`: text bindings for `miniflare` (the real Worker's `ISOMER_AUTH`, `ISOMER_WARM_UP`).
 */
export async function coldStart(
  bundle: Bundle,
  path: string,
  body: string | undefined,
  samples: number,
  vars: Record<string, string> = {},
): Promise<{ wallMs: number; cpuMs: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < samples; i++) {
    const before = workerdTicks();
    const start = performance.now();
    const mf = miniflare(bundle, {}, vars);
    const response = await mf.dispatchFetch(`http://bench${path}`, body === undefined ? {} : { method: 'POST', body });
    await response.arrayBuffer();
    walls.push(performance.now() - start);
    cpus.push(((workerdTicks() - before) * 1000) / TICKS_PER_SECOND);
    await mf.dispose();
  }
  return { wallMs: median(walls), cpuMs: median(cpus) };
}

/**
 * The start-up phase as `wrangler check startup` profiles it (module evaluation and global scope
 * in workerd, what Cloudflare's 1 s start-up limit counts): median active CPU of `samples` runs.
 */
export function startupProfile(
  entry: string,
  samples: number,
  config?: string,
): { activeMs: number; windowMs: number } {
  const active: number[] = [];
  const windows: number[] = [];
  for (let i = 0; i < samples; i++) {
    const output = execFileSync(
      'npx',
      [
        'wrangler',
        'check',
        'startup',
        `--args=${entry}${config ? ` --config ${config}` : ''}`,
        '--outfile',
        join(OUT, 'startup.cpuprofile'),
      ],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    active.push(Number(/Active: ([\d.]+) ms/.exec(output)?.[1]));
    windows.push(Number(/Profile window: ([\d.]+) ms/.exec(output)?.[1]));
  }
  return { activeMs: median(active), windowMs: median(windows) };
}

function bundleSize(bundle: Bundle): { kind: string; raw: number; gzip: number }[] {
  const kinds = new Map<string, { raw: number; gzip: number }>();
  for (const file of bundle.files) {
    const bytes = readFileSync(join(bundle.dir, file));
    const kind = file.endsWith('.wasm') ? 'WASM' : /\.(woff2?|ttf)$/.test(file) ? 'fonts' : 'JavaScript';
    const entry = kinds.get(kind) ?? { raw: 0, gzip: 0 };
    entry.raw += bytes.length;
    entry.gzip += gzipSync(bytes, { level: 9 }).length;
    kinds.set(kind, entry);
  }
  const rows = [...kinds].map(([kind, size]) => ({ kind, ...size }));
  rows.push({ kind: 'total', raw: rows.reduce((s, r) => s + r.raw, 0), gzip: rows.reduce((s, r) => s + r.gzip, 0) });
  return rows;
}

interface FirstImageParts {
  instantiateMs: number;
  prepareMs: number;
  faceMs: number[];
  layoutMs: number;
  encodeMs: number;
  faces: number;
}

type PartName = 'instantiateMs' | 'prepareMs' | 'registerMs' | 'layoutMs' | 'encodeMs' | 'totalMs';

/** The first image's parts, each the median over `samples` fresh isolates (`/first-image` in the Worker). */
export async function firstImageParts(
  bundle: Bundle,
  query: string,
  body: string,
  samples: number,
): Promise<Record<PartName, number> & { faces: number }> {
  const runs: (FirstImageParts & Record<PartName, number>)[] = [];
  for (let i = 0; i < samples; i++) {
    const mf = miniflare(bundle);
    const parts = (await (await post(mf, `/first-image?${query}`, body)).json()) as FirstImageParts;
    await mf.dispose();
    const registerMs = parts.faceMs.reduce((sum, value) => sum + value, 0);
    const totalMs = parts.instantiateMs + parts.prepareMs + registerMs + parts.layoutMs + parts.encodeMs;
    runs.push({ ...parts, registerMs, totalMs });
  }
  const of = (key: PartName) => median(runs.map((run) => run[key]));
  return {
    instantiateMs: of('instantiateMs'),
    prepareMs: of('prepareMs'),
    registerMs: of('registerMs'),
    layoutMs: of('layoutMs'),
    encodeMs: of('encodeMs'),
    totalMs: of('totalMs'),
    faces: runs[0]!.faces,
  };
}

/**
 * A WOFF 1.0 file as the TrueType/OpenType file it wraps: each table inflated (zlib) when stored
 * compressed, laid out again behind an sfnt table directory. Lets the benchmark weigh a font's
 * format: the same face as WOFF2 (Brotli plus glyf transforms), WOFF (zlib) or uncompressed.
 */
function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const header = Buffer.alloc(12 + count * 16);
  woff.copy(header, 0, 4, 8);
  header.writeUInt16BE(count, 4);
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    table.tag.copy(header, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 12 + i * 16 + 4);
    header.writeUInt32BE(offset, 12 + i * 16 + 8);
    header.writeUInt32BE(table.data.length, 12 + i * 16 + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs the image benchmarks and returns them as Markdown. */
export async function benchImages({ runs = 15, samples = 5 } = {}): Promise<string> {
  const lines: string[] = [];
  mkdirSync(OUT, { recursive: true });
  const images = build('bench/images-worker.ts', 'formats');
  const baseline = build('bench/images-baseline-worker.ts', 'baseline');
  const trivialDir = join(OUT, 'trivial');
  mkdirSync(trivialDir, { recursive: true });
  writeFileSync(join(trivialDir, 'index.js'), 'export default { fetch() { return new Response("ok"); } };\n');
  const trivial: Bundle = { dir: trivialDir, main: 'index.js', files: ['index.js'] };

  const slide = existsSync(SLIDE_FILE) ? readFileSync(SLIDE_FILE, 'utf8') : undefined;
  if (!slide) throw new Error(`the representative slide is missing: ${SLIDE_FILE}`);

  lines.push('## Image formats inside workerd (deck-split-slide)\n');
  const mf = miniflare(images);
  const timings: Timing[] = [];
  const renders = [
    ['PNG 1920×1080', 'format=png'],
    ['PNG 1280×720', 'format=png&scale=0.6666666666666666'],
    ['WebP 1920×1080 (lossless)', 'format=webp'],
    ['WebP 1280×720 (lossless)', 'format=webp&scale=0.6666666666666666'],
    ['SVG 1920×1080', 'format=svg'],
    ['SVG 1280×720', 'format=svg&scale=0.6666666666666666'],
    ['PDF, one 1440×810 pt page', 'format=pdf'],
  ] as const;
  // Warm every path first: V8 compiles WebAssembly lazily and tiers hot code up in the background.
  for (let round = 0; round < 3; round++)
    for (const [, query] of renders) await post(mf, `/time?${query}&runs=2`, slide);
  for (const [label, query] of renders) timings.push(await timeRenders(mf, label, query, slide, runs));
  // The layout check beside the PNG of the same slide: one measure pass, no drawing or encoding.
  for (let round = 0; round < 3; round++) await post(mf, '/layout?runs=2', slide);
  const layoutBefore = workerdTicks();
  const layoutRun = (await (await post(mf, `/layout?runs=${runs}`, slide)).json()) as {
    times: number[];
    cached: number[];
    findings: number;
  };
  const layoutCpuMs = ((workerdTicks() - layoutBefore) * 1000) / TICKS_PER_SECOND / runs;
  const { wasmBytes } = (await (await mf.dispatchFetch('http://bench/memory')).json()) as { wasmBytes: number };
  await mf.dispose();
  lines.push('| render | median (performance.now) | workerd CPU per render | bytes |', '| --- | --- | --- | --- |');
  for (const t of timings)
    lines.push(`| ${t.label} | ${ms(t.wallMs)} | ${ms(t.cpuMs)} | ${t.bytes.toLocaleString('en-US')} |`);
  lines.push(
    `| layout check (measure only; ${layoutRun.findings} findings) | ${ms(median(layoutRun.times))} | ` +
      `${ms(layoutCpuMs)} | — |`,
    `| layout check again, same composition (cached) | ${ms(median(layoutRun.cached))} | — | — |`,
  );
  lines.push(
    '',
    `The layout check takes ${(median(layoutRun.times) / timings[0]!.wallMs).toFixed(2)}× the time of the ` +
      `PNG 1920×1080 of the same slide.`,
  );
  lines.push(
    '',
    `WebAssembly memory after ${timings.length * (runs + 4)} renders: ` +
      `${(wasmBytes / 1024 / 1024).toFixed(1)} MiB (of the isolate's 128 MB).`,
  );
  const png720 = timings[1]!;
  const svg = timings[4]!;
  lines.push(
    '',
    `Targets: PNG 1280×720 under ${IMAGE_TARGETS.png1280Ms} ms — ` +
      `${Math.min(png720.wallMs, png720.cpuMs) < IMAGE_TARGETS.png1280Ms ? 'met' : 'missed'}; SVG under ` +
      `${IMAGE_TARGETS.svgMs} ` +
      `ms — ${Math.min(svg.wallMs, svg.cpuMs) < IMAGE_TARGETS.svgMs ? 'met' : 'missed'}.`,
  );

  lines.push('\n## Start-up phase (`wrangler check startup`, median of 3)\n');
  const profiles = [
    ['runtime + slides, no formats', startupProfile('bench/images-baseline-worker.ts', 3)],
    ['runtime + slides + formats', startupProfile('bench/images-worker.ts', 3)],
  ] as const;
  lines.push('| Worker | active CPU | profile window |', '| --- | --- | --- |');
  for (const [name, profile] of profiles) lines.push(`| ${name} | ${ms(profile.activeMs)} | ${ms(profile.windowMs)} |`);
  const withFormats = profiles[1][1];
  lines.push(
    '',
    `Target: start-up without images under ${IMAGE_TARGETS.startupMs} ms — ` +
      `${withFormats.activeMs < IMAGE_TARGETS.startupMs ? 'met' : 'missed'} (${ms(withFormats.activeMs)} ` +
      `active, ${ms(withFormats.activeMs - profiles[0][1].activeMs)} of it for the formats).`,
  );

  lines.push('\n## First request on a new isolate (fresh workerd each sample, median)\n');
  const base = await coldStart(trivial, '/', undefined, samples);
  const runtimeOnly = await coldStart(baseline, '/', undefined, samples);
  const noImage = await coldStart(images, '/noop', undefined, samples);
  const firstPng = await coldStart(images, '/render?format=png&scale=0.6666666666666666', slide, samples);
  const everyFace = await coldStart(images, '/render?format=png&scale=0.6666666666666666&faces=all', slide, samples);
  const over = (t: { wallMs: number; cpuMs: number }) =>
    `${ms(t.wallMs - base.wallMs)} wall, ${ms(t.cpuMs - base.cpuMs)} CPU`;
  lines.push(
    '| first request on a new isolate | wall | workerd CPU | over a one-line Worker |',
    '| --- | --- | --- | --- |',
  );
  lines.push(`| one-line Worker | ${ms(base.wallMs)} | ${ms(base.cpuMs)} | — |`);
  lines.push(
    `| runtime + slides, no formats | ${ms(runtimeOnly.wallMs)} | ${ms(runtimeOnly.cpuMs)} | ${over(runtimeOnly)} |`,
  );
  lines.push(
    `| runtime + slides + formats, no image | ${ms(noImage.wallMs)} | ${ms(noImage.cpuMs)} | ${over(noImage)} |`,
  );
  lines.push(
    `| runtime + slides + formats, PNG 1280×720 | ` +
      `${ms(firstPng.wallMs)} | ${ms(firstPng.cpuMs)} | ${over(firstPng)} |`,
  );
  lines.push(
    `| same, every bundled face registered (as before faces were chosen per image) | ${ms(everyFace.wallMs)} | ` +
      `${ms(everyFace.cpuMs)} | ${over(everyFace)} |`,
  );
  lines.push(
    '',
    `The first image pays for instantiating the WebAssembly, registering the fonts and V8 ` +
      `compiling the engine's code on first use: about ${ms(firstPng.cpuMs - noImage.cpuMs)} of ` +
      `workerd CPU over a request without an image (read in 10 ms ticks, including process noise).`,
  );

  const parts = [
    ['WebAssembly instantiation (`initSync`, compiled module)', 'instantiateMs'],
    ['snapshot, takumi tree and face choice', 'prepareMs'],
    ['font registration (`registerFont` per face)', 'registerMs'],
    ['first layout (`measure`)', 'layoutMs'],
    ['first draw and PNG encode', 'encodeMs'],
    ['total', 'totalMs'],
  ] as const;
  // The representative slide draws a check mark (the fallback font); a plain one needs Latin only.
  for (const [name, body] of [
    ['deck-split-slide', slide],
    [PLAIN_SLIDE_NAME, readFileSync(PLAIN_SLIDE_FILE, 'utf8')],
  ] as const) {
    lines.push(`\n## The first image, part by part (${name}, PNG 1280×720, median of fresh isolates)\n`);
    const needed = await firstImageParts(images, 'scale=0.6666666666666666', body, samples);
    const every = await firstImageParts(images, 'scale=0.6666666666666666&faces=all', body, samples);
    lines.push(
      `| part (performance.now) | faces it needs (${needed.faces}) | every bundled face (${every.faces}) | ratio |`,
      '| --- | --- | --- | --- |',
    );
    for (const [label, key] of parts)
      lines.push(`| ${label} | ${ms(needed[key])} | ${ms(every[key])} | ${(needed[key] / every[key]).toFixed(2)} |`);
  }

  lines.push(
    '\n## One face registered, by file format (each on a fresh isolate: its first registration / median of 9)\n',
  );
  const require = createRequire(import.meta.url);
  const fontFile = (name: string, ext: string) =>
    readFileSync(require.resolve(`@fontsource/${name.slice(0, name.indexOf('-latin'))}/files/${name}.${ext}`));
  lines.push(
    '| face | WOFF2 | WOFF (zlib) | TTF (uncompressed) | bytes WOFF2 / TTF |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const name of ['inter-latin-400-normal', 'roboto-mono-latin-400-normal', 'dejavu-sans-latin-400-normal']) {
    const woff2 = fontFile(name, 'woff2');
    const woff = fontFile(name, 'woff');
    const ttf = woffToSfnt(woff);
    // takumi reads WOFF2 and sfnt; it refuses WOFF 1.0 ("Unsupported font format").
    const cost = async (bytes: Buffer) => {
      const probe = miniflare(images);
      const response = await probe.dispatchFetch('http://bench/register', { method: 'POST', body: bytes });
      const result = response.ok ? ((await response.json()) as { firstMs: number; ms: number }) : undefined;
      await probe.dispose();
      return result ? `${ms(result.firstMs)} / ${ms(result.ms)}` : 'not read';
    };
    lines.push(
      `| ${name} | ${await cost(woff2)} | ${await cost(woff)} | ${await cost(ttf)} | ` +
        `${kib(woff2.length)} / ${kib(ttf.length)} |`,
    );
  }

  lines.push('\n## Bundle of the formats Worker (wrangler --minify)\n');
  lines.push('| part | raw | gzip -9 |', '| --- | --- | --- |');
  for (const row of bundleSize(images)) lines.push(`| ${row.kind} | ${kib(row.raw)} | ${kib(row.gzip)} |`);

  lines.push('\n## Comparison: @cf-wasm/og (satori + resvg), dev only, one run\n');
  const ogConfig = join(OUT, 'og.wrangler.json');
  writeFileSync(
    ogConfig,
    JSON.stringify({
      name: 'bench-og',
      main: join(ROOT, 'bench', 'images-og-worker.ts'),
      compatibility_date: COMPATIBILITY.compatibilityDate,
      compatibility_flags: COMPATIBILITY.compatibilityFlags,
      rules: [{ type: 'Data', globs: ['**/*.woff'], fallthrough: true }],
    }),
  );
  const ogBundle = build(join(ROOT, 'bench', 'images-og-worker.ts'), 'og', ogConfig);
  const og = miniflare(ogBundle);
  for (let round = 0; round < 3; round++) await post(og, '/time?runs=2', '{}');
  const ogTiming = await timeRenders(og, 'og PNG 1920×1080', 'format=png', '{}', runs);
  await og.dispose();
  const png = timings[0]!;
  lines.push('| PNG 1920×1080 | median | workerd CPU per render | bytes |', '| --- | --- | --- | --- |');
  lines.push(
    `| takumi (these formats) | ${ms(png.wallMs)} | ${ms(png.cpuMs)} | ${png.bytes.toLocaleString('en-US')} |`,
  );
  lines.push(
    `| @cf-wasm/og | ${ms(ogTiming.wallMs)} | ${ms(ogTiming.cpuMs)} | ${ogTiming.bytes.toLocaleString('en-US')} |`,
  );
  lines.push(
    '',
    `@cf-wasm/og takes ${(ogTiming.wallMs / png.wallMs).toFixed(1)}× the time ` +
      `(${(ogTiming.cpuMs / png.cpuMs).toFixed(1)}× the CPU) of takumi for the same slide.`,
  );
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'images.ts')) {
  console.log(await benchImages());
}
