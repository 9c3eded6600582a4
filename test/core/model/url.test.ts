import { describe, expect, it } from 'vitest';
import { isAbsoluteNavigationHref, sanitizeAssetUrl, sanitizeNavigationHref } from '../../../src/core/model/url.ts';
import { Dispatcher } from '../../../src/core/runtime/dispatcher.ts';
import { serializeMarkdown } from '../../../src/core/markdown/serialize.ts';
import { composePacks } from '../../../src/core/model/pack.ts';
import { fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const ATTACKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#106avascript:alert(1)',
  'javascript&colon;alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java&Tab;script:alert(1)',
  'java&NewLine;script:alert(1)',
  '\u0000javascript:alert(1)',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '\\\\evil.example/x',
  '/\\evil.example',
  '\\/evil.example',
  '&sol;&sol;evil.example',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD4=',
  'blob:https://example.com/uuid',
  'https://example.com/<script>',
  '',
  '   ',
  '1javascript:alert(1)',
];

describe('URL trust', () => {
  it('refuses every attack for links and images', () => {
    for (const url of ATTACKS) {
      expect(sanitizeNavigationHref(url), url).toBeNull();
      expect(sanitizeAssetUrl(url), url).toBeNull();
    }
  });

  it('accepts the allowed schemes and relative paths, returning the authored value trimmed', () => {
    expect(sanitizeNavigationHref('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(sanitizeNavigationHref('  http://example.com  ')).toBe('http://example.com');
    expect(sanitizeNavigationHref('mailto:ops@example.com')).toBe('mailto:ops@example.com');
    expect(sanitizeNavigationHref('/docs/a')).toBe('/docs/a');
    expect(sanitizeNavigationHref('docs/a.html')).toBe('docs/a.html');
    expect(sanitizeNavigationHref('#section')).toBe('#section');
    expect(sanitizeNavigationHref('?q=1')).toBe('?q=1');
    expect(sanitizeNavigationHref('https://example.com/&#65;')).toBe('https://example.com/&#65;');
    expect(sanitizeNavigationHref('data:image/png;base64,AAAA')).toBeNull();
    expect(sanitizeAssetUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(sanitizeAssetUrl('mailto:a@b.c')).toBeNull();
    expect(sanitizeNavigationHref('https://exa\tmple.com')).toBe('https://example.com');
  });

  it('refuses non-strings', () => {
    for (const value of [undefined, null, 1, {}, ['https://example.com']])
      expect(sanitizeNavigationHref(value)).toBeNull();
  });

  it('tells absolute links Slack can open from relative ones', () => {
    expect(isAbsoluteNavigationHref('https://example.com')).toBe(true);
    expect(isAbsoluteNavigationHref('mailto:a@b.c')).toBe(true);
    expect(isAbsoluteNavigationHref('/docs')).toBe(false);
  });
});

describe('unsafe URLs never reach output, even on nodes that skipped validation', () => {
  const scope = (surface: 'react' | 'markdown' | 'slack' | 'text') =>
    new Dispatcher(composePacks([fixtureNotesPack]), new Set()).createScope({ surface });

  it('drawn by a primitive with a sanitize hook', () => {
    for (const href of ATTACKS.filter(Boolean)) {
      const node = { type: 'link', label: 'click', href };
      expect(scope('react').html(node).value).toBe('<a class="link" href="#">click</a>');
      expect(serializeMarkdown(scope('markdown').markdown(node))).toBe('[click](#)');
      expect(JSON.stringify(scope('slack').slack(node))).not.toMatch(/javascript|evil|data:text|vbscript|blob:/i);
    }
  });

  it('drawn by a picture, which drops the node', () => {
    expect(scope('react').html({ type: 'picture', src: 'javascript:alert(1)', alt: 'x' }).value).toBe('');
    expect(scope('slack').slack({ type: 'picture', src: 'data:text/html,x', alt: 'x' })).toEqual([]);
  });

  it('printed by the Markdown serializer itself when a renderer forgot to sanitize', async () => {
    const { md } = await import('../../../src/core/markdown/builder.ts');
    for (const href of ATTACKS.filter(Boolean)) {
      const out = serializeMarkdown(md.content(md.paragraph(md.link(href, 'label'), ' ', md.image(href, 'alt'))));
      expect(out, href).not.toMatch(/\]\(/);
    }
  });
});
