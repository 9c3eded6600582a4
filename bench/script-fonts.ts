/**
 * The first slide in Japanese on a new isolate against a Latin one, in one run: PNG 1280×720 inside
 * workerd, each first render on a fresh workerd (median of fresh isolates), then warm in the same
 * isolate, with the script-font files the isolate fetched (count and bytes). Run alone:
 * `node --experimental-strip-types --no-warnings bench/script-fonts.ts` (after
 * `npm run build:playground`, which writes the font files). Then the same Japanese slide with the
 * script fonts bundled (every file a Data module, in memory when the isolate starts) against fetched,
 * alternating fresh isolates, with each variant's start-up, size and resident memory.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Miniflare } from 'miniflare';
import { build, median, miniflare, startupProfile, TICKS_PER_SECOND, workerdTicks, type Bundle } from './images.ts';
import { workerdRssKiB } from './first-request.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FONTS = join(ROOT, 'build', 'playground', 'fonts');
const SCALE = 2 / 3;

interface Answer {
  times: number[];
  bytes: number;
  fetched: { files: number; bytes: number };
}

/** One content slide: a heading and three bullets, in the language given. */
function slide(lang: string | undefined, title: string, points: readonly string[]) {
  return {
    type: 'view',
    ...(lang ? { lang } : {}),
    title,
    body: [
      {
        type: 'slideFrame',
        brand: 'Kestrel',
        sectionNumber: '01',
        section: lang === 'ja' ? '売上' : 'Revenue',
        body: [
          { type: 'slideHeading', title },
          { type: 'slideBulletList', items: points },
        ],
      },
    ],
  };
}

const SLIDES = {
  Latin: slide(undefined, 'Third-quarter revenue grew in every region', [
    'Tokyo led with new enterprise contracts.',
    'Osaka doubled its retail partners.',
    'Renewals held above ninety per cent.',
  ]),
  Japanese: slide('ja', '第3四半期の売上は全地域で伸びました', [
    '東京は新しい法人契約で首位に立ちました。',
    '大阪は小売パートナーを倍増させました。',
    '更新率は九割を超えて推移しています。',
  ]),
} as const;

/** Serves the font files the build wrote to the isolate's outbound fetches. */
function fontServer(request: Request): Response {
  const file = new URL(request.url).pathname.slice(1);
  const path = join(FONTS, file);
  if (file.includes('/') || !existsSync(path)) return new Response('not found', { status: 404 });
  return new Response(readFileSync(path));
}

function start(bundle: Bundle): Miniflare {
  return miniflare(bundle, { dev: { outboundService: { type: 'fetcher', handler: fontServer } } });
}

