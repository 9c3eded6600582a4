import { describe, expect, it } from 'vitest';
import { SLACK_LIMITS } from '../../../../src/core/chat-hosts/slack/limits.ts';
import { slackLinkUrl } from '../../../../src/core/chat-hosts/slack/link-url.ts';
import { linkUrlProblem } from '../../../../src/core/chat-hosts/slack/checks.ts';

describe('slackLinkUrl', () => {
  it('returns the WHATWG serialization of an accepted URL', () => {
    expect(slackLinkUrl('https://example.com')).toBe('https://example.com/');
    expect(slackLinkUrl('  https://Example.com:443/a/./b/../c?q=1#f  ')).toBe('https://example.com/a/c?q=1#f');
    expect(slackLinkUrl('https://example.com/é?q="x"')).toBe('https://example.com/%C3%A9?q=%22x%22');
    expect(slackLinkUrl('https://0x7f.1/')).toBe('https://127.0.0.1/');
    expect(slackLinkUrl('https://[::1]:8080/')).toBe('https://[::1]:8080/');
    expect(slackLinkUrl('http://my_host.example/')).toBe('http://my_host.example/');
  });

  it('percent-encodes | so it cannot end the URL part of <url|label>', () => {
    expect(slackLinkUrl('https://fonts.example/css?family=Inter|Roboto')).toBe(
      'https://fonts.example/css?family=Inter%7CRoboto',
    );
  });

  it('accepts mailto addresses, one or several, but not without an address', () => {
    expect(slackLinkUrl('mailto:a@example.com?subject=Hi')).toBe('mailto:a@example.com?subject=Hi');
    expect(slackLinkUrl('mailto:a@example.com,b@example.org')).toBe('mailto:a@example.com,b@example.org');
    expect(slackLinkUrl('mailto:a@b@example.com')).toBeNull();
    expect(slackLinkUrl('mailto:a@exa mple.com')).toBeNull();
    expect(slackLinkUrl('mailto:a@example.com', 'image')).toBeNull();
  });

  it('accepts only https for images', () => {
    expect(slackLinkUrl('https://x.test/a.png', 'image')).toBe('https://x.test/a.png');
    expect(slackLinkUrl('http://x.test/a.png', 'image')).toBeNull();
    expect(slackLinkUrl('data:image/png;base64,AAAA', 'image')).toBeNull();
  });

  it('checks punycode labels: valid ones decode to a name the parser encodes back the same', () => {
    expect(slackLinkUrl('https://xn--bcher-kva.example/')).toBe('https://xn--bcher-kva.example/');
    expect(slackLinkUrl('https://xn--mnchen-3ya.de/')).toBe('https://xn--mnchen-3ya.de/');
    expect(slackLinkUrl('https://münchen.de/')).toBe('https://xn--mnchen-3ya.de/');
    for (const host of ['xn--a', 'xn--abc-', 'xn--', 'xn--zzzzzzzzzzzzzzzzzzzz', 'xn--bcher-kva!']) {
      expect(slackLinkUrl(`https://${host}.example/`), host).toBeNull();
    }
  });

  it('refuses URLs longer than the link limit once serialized', () => {
    const base = 'https://x.test/';
    expect(slackLinkUrl(base + 'p'.repeat(SLACK_LIMITS.linkUrlChars - base.length))).not.toBeNull();
    expect(slackLinkUrl(base + 'p'.repeat(SLACK_LIMITS.linkUrlChars - base.length + 1))).toBeNull();
  });

  it('refuses non-strings and everything the navigation policy refuses', () => {
    expect(slackLinkUrl(undefined)).toBeNull();
    expect(slackLinkUrl(42)).toBeNull();
    for (const url of ['javascript:alert(1)', '&#106;avascript:x', '//evil.test/', '/relative', 'data:text/html,x']) {
      expect(slackLinkUrl(url), url).toBeNull();
    }
  });

  it('agrees with the independent check in the Slack safety helpers on every URL it accepts', () => {
    const urls = [
      'https://example.com',
      'HTTPS://EXAMPLE.COM/A?b=1&c=2#d',
      'https://bücher.example/x',
      'https://x.test/a|b',
      'mailto:a@example.com',
      'https://x.test/%41%zz',
      'https://a.b\\@evil.test/',
      'https://user:pw@x.test/',
    ];
    for (const url of urls) {
      const accepted = slackLinkUrl(url);
      if (accepted !== null) expect(linkUrlProblem(accepted), url).toBeNull();
    }
  });
});
