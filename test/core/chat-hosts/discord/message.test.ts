/** Discord: embeds in Discord Markdown, no mention ever resolved. */
import { describe, expect, it } from 'vitest';
import type { DiscordMessage } from '../../../../src/chat/index.ts';
import { discordHost } from '../../../../src/core/chat-hosts/discord/index.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';

const hostChecks = await discordHost.checks();

describe('Discord messages from the content tree', () => {
  const message = discordHost.convert(sample(), SAMPLE_HEADING) as DiscordMessage;

  it('is one embed titled with the title, that mentions nothing, and its checks accept', () => {
    expect(message.embeds).toHaveLength(1);
    expect(message.embeds[0]!.title).toBe('Title');
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(hostChecks.problems(message)).toEqual([]);
    expect(hostChecks.liveMentions(message)).toEqual([]);
  });

  it('writes every construct in Discord Markdown, model text escaped and `@here` broken', () => {
    expect(message.embeds[0]!.description!.split('\n\n')).toEqual([
      '_Sub_',
      '**Plan**',
      'Ship **now** & \\<b\\>tags\\</b\\> {{DATE\\(2020-01-01T00:00:00Z\\)}} \\_x\\_ @\u200Bhere',
      '- one\n- _two_',
      '> quoted',
      '```ts\nlet a = 1;\n```',
      '```\nk  v\n-  -\na  1\n```',
      '[docs](https://example.com/docs)',
    ]);
    expect(hostChecks.linkTargets(message)).toEqual(['https://example.com/docs']);
  });
});
