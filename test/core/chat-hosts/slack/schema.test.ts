/** slack: its payload schema refuses what the host would refuse (the check can fail). */
import { describe, it } from 'vitest';
import { SLACK_LIMITS } from '../../../../src/core/chat-hosts/slack/limits.ts';
import { slackHost } from '../../../../src/core/chat-hosts/slack/index.ts';
import { previewSlide, slidesRuntime } from '../../../support/slides.ts';
import { expectRefused } from '../../../support/payload-schema.ts';

type Json = Record<string, any>;

describe('the payload schema', () => {
  it('takes the payload as sent and refuses it broken', () => {
    const header = (payload: Json) => payload.blocks.find((block: Json) => block.type === 'header');
    expectRefused(
      slackHost,
      () =>
        slidesRuntime.surfaces.slack.render({
          ...previewSlide({ type: 'slideStatement', text: 'Hi' }),
          title: 'Title',
        }),
      [
        (payload) => payload.blocks.push({ type: 'actions', elements: [] }),
        (payload) => (header(payload).text.text = 'x'.repeat(SLACK_LIMITS.headerTextChars + 1)),
        (payload) => (header(payload).text.type = 'mrkdwn'),
        (payload) => (payload.text = 'x'.repeat(SLACK_LIMITS.fallbackTextChars + 1)),
        (payload) => (payload.blocks[0].block_id = 'b'),
        (payload) => payload.blocks.push(...Array(SLACK_LIMITS.blocksPerMessage).fill({ type: 'divider' })),
        (payload) => {
          const table = { type: 'table', rows: [[{ type: 'raw_text', text: 'a' }]] };
          payload.blocks.push(...Array(SLACK_LIMITS.tablesPerMessage + 1).fill(table));
        },
      ],
    );
  });
});
