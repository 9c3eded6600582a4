/**
 * `runEvals`: a corpus through a model, one-shot. Each case's prompt is the full authoring context
 * and the request; the answer is parsed and checked, and a failed first answer gets one retry with
 * its own errors (the gap between `valid` and `validAfterRetry` measures how repairable the error
 * messages are). Stateless: `generate` is the only way a model is reached, nothing is read from the
 * environment and nothing is written anywhere. What fails outside the model's answer — `generate`
 * throwing or answering a non-string, the judge or layout check failing — is the case's `error`,
 * never a rejection of the run.
 */
import type { Composition } from '../core/model/composition.ts';
import type { AuthoringProfileId, IsomerToolsFrame } from '../core/tools/types.ts';
import { type AttemptCheck, checkAttempt, type EvalsRuntime } from './attempt.ts';
import { parseCorpus } from './corpus.ts';
import { buildEvalContext, buildEvalPrompt } from './prompt.ts';
import { reportOf } from './report.ts';
import { scoreAnswerability, scorePayload, scorePrimitiveSelection, scoreValidity } from './scores.ts';
import type {
  EvalCase,
  EvalCaseResult,
  EvalCorpus,
  EvalReport,
  Generate,
  Judge,
  LayoutAxis,
  SelectionOptions,
  ValidityScore,
} from './types.ts';

/** An answer longer than this is refused before it is parsed (the input budget allows a million characters). */
export const MAX_ANSWER_CHARACTERS = 2_000_000;
/** At most this many cases run at once. */
export const MAX_CONCURRENCY = 32;

/** What every run takes, one-shot or tool loop. */
export interface EvalRunBase {
  runtime: EvalsRuntime;
  /** Cases (a list, or `{ cases, selection }` as a corpus file holds them); checked first. */
  corpus: EvalCorpus | readonly EvalCase[];
  judge?: Judge;
  /** The layout axis: findings on each valid final composition (a valid slide that does not fit is a worse answer). */
  layout?: LayoutAxis;
  /** A body rule besides the schema; default the runtime's frames (a slides answer is one `slideFrame`). */
  frame?: IsomerToolsFrame;
  /** How selection reads a body; default the corpus's own `selection`. */
  selection?: SelectionOptions;
  /** Cases run at once. Default 1. */
  concurrency?: number;
}

export interface RunEvalsOptions extends EvalRunBase {
  generate: Generate;
  profile?: AuthoringProfileId;
  /** Give a failed first answer one more try with its errors. Default `true`. */
  retryOnInvalid?: boolean;
  /** Prose in place of the packs' guides in the prompt. */
  guide?: string;
  /** Rules in place of the packs' own in the prompt. */
  rules?: readonly string[];
}

