/** The hostile-text suite (test/support/chat-host-suites/hostile.ts) on every host of the registry converted from the Markdown tree. */
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { hostileSuite } from '../../support/chat-host-suites/hostile.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';

for (const host of await allUnderTest(BUILT_IN_HOSTS)) if (host.from === 'markdown') hostileSuite(host);
