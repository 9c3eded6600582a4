/** Telegram's limits: 4,096 visible characters a message, mention breaks counted, the note never lost. */
import { describe, expect, it } from 'vitest';
import { TELEGRAM_LIMITS, type TelegramMessages } from '../../../../src/chat/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { markdownToTelegram, telegramHost } from '../../../../src/core/chat-hosts/telegram/index.ts';
import { telegramParse } from '../../../../src/core/chat-hosts/telegram/checks.ts';

const hostChecks = await telegramHost.checks();

describe('telegram within its limits', () => {
  it('splits past 4,096 visible characters at block boundaries, each message valid HTML', () => {
    const blocks = md.content(Array.from({ length: 12 }, (_, i) => md.paragraph(`<b>${i}</b> & `, 'y'.repeat(1000))));
    const { messages } = markdownToTelegram(blocks) as TelegramMessages;
    expect(messages.length).toBe(3);
    for (const message of messages) {
      const { problems, visible } = telegramParse(message.text);
      expect(problems).toEqual([]);
      expect(visible.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.messageChars);
      // Whole paragraphs only: every message starts at a paragraph's start.
      expect(visible).toMatch(/^<b>\d+<\/b> & y/);
      expect(message.link_preview_options).toEqual({ is_disabled: true });
    }
  });

  it('the zero-width mention breaks count toward 4,096 (one per `@x`)', () => {
    const mentions = '@x '.repeat(1333).trim();
    const { messages } = markdownToTelegram(
      md.content(md.paragraph(mentions), md.paragraph('@y '.repeat(4000))),
    ) as TelegramMessages;
    expect(hostChecks.problems({ messages })).toEqual([]);
    expect(messages.length).toBeGreaterThan(2);
  });

  it('the left-out note never lands on a message that is already full', () => {
    const full = (letter: string) => md.paragraph(letter.repeat(TELEGRAM_LIMITS.messageChars));
    const blocks = md.content(
      ...'abcdefghi'.split('').map(full),
      md.paragraph('j'.repeat(4090)),
      md.paragraph('k'.repeat(10)),
    );
    const { messages } = markdownToTelegram(blocks) as TelegramMessages;
    expect(hostChecks.problems({ messages })).toEqual([]);
    expect(messages.at(-1)!.text).toMatch(/2 more blocks were left out/);
  });
});
