/**
 * The link suite: link text that names another host, honest labels, refused targets, look-alike
 * and internationalised hosts, refused URLs written as text, and the slides pack's own links, on
 * one chat host, read by its checks against the link rule (link-rule.ts). Every host of the
 * registry runs it, Slack's Block Kit included, and a host added the documented way too.
 */
import { describe, expect, it } from 'vitest';
import { md } from '../../../src/core/markdown/builder.ts';
import { previewSlide, slidesRuntime } from '../slides.ts';
import type { HostUnderTest } from './host.ts';
import { type FoundLink, labelProblem, linkProblem, readText, refusedAutolinks } from './link-rule.ts';

/** Link text that names a host other than the one the link opens. */
export const MASKED: [label: string, href: string][] = [
  ['bank.example/login', 'https://evil.example/login'],
  ['https://bank.example/', 'https://evil.example/'],
  ['bank.example@evil.example', 'https://evil.example/'],
  ['www.bank.example', 'https://evil.example/'],
  ['Log in at bank.example now', 'https://evil.example/'],
  ['bank\u3002example', 'https://evil.example/'],
  ['bank\u200B.example', 'https://evil.example/'],
  ['\u202Eelpmaxe.knab', 'https://evil.example/'],
  ['evil.example.bank.example', 'https://evil.example/'],
  ['docs.example.com', 'https://example.com/'],
  ['аррӏе.com', 'https://xn--80ak6aa92e.com/'],
  ['mail me: help@bank.example', 'mailto:help@evil.example'],
];

/** Link text that names the link's own host, or no host at all: these stay masked links. */
export const HONEST: [label: string, href: string][] = [
  ['Docs', 'https://evil.example/docs'],
  ['example.com/docs', 'https://docs.example.com/a'],
  ['www.example.com', 'https://example.com/'],
  ['help@example.com', 'mailto:help@example.com'],
  ['Release 1.2.3 notes', 'https://example.com/notes'],
];

/** Targets the rule refuses as links. */
const REFUSED_TARGETS = [
  'https://bank.example@evil.example/',
  'https://user:pw@evil.example/',
  'https://evil.example/\u202Etxt.exe',
  'https://ex\u200Bample.com/',
  'https://evil.example/\u2066x\u2069',
  'https://\u0430pple.com/login',
  'https://p\u0430ypal.example/',
  'https://xn--pple-43d.com/',
  'https://evil.example\\@bank.example/',
];

/** Refused URLs and look-alike hosts written as text, where hosts autolink. */
const REFUSED_TEXT = [
  'see https://bank.example@evil.example/login now',
  'open https://\u0430pple.com/login.',
  'or \u0430pple.com, or p\u0430ypal.example',
  '(https://evil.example/\u202Etxt.exe)',
  'plain https://example.com/fine stays',
];

/** Every masked link of a payload, each checked against the link rule, and its plain text for refused autolinks. */
function checked(host: HostUnderTest, payload: unknown): FoundLink[] {
  const links = host.checks.links(payload);
  for (const link of links) {
    expect(linkProblem(link.url), `${host.name}: ${link.url}`).toBeNull();
    expect(labelProblem(link), `${host.name}: [${link.label}](${link.url})`).toBeNull();
  }
  expect(refusedAutolinks(host.checks.plainTexts(payload)), host.name).toEqual([]);
  return links;
}

/** Whether the host opens `mailto:` links at all (Telegram opens http(s) only): then an address is text. */
function opensMailto(host: HostUnderTest): boolean {
  const payload = host.convert(md.content(md.paragraph(md.link('mailto:help@example.com', 'Write'))));
  return host.checks.links(payload).some((link) => link.url.startsWith('mailto:'));
}

