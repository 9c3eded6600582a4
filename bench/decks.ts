/**
 * Decks inside workerd (issue 35): a 10-slide PDF and a set of 10 PNGs (what `POST /images/png`
 * stores for a deck), each timed against one slide alone, so the table says what a slide costs
 * inside a deck. Same Worker and clocks as `bench/images.ts`: `performance.now()` inside the
 * isolate, and the workerd process's CPU from /proc. `node --experimental-strip-types bench/decks.ts`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, median, miniflare, post, TICKS_PER_SECOND, workerdTicks } from './images.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SLIDE_FILE = join(ROOT, 'test', 'fixtures', 'compositions', 'deck-split-slide.json');
/** The deck the issue asks for: ten slides. */
export const BENCH_DECK_SLIDES = 10;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Median time of `runs` calls of `path` inside the isolate, and the workerd CPU per call. */
async function timed(
  mf: ReturnType<typeof miniflare>,
  path: string,
  body: string,
  runs: number,
): Promise<{ wallMs: number; cpuMs: number }> {
  const before = workerdTicks();
  const { times } = (await (await post(mf, `${path}&runs=${runs}`, body)).json()) as { times: number[] };
  return { wallMs: median(times), cpuMs: ((workerdTicks() - before) * 1000) / TICKS_PER_SECOND / runs };
}

/** Runs the deck benchmarks and returns them as Markdown. */
export async function benchDecks({ runs = 5 } = {}): Promise<string> {
  const slide = JSON.parse(readFileSync(SLIDE_FILE, 'utf8')) as Record<string, unknown>;
  // Ten slides that differ (each its own title), as a real deck's do.
  const deck = Array.from({ length: BENCH_DECK_SLIDES }, (_, i) => ({ ...slide, title: `Slide ${i + 1} of a deck` }));
  const one = JSON.stringify(slide);
  const many = JSON.stringify(deck);
  const mf = miniflare(build('bench/images-worker.ts', 'decks'));
  const rows: string[] = [];
  try {
    for (const [label, format] of [
      ['PDF (one document)', 'pdf'],
      ['PNG 1920×1080 (one picture per slide)', 'png'],
    ] as const) {
      // Warm both paths: V8 compiles WebAssembly lazily and tiers hot code up in the background.
      for (let round = 0; round < 2; round++) {
        await post(mf, `/time?format=${format}&runs=2`, one);
        await post(mf, `/time-deck?format=${format}&runs=1`, many);
      }
      const alone = await timed(mf, `/time?format=${format}`, one, runs * 2);
      const whole = await timed(mf, `/time-deck?format=${format}`, many, runs);
      const perSlide = { wallMs: whole.wallMs / BENCH_DECK_SLIDES, cpuMs: whole.cpuMs / BENCH_DECK_SLIDES };
      rows.push(
        `| ${label} | ${ms(alone.wallMs)} / ${ms(alone.cpuMs)} | ${ms(whole.wallMs)} / ${ms(whole.cpuMs)} | ` +
          `${ms(perSlide.wallMs)} / ${ms(perSlide.cpuMs)} | ${(perSlide.cpuMs / alone.cpuMs).toFixed(2)} |`,
      );
    }
  } finally {
    await mf.dispose();
  }
  return [
    `## Decks inside workerd (${BENCH_DECK_SLIDES} slides of deck-split-slide)\n`,
    '| format | one slide alone (median / workerd CPU) | the deck | per slide in the deck | CPU per slide ÷ alone |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'A ratio near 1 means a slide costs the same in a deck as alone: a deck is bounded by its slides, and ' +
      `the limit of slides (MAX_DECK_SLIDES) bounds a request's work.`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'decks.ts')) {
  console.log(await benchDecks());
}
