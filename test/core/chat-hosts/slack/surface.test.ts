import { describe, expect, it } from 'vitest';
import { SLACK_EMPTY_TEXT } from '../../../../src/core/chat-hosts/slack/notes.ts';
import { oneSlide } from '../../../support/one-slide.ts';
import { limitViolations, linkViolations } from '../../../../src/core/chat-hosts/slack/checks.ts';
import { slidesRuntime } from '../../../support/slides.ts';

const slack = slidesRuntime.surfaces.slack;

const section = (contents: string[], hrefs: string[], extra: Record<string, unknown> = {}) => ({
  type: 'slideSection',
  number: '02',
  title: 'Links',
  contents,
  hrefs,
  ...extra,
});

describe('Slack surface: messages Slack accepts (issue 16)', () => {
  it('never sends a header whose text is blank', () => {
    const message = slack.render(
      { type: 'view', title: ' ', body: [section(['A'], ['https://x.test/'], { number: ' ', title: '\u200b' })] },
      { onValidationError: 'collect' },
    );
    // The node renders (blank header text is the renderer's to write), but its header is dropped.
    expect(message.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: '• <https://x.test/|A>' } }]);
    expect(limitViolations(message)).toEqual([]);
  });

  it('says the view has nothing for Slack when every node is limited to other surfaces', () => {
    const { title: _, ...untitled } = oneSlide();
    const composition = { ...untitled, body: untitled.body.map((node) => ({ ...node, surfaces: ['snapshot'] })) };
    expect(slack.render(composition)).toEqual({ text: SLACK_EMPTY_TEXT, blocks: [], assets: [] });
    expect(slack.render(composition, { heading: false, text: ' ' }).text).toBe(SLACK_EMPTY_TEXT);
  });

  it('links only URLs Slack and a URL parser read alike, with & escaped', () => {
    const hrefs = ['https://a.b\\@evil.com/path', 'http://?q=1', 'https://x.test/%zz', 'https://x.test/?a=1&b=2'];
    const message = slack.render(
      { type: 'view', title: 'Links', body: [section(['One', 'Two', 'Three', 'Four'], hrefs)] },
      { onValidationError: 'collect' },
    );
    const text = message.blocks.map((block) => (block.text as { text?: string } | undefined)?.text ?? '').join('\n');
    expect(text).toContain('• One\n• Two\n• Three\n• <https://x.test/?a=1&amp;b=2|Four>');
    expect(linkViolations(message)).toEqual([]);
  });

  it('adds no spacer sections between blocks', () => {
    const { blocks } = slack.render(oneSlide());
    expect(blocks.map((block) => block.type)).toEqual([
      'header',
      'divider',
      'header',
      'section',
      'rich_text',
      'context',
    ]);
  });
});
