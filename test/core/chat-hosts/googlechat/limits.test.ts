/** Google Chat's limits: 100 widgets a card, 32,000 bytes, headers and fallback clamped in bytes. */
import { describe, expect, it } from 'vitest';
import { GOOGLE_CHAT_LIMITS, type GoogleChatMessage } from '../../../../src/chat/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { googleChatHost, markdownToGoogleChat } from '../../../../src/core/chat-hosts/googlechat/index.ts';

const hostChecks = await googleChatHost.checks();
/** What a reader sees, as the checks read it. */
const shown = (payload: unknown): string => hostChecks.plainTexts(payload).join('\n');

describe('googlechat within its limits', () => {
  it('at most 100 widgets and 32,000 bytes', () => {
    const many = md.content(Array.from({ length: 150 }, (_, i) => md.paragraph(`p${i}`)));
    const message = markdownToGoogleChat(many) as GoogleChatMessage;
    const widgets = message.cardsV2[0].card.sections.flatMap((s) => s.widgets);
    expect(widgets.length).toBe(GOOGLE_CHAT_LIMITS.widgetsPerCard);
    expect(JSON.stringify(widgets.at(-1))).toContain('51 more blocks were left out');
  });

  it('the header and fallback are clamped in bytes; the body still has room', () => {
    const message = markdownToGoogleChat(md.content(md.paragraph('Body')), {
      title: '&'.repeat(40_000),
      subtitle: 'é'.repeat(40_000),
    }) as GoogleChatMessage;
    expect(hostChecks.problems(message)).toEqual([]);
    expect(message.cardsV2[0].card.header!.title).toMatch(/^&+…$/);
    expect(message.cardsV2[0].card.header!.subtitle).toMatch(/^é+…$/);
    expect(message.fallbackText).toMatch(/^&+…$/);
    expect(shown(message)).toContain('Body');
  });

  it('headings past the budget are counted in the note, not dropped', () => {
    const many = md.content(
      md.paragraph('x'.repeat(31_000)),
      md.heading(2, 'Late heading'),
      md.heading(2, 'Another late heading'),
    );
    const message = markdownToGoogleChat(many) as GoogleChatMessage;
    expect(hostChecks.problems(message)).toEqual([]);
    // The paragraph keeps what fits and counts as left out, with both headings after it.
    expect(JSON.stringify(message)).toMatch(/x…"}},{"textParagraph":{"text":"<i>3 more blocks were left out/);
  });
});
