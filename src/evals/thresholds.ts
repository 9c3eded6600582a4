/**
 * Floors and ceilings a run must meet, for a CI gate: set them from a baseline run, and a change to a
 * catalog entry or an error message that makes agents do worse fails the build. Rates are fractions
 * of the corpus (0.9 = 90 % of cases).
 */
import type { EvalReport } from './types.ts';

export interface EvalThresholds {
  /** Fraction of cases whose first answer parsed. */
  minParsed?: number;
  /** Fraction valid at the first answer (first validate call, in the tool loop). */
  minValid?: number;
  /** Fraction valid after the retry (at the end, in the tool loop). */
  minValidAfterRetry?: number;
  minMeanSelectionF1?: number;
  maxMeanSizeVsGolden?: number;
  /** Cases whose first answer invented a node type. */
  maxUnknownTypeCases?: number;
  /** Cases the judge said do not answer the request. */
  maxAnswerabilityNo?: number;
  /** Layout findings over all valid final compositions. */
  maxLayoutFindings?: number;
  /** Cases that failed outside the model's answer. */
  maxErrors?: number;
}

const KNOWN = new Set([
  'minParsed',
  'minValid',
  'minValidAfterRetry',
  'minMeanSelectionF1',
  'maxMeanSizeVsGolden',
  'maxUnknownTypeCases',
  'maxAnswerabilityNo',
  'maxLayoutFindings',
  'maxErrors',
]);

/**
 * Thresholds read from parsed JSON; throws naming a key it does not know or a value that is not a number.
 * Keys starting with `$` and `comment` are skipped.
 * @example
 * ```ts
 * import { parseThresholds } from 'isomer-edge/evals';
 *
 * const thresholds = parseThresholds(JSON.parse('{ "minValid": 0.76, "maxErrors": 0 }'));
 * parseThresholds({ minVald: 1 }); // throws: unknown threshold "minVald"; known: minParsed, …
 * ```
 */
export function parseThresholds(value: unknown): EvalThresholds {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('thresholds must be an object of numbers');
  const out: Record<string, number> = {};
  for (const [key, limit] of Object.entries(value)) {
    if (key.startsWith('$') || key === 'comment') continue;
    if (!KNOWN.has(key)) throw new Error(`unknown threshold "${key.slice(0, 60)}"; known: ${[...KNOWN].join(', ')}`);
    if (typeof limit !== 'number' || !Number.isFinite(limit)) throw new Error(`threshold ${key} must be a number`);
    out[key] = limit;
  }
  return out as EvalThresholds;
}

/** A threshold a report misses: which one, and a sentence saying by how much. */
export interface ThresholdFailure {
  threshold: keyof EvalThresholds;
  message: string;
}

/**
 * Each threshold the report misses; `[]` when it meets them all.
 * @example
 * ```ts
 * import { thresholdFailures, type EvalReport } from 'isomer-edge/evals';
 *
 * declare const report: EvalReport;
 * for (const failure of thresholdFailures(report, { minValid: 0.76, maxErrors: 0 }))
 *   console.log(`${failure.threshold}: ${failure.message}`);
 * // with 31 of 42 first attempts valid: 'minValid: valid is 0.738, below the floor 0.76'
 * ```
 */
export function thresholdFailures(report: EvalReport, thresholds: EvalThresholds): ThresholdFailure[] {
  const { totals } = report;
  const n = Math.max(1, totals.cases);
  const failures: ThresholdFailure[] = [];
  const floor = (threshold: keyof EvalThresholds, name: string, value: number | null) => {
    const min = thresholds[threshold];
    if (min === undefined) return;
    if (value === null || value < min)
      failures.push({
        threshold,
        message: `${name} is ${value === null ? 'n/a' : value.toFixed(3)}, below the floor ${min}`,
      });
  };
  const ceiling = (threshold: keyof EvalThresholds, name: string, value: number | null) => {
    const max = thresholds[threshold];
    if (max === undefined || value === null) return;
    if (value > max)
      failures.push({
        threshold,
        message: `${name} is ${Number.isInteger(value) ? value : value.toFixed(3)}, above the ceiling ${max}`,
      });
  };
  floor('minParsed', 'parsed', totals.parsed / n);
  floor('minValid', 'valid', totals.valid / n);
  floor('minValidAfterRetry', 'validAfterRetry', totals.validAfterRetry / n);
  floor('minMeanSelectionF1', 'meanSelectionF1', totals.meanSelectionF1);
  ceiling('maxMeanSizeVsGolden', 'meanSizeVsGolden', totals.meanSizeVsGolden);
  ceiling('maxUnknownTypeCases', 'unknownTypeCases', totals.unknownTypeCases);
  ceiling('maxAnswerabilityNo', 'answerability no', totals.answerability.no);
  ceiling('maxLayoutFindings', 'layout findings', totals.layout?.findings ?? 0);
  ceiling('maxErrors', 'errors', totals.errors);
  return failures;
}

/**
 * Each threshold the report misses, as a sentence; `[]` when it meets them all.
 * @example
 * ```ts
 * import { checkThresholds, type EvalReport } from 'isomer-edge/evals';
 *
 * declare const report: EvalReport;
 * const missed = checkThresholds(report, { minValidAfterRetry: 0.95, maxErrors: 0 });
 * if (missed.length > 0) throw new Error(`evals missed their thresholds:\n${missed.join('\n')}`);
 * ```
 */
export function checkThresholds(report: EvalReport, thresholds: EvalThresholds): string[] {
  return thresholdFailures(report, thresholds).map((failure) => failure.message);
}
