/**
 * The composition a drawing route was sent, checked by the same renderer the tools use (the
 * request's, whose layout check counts against its drawing limit) before anything is drawn or stored: the copy to draw (with its layout findings when asked for), or the
 * 422 listing every error to repair. `POST /render/{format}` and `POST /images/{format}` share it.
 */
import type { Composition } from '../core/model/composition.ts';
import type { CompositionRenderer } from '../core/tools/render.ts';
import { clientGone, jsonResponse } from './errors.ts';

/** The checked composition, or the 422 that lists what to repair (a 499 when the client has gone). */
export async function checkedComposition(
  renderer: Pick<CompositionRenderer, 'check'>,
  value: unknown,
  signal: AbortSignal | undefined,
  layout = false,
): Promise<{ copy: Composition; layout: readonly string[] } | Response> {
  if (signal?.aborted) return clientGone();
  let check: Awaited<ReturnType<CompositionRenderer['check']>>;
  try {
    check = await renderer.check(value, { layout, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) return clientGone();
    throw error;
  }
  if (check.valid && check.composition !== undefined) return { copy: check.composition, layout: check.layout };
  return jsonResponse(
    {
      error: {
        code: 'COMPOSITION_INVALID',
        message: 'The composition is invalid: repair each error and send it again.',
      },
      valid: false,
      errors: check.errors,
    },
    422,
  );
}
