/** teams: its payload schema refuses what the host would refuse (the check can fail). */
import { describe, it } from 'vitest';
import { teamsHost } from '../../../../src/core/chat-hosts/teams/index.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';
import { expectRefused } from '../../../support/payload-schema.ts';

type Json = Record<string, any>;

describe('the payload schema', () => {
  it('takes the payload as sent and refuses it broken', () => {
    expectRefused(teamsHost, () => teamsHost.convert([...sample().blocks], SAMPLE_HEADING) as Json, [
      (payload) => (payload.attachments[0].content.version = '1.6'),
      (payload) => payload.attachments[0].content.body.push({ type: 'CodeBlock', codeSnippet: 'x' }),
      (payload) => (payload.attachments[0].content.body[0].wrap = false),
    ]);
  });
});
