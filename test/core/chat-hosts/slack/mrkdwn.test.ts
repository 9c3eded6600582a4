import { describe, expect, it } from 'vitest';
import { CODE_BACKTICK_LOOKALIKE, LINK_PIPE_LOOKALIKE } from '../../../../src/core/text/look-alikes.ts';
import {
  escapeMrkdwn,
  mrkdwnBold,
  mrkdwnCode,
  mrkdwnItalic,
  mrkdwnLink,
  mrkdwnSection,
  mrkdwnStrike,
  mrkdwnText,
  plainText,
} from '../../../../src/core/chat-hosts/slack/mrkdwn.ts';

describe('escapeMrkdwn', () => {
  it('neutralises broadcasts, mentions, channels and link syntax', () => {
    expect(escapeMrkdwn('<!channel> <!here> <@U123> <#C123> <https://x|y>')).toBe(
      '&lt;!channel&gt; &lt;!here&gt; &lt;@U123&gt; &lt;#C123&gt; &lt;https://x|y&gt;',
    );
  });

  it('escapes & first so an authored entity stays literal', () => {
    expect(escapeMrkdwn('Tom & Jerry')).toBe('Tom &amp; Jerry');
    expect(escapeMrkdwn('&lt;!channel&gt;')).toBe('&amp;lt;!channel&amp;gt;');
  });

  it('replaces formatting marks Slack would read with look-alikes; marks inside words stay', () => {
    expect(escapeMrkdwn('*bold* _it_ ~s~ `c` "q" \'a\' |')).toBe(
      '\u2217bold\u2217 \u02CDit\u02CD \u223Cs\u223C `c` "q" \'a\' |',
    );
    expect(escapeMrkdwn('snake_case 2*3 a ~ b')).toBe('snake_case 2*3 a ~ b');
    expect(escapeMrkdwn('(_x_), *y*.')).toBe('(\u02CDx\u02CD), \u2217y\u2217.');
  });

  it('keeps a > that starts a line from opening a quote', () => {
    expect(escapeMrkdwn('> not a quote\n  > nor this')).toBe('\u200B&gt; not a quote\n  \u200B&gt; nor this');
    expect(escapeMrkdwn('a > b')).toBe('a &gt; b');
  });

  it('breaks a URL the link rule refuses, and leaves an accepted one as written', () => {
    expect(escapeMrkdwn('go https://bank.example@evil.example/')).toBe(
      'go https:\u200D//bank\u200D.example@evil\u200D.example/',
    );
    expect(escapeMrkdwn('go https://example.com/a?b=1&c=2')).toBe('go https://example.com/a?b=1&amp;c=2');
  });
});

describe('bold / italic / strike', () => {
  it('wraps escaped text', () => {
    expect(mrkdwnBold('a<b')).toBe('*a&lt;b*');
    expect(mrkdwnBold('x *y* z')).toBe('*x \u2217y\u2217 z*');
    expect(mrkdwnItalic('<@U1> & co')).toBe('_&lt;@U1&gt; &amp; co_');
    expect(mrkdwnStrike('old')).toBe('~old~');
  });

  it('returns empty for empty text', () => {
    expect(mrkdwnBold('')).toBe('');
    expect(mrkdwnItalic('')).toBe('');
    expect(mrkdwnStrike('')).toBe('');
  });

  it('keeps surrounding whitespace outside the markers, where Slack still formats', () => {
    expect(mrkdwnBold('  hi  ')).toBe('  *hi*  ');
    expect(mrkdwnItalic('   ')).toBe('   ');
  });
});

describe('mrkdwnCode', () => {
  it('replaces backticks with a look-alike, flattens newlines and escapes', () => {
    expect(mrkdwnCode('a`b\nc\r\nd<e>&')).toBe(`\`a${CODE_BACKTICK_LOOKALIKE}b c d&lt;e&gt;&amp;\``);
    expect(CODE_BACKTICK_LOOKALIKE).toBe('\u02CB');
  });

  it('returns empty for empty text', () => {
    expect(mrkdwnCode('')).toBe('');
  });
});

