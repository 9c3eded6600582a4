/**
 * A worst-case request the Worker accepts (just under its 1 MiB body limit) next to ordinary ones.
 * A Worker isolate runs one request's JavaScript at a time, so a validation that ran for seconds
 * would hold every other request to the same isolate for as long. Validation is linear in the
 * input and words only the findings it lists, so this request takes well under a second and the
 * small requests sent with it are all answered, and answered correctly.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_ERRORS } from '../../src/core/model/validate.ts';
import { MAX_BODY_BYTES } from '../../src/worker/index.ts';
import { LONG_UNKNOWN_TYPES } from '../support/linear-cases.ts';
import { slidesRuntime } from '../support/slides.ts';
import { get, json, post, postRaw, slide } from './support.ts';

const TYPES = slidesRuntime.primitives.map((definition) => definition.type).join(', ');

async function validation(response: Response): Promise<{ valid: boolean; errors: string[]; warnings: string[] }> {
  expect(response.status).toBe(200);
  const result = await json<{ content: { type: string; text: string }[] }>(response);
  return JSON.parse(result.content[0]!.text);
}

describe('a worst-case validation among ordinary requests', () => {
  it('answers the big request with the capped findings and every small request alongside it', async () => {
    const body = JSON.stringify({ composition: LONG_UNKNOWN_TYPES.build(LONG_UNKNOWN_TYPES.max) });
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(body.length).toBeGreaterThan(1_000_000);

    const big = postRaw('/tools/isomer_validate', body, { 'content-type': 'application/json' });
    const small = Array.from({ length: 6 }, (_, i) =>
      i % 2 === 0 ? get('/healthz') : post('/tools/isomer_validate', { composition: slide() }),
    );
    const [bigResponse, ...smallResponses] = await Promise.all([big, ...small]);

    const bigResult = await validation(bigResponse!);
    expect(bigResult.valid).toBe(false);
    expect(bigResult.warnings).toEqual([]);
    expect(bigResult.errors).toEqual([
      ...Array.from({ length: MAX_REPORTED_ERRORS }, (_, i) => `body[${i}].type must be one of: ${TYPES}`),
      `and ${LONG_UNKNOWN_TYPES.max - MAX_REPORTED_ERRORS} more errors not listed`,
    ]);

    for (const [i, response] of smallResponses.entries()) {
      if (i % 2 === 0) {
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ ok: true });
      } else {
        expect(await validation(response)).toEqual({ valid: true, errors: [], warnings: [] });
      }
    }
  });
});
