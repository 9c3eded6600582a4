/** The deck suite (test/support/chat-host-suites/deck.ts) on every host of the registry, Slack included. */
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { deckSuite } from '../../support/chat-host-suites/deck.ts';
import { allUnderTest } from '../../support/chat-host-suites/host.ts';

for (const host of await allUnderTest(BUILT_IN_HOSTS)) deckSuite(host);
