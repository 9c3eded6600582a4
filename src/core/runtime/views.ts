/**
 * Views: prebuilt compositions a host registers and an agent requests by id with typed input. The
 * registry checks the input against the input budget and the view's schema before the builder runs,
 * then validates what it built; each view's summary, its input as JSON Schema, is made once at
 * registration.
 */
import * as z from 'zod';
import { checkInputBudget } from '../model/budget.ts';
import type { InputBudget } from '../model/budget.ts';
import type { Composition } from '../model/composition.ts';
import { IsomerError, formatValidationError, type ValidationError } from '../model/errors.ts';
import type { JsonSchema } from '../model/json-schema.ts';
import { predicateFor, quoteForMessage } from '../model/messages.ts';
import type { CheckedValidationResult, ValidationResult } from '../model/validate.ts';
import { formatPath } from '../model/validate.ts';

/** A prebuilt composition a host answers by id, with typed input. */
// biome-ignore lint/suspicious/noExplicitAny: a view defined without an input schema takes whatever the host passes
export interface RegisteredView<THostContext = unknown, TInput = any> {
  id: string;
  title: string;
  description: string;
  /** Questions it answers, in the words a user would ask them: the routing index. */
  answers: string[];
  input?: z.ZodType<TInput>;
  build(args: { context: THostContext; input: TInput }): Composition | Promise<Composition>;
}

export interface RegisteredViewSummary {
  id: string;
  title: string;
  description: string;
  answers: string[];
  inputSchema?: JsonSchema;
}

export interface ViewRequestResult {
  view: RegisteredViewSummary;
  /** What the view built, as built. */
  composition: Composition;
  validation: ValidationResult;
}

export interface ViewRegistry<THostContext = unknown> {
  register(view: RegisteredView<THostContext>): void;
  list(): RegisteredViewSummary[];
  get(id: string): RegisteredViewSummary | undefined;
  request(id: string, context: THostContext, input?: unknown): Promise<ViewRequestResult>;
}

/**
 * Declares a view; `description` defaults to the title.
 * @example
 * ```ts
 * import { defineView } from 'isomer-edge';
 *
 * const agenda = defineView<unknown, { items: string[] }>({
 *   id: 'agenda',
 *   title: 'Agenda',
 *   answers: ['What is on the agenda?'],
 *   build: ({ input }) => ({
 *     type: 'view',
 *     body: [{ type: 'slideFrame', body: [{ type: 'slideBulletList', items: input.items }] }],
 *   }),
 * });
 * ```
 */
// biome-ignore lint/suspicious/noExplicitAny: a view defined without an input schema takes whatever the host passes
export function defineView<THostContext = unknown, TInput = any>(
  view: Omit<RegisteredView<THostContext, TInput>, 'description'> & { description?: string },
): RegisteredView<THostContext, TInput> {
  return { ...view, description: view.description ?? view.title };
}

/**
 * A view's input failed the input budget or the view's schema; the builder never ran.
 * @example
 * ```ts
 * import { RegisteredViewInputError, type IsomerRuntime } from 'isomer-edge';
 *
 * declare const runtime: IsomerRuntime;
 * try {
 *   await runtime.viewRegistry.request('summary-slide', undefined, { title: 42 });
 * } catch (error) {
 *   if (error instanceof RegisteredViewInputError) console.log(error.viewId, error.errors);
 * }
 * ```
 */
export class RegisteredViewInputError extends Error {
  override readonly name = 'RegisteredViewInputError';
  readonly code = 'VIEW_INPUT_INVALID' as const;
  readonly viewId: string;
  readonly errors: readonly ValidationError[];

  constructor(viewId: string, errors: readonly ValidationError[]) {
    super(
      [
        `Invalid input for view ${quoteForMessage(viewId, 200)}:`,
        ...errors.map((e) => `  ${formatValidationError(e)}`),
      ].join('\n'),
    );
    this.viewId = viewId;
    this.errors = errors;
  }
}

function summarize(view: RegisteredView<never>): RegisteredViewSummary {
  const summary: RegisteredViewSummary = {
    id: view.id,
    title: view.title,
    description: view.description,
    answers: [...view.answers],
  };
  if (view.input) {
    summary.inputSchema = z.toJSONSchema(view.input, {
      target: 'draft-2020-12',
      reused: 'inline',
      cycles: 'ref',
      unrepresentable: 'any',
    }) as JsonSchema;
  }
  return summary;
}

export function createViewRegistry<THostContext>(
  validate: (value: unknown) => CheckedValidationResult,
  inputBudget: InputBudget | undefined,
): ViewRegistry<THostContext> {
  const views = new Map<string, { view: RegisteredView<THostContext>; summary: RegisteredViewSummary }>();
  return {
    register(view) {
      if (views.has(view.id))
        throw new IsomerError('DUPLICATE_VIEW', `runtime: view ${quoteForMessage(view.id, 200)} is already registered`);
      // Projected once here, so listing views costs nothing per request.
      views.set(view.id, { view, summary: summarize(view) });
    },
    list: () => [...views.values()].map((entry) => entry.summary),
    get: (id) => views.get(id)?.summary,
    async request(id, context, input = {}) {
      const entry = views.get(id);
      // The reference's words: an agent asking for a view that is not there reads this.
      if (!entry) throw new IsomerError('UNKNOWN_VIEW', `Unknown view ${quoteForMessage(String(id), 200)}`);
      const budgeted = checkInputBudget(input, inputBudget);
      if (!budgeted.valid) throw new RegisteredViewInputError(id, [budgeted.error]);
      let value = budgeted.value;
      if (entry.view.input) {
        const parsed = entry.view.input.safeParse(value, { error: predicateFor, reportInput: true });
        if (!parsed.success) {
          throw new RegisteredViewInputError(
            id,
            parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
          );
        }
        value = parsed.data;
      }
      const composition = await entry.view.build({ context, input: value });
      const { valid, errors, warnings } = validate(composition);
      return { view: entry.summary, composition, validation: { valid, errors, warnings } };
    },
  };
}
