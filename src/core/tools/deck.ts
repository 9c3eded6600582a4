/**
 * Checking a deck once, the way the tools and routes do: the shape (an array of 1 to
 * `MAX_DECK_SLIDES` compositions), one input budget over the whole deck, each slide checked with
 * its findings placed under `compositions[i]`, then the frame's deck rule as `deck:` warnings.
 */
import { checkInputBudget } from '../model/budget.ts';
import type { Composition } from '../model/composition.ts';
import { deckPath, MAX_DECK_SLIDES } from '../model/deck.ts';
import { formatValidationError, type ValidationError } from '../model/errors.ts';
import type { DeckFinding, FrameComposition } from '../model/frame.ts';
import type { IsomerCompositionCheck } from './check.ts';

/** A deck's check: every slide's findings, placed under `compositions[i]`, in slide order. */
export interface IsomerDeckCheck {
  valid: boolean;
  /** Each finding as `compositions[i].<path> (in <type>) <message>`. */
  errors: string[];
  findings: ValidationError[];
  /** Every slide's warnings, then the deck rule's as `deck: <finding>`. */
  warnings: string[];
  /** The layout findings of every slide, placed. */
  layout: string[];
  /** The checked copies, in order: present only when every slide is valid. */
  compositions?: Composition[];
}

export interface DeckCheckSteps {
  /** Checks one slide with its findings placed under `compositions[index]`. */
  checkSlide(slide: unknown, index: number): Promise<IsomerCompositionCheck>;
  /** The frame's deck rule, run once every slide is valid. */
  rule?(deck: readonly FrameComposition[]): readonly DeckFinding[];
  signal?: AbortSignal;
}

/** The message a deck of the wrong length gets: how many it holds and what to do. */
export function deckLengthMessage(length: number): string {
  return length === 0
    ? `holds no slide: a deck holds 1 to ${MAX_DECK_SLIDES} compositions`
    : `holds ${length} slides: a deck holds at most ${MAX_DECK_SLIDES}; split it into decks of ${MAX_DECK_SLIDES} or fewer`;
}

function refused(finding: ValidationError): IsomerDeckCheck {
  return { valid: false, errors: [formatValidationError(finding)], findings: [finding], warnings: [], layout: [] };
}

/**
 * Checks a deck: refused whole when it is not an array of 1 to `MAX_DECK_SLIDES` or breaks the
 * input budget (which counts the whole deck once), else each slide in turn (the signal is read
 * before each), then, when every slide is valid, the deck rule's advice.
 */
export async function checkDeck(value: unknown, steps: DeckCheckSteps): Promise<IsomerDeckCheck> {
  const { signal } = steps;
  signal?.throwIfAborted();
  // The budget reads the caller's value once and hands back a plain copy: every later step reads that.
  // Its refusal is about the whole input, as for one composition.
  const budget = checkInputBudget(value);
  if (!budget.valid) return refused(budget.error);
  const deck = budget.value;
  if (!Array.isArray(deck))
    return refused({ path: 'compositions', message: `must be an array of 1 to ${MAX_DECK_SLIDES} compositions` });
  if (deck.length === 0 || deck.length > MAX_DECK_SLIDES)
    return refused({ path: 'compositions', message: deckLengthMessage(deck.length) });

  const result: IsomerDeckCheck = { valid: true, errors: [], findings: [], warnings: [], layout: [] };
  const copies: Composition[] = [];
  for (const [index, slide] of deck.entries()) {
    signal?.throwIfAborted();
    const check = await steps.checkSlide(slide, index);
    result.valid &&= check.valid;
    result.errors.push(...check.errors);
    result.findings.push(...check.findings);
    result.warnings.push(...check.warnings);
    result.layout.push(...check.layout);
    if (check.valid && check.composition) copies.push(check.composition);
  }
  if (!result.valid) return result;
  for (const finding of steps.rule?.(copies) ?? [])
    result.warnings.push(`deck: ${formatValidationError({ ...finding, path: deckPath(finding.slide, finding.path) })}`);
  result.compositions = copies;
  return result;
}

/** What a tool call asks to draw: one composition, or a deck. */
export type ToolSlides = { composition: unknown } | { compositions: unknown[] };

/** The refusal when a call sends both forms or neither: the model reads it and repairs the call. */
export const ONE_FORM_MESSAGE = `Send exactly one of composition (one slide) and compositions (a deck of 1 to ${MAX_DECK_SLIDES} slides, in order).`;

/** The form a tool call used, or `undefined` when it sent both or neither. */
export function toolSlides(input: {
  composition?: unknown;
  compositions?: unknown[] | undefined;
}): ToolSlides | undefined {
  const one = input.composition !== undefined;
  const deck = input.compositions !== undefined;
  if (one === deck) return undefined;
  return one ? { composition: input.composition } : { compositions: input.compositions! };
}

/** The schema's words when a call sends neither form or both: a path and a message, as every input issue. */
export const ONE_FORM_ISSUES = {
  neither: {
    path: 'composition',
    message: `is required, or compositions in its place (a deck of 1 to ${MAX_DECK_SLIDES} slides)`,
  },
  both: {
    path: 'compositions',
    message: 'cannot come with composition: send one slide as composition or a deck as compositions',
  },
} as const;

/**
 * The input rule every tool that takes a slide or a deck adds to its schema (a refinement, so a
 * transport refuses the call with a path and a message before the handler runs).
 */
export function exactlyOneForm(
  input: { composition?: unknown; compositions?: unknown },
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
): void {
  const one = input.composition !== undefined;
  const deck = input.compositions !== undefined;
  if (one === deck) {
    const issue = one ? ONE_FORM_ISSUES.both : ONE_FORM_ISSUES.neither;
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}
