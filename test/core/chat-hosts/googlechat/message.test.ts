/** Google Chat: a cardsV2 card whose text widgets take Google Chat's small HTML subset. */
import { describe, expect, it } from 'vitest';
import type { GoogleChatMessage } from '../../../../src/chat/index.ts';
import { googleChatHost } from '../../../../src/core/chat-hosts/googlechat/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';

const hostChecks = await googleChatHost.checks();

describe('Google Chat messages from the content tree', () => {
  const message = googleChatHost.convert(sample(), SAMPLE_HEADING) as GoogleChatMessage;
  const { card } = message.cardsV2[0];

  it('is one card headed by the title and subtitle, the title as the notification text', () => {
    expect(message.fallbackText).toBe('Title');
    expect(card.header).toEqual({ title: 'Title', subtitle: 'Sub' });
    expect(hostChecks.problems(message)).toEqual([]);
    expect(hostChecks.liveMentions(message)).toEqual([]);
  });

  it('opens a section at each heading and writes the rest as widgets, model text escaped', () => {
    expect(card.sections).toHaveLength(1);
    expect(card.sections[0]!.header).toBe('Plan');
    expect(card.sections[0]!.widgets).toEqual([
      {
        textParagraph: {
          text: 'Ship <b>now</b> &amp; &lt;b&gt;tags&lt;/b&gt; {{DATE(2020-01-01T00:00:00Z)}} _x_ @here',
        },
      },
      { textParagraph: { text: '• one<br>• <i>two</i>' } },
      { textParagraph: { text: '│ quoted' } },
      { textParagraph: { text: 'let a = 1;' } },
      { decoratedText: { topLabel: 'a', text: 'v: 1', wrapText: true } },
      { textParagraph: { text: '<a href="https://example.com/docs">docs</a>' } },
    ]);
    expect(hostChecks.linkTargets(message)).toEqual(['https://example.com/docs']);
  });

  it('opens no section header for a heading that shows nothing (Chat would show an empty header)', () => {
    const blank = googleChatHost.convert(
      md.content(md.heading(2, '\u0001\u0001\u200b'), md.paragraph('Body')),
    ) as GoogleChatMessage;
    expect(blank.cardsV2[0].card.sections).toEqual([{ widgets: [{ textParagraph: { text: 'Body' } }] }]);
  });
});
