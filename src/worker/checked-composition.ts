/**
 * The composition or deck a drawing route was sent, checked by the same renderer the tools use (the
 * request's, whose layout check counts against its drawing limit) before anything is drawn or
 * stored: the copies to draw (with their layout findings when asked for), or the 422 listing every
 * error to repair. `POST /render/{format}` and `POST /images/{format}` share it; a JSON array body
 * is a deck, its errors under `compositions[i]`.
 */
import type { Composition } from '../core/model/composition.ts';
import type { CompositionRenderer } from '../core/tools/render.ts';
import { clientGone, jsonResponse } from './errors.ts';

type Checker = Pick<CompositionRenderer, 'check' | 'checkDeck'>;

/** What a valid body gives a route: one copy per slide (one for a single composition). */
export interface CheckedBody {
  /** Whether the body was a deck (a JSON array), even of one slide. */
  deck: boolean;
  copies: readonly [Composition, ...Composition[]];
  layout: readonly string[];
}

function invalid(subject: 'composition' | 'deck', errors: readonly string[]): Response {
  return jsonResponse(
    {
      error: {
        code: 'COMPOSITION_INVALID',
        message: `The ${subject} is invalid: repair each error and send it again.`,
      },
      valid: false,
      errors,
    },
    422,
  );
}

/**
 * The checked body, or the 422 that lists what to repair (a 499 when the client has gone). An
 * array is a deck: 1 to `MAX_DECK_SLIDES` slides under one input budget, checked by `checkDeck`.
 */
export async function checkedBody(
  renderer: Checker,
  value: unknown,
  signal: AbortSignal | undefined,
  layout = false,
): Promise<CheckedBody | Response> {
  if (signal?.aborted) return clientGone();
  const options = { layout, ...(signal ? { signal } : {}) };
  try {
    if (Array.isArray(value)) {
      const check = await renderer.checkDeck(value, options);
      const [first, ...rest] = check.compositions ?? [];
      if (!check.valid || first === undefined) return invalid('deck', check.errors);
      return { deck: true, copies: [first, ...rest], layout: check.layout };
    }
    const check = await renderer.check(value, options);
    if (!check.valid || check.composition === undefined) return invalid('composition', check.errors);
    return { deck: false, copies: [check.composition], layout: check.layout };
  } catch (error) {
    if (signal?.aborted) return clientGone();
    throw error;
  }
}
