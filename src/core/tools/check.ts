import type { Composition } from '../sdk/composition.ts';
import { formatValidationError, type ValidationError } from '../sdk/errors.ts';
import type { IsomerToolsFrame, IsomerToolsRuntime } from './types.ts';

export interface IsomerCompositionCheck {
  valid: boolean;
  /** Each finding as `<path> (in <type>) <message>`. */
  errors: string[];
  findings: ValidationError[];
  /** `<surface>: <finding>`. */
  warnings: string[];
  /** The copy the runtime validated; absent when parsing failed. */
  composition?: Composition;
}

function warningLine(warning: { surface: string; path?: string; message: string }): string {
  const path = warning.path ?? '';
  const finding =
    path !== '' && warning.message.startsWith(path)
      ? warning.message
      : formatValidationError({ path, message: warning.message });
  return `${warning.surface}: ${finding}`;
}

/**
 * Checks a composition once the way every tool does: the runtime's parse (input budget, schema),
 * its validate on the parsed copy, then the frame's body rule as whole-document findings.
 * @example checkComposition(runtime, slideDeckFrame, JSON.parse(text)).errors
 */
export function checkComposition(
  runtime: Pick<IsomerToolsRuntime<never>, 'parse' | 'validate'>,
  frame: IsomerToolsFrame | undefined,
  value: unknown,
): IsomerCompositionCheck {
  const parsed = runtime.parse(value);
  if (!parsed.valid || parsed.composition === undefined) {
    const findings = [...parsed.errors];
    return { valid: false, errors: findings.map(formatValidationError), findings, warnings: [] };
  }
  const checked = runtime.validate(parsed.composition);
  const findings: ValidationError[] = [...checked.errors];
  const body = checked.composition?.body ?? parsed.composition.body;
  for (const message of frame?.validateBody?.(body) ?? []) findings.push({ path: '', message });
  const result: IsomerCompositionCheck = {
    valid: findings.length === 0,
    errors: findings.map(formatValidationError),
    findings,
    warnings: checked.warnings.map(warningLine),
  };
  if (checked.composition !== undefined) result.composition = checked.composition;
  return result;
}
