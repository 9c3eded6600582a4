/** Discord's limits: ten embeds, 4,096 characters a description, 6,000 in all. */
import { describe, expect, it } from 'vitest';
import { DISCORD_LIMITS, type DiscordMessage } from '../../../../src/chat/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { discordHost, markdownToDiscord } from '../../../../src/core/chat-hosts/discord/index.ts';
import { sixtyNodes } from '../../../support/chat-host-suites/limits.ts';

const hostChecks = await discordHost.checks();
/** What a reader sees, as the checks read it. */
const shown = (payload: unknown): string => hostChecks.plainTexts(payload).join('\n');

describe('discord within its limits', () => {
  it('every embed limit at once — 10 embeds, 4,096 per description, 6,000 in all, 256-character title', () => {
    const message = markdownToDiscord(sixtyNodes(), { title: 'T'.repeat(1000) }) as DiscordMessage;
    expect(message.embeds.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedsPerMessage);
    expect(message.embeds[0]!.title!.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedTitleChars);
    expect(message.embeds[0]!.title!.endsWith('…')).toBe(true);
    const total = message.embeds.reduce((sum, e) => sum + (e.title?.length ?? 0) + (e.description?.length ?? 0), 0);
    expect(total).toBeLessThanOrEqual(DISCORD_LIMITS.embedTotalChars);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('a code block longer than a description is split into closed fences', () => {
    const message = markdownToDiscord(md.content(md.codeBlock('x = 1\n'.repeat(900), 'py'))) as DiscordMessage;
    const descriptions = message.embeds.map((e) => e.description ?? '');
    expect(descriptions.length).toBeGreaterThan(1);
    for (const text of descriptions.filter((d) => d.startsWith('```')))
      expect(text).toMatch(/^```py\n[\s\S]*\n```(\n\n\*[^*]+\*)?$/);
  });

  it('a subtitle longer than a description is cut to fit one, with an ellipsis', () => {
    const message = markdownToDiscord(md.content(md.paragraph('Body')), {
      title: 'T',
      subtitle: `S ${'s'.repeat(4200)}`,
    }) as DiscordMessage;
    expect(hostChecks.problems(message)).toEqual([]);
    expect(message.embeds[0]!.description).toMatch(/^_S s+…_/);
    expect(shown(message)).toContain('Body');
  });
});
