/**
 * What a validating surface draws from a validation result: the checked copy when it is valid; in
 * `collect` mode, the well-formed header fields and the top-level nodes that validate on their own,
 * so a renderer never sees a malformed node. Refused input, or `throw` mode, throws.
 */
import {
  languageTagSchema,
  RENDER_THEMES,
  textDirectionSchema,
  type Composition,
  type PrimitiveNode,
} from '../model/composition.ts';
import { CompositionValidationError, isInputRefusal, type ValidationError } from '../model/errors.ts';
import { isRecord } from '../model/is-record.ts';
import { deferredPredicate } from '../model/messages.ts';
import type { CheckedValidationResult, ValidationErrorMode } from '../model/validate.ts';
import type { z } from 'zod';

export interface RenderInput {
  composition: Composition;
  /** Findings left over in `collect` mode (empty when valid). */
  errors: ValidationError[];
}

/** The top-level node a finding's path starts in: `body[3]`, `body[3].items`, `body[3][…]`. */
const TOP_LEVEL_NODE = /^body\[(\d+)\](?:$|[.[])/;

/**
 * What a validating surface may draw. Valid: the checked copy. Invalid in `collect` mode: the
 * header fields that are well-formed and the top-level nodes that validate on their own, so a
 * renderer never sees a malformed node. Refused input, or `throw` mode, throws.
 */
export function renderInput(
  result: CheckedValidationResult,
  mode: ValidationErrorMode,
  bodyNode: z.ZodType<PrimitiveNode>,
): RenderInput {
  if (result.composition === undefined || result.errors.some(isInputRefusal) || (mode === 'throw' && !result.valid)) {
    throw new CompositionValidationError(result.errors);
  }
  if (result.valid) return { composition: result.composition, errors: [] };
  const copy: unknown = result.composition;
  const source = isRecord(copy) ? copy : {};
  const body: PrimitiveNode[] = [];
  if (Array.isArray(source.body)) {
    const withFindings = new Set<number>();
    for (const error of result.errors) {
      const index = TOP_LEVEL_NODE.exec(error.path)?.[1];
      if (index !== undefined) withFindings.add(Number(index));
    }
    source.body.forEach((node, index) => {
      if (withFindings.has(index)) return;
      // The findings listed are capped, so a node past the cap is checked here; its issues are
      // never shown, so none is worded.
      const parsed = bodyNode.safeParse(node, { error: deferredPredicate });
      if (parsed.success) body.push(parsed.data);
    });
  }
  const composition: Composition = { type: 'view', body };
  if (typeof source.title === 'string') composition.title = source.title;
  if (typeof source.subtitle === 'string') composition.subtitle = source.subtitle;
  if (typeof source.lang === 'string' && languageTagSchema.safeParse(source.lang).success)
    composition.lang = source.lang;
  const dir = textDirectionSchema.safeParse(source.dir);
  if (dir.success) composition.dir = dir.data;
  if (typeof source.theme === 'string' && (RENDER_THEMES as readonly string[]).includes(source.theme))
    composition.theme = source.theme as Composition['theme'];
  if (isRecord(source.meta) && typeof source.meta.ariaLabel === 'string')
    composition.meta = { ariaLabel: source.meta.ariaLabel };
  return { composition, errors: result.errors };
}
