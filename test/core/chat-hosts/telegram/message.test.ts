/** Telegram: messages in Telegram's HTML subset, link previews off, mentions broken. */
import { describe, expect, it } from 'vitest';
import type { TelegramMessages } from '../../../../src/chat/index.ts';
import { telegramHost } from '../../../../src/core/chat-hosts/telegram/index.ts';
import { telegramParse } from '../../../../src/core/chat-hosts/telegram/checks.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';

const hostChecks = await telegramHost.checks();

describe('Telegram messages from the content tree', () => {
  const { messages } = telegramHost.convert(sample(), SAMPLE_HEADING) as TelegramMessages;

  it('is one HTML message without a link preview, valid for Telegram’s parser', () => {
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    expect(telegramParse(messages[0]!.text).problems).toEqual([]);
    expect(hostChecks.problems({ messages })).toEqual([]);
    expect(hostChecks.liveMentions({ messages })).toEqual([]);
  });

  it('writes every construct with the allowed tags only, model text escaped and `@here` broken', () => {
    expect(messages[0]!.text.split('\n\n')).toEqual([
      '<b>Title</b>',
      '<i>Sub</i>',
      '<b>Plan</b>',
      'Ship <b>now</b> &amp; &lt;b&gt;tags&lt;/b&gt; {{DATE(2020-01-01T00:00:00Z)}} _x_ @\u200Bhere',
      '• one\n• <i>two</i>',
      '<blockquote>quoted</blockquote>',
      '<pre><code class="language-ts">let a = 1;</code></pre>',
      '<pre>k  v\n-  -\na  1</pre>',
      '<a href="https://example.com/docs">docs</a>',
    ]);
    expect(hostChecks.linkTargets({ messages })).toEqual(['https://example.com/docs']);
  });
});
