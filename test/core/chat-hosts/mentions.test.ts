/** The mention suite (test/support/chat-host-suites/mentions.ts) on every host of the registry converted from the Markdown tree. */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';
import { mentionSuite, SPLIT_COUNT, splitMentions } from '../../support/chat-host-suites/mentions.ts';

describe('the split mentions', () => {
  it('cover every split of every spelling', () => {
    expect(splitMentions().length).toBe(SPLIT_COUNT);
    expect(SPLIT_COUNT).toBeGreaterThan(500);
  });
});

for (const host of await allUnderTest(BUILT_IN_HOSTS)) if (host.from === 'markdown') mentionSuite(host);
