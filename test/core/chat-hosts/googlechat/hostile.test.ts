/**
 * Google Chat: markup of every host in model text is shown as written, mentions split across runs
 * stay broken, and the host's checks find its own syntax when it is left in; what its limits and
 * links do that other hosts' do not.
 */
import { describe, expect, it } from 'vitest';
import type { GoogleChatMessage } from '../../../../src/chat/index.ts';
import { googleChatHost as host } from '../../../../src/core/chat-hosts/googlechat/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { LONG, longStrings } from '../../../support/chat-host-suites/limits.ts';

const hostChecks = await host.checks();

/** Markup of every host, as model text writes it. */
const MARKUP =
  'Due {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39Z)}} &amp; &#60;b&#62; ' +
  '<https://evil.example> <b>x</b> *b* _i_ ~s~ ||spoiler|| `c`';

describe('Google Chat: model text as written, and its own checks', () => {
  it('card text holds only its own tags; model text arrives as entities', () => {
    const payload = host.convert(md.content(md.paragraph(MARKUP))) as GoogleChatMessage;
    const text = payload.cardsV2[0].card.sections[0]!.widgets[0]! as { textParagraph: { text: string } };
    expect(text.textParagraph.text).not.toMatch(/<[a-z/!?]/i);
    expect(
      text.textParagraph.text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    ).toBe(MARKUP);
  });

  it('the checks find its syntax when it is left in (they can fail)', () => {
    expect(hostChecks.liveMentions({ fallbackText: '<users/all>' })).not.toEqual([]);
    expect(hostChecks.liveMentions({ text: '<font color="red">x</font>' })).not.toEqual([]);
  });

  it('keeps a 10,000-character paragraph whole: its limits hold it', () => {
    const text = longStrings(host.convert(md.content(md.paragraph(LONG))));
    expect(text.replace(/\s+/g, ' ')).toContain(LONG);
    expect(text).not.toMatch(/left out to fit/);
  });

  it('links a mailto address', () => {
    const payload = host.convert(md.content(md.paragraph(md.link('mailto:help@example.com', 'Write'))));
    expect(hostChecks.links(payload)).toEqual([{ label: 'Write', url: 'mailto:help@example.com' }]);
  });
});