export const errorText = (error: unknown): string =>
  String((error as Error)?.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 300);

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A model's output checked for shape: a string of bounded length, else a thrown message naming what came back. */
export function expectAnswer(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} returned ${describeValue(value)}, not a string`);
  if (value.length > MAX_ANSWER_CHARACTERS)
    throw new Error(`${what} returned ${value.length} characters; at most ${MAX_ANSWER_CHARACTERS} are read`);
  return value;
}

/** Runs `task` over `items` with at most `limit` at once, keeping order. */
export async function mapPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const width = Math.max(1, Math.min(MAX_CONCURRENCY, Math.floor(limit) || 1, items.length));
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        out[index] = await task(items[index]!);
      }
    }),
  );
  return out;
}

export function corpusOf(corpus: EvalCorpus | readonly EvalCase[]): EvalCorpus {
  return parseCorpus(Array.isArray(corpus) ? corpus : { ...(corpus as EvalCorpus) });
}

const NOT_ANSWERED: AttemptCheck = { parsed: false, valid: false, errors: [] };

/**
 * The axes after validity, shared by both modes: payload on the first answer, then, on the valid
 * final composition, selection against the golden, answerability and layout.
 */
export async function scoreCase(
  run: EvalRunBase,
  evalCase: EvalCase,
  selection: SelectionOptions,
  input: { validity: ValidityScore; firstRaw: string; modelCalls: number; error?: string },
): Promise<EvalCaseResult> {
  const { validity } = input;
  const result: EvalCaseResult = {
    id: evalCase.id,
    ...(evalCase.tags ? { tags: evalCase.tags } : {}),
    ...(evalCase.deck ? { deck: evalCase.deck } : {}),
    validity,
    payload: scorePayload(run.runtime, input.firstRaw, evalCase.golden),
    modelCalls: input.modelCalls,
  };
  const errors = input.error ? [input.error] : [];
  const composition: Composition | undefined = validity.composition;
  if (composition) {
    if (evalCase.golden !== undefined)
      result.selection = scorePrimitiveSelection(composition, evalCase.golden, selection);
    if (run.judge) {
      try {
        result.answerability = await scoreAnswerability(run.runtime, evalCase, composition, run.judge);
      } catch (error) {
        errors.push(`judge failed: ${errorText(error)}`);
      }
    }
    if (run.layout) {
      try {
        const findings = await run.layout(composition);
        result.layout = {
          findings: findings.map((finding) =>
            `${finding.path}${finding.nodeType ? ` (in ${finding.nodeType})` : ''} ${finding.message}`.trim(),
          ),
        };
      } catch (error) {
        errors.push(`layout check failed: ${errorText(error)}`);
      }
    }
  }
  if (errors.length > 0) result.error = errors.join('; ');
  return result;
}

/**
 * Runs a corpus one-shot: one answer per case, a retry with its errors when invalid, four axes (and
 * layout when asked). Throws `EvalInputError` for a corpus it cannot use, before any model call.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 * import { formatReport, replayGenerate, runEvals } from 'isomer-edge/evals';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * declare const recordings: Record<string, { attempts: string[] }>;
 * const report = await runEvals({
 *   runtime,
 *   corpus: [{ id: 'users', prompt: 'Chart weekly users: 18k, 19k, 23k' }],
 *   generate: replayGenerate(recordings),
 * });
 * console.log(formatReport(report));
 * ```
 */
export async function runEvals(options: RunEvalsOptions): Promise<EvalReport> {
  const corpus = corpusOf(options.corpus);
  if (typeof options.generate !== 'function') throw new TypeError('runEvals: generate must be a function');
  const { runtime, retryOnInvalid = true } = options;
  const frame = options.frame ?? runtime.frames;
  const selection = options.selection ?? corpus.selection ?? {};
  const context = buildEvalContext(runtime, {
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.guide !== undefined ? { guide: options.guide } : {}),
    ...(options.rules !== undefined ? { rules: options.rules } : {}),
  });
  const check = (raw: string) => checkAttempt(runtime, raw, frame ? { frame } : {});

  const cases = await mapPool(corpus.cases, options.concurrency ?? 1, async (evalCase) => {
    const prompt = buildEvalPrompt(context, evalCase.prompt);
    let modelCalls = 0;
    const ask = async (attempt: number, previous?: { errors: string[]; output: string }) => {
      modelCalls += 1;
      const answer = await options.generate({
        evalCase,
        prompt,
        attempt,
        ...(previous ? { previousErrors: previous.errors, previousOutput: previous.output } : {}),
      });
      return expectAnswer(answer, 'generate');
    };
    let firstRaw: string;
    try {
      firstRaw = await ask(0);
    } catch (error) {
      const message = `generate failed: ${errorText(error)}`;
      return scoreCase(options, evalCase, selection, {
        validity: scoreValidity({ ...NOT_ANSWERED, errors: [message] }),
        firstRaw: '',
        modelCalls,
        error: message,
      });
    }
    const first = check(firstRaw);
    let retry: AttemptCheck | undefined;
    let error: string | undefined;
    if (!first.valid && retryOnInvalid) {
      try {
        retry = check(await ask(1, { errors: first.errors, output: firstRaw }));
      } catch (failure) {
        error = `generate failed on the retry: ${errorText(failure)}`;
      }
    }
    return scoreCase(options, evalCase, selection, {
      validity: scoreValidity(first, retry),
      firstRaw,
      modelCalls,
      ...(error ? { error } : {}),
    });
  });
  return reportOf('one-shot', cases);
}
