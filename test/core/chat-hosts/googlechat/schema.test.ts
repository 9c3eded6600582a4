/** googlechat: its payload schema refuses what the host would refuse (the check can fail). */
import { describe, it } from 'vitest';
import { googleChatHost } from '../../../../src/core/chat-hosts/googlechat/index.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';
import { expectRefused } from '../../../support/payload-schema.ts';

type Json = Record<string, any>;

describe('the payload schema', () => {
  it('takes the payload as sent and refuses it broken', () => {
    expectRefused(googleChatHost, () => googleChatHost.convert([...sample().blocks], SAMPLE_HEADING) as Json, [
      (payload) => (payload.cardsV2[0].card.sections[0].widgets = []),
      (payload) => (payload.cardsV2[0].card.sections[0].widgets[0] = { buttonList: {} }),
    ]);
  });
});
