/**
 * The errors the library names: `IsomerError` for a programming or configuration mistake, thrown
 * where it is found; `ValidationError`, one finding about a composition, with the one way to print
 * it; and `CompositionValidationError`, which validating surfaces throw. Hosts match on `name` and
 * `code`, never `instanceof`, so two copies of the library interoperate.
 */
import { compactJson } from './compact-json.ts';

/**
 * Every error condition the SDK, runtime and tools name. Codes say what went wrong, not which
 * layer noticed; hosts match on `name` + `code`, never `instanceof`, so two copies of the
 * library interoperate.
 */
export const ISOMER_ERROR_CODES = [
  'AMBIGUOUS_FRAME',
  'COMPOSITION_INVALID',
  'DUPLICATE_FORMAT',
  'DUPLICATE_PRIMITIVE_TYPE',
  'DUPLICATE_VIEW',
  'EMPTY_FRAMES',
  'EMPTY_PACK',
  'EMPTY_PACKS',
  'EMPTY_PAGES',
  'EMPTY_VOCABULARY',
  'INPUT_NOT_PLAIN_DATA',
  'INPUT_OVER_BUDGET',
  'INVALID_BODY_NODE',
  'INVALID_FORMAT_NAME',
  'INVALID_FRAME_BODY',
  'RESERVED_NODE_FIELD',
  'TOO_MANY_TYPES',
  'TYPE_LITERAL_MISMATCH',
  'UNKNOWN_FORMAT',
  'UNKNOWN_FRAME',
  'UNKNOWN_PRIMITIVE_GROUP',
  'UNKNOWN_PRIMITIVE_TYPE',
  'UNKNOWN_SURFACE',
  'UNKNOWN_VIEW',
  'VIEW_INPUT_INVALID',
] as const;

export type IsomerErrorCode = (typeof ISOMER_ERROR_CODES)[number];

/**
 * A programming or configuration error, thrown synchronously where it is detected.
 * @example
 * ```ts
 * import { createIsomerRuntime, IsomerError } from 'isomer-edge';
 *
 * try {
 *   createIsomerRuntime({ packs: [] });
 * } catch (error) {
 *   if (error instanceof IsomerError) console.log(error.code, error.message);
 * }
 * ```
 */
export class IsomerError extends Error {
  override readonly name = 'IsomerError';
  readonly code: IsomerErrorCode;

  constructor(code: IsomerErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * One finding about a composition. `path` is empty for whole-document findings, otherwise
 * `body[2].items[0].label`; `message` is a predicate so `path message` reads as a sentence.
 */
export interface ValidationError {
  path: string;
  message: string;
  /** The innermost known primitive the path passes through. */
  nodeType?: string;
  /** Only the two refusals that happen before parsing carry a code. */
  code?: InputRefusalCode;
}

export const INPUT_REFUSAL_CODES = ['INPUT_OVER_BUDGET', 'INPUT_NOT_PLAIN_DATA'] as const;
export type InputRefusalCode = (typeof INPUT_REFUSAL_CODES)[number];

/**
 * True for a finding the input budget produced (the input was never parsed).
 * @example
 * ```ts
 * import { isInputRefusal, type IsomerRuntime } from 'isomer-edge';
 *
 * declare const runtime: IsomerRuntime;
 * declare const composition: unknown;
 * const refused = runtime.validate(composition).errors.some(isInputRefusal); // too big or not plain data
 * ```
 */
export function isInputRefusal(error: { code?: unknown }): boolean {
  return error.code === 'INPUT_OVER_BUDGET' || error.code === 'INPUT_NOT_PLAIN_DATA';
}

const BARE_TYPE = /^[A-Za-z0-9_$-]+$/;

/**
 * `<path> (in <nodeType>) <message>`, or `<path> <message>` without a node type, or the message
 * alone for a whole-document finding.
 * @example
 * ```ts
 * import { formatValidationError } from 'isomer-edge';
 *
 * formatValidationError({ path: 'body[0].items[2].label', nodeType: 'slideList', message: 'is required' });
 * // 'body[0].items[2].label (in slideList) is required'
 * ```
 */
export function formatValidationError(error: Pick<ValidationError, 'path' | 'message' | 'nodeType'>): string {
  if (error.path === '') return error.message;
  if (error.nodeType === undefined) return `${error.path} ${error.message}`;
  const type = BARE_TYPE.test(error.nodeType) ? error.nodeType : compactJson(error.nodeType);
  return `${error.path} (in ${type}) ${error.message}`;
}

/**
 * Thrown by validating surfaces when a composition does not validate (or was refused outright).
 * @example
 * ```ts
 * import { CompositionValidationError, type IsomerRuntime } from 'isomer-edge';
 *
 * declare const runtime: IsomerRuntime;
 * try {
 *   runtime.surfaces.text.render({ type: 'view', body: [{ type: 'nope' }] });
 * } catch (error) {
 *   if (error instanceof CompositionValidationError) console.log(error.errors.length, error.message);
 * }
 * ```
 */
export class CompositionValidationError extends Error {
  override readonly name = 'CompositionValidationError';
  readonly code = 'COMPOSITION_INVALID' as const;
  readonly errors: readonly ValidationError[];

  constructor(errors: readonly ValidationError[]) {
    const lines = errors.length === 0 ? ['  (no detail)'] : errors.map((e) => `  ${formatValidationError(e)}`);
    super(['Invalid Composition:', ...lines].join('\n'));
    this.errors = errors;
  }
}
