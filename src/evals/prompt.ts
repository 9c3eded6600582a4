/**
 * The prompt a one-shot run hands `generate`: everything a model needs to answer in one go — the
 * packs' guide and rules (or the caller's), the full catalog entry of every primitive, the
 * authoring JSON Schema inline and minified — then the request. Unlike the tools' guide, nothing
 * is left to look up: a one-shot model has no tools to call.
 */
import { compactJson } from '../core/model/compact-json.ts';
import { formatPrimitiveEntry } from '../core/tools/guide.ts';
import { oneLine } from '../core/tools/prompt-text.ts';
import type { AuthoringProfileId } from '../core/tools/types.ts';
import type { EvalsRuntime } from './attempt.ts';

export interface EvalPromptOptions {
  /** `general` mentions registered views; the others compose from primitives. Default `general`. */
  profile?: AuthoringProfileId;
  /** Prose in place of the packs' own guides. */
  guide?: string;
  /** Rules in place of the packs' own. */
  rules?: readonly string[];
}

const INTROS: Record<AuthoringProfileId, string> = {
  general:
    'You answer requests with a view: one JSON object, {"type":"view","title":…,"body":[…]}, built only from ' +
    'the primitives below.',
  'registered-view-router':
    'You answer requests with a view: one JSON object built only from the primitives below, since no ' +
    'registered view is offered here.',
  'compose-from-primitives':
    'You compose a view from scratch as one JSON object, {"type":"view","title":…,"body":[…]}, using only ' +
    'primitives from the catalog below.',
};

const ANSWER_RULE =
  'Answer with the composition alone: one JSON object, no prose before or after it. Every field must be ' +
  'one the schema declares, and every required field must be there.';

/**
 * The authoring context without the request: the same for every case of a run, so built once.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 * import { buildEvalContext } from 'isomer-edge/evals';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * const context = buildEvalContext(runtime, { profile: 'compose-from-primitives' });
 * // '# View authoring\n\n…## Primitives …## JSON Schema of a composition …## Answer …'
 * ```
 */
export function buildEvalContext(runtime: EvalsRuntime, options: EvalPromptOptions = {}): string {
  const context = runtime.getAuthoringContext();
  const guides = context.guides ?? [];
  const guide = options.guide ?? guides.flatMap((entry) => (entry.guide ? [entry.guide] : [])).join('\n\n');
  const rules = options.rules ?? guides.flatMap((entry) => entry.rules);
  const sections = ['# View authoring', INTROS[options.profile ?? 'general']];
  if (guide.trim() !== '') sections.push(`## Guide\n\n${guide}`);
  if (rules.length > 0) sections.push(`## Rules\n\n${rules.map((rule) => `- ${oneLine(rule)}`).join('\n')}`);
  sections.push(`## Primitives\n\n${context.primitives.map(formatPrimitiveEntry).join('\n')}`);
  sections.push(`## JSON Schema of a composition\n\n${compactJson(context.schema)}`);
  sections.push(`## Answer\n\n${ANSWER_RULE}`);
  return sections.join('\n\n');
}

/**
 * The whole prompt for one request: the context, then the request under `## Request`.
 * @example
 * ```ts
 * import { buildEvalContext, buildEvalPrompt, checkAttempt, type EvalsRuntime } from 'isomer-edge/evals';
 *
 * declare const runtime: EvalsRuntime;
 * declare function askModel(prompt: string): Promise<string>;
 * const context = buildEvalContext(runtime);
 * const answer = await askModel(buildEvalPrompt(context, 'Chart weekly users: 18k, 19k, 23k'));
 * console.log(checkAttempt(runtime, answer).errors);
 * ```
 */
export function buildEvalPrompt(context: string, request: string): string {
  return `${context}\n\n## Request\n\n${request}`;
}
