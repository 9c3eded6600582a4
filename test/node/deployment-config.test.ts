/**
 * The committed `wrangler.toml` as `wrangler deploy` reads it (no `.dev.vars`, no `--var`): closed
 * (no `ISOMER_AUTH`, no sign-in), the two rate limit bindings at the defaults the Worker's answers
 * name, and Workers Logs on.
 */
import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, RATE_CLASSES, RATE_LIMIT_BINDINGS } from '../../src/worker/rate-limits.ts';

const config = unstable_readConfig({ config: 'wrangler.toml' });

describe('wrangler.toml', () => {
  it('deploys closed: nothing opens it and no sign-in is committed', () => {
    expect(Object.keys(config.vars)).not.toContain('ISOMER_AUTH');
    expect(Object.keys(config.vars)).not.toContain('ISOMER_TOKENS');
    expect(Object.keys(config.vars)).not.toContain('ISOMER_RATE_LIMITS');
  });

  it('declares each class’s binding at the default its 429 names', () => {
    for (const rateClass of RATE_CLASSES) {
      const binding = config.ratelimits.find((entry) => entry.name === RATE_LIMIT_BINDINGS[rateClass]);
      expect(binding, rateClass).toBeDefined();
      expect(binding!.simple).toEqual(DEFAULT_RATE_LIMITS[rateClass]);
    }
    expect(new Set(config.ratelimits.map((entry) => entry.namespace_id)).size).toBe(config.ratelimits.length);
  });

  it('turns Workers Logs on', () => {
    expect(config.observability?.enabled).toBe(true);
  });
});
