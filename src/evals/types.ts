/**
 * The shapes the evals speak: a corpus case, the callbacks that reach a model (`generate` for one
 * answer, `callModel` for a tool loop, `judge` for answerability), and the per-case scores and
 * totals a run reports. The names follow the reference's evals (`parsed`, `valid`,
 * `validAfterRetry`, `meanSelectionF1`…), so a corpus and a report carry over; the layout axis and
 * the tool-loop figures are this project's additions.
 */
import type { Composition } from '../core/model/composition.ts';

/** One request of a corpus, with the composition a good answer would be close to. */
export interface EvalCase {
  id: string;
  /** The request as a person writes it in chat. */
  prompt: string;
  /** A composition written by hand as the answer to aim at; selection and size are scored against it. */
  golden?: unknown;
  tags?: readonly string[];
  /** Cases that are slides of one deck share this name. */
  deck?: string;
}

/** How primitive selection reads a composition's body: container types scored by what they hold. */
export interface SelectionOptions {
  /**
   * Top-level types replaced by their children (`slideFrame`: every slides composition is one, so
   * its content is what was chosen). Default none: the reference's top-level `body[].type`.
   */
  unwrap?: readonly string[];
}

export interface EvalCorpus {
  cases: readonly EvalCase[];
  selection?: SelectionOptions;
}

/** What `generate` is asked: the prompt, and on the retry the first answer's errors. */
export interface GenerateInput {
  evalCase: EvalCase;
  /** The authoring context (guide, rules, full catalog, schema) and the request. */
  prompt: string;
  /** 0 for the first answer, 1 for the retry. */
  attempt: number;
  /** The first answer's validation errors, or its JSON parse error (retry only). */
  previousErrors?: readonly string[];
  /** The first answer as the model wrote it (retry only). */
  previousOutput?: string;
}

/** The only way a one-shot run reaches a model: answer with the composition's JSON text. */
export type Generate = (input: GenerateInput) => Promise<string>;

export type Answerability = 'yes' | 'partial' | 'no';

/** Reads the text rendering of a valid answer and says whether it still answers the request. */
export type Judge = (input: { evalCase: EvalCase; rendered: string }) => Promise<Answerability>;

/** A layout finding as the layout check reports one (`createLayoutCheck` from `isomer-edge/images`). */
export interface LayoutFindingLike {
  path: string;
  nodeType?: string;
  message: string;
}

/** The layout axis: findings on a valid final composition. The caller brings the image engine. */
export type LayoutAxis = (composition: Composition) => Promise<readonly LayoutFindingLike[]>;

export interface ValidityScore {
  /** The first answer was JSON (after a code fence is stripped). */
  parsed: boolean;
  /** The first answer was JSON and a valid composition (schema, rules, the frame's body rule). */
  valid: boolean;
  /** Valid first time, or the retry was. */
  validAfterRetry: boolean;
  /** The first answer's errors (its parse error when it was not JSON). */
  errors: string[];
  /** The retry's errors, when there was a retry and it failed. */
  retryErrors?: string[];
  /** The valid composition (first answer's, else the retry's). */
  composition?: Composition;
}

export interface SelectionScore {
  precision: number;
  recall: number;
  f1: number;
  /** The types scored, in body order. */
  got: string[];
  want: string[];
  /** Types chosen beyond the golden's (multiset difference, sorted). */
  extra: string[];
  /** Types the golden has that the answer lacks (multiset difference, sorted). */
  missing: string[];
}

export interface PayloadScore {
  /** UTF-8 bytes of the first answer as written. */
  rawBytes: number;
  /** UTF-8 bytes of the composition the schema accepted, as compact JSON (0 when none). */
  sanitizedBytes: number;
  /** UTF-8 bytes of the golden as compact JSON, when the case has one. */
  goldenBytes?: number;
  /** `sanitizedBytes / goldenBytes`, when both are there. */
  sizeVsGolden?: number;
  /** Node types the catalog lacks, found in the first answer, sorted. */
  unknownTypes: string[];
}

export interface LayoutScore {
  /** `<path> (in <type>) <message>` per finding. */
  findings: string[];
}

/** Tool-loop figures for one case. */
export interface ToolLoopScore {
  /** Model turns taken. */
  turns: number;
  /** Tool calls made, all tools. */
  toolCalls: number;
  /** Calls per tool name. */
  calls: Record<string, number>;
  /** `isomer_validate` calls made. */
  validateRounds: number;
  /** The first `isomer_validate` call found the composition valid (`null` when it never validated). */
  validAtFirstValidate: boolean | null;
  /** The final composition is valid. */
  validAtEnd: boolean;
  /** Why the loop ended. */
  stoppedBy: 'answer' | 'turn-limit' | 'error';
}

export interface EvalCaseResult {
  id: string;
  tags?: readonly string[];
  deck?: string;
  validity: ValidityScore;
  /** Only when a valid composition exists and the case has a golden. */
  selection?: SelectionScore;
  payload: PayloadScore;
  answerability?: Answerability;
  layout?: LayoutScore;
  toolLoop?: ToolLoopScore;
  /** Model calls made for the case (answers or turns). */
  modelCalls: number;
  /** What failed outside the model's answer (generate threw, returned a non-string, the judge failed). */
  error?: string;
}

export interface EvalTotals {
  cases: number;
  parsed: number;
  valid: number;
  validAfterRetry: number;
  /** Mean F1 over the cases with a selection score; `null` when none has one. */
  meanSelectionF1: number | null;
  selectionCases: number;
  /** Mean `sizeVsGolden` over the cases with one; `null` when none has one. */
  meanSizeVsGolden: number | null;
  /** Cases whose first answer held a type the catalog lacks. */
  unknownTypeCases: number;
  answerability: Record<Answerability, number>;
  /** Cases that failed outside the model's answer. */
  errors: number;
  layout?: { checked: number; clean: number; findings: number };
  toolLoop?: {
    meanToolCalls: number;
    meanValidateRounds: number;
    /** Cases whose first validate call passed. */
    validAtFirstValidate: number;
    validAtEnd: number;
  };
}

export interface EvalReport {
  mode: 'one-shot' | 'tool-loop';
  cases: EvalCaseResult[];
  totals: EvalTotals;
}
