import { describe, expect, it } from 'vitest';
import {
  DISCORD_LIMITS,
  GOOGLE_CHAT_LIMITS,
  TELEGRAM_LIMITS,
  type DiscordMessage,
  type GoogleChatMessage,
  type TelegramMessages,
} from '../../../../src/chat.ts';
import { md } from '../../../../src/core/sdk/markdown/builder.ts';
import { HOST_NAMES, HOSTS, limitProblems, strings, telegramParse } from './support.ts';

const LONG = Array.from({ length: 1250 }, (_, i) => `word${i % 10}`)
  .join(' ')
  .slice(0, 10_000);
const sixtyNodes = () =>
  md.content(
    Array.from({ length: 60 }, (_, i) => [
      md.heading(2, `Section ${i}`),
      md.paragraph(`Paragraph ${i}: `, LONG),
      md.list([`item ${i}`, md.strong('bold')]),
      md.table(['a', 'b'], [[`${i}`, 'x'.repeat(300)]]),
      md.codeBlock(`line ${i}\n`.repeat(50), 'ts'),
    ]),
  );

describe('chat host limits with huge inputs', () => {
  for (const host of HOST_NAMES) {
    it(`${host}: 60 nodes of 10,000-character paragraphs fit, with a note saying what was left out`, () => {
      const payload = HOSTS[host](sixtyNodes(), { title: 'T'.repeat(1000), subtitle: 'S'.repeat(1000) });
      expect(limitProblems(host, payload)).toEqual([]);
      expect(JSON.stringify(payload)).toMatch(/more blocks were left out to fit/);
    });

    it(`${host}: one 10,000-character paragraph is kept whole or split, never silently cut short`, () => {
      const payload = HOSTS[host](md.content(md.paragraph(LONG)));
      expect(limitProblems(host, payload)).toEqual([]);
      // The payload's long strings (descriptions, card text, message text), in order.
      const text = strings(payload)
        .map(([, value]) => value)
        .filter((value) => value.length > 50)
        .join(' ');
      if (host === 'discord') {
        // 10,000 characters pass Discord's 6,000 for all embeds: the first pieces, then the note.
        expect(text).toContain(LONG.slice(0, 4000));
        expect(text).toMatch(/left out to fit Discord/);
      } else {
        expect(text.replace(/\s+/g, ' ')).toContain(LONG.replace(/\s+/g, ' '));
      }
    });
  }

  it('discord: every embed limit at once — 10 embeds, 4,096 per description, 6,000 in all, 256-character title', () => {
    const message = HOSTS.discord(sixtyNodes(), { title: 'T'.repeat(1000) }) as DiscordMessage;
    expect(message.embeds.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedsPerMessage);
    expect(message.embeds[0]!.title!.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedTitleChars);
    expect(message.embeds[0]!.title!.endsWith('…')).toBe(true);
    const total = message.embeds.reduce((sum, e) => sum + (e.title?.length ?? 0) + (e.description?.length ?? 0), 0);
    expect(total).toBeLessThanOrEqual(DISCORD_LIMITS.embedTotalChars);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('discord: a code block longer than a description is split into closed fences', () => {
    const message = HOSTS.discord(md.content(md.codeBlock('x = 1\n'.repeat(900), 'py'))) as DiscordMessage;
    const descriptions = message.embeds.map((e) => e.description ?? '');
    expect(descriptions.length).toBeGreaterThan(1);
    for (const text of descriptions.filter((d) => d.startsWith('```')))
      expect(text).toMatch(/^```py\n[\s\S]*\n```(\n\n\*[^*]+\*)?$/);
  });

  it('googlechat: at most 100 widgets and 32,000 bytes', () => {
    const many = md.content(Array.from({ length: 150 }, (_, i) => md.paragraph(`p${i}`)));
    const message = HOSTS.googlechat(many) as GoogleChatMessage;
    const widgets = message.cardsV2[0].card.sections.flatMap((s) => s.widgets);
    expect(widgets.length).toBe(GOOGLE_CHAT_LIMITS.widgetsPerCard);
    expect(JSON.stringify(widgets.at(-1))).toContain('51 more blocks were left out');
  });

  it('telegram: splits past 4,096 visible characters at block boundaries, each message valid HTML', () => {
    const blocks = md.content(Array.from({ length: 12 }, (_, i) => md.paragraph(`<b>${i}</b> & `, 'y'.repeat(1000))));
    const { messages } = HOSTS.telegram(blocks) as TelegramMessages;
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
});