export function linkSuite(host: HostUnderTest): void {
  const build = (content: ReturnType<typeof md.content>) => host.convert(content);
  const mailto = opensMailto(host);

  describe(`${host.name}: links`, () => {
    it('link text naming another host is shown with the real target, never as a masked link', () => {
      for (const [label, href] of MASKED) {
        const payload = build(md.content(md.paragraph(md.link(href, label))));
        const links = checked(host, payload);
        const target = new URL(href).href;
        // The real target is there, as a link that reads as itself (as text where the host opens no mailto).
        if (!mailto && target.startsWith('mailto:')) expect(readText(host, payload)).toContain(target);
        else expect(links, label).toContainEqual({ label: target, url: target });
        // The label is still shown, as text (invisible characters aside).
        const shown = readText(host, payload).replace(/[\u200B\u202E]/g, '');
        expect(shown, label).toContain(label.replace(/[\u200B\u202E]/g, ''));
      }
    });

    it("link text naming the target's own host, or none, stays a masked link", () => {
      for (const [label, href] of HONEST) {
        const payload = build(md.content(md.paragraph(md.link(href, label))));
        const links = checked(host, payload);
        if (!mailto && href.startsWith('mailto:')) expect(links, label).toEqual([]);
        else expect(links, label).toEqual([{ label, url: new URL(href).href }]);
      }
    });

    it('userinfo, bidi, zero-width and mixed-script targets are refused; the label stays text', () => {
      for (const href of REFUSED_TARGETS) {
        const payload = build(md.content(md.paragraph(md.link(href, 'Label'), ' and ', md.link(href, ''))));
        expect(checked(host, payload), href).toEqual([]);
        expect(readText(host, payload), href).toContain('Label');
      }
    });

    it('an internationalised host is linked by its punycode, a look-alike label shows it', () => {
      const payload = build(md.content(md.paragraph(md.link('https://bücher.example/a', 'Books'))));
      const expected = 'https://xn--bcher-kva.example/a';
      expect(checked(host, payload)).toEqual([{ label: 'Books', url: expected }]);
      const bare = build(md.content(md.paragraph(md.link('https://bücher.example/a', ''))));
      expect(checked(host, bare)).toEqual([{ label: expected, url: expected }]);
    });

    it('refused URLs written as text do not autolink; accepted ones are left as written', () => {
      const payload = build(
        md.content(
          md.heading(2, REFUSED_TEXT[0]!),
          md.paragraph(REFUSED_TEXT.join(' ')),
          md.list(REFUSED_TEXT),
          md.blockquote(md.paragraph(REFUSED_TEXT[1]!)),
          md.table(['URL', 'Note'], [[REFUSED_TEXT[2]!, md.strong(REFUSED_TEXT[3]!)]]),
          md.paragraph(md.emphasis(REFUSED_TEXT[0]!), ' ', md.code(REFUSED_TEXT[1]!)),
          md.codeBlock(REFUSED_TEXT.join('\n')),
        ),
      );
      checked(host, payload);
      const text = readText(host, payload);
      expect(text).toContain('https://example.com/fine');
      expect(text).toContain('https://bank.example@evil.example/login');
      expect(text).toContain('\u0430pple.com');
    });
  });

  describe(`${host.name}: slideClosing and slideFrame links`, () => {
    const closing = previewSlide({
      type: 'slideClosing',
      title: 'Thanks',
      links: [
        { label: 'Bank', href: 'https://evil.example/login', text: 'bank.example/login' },
        { label: 'Docs', href: 'https://example.com/docs', text: 'example.com/docs' },
        { label: 'Mail', href: 'mailto:help@example.com', text: 'help@example.com' },
        { label: 'Look', href: 'https://\u0430pple.com/', text: '\u0430pple.com' },
      ],
    });
    const frames = ['https://bank.example@evil.example/', 'https://аррӏе.com/x', 'https://\u0430pple.com/'].map((url) =>
      previewSlide({ type: 'slideFrame', url, body: [{ type: 'slideStatement', text: 'Hi' }] }),
    );

    it('validates the compositions (the schema lets these links through; drawing must hold them)', () => {
      for (const composition of [closing, ...frames]) expect(slidesRuntime.validate(composition).valid).toBe(true);
    });

    it('slideClosing: a link whose text names another host shows the real target; honest ones stay links', () => {
      const payload = host.build(closing);
      const links = checked(host, payload);
      expect(links).toContainEqual({ label: 'https://evil.example/login', url: 'https://evil.example/login' });
      expect(links).toContainEqual({ label: 'example.com/docs', url: 'https://example.com/docs' });
      expect(links.map((link) => link.url).join(' ')).not.toContain('pple');
      expect(readText(host, payload)).toContain('bank.example/login');
    });

    it('slideFrame: the footer shows the host in ASCII and never links a refused URL', () => {
      for (const composition of frames)
        for (const link of checked(host, host.build(composition))) expect(link.label).not.toMatch(/[^\x00-\x7f]/);
      expect(checked(host, host.build(frames[1]))).toEqual([
        { label: 'xn--80ak6aa92e.com/x', url: 'https://xn--80ak6aa92e.com/x' },
      ]);
    });
  });
}
