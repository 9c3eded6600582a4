/**
 * Teams: markup of every host in model text is shown as written, mentions split across runs
 * stay broken, and the host's checks find its own syntax when it is left in; what its limits and
 * links do that other hosts' do not.
 */
import { describe, expect, it } from 'vitest';

import { strings } from '../../../../src/core/chat-hosts/checks.ts';
import { teamsHost as host } from '../../../../src/core/chat-hosts/teams/index.ts';
import { md } from '../../../../src/core/markdown/builder.ts';
import { LONG, longStrings } from '../../../support/chat-host-suites/limits.ts';

const hostChecks = await host.checks();

/** Markup of every host, as model text writes it. */
const MARKUP =
  'Due {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39Z)}} &amp; &#60;b&#62; ' +
  '<https://evil.example> <b>x</b> *b* _i_ ~s~ ||spoiler|| `c`';

const everywhere = () =>
  md.content(
    md.heading(2, MARKUP),
    md.paragraph(MARKUP),
    md.list([MARKUP, [md.strong('Term'), ' · ', MARKUP]]),
    md.list([[md.strong('Term'), ' · ', MARKUP]]),
    md.blockquote(md.paragraph(MARKUP)),
    md.table(['Col', 'Other'], [[MARKUP, MARKUP]]),
    md.codeBlock(MARKUP),
  );

describe('Teams: model text as written, and its own checks', () => {
  it('template functions, character references, autolinks and tags stay text', () => {
    const payload = host.convert(everywhere(), { title: MARKUP, subtitle: MARKUP });
    const texts = strings(payload).map(([, text]) => text);
    for (const text of texts) {
      expect(text).not.toMatch(/\{\{(?:DATE|TIME)\(/);
      // An unescaped `&name;` is a character reference; an unescaped `<` + letter an autolink or tag.
      expect(text).not.toMatch(/(?<!\\)(?:\\\\)*&#?[a-z0-9]+;/i);
      expect(text).not.toMatch(/(?<!\\)(?:\\\\)*<[a-z/!?]/i);
    }
    const read = texts.map((text) => text.replace(/\u200B/g, '').replace(/\\([\s\S])/g, '$1')).join('\n');
    expect(read).toContain(MARKUP);
  });

  it('the checks find its syntax when it is left in (they can fail)', () => {
    expect(hostChecks.liveMentions({ text: '<at>Ann</at>' })).not.toEqual([]);
    expect(hostChecks.liveMentions({ text: '<**at**>Ann' })).not.toEqual([]);
    expect(hostChecks.links({ text: '[bank.example](https://evil.example/)' })).toHaveLength(1);
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
