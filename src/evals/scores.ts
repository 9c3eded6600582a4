/**
 * The four axes of the reference's evals, each a function of its own so a host can score answers it
 * got some other way: validity (first answer, retry), primitive selection (multiset F1 of the body's
 * types against the golden), payload (bytes as written and as validated, size against the golden,
 * invented node types) and answerability (a judge reads the text rendering).
 */
import type { Composition, PrimitiveNode } from '../core/model/composition.ts';
import type { EvalsRuntime, AttemptCheck } from './attempt.ts';
import { parseGenerated } from './attempt.ts';
import type {
  Answerability,
  EvalCase,
  Judge,
  PayloadScore,
  SelectionOptions,
  SelectionScore,
  ValidityScore,
} from './types.ts';

const encoder = new TextEncoder();
/** UTF-8 bytes of a string. */
export const utf8Bytes = (text: string): number => encoder.encode(text).byteLength;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The validity axis from the first answer's check and, when there was one, the retry's.
 * `valid` is the first answer's; `validAfterRetry` is cumulative.
 * @example
 * ```ts
 * import { checkAttempt, scoreValidity, type EvalsRuntime } from 'isomer-edge/evals';
 *
 * declare const runtime: EvalsRuntime;
 * declare const firstAnswer: string, retryAnswer: string;
 * const first = checkAttempt(runtime, firstAnswer);
 * const score = scoreValidity(first, first.valid ? undefined : checkAttempt(runtime, retryAnswer));
 * if (!score.valid && score.validAfterRetry) console.log('repaired on retry; first errors:', score.errors);
 * ```
 */
export function scoreValidity(first: AttemptCheck, retry?: AttemptCheck): ValidityScore {
  const score: ValidityScore = {
    parsed: first.parsed,
    valid: first.valid,
    validAfterRetry: first.valid || retry?.valid === true,
    errors: [...first.errors],
  };
  if (retry && !first.valid && !retry.valid) score.retryErrors = [...retry.errors];
  const composition = first.valid ? first.composition : retry?.valid ? retry.composition : undefined;
  if (composition) score.composition = composition;
  return score;
}

/**
 * The types selection scores: top-level `body[].type`, with `unwrap` containers replaced by their children.
 * @example
 * ```ts
 * import { selectionTypes } from 'isomer-edge/evals';
 *
 * const slide = { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }, { type: 'slideChart' }] }] };
 * selectionTypes(slide); // ['slideFrame']
 * selectionTypes(slide, { unwrap: ['slideFrame'] }); // ['slideHeading', 'slideChart']
 * ```
 */
export function selectionTypes(composition: unknown, options: SelectionOptions = {}): string[] {
  const unwrap = new Set(options.unwrap ?? []);
  const body = isRecord(composition) && Array.isArray(composition.body) ? composition.body : [];
  const types: string[] = [];
  for (const node of body) {
    if (!isRecord(node) || typeof node.type !== 'string') continue;
    if (unwrap.has(node.type) && Array.isArray(node.body)) {
      for (const child of node.body) if (isRecord(child) && typeof child.type === 'string') types.push(child.type);
    } else types.push(node.type);
  }
  return types;
}

function counts(types: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const type of types) map.set(type, (map.get(type) ?? 0) + 1);
  return map;
}

/** `a − b` as multisets, sorted. */
function multisetMinus(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [type, count] of a) for (let i = b.get(type) ?? 0; i < count; i++) out.push(type);
  return out.sort();
}

/**
 * Multiset precision, recall and F1 of the answer's body types against the golden's: overlap is
 * Σ min(count got, count wanted); precision = overlap / |got|, recall = overlap / |wanted| (0 when
 * empty); F1 their harmonic mean (0 when both are 0).
 * @example
 * ```ts
 * import { scorePrimitiveSelection } from 'isomer-edge/evals';
 *
 * const got = { type: 'view', body: [{ type: 'a' }, { type: 'a' }, { type: 'b' }] };
 * const want = { type: 'view', body: [{ type: 'a' }, { type: 'c' }] };
 * scorePrimitiveSelection(got, want); // precision 1/3, recall 1/2, f1 0.4, extra ['a','b'], missing ['c']
 * ```
 */
export function scorePrimitiveSelection(
  composition: unknown,
  golden: unknown,
  options: SelectionOptions = {},
): SelectionScore {
  const got = selectionTypes(composition, options);
  const want = selectionTypes(golden, options);
  const gotCounts = counts(got);
  const wantCounts = counts(want);
  let overlap = 0;
  for (const [type, count] of gotCounts) overlap += Math.min(count, wantCounts.get(type) ?? 0);
  const precision = got.length === 0 ? 0 : overlap / got.length;
  const recall = want.length === 0 ? 0 : overlap / want.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    precision,
    recall,
    f1,
    got,
    want,
    extra: multisetMinus(gotCounts, wantCounts),
    missing: multisetMinus(wantCounts, gotCounts),
  };
}

