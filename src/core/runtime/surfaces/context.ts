/**
 * What the surfaces of one runtime share, and how each gets what to draw: a copy this runtime
 * already validated as it is, anything else validated first, so no surface draws the caller's
 * object. A lone node is checked as the only node of a view, under the same rules.
 */
import type { Composition, PrimitiveNode } from '../../model/composition.ts';
import type { CheckedValidationResult, ValidationErrorMode } from '../../model/validate.ts';
import type { PrimitiveDefinition } from '../../model/primitive.ts';
import type { z } from 'zod';
import { renderInput, type RenderInput } from '../checked-input.ts';
import type { CheckedCopies } from '../checked.ts';
import type { Dispatcher } from '../dispatcher.ts';

/** What every surface shares inside one runtime. */
export interface SurfaceContext {
  validate(value: unknown): CheckedValidationResult;
  /** Copies `validate` found valid (frozen): drawn as they are. */
  checked: CheckedCopies;
  dispatcher: Dispatcher;
  bodyNode: z.ZodType<PrimitiveNode>;
  definitions: readonly PrimitiveDefinition[];
  packCss: readonly { css: string; types: ReadonlySet<string> }[];
  defaultAriaLabel: string;
}

/**
 * What to draw: always a checked copy, never the caller's object. A copy this runtime already
 * validated is drawn as it is (it is frozen); anything else is validated first.
 */
export function checkForRender(context: SurfaceContext, value: unknown, mode: ValidationErrorMode): RenderInput {
  if (context.checked.has(value)) return { composition: value, errors: [] };
  return renderInput(context.validate(value), mode, context.bodyNode);
}

/** A node alone, as the only node of a view, so `renderNode` validates under the same rules. */
export function singleNodeView(node: unknown): unknown {
  return { type: 'view', body: [node] };
}

/** The one node of a checked single-node view (absent when collect mode dropped it). */
export function onlyNode(composition: Composition): PrimitiveNode | undefined {
  return composition.body[0];
}
