/**
 * Discord: markup of every host in model text is shown as written, mentions split across runs
 * stay broken, and the host's checks find its own syntax when it is left in; what its limits and
 * links do that other hosts' do not.
 */
import { describe, expect, it } from 'vitest';
import type { DiscordMessage } from '../../../../src/chat/index.ts';

import { discordHost as host } from '../../../../src/core/chat-hosts/discord/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { LONG } from '../../../support/chat-host-suites/limits.ts';

const hostChecks = await host.checks();

/** Markup of every host, as model text writes it. */
const MARKUP =
  'Due {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39Z)}} &amp; &#60;b&#62; ' +
  '<https://evil.example> <b>x</b> *b* _i_ ~s~ ||spoiler|| `c`';

describe('Discord: model text as written, and its own checks', () => {
  it('every formatting mark of model text is escaped', () => {
    const { embeds } = host.convert(md.content(md.paragraph(MARKUP))) as DiscordMessage;
    const description = embeds[0]!.description!;
    expect(description.replace(/\\([\s\S])/g, '$1')).toBe(MARKUP);
    for (const match of description.matchAll(/[*_~`|<>[\]()#]/g))
      expect(description[match.index - 1], `${match[0]} at ${match.index}`).toBe('\\');
  });

  it('the checks find its syntax when it is left in (they can fail)', () => {
    expect(hostChecks.liveMentions({ embeds: [{ description: 'hi <@123>' }] })).not.toEqual([]);
    expect(hostChecks.liveMentions({ embeds: [{ description: 'hi @everyone' }] })).not.toEqual([]);
    expect(hostChecks.liveMentions({ embeds: [{ description: '@**everyone**' }] })).not.toEqual([]);
    expect(hostChecks.liveMentions({ embeds: [{ description: 'hi \\<@123> `<@123>`' }] })).toEqual([]);
  });

  it('cuts a 10,000-character paragraph past its 6,000 for all embeds: the first pieces, then the note', () => {
    const { embeds } = host.convert(md.content(md.paragraph(LONG))) as DiscordMessage;
    const text = embeds.map((embed) => embed.description ?? '').join(' ');
    expect(text).toContain(LONG.slice(0, 4000));
    expect(text).not.toContain(LONG);
    expect(text).toMatch(/left out to fit Discord/);
  });

  it('links a mailto address', () => {
    const payload = host.convert(md.content(md.paragraph(md.link('mailto:help@example.com', 'Write'))));
    expect(hostChecks.links(payload)).toEqual([{ label: 'Write', url: 'mailto:help@example.com' }]);
  });
});
