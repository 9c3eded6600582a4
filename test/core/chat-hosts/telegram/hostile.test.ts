/**
 * Telegram: markup of every host in model text is shown as written, mentions split across runs
 * stay broken, and the host's checks find its own syntax when it is left in; what its limits and
 * links do that other hosts' do not.
 */
import { describe, expect, it } from 'vitest';
import type { TelegramMessages } from '../../../../src/chat/index.ts';
import { telegramHost as host } from '../../../../src/core/chat-hosts/telegram/index.ts';
import { telegramParse } from '../../../../src/core/chat-hosts/telegram/checks.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { LONG, longStrings } from '../../../support/chat-host-suites/limits.ts';
import { splits } from '../../../support/chat-host-suites/mentions.ts';

const hostChecks = await host.checks();

/** Markup of every host, as model text writes it. */
const MARKUP =
  'Due {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39Z)}} &amp; &#60;b&#62; ' +
  '<https://evil.example> <b>x</b> *b* _i_ ~s~ ||spoiler|| `c`';

describe('Telegram: model text as written, and its own checks', () => {
  it('model text makes no tag and no entity beyond the four it decodes', () => {
    const { messages } = host.convert(md.content(md.paragraph(MARKUP))) as TelegramMessages;
    const { problems, visible } = telegramParse(messages[0]!.text);
    expect(problems).toEqual([]);
    expect(messages[0]!.text).not.toMatch(/<(?!\/?(?:b|i|code|pre|a)\b)/);
    expect(visible).toBe(MARKUP);
  });

  it('`@**name**`, `**@**name` and `@` + link keep the name readable, with one break after `@`', () => {
    for (const inlines of splits('@', 'admin')) {
      const { messages } = host.convert(md.content(md.paragraph(...inlines))) as TelegramMessages;
      const visible = messages[0]!.text.replace(/<[^>]*>/g, '');
      expect(visible, JSON.stringify(inlines)).toBe('@\u200Badmin');
    }
  });

  it('the checks find its syntax when it is left in (they can fail)', () => {
    expect(hostChecks.liveMentions({ messages: [{ text: 'ask @admin' }] })).not.toEqual([]);
    expect(hostChecks.liveMentions({ messages: [{ text: '@<b>admin</b>' }] })).not.toEqual([]);
    expect(hostChecks.links({ messages: [{ text: '<a href="https://e.x/">b</a>' }] })).toHaveLength(1);
  });

  it('keeps a 10,000-character paragraph whole: its limits hold it', () => {
    const text = longStrings(host.convert(md.content(md.paragraph(LONG))));
    expect(text.replace(/\s+/g, ' ')).toContain(LONG);
    expect(text).not.toMatch(/left out to fit/);
  });

  it('opens http(s) links only: a mailto address stays text', () => {
    const payload = host.convert(md.content(md.paragraph(md.link('mailto:help@example.com', 'Write'))));
    expect(hostChecks.links(payload)).toEqual([]);
    expect(hostChecks.plainTexts(payload).join(' ')).toContain('Write');
  });
});
