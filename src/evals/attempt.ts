/**
 * One model answer, read the way the evals read every answer: the JSON pulled out of a code fence,
 * parsed, then checked as the tools check a composition (the runtime's validation and the frames'
 * body rules, `checkComposition`). No model is called here.
 */
import type { Composition } from '../core/model/composition.ts';
import type { IsomerRuntime } from '../core/runtime/runtime.ts';
import { checkComposition } from '../core/tools/check.ts';
import type { IsomerToolsFrame } from '../core/tools/types.ts';

/** What the evals need of a runtime (a real `IsomerRuntime` fits). */
export type EvalsRuntime = Pick<
  IsomerRuntime,
  'validate' | 'parse' | 'primitives' | 'frames' | 'surfaces' | 'getAuthoringContext' | 'viewRegistry'
>;

export type GeneratedParse =
  | { parsed: true; raw: string; value: unknown }
  | { parsed: false; raw: string; error: string };

const FENCE = /```[ \t]*(?:json|JSON|jsonc)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/;

/** The text of the first ``` or ```json fence, else the text itself, trimmed. */
export function stripCodeFence(text: string): string {
  const fenced = FENCE.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

/**
 * A model's answer parsed as JSON once a code fence is stripped.
 * @example
 * ```ts
 * import { parseGenerated } from 'isomer-edge/evals';
 *
 * parseGenerated('```json\n{"type":"view","body":[]}\n```'); // { parsed: true, raw, value: { type: 'view', body: [] } }
 * ```
 */
export function parseGenerated(raw: string): GeneratedParse {
  const text = stripCodeFence(raw);
  try {
    return { parsed: true, raw, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).slice(0, 300);
    return { parsed: false, raw, error: `the answer is not JSON: ${reason}` };
  }
}

export interface AttemptCheck {
  parsed: boolean;
  valid: boolean;
  /** Validation errors as the tools word them, or the parse error. */
  errors: string[];
  /** The parsed value, when it parsed. */
  value?: unknown;
  /** The runtime's checked copy, when valid. */
  composition?: Composition;
}

/**
 * Parses and checks one answer: the runtime's validation, then the body rule of the frame given
 * (default the runtime's frames, so a slides answer must be one `slideFrame`).
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 * import { checkAttempt } from 'isomer-edge/evals';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * const check = checkAttempt(runtime, '```json\n{"type":"view","body":[]}\n```');
 * // { parsed: true, valid: false, errors: ['body must contain at least one node'], value: { type: 'view', body: [] } }
 * ```
 */
export function checkAttempt(
  runtime: EvalsRuntime,
  raw: string,
  options: { frame?: IsomerToolsFrame } = {},
): AttemptCheck {
  const read = parseGenerated(raw);
  if (!read.parsed) return { parsed: false, valid: false, errors: [read.error] };
  return { parsed: true, ...checkValue(runtime, read.value, options.frame ?? runtime.frames) };
}

/** A parsed value checked as a composition. */
export function checkValue(
  runtime: EvalsRuntime,
  value: unknown,
  frame: IsomerToolsFrame | undefined,
): Omit<AttemptCheck, 'parsed'> {
  const check = checkComposition(runtime, frame, value);
  return {
    valid: check.valid,
    errors: check.errors,
    value,
    ...(check.valid && check.composition ? { composition: check.composition } : {}),
  };
}
