/**
 * The link suite (test/support/chat-host-suites/links.ts) on every host of the registry, Slack's
 * Block Kit included, and the restated link rule shown able to fail.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';
import { labelProblem, linkProblem, refusedAutolinks } from '../../support/chat-host-suites/link-rule.ts';
import { linkSuite } from '../../support/chat-host-suites/links.ts';

describe('the link rule, restated (issue 26)', () => {
  it('can fail: a lying label, a refused target and a refused autolink are found', () => {
    expect(labelProblem({ label: 'bank.example', url: 'https://evil.example/' })).not.toBeNull();
    expect(labelProblem({ label: 'b\u200Bank.example', url: 'https://evil.example/' })).not.toBeNull();
    expect(labelProblem({ label: 'Docs', url: 'https://evil.example/' })).toBeNull();
    expect(linkProblem('https://bank.example@evil.example/')).not.toBeNull();
    expect(linkProblem('https://\u0430pple.com/')).not.toBeNull();
    expect(refusedAutolinks(['go https://bank.example@evil.example/'])).not.toEqual([]);
    expect(refusedAutolinks(['go \u0430pple.com'])).not.toEqual([]);
    expect(refusedAutolinks(['go https:\u200D//bank\u200D.example@evil\u200D.example/'])).toEqual([]);
  });
});

for (const host of await allUnderTest(BUILT_IN_HOSTS)) linkSuite(host);
