/**
 * Checking a composition once, the way every tool and route does: the runtime's validation, then
 * the frame's body rule, then, for a valid composition, the layout check's findings as `layout:`
 * warnings. A layout check that fails is logged and leaves its findings out; it never fails the
 * check.
 */
import type { Composition } from '../model/composition.ts';
import { deckPath } from '../model/deck.ts';
import { formatValidationError, type ValidationError } from '../model/errors.ts';
import type { IsomerToolsFrame, IsomerToolsLayoutCheck, IsomerToolsRuntime } from './types.ts';

export interface IsomerCompositionCheck {
  valid: boolean;
  /** Each finding as `<path> (in <type>) <message>`. */
  errors: string[];
  findings: ValidationError[];
  /** `<surface>: <finding>`, then `layout: <finding>` for each layout finding. */
  warnings: string[];
  /** The layout findings alone, as `<path> (in <type>) <message>` (empty without a layout check). */
  layout: string[];
  /** The copy the runtime validated, when it passed the schema (frozen when valid): draw this one. */
  composition?: Composition;
}

/** Where a finding sits: in a lone composition its own path; in a deck's slide `i`, under `compositions[i]`. */
export type FindingPlace = (path: string) => string;

const ALONE: FindingPlace = (path) => path;

/** The place of a finding in slide `index` of a deck. */
export function inSlide(index: number): FindingPlace {
  return (path) => deckPath(index, path);
}

function warningLine(warning: { surface: string; path?: string; message: string }, place: FindingPlace): string {
  const path = warning.path ?? '';
  // A message that already opens with its path keeps its wording, with the path placed.
  if (path !== '' && warning.message.startsWith(path))
    return `${warning.surface}: ${place(path)}${warning.message.slice(path.length)}`;
  return `${warning.surface}: ${formatValidationError({ path: place(path), message: warning.message })}`;
}

function placed(error: ValidationError, place: FindingPlace): ValidationError {
  return place === ALONE ? error : { ...error, path: place(error.path) };
}

/**
 * Checks a composition once, the way every tool and route does: the runtime's `validate` (input
 * budget, schema, duplicate ids, surface warnings), then the frame's body rule as whole-document
 * findings. A valid result's `composition` is the runtime's frozen copy, which its surfaces draw
 * without validating again. With a `layout` check, a valid composition's layout findings are
 * added as warnings (`valid` stays about the schema and rules).
 *
 * @example
 * ```ts
 * import { checkComposition, createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * const check = checkComposition(runtime, slideDeckFrame, { type: 'view', body: [] });
 * if (!check.valid) console.log(check.errors.join('\n'));
 * ```
 */
export function checkComposition(
  runtime: Pick<IsomerToolsRuntime<never>, 'validate'>,
  frame: IsomerToolsFrame | undefined,
  value: unknown,
  layout?: IsomerToolsLayoutCheck,
  place: FindingPlace = ALONE,
): IsomerCompositionCheck {
  const checked = runtime.validate(value);
  const findings: ValidationError[] = checked.errors.map((error) => placed(error, place));
  // A structural runtime may not say whether the schema passed; a valid result always did.
  const wellFormed = (checked.wellFormed ?? checked.valid) && checked.composition !== undefined;
  if (wellFormed)
    for (const message of frame?.validateBody?.(checked.composition!.body) ?? [])
      findings.push({ path: place(''), message });
  const result: IsomerCompositionCheck = {
    valid: findings.length === 0,
    errors: findings.map(formatValidationError),
    findings,
    warnings: checked.warnings.map((warning) => warningLine(warning, place)),
    layout: [],
  };
  if (wellFormed) result.composition = checked.composition!;
  return layout ? withLayoutFindings(result, layout, place) : result;
}

/** A check's result with the layout findings of its valid composition added as `layout:` warnings. */
export function withLayoutFindings(
  result: IsomerCompositionCheck,
  layout: IsomerToolsLayoutCheck,
  place: FindingPlace = ALONE,
): IsomerCompositionCheck {
  if (!result.valid || !result.composition) return result;
  result.layout = layoutFindings(layout, result.composition, place);
  for (const finding of result.layout) result.warnings.push(`layout: ${finding}`);
  return result;
}

/**
 * Findings are advice on a valid composition: a check that fails (the engine, a font) is logged and
 * leaves them out, never failing the validation or the render.
 */
function layoutFindings(layout: IsomerToolsLayoutCheck, composition: Composition, place: FindingPlace): string[] {
  try {
    return layout.check(composition).map((finding) => formatValidationError({ ...finding, path: place(finding.path) }));
  } catch (error) {
    console.warn(`isomer-edge layout check failed: ${String((error as Error)?.message ?? error).slice(0, 200)}`);
    return [];
  }
}
