/**
 * This checkout against another one, in one process: every core operation and chat format of the
 * bench's slide, measured in turn for each tree (the order alternating round by round), reported as
 * the median of the per-round ratios, which cancels the machine's drift where two separate runs
 * cannot. The other checkout needs its own `npm ci` (each tree runs its own Zod, JIT off as in
 * workerd).
 *
 *   git worktree add ../before <rev> && (cd ../before && npm ci)
 *   node --experimental-strip-types --no-warnings bench/compare.ts ../before [rounds] [--script japanese]
 *
 * `--script <name>` measures a slide written in one of the scripts corpus's scripts
 * (`test/support/scripts-corpus.ts`: japanese, arabic, thai, …) in place of the bench's slide.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from './measure.ts';

type Operations = Record<string, () => unknown>;

/** The first of `paths` the tree has (the entries moved folders over time). */
function entry(tree: string, ...paths: string[]): string {
  const found = paths.map((path) => resolve(tree, path)).find((path) => existsSync(path));
  if (!found) throw new Error(`${tree} has none of ${paths.join(', ')}`);
  return found;
}

async function operations(tree: string, written?: unknown): Promise<Operations> {
  (await import(entry(tree, 'node_modules/zod/index.js'))).config({ jitless: true });
  const { createIsomerRuntime } = await import(entry(tree, 'src/index.ts'));
  const { slideDeckFrame, slidesPack } = await import(
    entry(tree, 'src/packs/slides/index.ts', 'src/slides/index.ts', 'src/slides.ts')
  );
  const { createChatFormats } = await import(entry(tree, 'src/chat/index.ts', 'src/chat.ts'));
  const { benchComposition } = await import(entry(tree, 'bench/http.ts'));
  const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
  const chat = createChatFormats({ runtime });
  const composition = written ?? benchComposition().composition;
  const { surfaces } = runtime;
  return {
    parse: () => runtime.parse(composition),
    validate: () => runtime.validate(composition),
    text: () => surfaces.text.render(composition),
    markdown: () => surfaces.markdown.render(composition),
    html: () => surfaces.html.render(composition),
    slack: () => surfaces.slack.render(composition),
    snapshot: () => surfaces.snapshot.render(composition),
    ...Object.fromEntries(
      ['teams', 'discord', 'googlechat', 'telegram'].map((name) => [name, () => chat[name].render(composition)]),
    ),
  };
}

/** A slide in one script of the corpus: its first line the heading, the next four the bullets. */
async function scriptSlide(name: string): Promise<unknown> {
  const { SCRIPT_LINES } = await import('../test/support/scripts-corpus.ts');
  const { oneSlide } = await import('../test/support/one-slide.ts');
  const entry = SCRIPT_LINES[name];
  if (!entry) throw new Error(`no script ${name}: one of ${Object.keys(SCRIPT_LINES).join(', ')}`);
  const [title, ...rest] = entry.lines;
  return { ...oneSlide({ title: title!, points: rest.slice(0, 4) }), lang: entry.lang };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const scriptAt = process.argv.indexOf('--script');
const script = scriptAt > 0 ? process.argv[scriptAt + 1] : undefined;
const [other, roundsArg] = process.argv
  .slice(2)
  .filter((arg, i, all) => arg !== '--script' && all[i - 1] !== '--script');
if (!other) throw new Error('usage: bench/compare.ts <other checkout> [rounds] [--script <name>]');
const rounds = Number(roundsArg ?? 20);
const here = fileURLToPath(new URL('..', import.meta.url));
const written = script === undefined ? undefined : await scriptSlide(script);
const [before, after] = await Promise.all([operations(resolve(other), written), operations(here, written)]);
console.log(`## This checkout against ${other}, ${rounds} rounds each${script ? ` (a ${script} slide)` : ''}\n`);
console.log('| operation | other (median) | this (median) | this / other (median of rounds) |');
console.log('| --- | --- | --- | --- |');
for (const name of Object.keys(after)) {
  if (!before[name]) continue;
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always runs on the warmer machine.
    const pair = round % 2 === 0 ? [before, after] : [after, before];
    const [first, second] = pair.map((operations) => measure(name, operations[name]!, 200).medianMs);
    theirs.push(round % 2 === 0 ? first! : second!);
    ours.push(round % 2 === 0 ? second! : first!);
  }
  const ratio = median(ours.map((ms, round) => ms / theirs[round]!));
  console.log(`| ${name} | ${median(theirs).toFixed(4)} ms | ${median(ours).toFixed(4)} ms | ${ratio.toFixed(2)} |`);
}
