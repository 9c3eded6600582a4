import { describe, expect, it } from 'vitest';
import {
  DISCORD_LIMITS,
  GOOGLE_CHAT_LIMITS,
  TELEGRAM_LIMITS,
  type DiscordMessage,
  type GoogleChatMessage,
  type TelegramMessages,
} from '../../../src/chat/index.ts';
import { md } from '../../../src/core/markdown/builder.ts';
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

/** Every visible text of a payload, joined: what a reader of the message(s) could see. */
function shown(host: (typeof HOST_NAMES)[number], payload: unknown): string {
  return strings(payload)
    .filter(([path]) => host !== 'telegram' || path.endsWith('.text'))
    .map(([, value]) => (host === 'telegram' ? telegramParse(value).visible : value))
    .join('\n');
}

describe('a heading or a note is never lost, and growth from escaping is counted', () => {
  for (const host of HOST_NAMES) {
    it(`${host}: a title and a subtitle over 4,096 characters fit, and the reader sees they were cut or split`, () => {
      const title = `Title-${'t'.repeat(5000)}`;
      const subtitle = `Subtitle-${'s'.repeat(5000)}`;
      const payload = HOSTS[host](md.content(md.paragraph('Body')), { title, subtitle });
      expect(limitProblems(host, payload)).toEqual([]);
      // Across messages (Telegram splits a heading like any block), or cut with an ellipsis.
      const text = shown(host, payload).replace(/\s+/g, '');
      expect(text).toContain('Title-tttt');
      expect(text).toContain('Subtitle-ssss');
      expect(text.includes(title) || /t…/.test(text)).toBe(true);
      expect(text.includes(subtitle) || /s…/.test(text)).toBe(true);
    });

    it(`${host}: a title of 9,000 \`&\` and a heading of 9,000 \`&\` stay within the limits`, () => {
      const amps = '&'.repeat(9000);
      const payload = HOSTS[host](md.content(md.heading(2, amps), md.paragraph(amps), md.paragraph('end')), {
        title: amps,
        subtitle: amps,
      });
      expect(limitProblems(host, payload)).toEqual([]);
    });

    it(`${host}: a card with a 40,000-character heading alone keeps that heading, cut`, () => {
      const payload = HOSTS[host](md.content(md.heading(2, `Head ${'h'.repeat(40_000)}`)));
      expect(limitProblems(host, payload)).toEqual([]);
      expect(shown(host, payload)).toContain('Head hhhh');
    });
  }

  it('telegram: the zero-width mention breaks count toward 4,096 (one per `@x`)', () => {
    const mentions = '@x '.repeat(1333).trim();
    const { messages } = HOSTS.telegram(
      md.content(md.paragraph(mentions), md.paragraph('@y '.repeat(4000))),
    ) as TelegramMessages;
    expect(limitProblems('telegram', { messages })).toEqual([]);
    expect(messages.length).toBeGreaterThan(2);
  });

  it('telegram: the left-out note never lands on a message that is already full', () => {
    const full = (letter: string) => md.paragraph(letter.repeat(TELEGRAM_LIMITS.messageChars));
    const blocks = md.content(
      ...'abcdefghi'.split('').map(full),
      md.paragraph('j'.repeat(4090)),
      md.paragraph('k'.repeat(10)),
    );
    const { messages } = HOSTS.telegram(blocks) as TelegramMessages;
    expect(limitProblems('telegram', { messages })).toEqual([]);
    expect(messages.at(-1)!.text).toMatch(/2 more blocks were left out/);
  });

  it('discord: a subtitle longer than a description is cut to fit one, with an ellipsis', () => {
    const message = HOSTS.discord(md.content(md.paragraph('Body')), {
      title: 'T',
      subtitle: `S ${'s'.repeat(4200)}`,
    }) as DiscordMessage;
    expect(limitProblems('discord', message)).toEqual([]);
    expect(message.embeds[0]!.description).toMatch(/^_S s+…_/);
    expect(shown('discord', message)).toContain('Body');
  });

  it('googlechat: the header and fallback are clamped in bytes; the body still has room', () => {
    const message = HOSTS.googlechat(md.content(md.paragraph('Body')), {
      title: '&'.repeat(40_000),
      subtitle: 'é'.repeat(40_000),
    }) as GoogleChatMessage;
    expect(limitProblems('googlechat', message)).toEqual([]);
    expect(message.cardsV2[0].card.header!.title).toMatch(/^&+…$/);
    expect(message.cardsV2[0].card.header!.subtitle).toMatch(/^é+…$/);
    expect(message.fallbackText).toMatch(/^&+…$/);
    expect(shown('googlechat', message)).toContain('Body');
  });

  it('googlechat: headings past the budget are counted in the note, not dropped', () => {
    const many = md.content(
      md.paragraph('x'.repeat(31_000)),
      md.heading(2, 'Late heading'),
      md.heading(2, 'Another late heading'),
    );
    const message = HOSTS.googlechat(many) as GoogleChatMessage;
    expect(limitProblems('googlechat', message)).toEqual([]);
    // The paragraph keeps what fits and counts as left out, with both headings after it.
    expect(JSON.stringify(message)).toMatch(/x…"}},{"textParagraph":{"text":"<i>3 more blocks were left out/);
  });
});
