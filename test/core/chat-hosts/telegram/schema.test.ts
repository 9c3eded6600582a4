/** telegram: its payload schema refuses what the host would refuse (the check can fail). */
import { describe, it } from 'vitest';
import { telegramHost } from '../../../../src/core/chat-hosts/telegram/index.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';
import { expectRefused } from '../../../support/payload-schema.ts';

type Json = Record<string, any>;

describe('the payload schema', () => {
  it('takes the payload as sent and refuses it broken', () => {
    expectRefused(telegramHost, () => telegramHost.convert([...sample().blocks], SAMPLE_HEADING) as Json, [
      (payload) => (payload.messages[0].parse_mode = 'MarkdownV2'),
      (payload) => (payload.messages[0].chat_id = 1),
    ]);
  });
});
