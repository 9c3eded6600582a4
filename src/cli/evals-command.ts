/**
 * `isomer-edge evals`: a corpus file run against recorded answers (`--replay DIR`, one JSON file per
 * case) or a live chat-completions endpoint (`--endpoint URL --model NAME`, the key from the
 * `ISOMER_EVALS_API_KEY` environment variable), one-shot or as a tool loop, with the layout axis on
 * request; the report as text, JSON or JUnit, and `--thresholds FILE` to fail (exit 1) below a floor.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIsomerRuntime } from '../core/runtime/runtime.ts';
import { chatCompletionsModel } from '../evals/adapters/chat-completions.ts';
import { EvalInputError, parseCorpusText } from '../evals/corpus.ts';
import { replayCallModel, replayGenerate, recordGenerate, type Recording } from '../evals/replay.ts';
import { runEvals } from '../evals/run.ts';
import { parseThresholds, type EvalThresholds } from '../evals/thresholds.ts';
import { runToolLoopEvals } from '../evals/tool-loop.ts';
import type { EvalReport, LayoutAxis } from '../evals/types.ts';
import { UsageError } from './args.ts';
import type { PackSubject } from './packs.ts';

/** The environment variable the endpoint's API key is read from. */
export const API_KEY_VARIABLE = 'ISOMER_EVALS_API_KEY';
/** A corpus, replay or thresholds file larger than this is refused. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

export interface EvalsCommandOptions {
  subjects: readonly PackSubject[];
  corpus: string;
  replay?: string;
  endpoint?: string;
  model?: string;
  mode: 'one-shot' | 'tool-loop';
  layout: boolean;
  concurrency: number;
  thresholds?: string;
  /** With `--endpoint`: write each case's answers here as replay files. */
  record?: string;
  env: Record<string, string | undefined>;
}

/** A file's text, refused with a clear message when missing, a directory or too large. */
export function readInputFile(path: string, what: string): string {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new UsageError(`${what} ${path} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${what} ${path}: no such file`);
  }
  if (size > MAX_FILE_BYTES)
    throw new UsageError(`${what} ${path} has ${size} bytes; at most ${MAX_FILE_BYTES} are read`);
  return readFileSync(path, 'utf8');
}

/** Every `<case id>.json` in a replay directory. */
export function readRecordings(dir: string): Record<string, Recording> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    throw new UsageError(`--replay ${dir}: no such directory`);
  }
  const recordings: Record<string, Recording> = {};
  for (const name of names) {
    const text = readInputFile(join(dir, name), 'replay file');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `replay file ${join(dir, name)} is not JSON: ${String((error as Error).message).slice(0, 160)}`,
      );
    }
    const record = value as Recording;
    const attemptsOk =
      record?.attempts === undefined ||
      (Array.isArray(record.attempts) && record.attempts.every((a) => typeof a === 'string'));
    if (
      typeof value !== 'object' ||
      value === null ||
      !attemptsOk ||
      (record.turns !== undefined && !Array.isArray(record.turns))
    )
      throw new UsageError(`replay file ${join(dir, name)} must be { "attempts": [string…] } or { "turns": […] }`);
    recordings[name.slice(0, -'.json'.length)] = record;
  }
  return recordings;
}

export async function runEvalsCommand(
  options: EvalsCommandOptions,
): Promise<{ report: EvalReport; thresholds?: EvalThresholds }> {
  let corpus: ReturnType<typeof parseCorpusText>;
  try {
    corpus = parseCorpusText(readInputFile(options.corpus, 'corpus'));
  } catch (error) {
    if (error instanceof EvalInputError) throw new UsageError(`corpus ${options.corpus}: ${error.message}`);
    throw error;
  }
  let thresholds: EvalThresholds | undefined;
  if (options.thresholds !== undefined) {
    try {
      thresholds = parseThresholds(JSON.parse(readInputFile(options.thresholds, 'thresholds')));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`thresholds ${options.thresholds}: ${String((error as Error).message).slice(0, 200)}`);
    }
  }
  if ((options.replay === undefined) === (options.endpoint === undefined))
    throw new UsageError('give either --replay DIR or --endpoint URL --model NAME');
  const runtime = createIsomerRuntime({ packs: options.subjects.map((subject) => subject.pack) });

  let layout: LayoutAxis | undefined;
  if (options.layout) {
    const snapshot = runtime.surfaces.snapshot;
    if (!snapshot) throw new UsageError('--layout needs a pack with a frame to lay compositions out in');
    const { createLayoutCheck } = await import('../images/index.ts');
    const check = createLayoutCheck({ snapshot });
    layout = async (composition) => {
      await check.prepare(composition);
      return check.check(composition);
    };
  }
  const base = { runtime, corpus, concurrency: options.concurrency, ...(layout ? { layout } : {}) };

  if (options.replay !== undefined) {
    const recordings = readRecordings(options.replay);
    const report =
      options.mode === 'tool-loop'
        ? await runToolLoopEvals({ ...base, callModel: replayCallModel(recordings) })
        : await runEvals({ ...base, generate: replayGenerate(recordings) });
    return { report, ...(thresholds ? { thresholds } : {}) };
  }
  if (!options.model) throw new UsageError('--endpoint needs --model NAME');
  const apiKey = options.env[API_KEY_VARIABLE];
  const model = chatCompletionsModel({
    baseUrl: options.endpoint!,
    model: options.model,
    ...(apiKey ? { apiKey } : {}),
  });
  let report: EvalReport;
  if (options.mode === 'tool-loop') report = await runToolLoopEvals({ ...base, callModel: model.callModel });
  else {
    const recorder = recordGenerate(model.generate, `${options.model} at ${options.endpoint}`);
    report = await runEvals({ ...base, generate: recorder.generate });
    if (options.record !== undefined) {
      mkdirSync(options.record, { recursive: true });
      for (const [id, recording] of Object.entries(recorder.recordings))
        writeFileSync(join(options.record, `${id}.json`), `${JSON.stringify(recording, null, 2)}\n`);
    }
  }
  return { report, ...(thresholds ? { thresholds } : {}) };
}
