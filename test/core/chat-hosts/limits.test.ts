/** The limits suite (test/support/chat-host-suites/limits.ts) on every host of the registry converted from the Markdown tree. */
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';
import { limitSuite } from '../../support/chat-host-suites/limits.ts';

for (const host of await allUnderTest(BUILT_IN_HOSTS)) if (host.from === 'markdown') limitSuite(host);
