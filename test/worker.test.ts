import { SELF } from 'cloudflare:test';
import { expect, it } from 'vitest';

it('answers the health route', async () => {
  const response = await SELF.fetch('http://example.com/healthz');
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
