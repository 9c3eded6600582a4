/** The fixture suite (test/support/chat-host-suites/fixtures.ts) on every host of the registry converted from the Markdown tree. */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { fixtureCases, fixtureSuite } from '../../support/chat-host-suites/fixtures.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';
import { fixtures } from '../../support/slides.ts';

describe('the fixtures and catalog examples', () => {
  it('are there to check', () => {
    expect(fixtures.length).toBeGreaterThan(10);
    expect(fixtureCases().length).toBeGreaterThan(fixtures.length + 39);
  });
});

for (const host of await allUnderTest(BUILT_IN_HOSTS)) if (host.from === 'markdown') fixtureSuite(host);
