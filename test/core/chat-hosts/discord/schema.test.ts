/** discord: its payload schema refuses what the host would refuse (the check can fail). */
import { describe, it } from 'vitest';
import { discordHost } from '../../../../src/core/chat-hosts/discord/index.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';
import { expectRefused } from '../../../support/payload-schema.ts';

type Json = Record<string, any>;

describe('the payload schema', () => {
  it('takes the payload as sent and refuses it broken', () => {
    expectRefused(discordHost, () => discordHost.convert([...sample().blocks], SAMPLE_HEADING) as Json, [
      (payload) => (payload.allowed_mentions = { parse: ['everyone'] }),
      (payload) => (payload.embeds[0].description = 'x'.repeat(4097)),
    ]);
  });
});