async function render(mf: Miniflare, body: unknown, runs: number): Promise<Answer> {
  const response = await mf.dispatchFetch(`http://bench/render?scale=${SCALE}&runs=${runs}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`render: ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

interface Row {
  name: string;
  firstWallMs: number;
  firstCpuMs: number;
  firstFiles: number;
  firstKiB: number;
  warmMs: number;
  warmCpuMs: number;
  pngBytes: number;
}

async function measureSlide(bundle: Bundle, name: string, body: unknown, samples: number): Promise<Row> {
  const walls: number[] = [];
  const cpus: number[] = [];
  let first: Answer | undefined;
  for (let i = 0; i < samples; i++) {
    const before = workerdTicks();
    const started = performance.now();
    const mf = start(bundle);
    first = await render(mf, body, 1);
    walls.push(performance.now() - started);
    cpus.push(((workerdTicks() - before) * 1000) / TICKS_PER_SECOND);
    await mf.dispose();
  }
  const mf = start(bundle);
  await render(mf, body, 3); // the isolate's first images, fonts and all
  const runs = 15;
  const before = workerdTicks();
  const warm = await render(mf, body, runs);
  const warmCpuMs = ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND / runs;
  await mf.dispose();
  return {
    name,
    firstWallMs: median(walls),
    firstCpuMs: median(cpus),
    firstFiles: first!.fetched.files,
    firstKiB: first!.fetched.bytes / 1024,
    warmMs: median(warm.times),
    warmCpuMs,
    pngBytes: warm.bytes,
  };
}

/** A fresh workerd answering a one-line route: what every first request pays before any image. */
async function noop(bundle: Bundle, samples: number): Promise<number> {
  const cpus: number[] = [];
  for (let i = 0; i < samples; i++) {
    const before = workerdTicks();
    const mf = start(bundle);
    await (await mf.dispatchFetch('http://bench/noop')).arrayBuffer();
    cpus.push(((workerdTicks() - before) * 1000) / TICKS_PER_SECOND);
    await mf.dispose();
  }
  return median(cpus);
}

/**
 * The same bench Worker with every script-font file bundled: a generated entry imports each as a
 * Data module (and the manifest as a string) and hands them to `scriptFontsWorker`.
 */
function bundledFontsWorker(): { bundle: Bundle; entry: string; config: string; fontBytes: number } {
  const dir = join(ROOT, 'dist', 'bench-images', 'script-fonts-bundled-src');
  mkdirSync(dir, { recursive: true });
  const files = readdirSync(FONTS).filter((file) => file.endsWith('.woff2'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(
    entry,
    [
      `import { scriptFontsWorker } from ${JSON.stringify(join(ROOT, 'bench', 'script-fonts-worker.ts'))};`,
      ...files.map((file, i) => `import f${i} from ${JSON.stringify(join(FONTS, file))};`),
      `const files = new Map<string, ArrayBuffer>([${files.map((file, i) => `[${JSON.stringify(file)}, f${i}]`).join(', ')}]);`,
      `const manifest = new TextEncoder().encode(${JSON.stringify(readFileSync(join(FONTS, 'manifest.json'), 'utf8'))});`,
      `export default scriptFontsWorker(async (file: string) => (file === 'manifest.json' ? manifest : files.get(file)));`,
      '',
    ].join('\n'),
  );
  const config = join(dir, 'wrangler.json');
  writeFileSync(
    config,
    JSON.stringify({
      name: 'bench-script-fonts-bundled',
      main: entry,
      compatibility_date: '2026-11-01',
      compatibility_flags: ['nodejs_compat'],
      rules: [{ type: 'Data', globs: ['**/*.ttf', '**/*.woff2'], fallthrough: true }],
    }),
  );
  const fontBytes = files.reduce((sum, file) => sum + statSync(join(FONTS, file)).size, 0);
  return { bundle: build(entry, 'script-fonts-bundled', config), entry, config, fontBytes };
}

/** Bundled against fetched: start-up, size, memory, and the first Japanese picture on fresh isolates. */
async function bundledAgainstFetched(fetched: Bundle, samples: number): Promise<string[]> {
  const bundled = bundledFontsWorker();
  const variants = { fetched, bundled: bundled.bundle };
  const runs = { fetched: [] as number[][], bundled: [] as number[][] };
  for (let i = 0; i < samples; i++) {
    const order = i % 2 === 0 ? (['fetched', 'bundled'] as const) : (['bundled', 'fetched'] as const);
    for (const name of order) {
      const before = workerdTicks();
      const mf = start(variants[name]);
      await (await mf.dispatchFetch('http://bench/noop')).arrayBuffer();
      const noopCpu = ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND;
      const idleKiB = workerdRssKiB();
      const answer = await render(mf, SLIDES.Japanese, 1);
      const firstCpu = ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND - noopCpu;
      runs[name].push([noopCpu, firstCpu, answer.times[0]!, idleKiB, workerdRssKiB()]);
      await mf.dispose();
    }
  }
  const of = (name: 'fetched' | 'bundled', column: number) => median(runs[name].map((run) => run[column]!));
  const size = (bundle: Bundle) => bundle.files.reduce((sum, file) => sum + statSync(join(bundle.dir, file)).size, 0);
  const startup = {
    fetched: startupProfile('bench/script-fonts-worker.ts', 3),
    bundled: startupProfile(bundled.entry, 3, bundled.config),
  };
  const rows = (['fetched', 'bundled'] as const).map(
    (name) =>
      `| ${name} | ${(size(variants[name]) / 1024 / 1024).toFixed(1)} MiB | ${startup[name].activeMs.toFixed(0)} ms | ` +
      `${of(name, 0).toFixed(0)} ms | ${(of(name, 3) / 1024).toFixed(0)} MiB | ` +
      `${of(name, 1).toFixed(0)} ms | ${of(name, 2).toFixed(0)} ms | ${(of(name, 4) / 1024).toFixed(0)} MiB |`,
  );
  return [
    `\n## The script fonts bundled or fetched (the Japanese slide, fresh isolates alternating, median of ${samples})\n`,
    '| script fonts | bundle, uncompressed | start-up (`wrangler check startup`) | first `/noop`: workerd CPU | ' +
      'workerd RSS after it | then the first Japanese PNG: workerd CPU | its time in the isolate | RSS after it |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Bundling adds every script-font file: ${bundled.fontBytes.toLocaleString('en-US')} bytes of WOFF2. ` +
      "Fetched files come from the bench through Miniflare, not the Worker's static assets.",
  ];
}

export async function benchScriptFonts(samples = 5): Promise<string> {
  if (!existsSync(join(FONTS, 'manifest.json'))) throw new Error('no font files: run npm run build:playground first');
  const bundle = build('bench/script-fonts-worker.ts', 'script-fonts');
  const baseline = await noop(bundle, samples);
  const rows: Row[] = [];
  for (const [name, body] of Object.entries(SLIDES)) rows.push(await measureSlide(bundle, name, body, samples));
  const gzip = bundle.files.reduce((sum, file) => sum + gzipSync(readFileSync(join(bundle.dir, file))).length, 0);
  const lines = [
    `## A Japanese slide beside a Latin one (PNG 1280×720 in workerd; first: a fresh isolate each, median of ${samples})\n`,
    '| slide | first: wall | first: workerd CPU | script-font files fetched | fetched | warm: median | warm: workerd CPU | PNG |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.firstWallMs.toFixed(0)} ms | ${r.firstCpuMs.toFixed(0)} ms | ${r.firstFiles} | ` +
        `${r.firstKiB.toFixed(0)} KiB | ${r.warmMs.toFixed(1)} ms | ${r.warmCpuMs.toFixed(1)} ms | ` +
        `${(r.pngBytes / 1024).toFixed(0)} KiB |`,
    ),
    '',
    `On a first render the Japanese slide costs ${(rows[1]!.firstCpuMs - rows[0]!.firstCpuMs).toFixed(0)} ms more ` +
      `workerd CPU than the Latin one (fetching and registering its faces), warm ` +
      `${(rows[1]!.warmCpuMs / rows[0]!.warmCpuMs).toFixed(2)}× the Latin one's. ` +
      `A fresh isolate answering a one-line route costs ${baseline.toFixed(0)} ms of workerd CPU in the same run ` +
      `(start-up included in the first-render figures). The bench Worker is ${(gzip / 1024 / 1024).toFixed(2)} MB ` +
      'gzipped: the script fonts are not in it, they are fetched.',
    ...(await bundledAgainstFetched(bundle, Math.max(samples, 7))),
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchScriptFonts());
