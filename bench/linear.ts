/**
 * `npm run bench` section: the worst cases the input budget lets through (test/support/linear-cases.ts),
 * each at the largest size the budget allows, through parse, validate (the path that collects every
 * finding) and every surface in `collect` mode, which draws whatever validates. The goal is that
 * no operation on any case takes over 250 ms, whatever the input's shape: the work a request causes
 * grows with its size, never faster. Zod's JIT is off, as in workerd.
 */
import * as z from 'zod';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { LINEAR_CASES } from '../test/support/linear-cases.ts';

z.config({ jitless: true });

/** Milliseconds no operation on any case should reach. */
export const LINEAR_GOAL_MS = 250;

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const { text, markdown, html, slack, snapshot } = runtime.surfaces;
const collect = { onValidationError: 'collect' } as const;

/** Refusals a render may answer with; anything else thrown is a bug and stops the bench. */
const EXPECTED_THROWS = new Set(['COMPOSITION_INVALID', 'INVALID_FRAME_BODY']);

const OPERATIONS: [string, (composition: unknown) => unknown][] = [
  ['parse', (c) => runtime.parse(c)],
  ['validate', (c) => runtime.validate(c)],
  ['text', (c) => text.render(c, collect)],
  ['markdown', (c) => markdown.render(c, collect)],
  ['html', (c) => html.render(c, collect)],
  ['slack', (c) => slack.render(c, collect)],
  ['snapshot', (c) => snapshot!.render(c, collect)],
];

function once(operation: (composition: unknown) => unknown, composition: unknown): number {
  const start = performance.now();
  try {
    operation(composition);
  } catch (error) {
    if (!EXPECTED_THROWS.has((error as { code?: string }).code ?? '')) throw error;
  }
  return performance.now() - start;
}

/** Median of `runs` timings after one warm-up run. */
function median(operation: (composition: unknown) => unknown, composition: unknown, runs: number): number {
  once(operation, composition);
  const times = Array.from({ length: runs }, () => once(operation, composition)).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

export function benchLinear(quick: boolean): string {
  const runs = quick ? 3 : 5;
  const names = OPERATIONS.map(([name]) => name);
  const lines = [
    `## Worst-case inputs at the budget's limits, Zod JIT off (median of ${runs})`,
    '',
    `| case | input | ${names.join(' | ')} | slowest | per KB |`,
    `| --- | --- | ${names.map(() => '---').join(' | ')} | --- | --- |`,
  ];
  let worst = 0;
  for (const linearCase of LINEAR_CASES) {
    const composition = linearCase.build(linearCase.max);
    const kilobytes = JSON.stringify(composition).length / 1024;
    const times = OPERATIONS.map(([, operation]) => median(operation, composition, runs));
    const slowest = Math.max(...times);
    worst = Math.max(worst, slowest);
    const cells = times.map((ms) => `${ms.toFixed(1)} ms`);
    const perKb = `${((slowest * 1000) / kilobytes).toFixed(0)} µs/KB`;
    lines.push(
      `| ${linearCase.name} | ${kilobytes.toFixed(0)} KB | ` +
        `${cells.join(' | ')} | ${slowest.toFixed(1)} ms | ${perKb} |`,
    );
  }
  const verdict = worst < LINEAR_GOAL_MS ? 'met' : 'NOT met';
  lines.push(
    '',
    `Goal: every operation under ${LINEAR_GOAL_MS} ms on every case; slowest ${worst.toFixed(1)} ms (${verdict}).`,
  );
  return lines.join('\n');
}

if (import.meta.filename === process.argv[1]) console.log(benchLinear(process.argv.includes('--quick')));
