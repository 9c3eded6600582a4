import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../../src/chat.ts';
import { md } from '../../../../src/core/sdk/markdown/builder.ts';
import { previewSlide, slidesRuntime } from '../../../support/slides.ts';
import {
  type FoundLink,
  foundLinks,
  LINK_HOST_NAMES,
  LINK_HOSTS,
  type LinkHost,
  labelProblem,
  linkProblem,
  plainTexts,
  readText,
  refusedAutolinks,
} from './link-checks.ts';

/** Link text that names a host other than the one the link opens. */
const MASKED: [label: string, href: string][] = [
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
const HONEST: [label: string, href: string][] = [
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

const build = (host: LinkHost, content: ReturnType<typeof md.content>) => LINK_HOSTS[host](content);

function checked(host: LinkHost, payload: unknown): FoundLink[] {
  const links = foundLinks(host, payload);
  for (const link of links) {
    expect(linkProblem(link.url), `${host}: ${link.url}`).toBeNull();
    expect(labelProblem(link), `${host}: [${link.label}](${link.url})`).toBeNull();
  }
  expect(refusedAutolinks(plainTexts(host, payload)), host).toEqual([]);
  return links;
}

describe('links on every chat host (issue 26)', () => {
  for (const host of LINK_HOST_NAMES) {
    it(`${host}: link text naming another host is shown with the real target, never as a masked link`, () => {
      for (const [label, href] of MASKED) {
        const payload = build(host, md.content(md.paragraph(md.link(href, label))));
        const links = checked(host, payload);
        const target = new URL(href).href;
        // The real target is there, as a link that reads as itself (Telegram opens http(s) only).
        if (host === 'telegram' && target.startsWith('mailto:')) expect(readText(host, payload)).toContain(target);
        else expect(links, `${host}: ${label}`).toContainEqual({ label: target, url: target });
        // The label is still shown, as text (invisible characters aside).
        const shown = readText(host, payload).replace(/[\u200B\u202E]/g, '');
        expect(shown, `${host}: ${label}`).toContain(label.replace(/[\u200B\u202E]/g, ''));
      }
    });

    it(`${host}: link text naming the target's own host, or none, stays a masked link`, () => {
      for (const [label, href] of HONEST) {
        const payload = build(host, md.content(md.paragraph(md.link(href, label))));
        const links = checked(host, payload);
        // Telegram opens http(s) links only.
        if (host === 'telegram' && href.startsWith('mailto:')) continue;
        expect(links, `${host}: ${label}`).toEqual([{ label, url: new URL(href).href }]);
      }
    });

    it(`${host}: userinfo, bidi, zero-width and mixed-script targets are refused; the label stays text`, () => {
      for (const href of REFUSED_TARGETS) {
        const payload = build(host, md.content(md.paragraph(md.link(href, 'Label'), ' and ', md.link(href, ''))));
        expect(checked(host, payload), `${host}: ${href}`).toEqual([]);
        expect(readText(host, payload), `${host}: ${href}`).toContain('Label');
      }
    });

    it(`${host}: an internationalised host is linked by its punycode, a look-alike label shows it`, () => {
      const payload = build(host, md.content(md.paragraph(md.link('https://bücher.example/a', 'Books'))));
      const expected = host === 'slack' ? 'https://xn--bcher-kva.example/a' : 'https://xn--bcher-kva.example/a';
      expect(checked(host, payload)).toEqual([{ label: 'Books', url: expected }]);
      const bare = build(host, md.content(md.paragraph(md.link('https://bücher.example/a', ''))));
      expect(checked(host, bare)).toEqual([{ label: expected, url: expected }]);
    });

    it(`${host}: refused URLs written as text do not autolink; accepted ones are left as written`, () => {
      const payload = build(
        host,
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
  }

  it('the checks can fail: a lying label, a refused target and a refused autolink are found', () => {
    expect(labelProblem({ label: 'bank.example', url: 'https://evil.example/' })).not.toBeNull();
    expect(labelProblem({ label: 'b\u200Bank.example', url: 'https://evil.example/' })).not.toBeNull();
    expect(labelProblem({ label: 'Docs', url: 'https://evil.example/' })).toBeNull();
    expect(linkProblem('https://bank.example@evil.example/')).not.toBeNull();
    expect(linkProblem('https://\u0430pple.com/')).not.toBeNull();
    expect(refusedAutolinks(['go https://bank.example@evil.example/'])).not.toEqual([]);
    expect(refusedAutolinks(['go \u0430pple.com'])).not.toEqual([]);
    expect(refusedAutolinks(['go https:\u200D//bank\u200D.example@evil\u200D.example/'])).toEqual([]);
    expect(foundLinks('teams', { text: '[bank.example](https://evil.example/)' })).toHaveLength(1);
    expect(foundLinks('telegram', { messages: [{ text: '<a href="https://e.x/">b</a>' }] })).toHaveLength(1);
    expect(foundLinks('slack', { text: '<https://e.x/|b>', blocks: [] })).toEqual([{ url: 'https://e.x/', label: 'b' }]);
  });
});

describe('slideClosing and slideFrame links on every chat host', () => {
  const chat = createChatFormats({ runtime: slidesRuntime });
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

  const payloads = (composition: unknown): [LinkHost, unknown][] => [
    ...CHAT_FORMAT_NAMES.map((host): [LinkHost, unknown] => [host, chat[host].build(composition)]),
    ['slack', slidesRuntime.surfaces.slack.render(composition)],
  ];

  it('validates the compositions (the schema lets these links through; drawing must hold them)', () => {
    for (const composition of [closing, ...frames]) expect(slidesRuntime.validate(composition).valid).toBe(true);
  });

  it('slideClosing: a link whose text names another host shows the real target; honest ones stay links', () => {
    for (const [host, payload] of payloads(closing)) {
      const links = checked(host, payload);
      expect(links, host).toContainEqual({ label: 'https://evil.example/login', url: 'https://evil.example/login' });
      expect(links, host).toContainEqual({ label: 'example.com/docs', url: 'https://example.com/docs' });
      expect(links.map((link) => link.url).join(' '), host).not.toContain('pple');
      expect(readText(host, payload), host).toContain('bank.example/login');
    }
  });

  it('slideFrame: the footer shows the host in ASCII and never links a refused URL', () => {
    for (const composition of frames)
      for (const [host, payload] of payloads(composition)) {
        const links = checked(host, payload);
        for (const link of links) expect(link.label, host).not.toMatch(/[^\x00-\x7f]/);
      }
    const [, idn] = frames;
    for (const [host, payload] of payloads(idn))
      expect(checked(host, payload), host).toEqual([{ label: 'xn--80ak6aa92e.com/x', url: 'https://xn--80ak6aa92e.com/x' }]);
  });
});