/**
 * Node types in a parsed answer that the runtime's catalog lacks, sorted and once each. Walks the
 * body and, through each known primitive's child paths, its children; a malformed branch is
 * skipped, and an unknown node's insides are not read (its children are unknown too).
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 * import { unknownNodeTypes } from 'isomer-edge/evals';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * unknownNodeTypes(runtime, { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideKpi' }] }] }); // ['slideKpi']
 * ```
 */
export function unknownNodeTypes(runtime: Pick<EvalsRuntime, 'primitives'>, value: unknown): string[] {
  const byType = new Map(runtime.primitives.map((definition) => [definition.type, definition]));
  const unknown = new Set<string>();
  const stack: unknown[] = isRecord(value) && Array.isArray(value.body) ? [...value.body] : [];
  let visited = 0;
  while (stack.length > 0 && visited < 100_000) {
    visited += 1;
    const node = stack.pop();
    if (!isRecord(node)) continue;
    if (typeof node.type !== 'string') continue;
    const definition = byType.get(node.type);
    if (!definition) {
      unknown.add(node.type.slice(0, 200));
      continue;
    }
    try {
      for (const child of definition.children(node as PrimitiveNode)) stack.push(child.node);
    } catch {
      // A child path that does not fit this malformed node: skip the branch.
    }
  }
  return [...unknown].sort();
}

/**
 * The payload axis on the first answer: bytes as written, bytes of what the schema accepted (0 when
 * it accepted nothing), the size against the golden, and invented node types.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 * import { scorePayload } from 'isomer-edge/evals';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * const answer = '```json\n{"type":"view","body":[{"type":"slideFrame","body":[{"type":"slideKpi"}]}]}\n```';
 * scorePayload(runtime, answer); // { rawBytes: 87, sanitizedBytes: 0, unknownTypes: ['slideKpi'] }
 * ```
 */
export function scorePayload(runtime: EvalsRuntime, raw: string, golden?: unknown): PayloadScore {
  const read = parseGenerated(raw);
  let sanitizedBytes = 0;
  let unknownTypes: string[] = [];
  if (read.parsed) {
    const parsed = runtime.parse(read.value);
    if (parsed.valid && parsed.composition) sanitizedBytes = utf8Bytes(JSON.stringify(parsed.composition));
    unknownTypes = unknownNodeTypes(runtime, read.value);
  }
  const score: PayloadScore = { rawBytes: utf8Bytes(raw), sanitizedBytes, unknownTypes };
  if (golden !== undefined) {
    score.goldenBytes = utf8Bytes(JSON.stringify(golden));
    if (sanitizedBytes > 0 && score.goldenBytes > 0) score.sizeVsGolden = sanitizedBytes / score.goldenBytes;
  }
  return score;
}

const VERDICTS: readonly Answerability[] = ['yes', 'partial', 'no'];

/**
 * The answerability axis: the composition drawn on the text surface (the floor every format degrades
 * to) and handed to the judge. Throws when the judge answers anything but yes, partial or no.
 * @example
 * ```ts
 * import type { Composition } from 'isomer-edge';
 * import { scoreAnswerability, type Answerability, type EvalCase, type EvalsRuntime } from 'isomer-edge/evals';
 *
 * declare const runtime: EvalsRuntime;
 * declare const evalCase: EvalCase;
 * declare const composition: Composition;
 * declare function askJudge(question: string): Promise<Answerability>;
 * const verdict = await scoreAnswerability(runtime, evalCase, composition, ({ rendered }) =>
 *   askJudge(`Does this answer "${evalCase.prompt}"? Say yes, partial or no.\n\n${rendered}`),
 * );
 * ```
 */
export async function scoreAnswerability(
  runtime: Pick<EvalsRuntime, 'surfaces'>,
  evalCase: EvalCase,
  composition: Composition,
  judge: Judge,
): Promise<Answerability> {
  const rendered = runtime.surfaces.text.render(composition, { heading: true });
  const verdict: unknown = await judge({ evalCase, rendered });
  if (typeof verdict !== 'string' || !VERDICTS.includes(verdict as Answerability))
    throw new Error(`the judge answered ${JSON.stringify(verdict)?.slice(0, 60)}; expected "yes", "partial" or "no"`);
  return verdict as Answerability;
}