describe('mrkdwnLink', () => {
  it('links safe absolute URLs, as the URL parser serializes them', () => {
    expect(mrkdwnLink('https://example.com/docs', 'Docs')).toBe('<https://example.com/docs|Docs>');
    expect(mrkdwnLink('http://example.com')).toBe('<http://example.com/>');
    expect(mrkdwnLink('HTTPS://Example.COM/Path', 'L')).toBe('<https://example.com/Path|L>');
    expect(mrkdwnLink('mailto:a@example.com', 'Mail')).toBe('<mailto:a@example.com|Mail>');
  });

  it('percent-encodes | and escapes & in the URL part, as Slack requires inside <url|label>', () => {
    expect(mrkdwnLink('https://example.com/a|b', 'L')).toBe('<https://example.com/a%7Cb|L>');
    expect(mrkdwnLink('https://example.com/?a=1&b=2', 'L')).toBe('<https://example.com/?a=1&amp;b=2|L>');
    expect(mrkdwnLink('https://example.com/?a=1&b=2')).toBe('<https://example.com/?a=1&amp;b=2>');
  });

  it.each([
    ['a backslash, read as / by browsers but not necessarily by Slack', 'https://a.b\\@evil.com/path'],
    ['no host', 'http://?q=1'],
    ['a bad percent-escape', 'https://x.test/%zz'],
    ['a truncated percent-escape', 'https://x.test/a%4'],
    ['userinfo that hides the real host', 'https://google.com@evil.test/'],
    ['an empty userinfo', 'https://@evil.test/'],
    ['a space', 'https://example.com/a b'],
    ['a tab inside the host, which URL parsers drop silently', 'https://ex\tample.com/'],
    ['a bidi override', 'https://x.test/\u202Etxt.exe'],
    ['a zero-width space', 'https://x\u200b.test/'],
    ['invalid punycode', 'https://xn--a.test/'],
    ['punycode that decodes to ASCII', 'https://xn--abc-.test/'],
    ['a host with characters outside LDH', 'https://a&b.test/'],
    ['an empty label', 'https://a..test/'],
    ['missing slashes', 'http:example.com'],
    ['a single slash', 'https:/example.com'],
    ['a mailto without an address', 'mailto:'],
    ['a mailto with a bare name', 'mailto:someone'],
  ])('shows the URL as text when it has %s', (_, url) => {
    expect(mrkdwnLink(url, 'Label')).toBe('Label');
    expect(mrkdwnLink(url)).not.toMatch(/^</);
  });

  it('links internationalised hosts by their punycode, so the real host is what Slack sees', () => {
    expect(mrkdwnLink('https://bücher.example/x', 'L')).toBe('<https://xn--bcher-kva.example/x|L>');
    expect(mrkdwnLink('https://xn--bcher-kva.example/x', 'L')).toBe('<https://xn--bcher-kva.example/x|L>');
  });

  it('escapes the label and makes | harmless', () => {
    expect(mrkdwnLink('https://x.test/', 'a|b>c<d&e')).toBe(
      `<https://x.test/|a${LINK_PIPE_LOOKALIKE}b&gt;c&lt;d&amp;e>`,
    );
    expect(mrkdwnLink('https://x.test/', '<!channel>')).toBe('<https://x.test/|&lt;!channel&gt;>');
    expect(mrkdwnLink('https://x.test/', 'two\nlines')).toBe('<https://x.test/|two lines>');
  });

  it('prints only the escaped label for relative or unsafe URLs', () => {
    expect(mrkdwnLink('/docs', 'Docs')).toBe('Docs');
    expect(mrkdwnLink('javascript:alert(1)', 'Docs')).toBe('Docs');
    expect(mrkdwnLink('&#106;avascript:alert(1)', 'Docs')).toBe('Docs');
    expect(mrkdwnLink('//evil.test/x', 'Docs')).toBe('Docs');
    expect(mrkdwnLink('https://x.test/<!channel>', 'L')).toBe('L');
    expect(mrkdwnLink('javascript:alert(1)', '<!here>')).toBe('&lt;!here&gt;');
  });

  it('prints the escaped URL text when an unsafe URL has no label', () => {
    expect(mrkdwnLink('javascript:alert("<@U1>")')).toBe('javascript:alert("&lt;@U1&gt;")');
    expect(mrkdwnLink('/a&b', '  ')).toBe('/a&amp;b');
  });

  it('shows a label naming another host as text, followed by the real target', () => {
    expect(mrkdwnLink('https://evil.example/login', 'bank.example/login')).toBe(
      'bank.example/login (<https://evil.example/login>)',
    );
    expect(mrkdwnLink('https://docs.example.com/a', 'example.com/docs')).toBe(
      '<https://docs.example.com/a|example.com/docs>',
    );
  });

  it('treats a blank label as none', () => {
    expect(mrkdwnLink('https://x.test/', ' ')).toBe('<https://x.test/>');
  });
});

describe('block builders', () => {
  it('builds text objects and a section', () => {
    expect(plainText('Hi')).toEqual({ type: 'plain_text', text: 'Hi', emoji: true });
    expect(mrkdwnText('*Hi*')).toEqual({ type: 'mrkdwn', text: '*Hi*' });
    expect(mrkdwnSection('*Hi*')).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Hi*' } });
  });
});
