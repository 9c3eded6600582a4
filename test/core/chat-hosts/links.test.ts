import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../src/chat/index.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { previewSlide, slidesRuntime } from '../../support/slides.ts';
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
import { strings, telegramParse } from './support.ts';

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
    expect(foundLinks('slack', { text: '<https://e.x/|b>', blocks: [] })).toEqual([
      { url: 'https://e.x/', label: 'b' },
    ]);
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
      expect(checked(host, payload), host).toEqual([
        { label: 'xn--80ak6aa92e.com/x', url: 'https://xn--80ak6aa92e.com/x' },
      ]);
  });
});

describe('host markup in model text is shown as written (issue 26)', () => {
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

  it('teams: template functions, character references, autolinks and tags stay text', () => {
    const payload = LINK_HOSTS.teams(everywhere(), { title: MARKUP, subtitle: MARKUP });
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

  it('discord: every formatting mark of model text is escaped', () => {
    const { embeds } = LINK_HOSTS.discord(md.content(md.paragraph(MARKUP)));
    const description = embeds[0]!.description!;
    expect(description.replace(/\\([\s\S])/g, '$1')).toBe(MARKUP);
    for (const match of description.matchAll(/[*_~`|<>[\]()#]/g))
      expect(description[match.index - 1], `${match[0]} at ${match.index}`).toBe('\\');
  });

  it('telegram: model text makes no tag and no entity beyond the four it decodes', () => {
    const { messages } = LINK_HOSTS.telegram(md.content(md.paragraph(MARKUP)));
    const { problems, visible } = telegramParse(messages[0]!.text);
    expect(problems).toEqual([]);
    expect(messages[0]!.text).not.toMatch(/<(?!\/?(?:b|i|code|pre|a)\b)/);
    expect(visible).toBe(MARKUP);
  });

  it('googlechat: card text holds only its own tags; model text arrives as entities', () => {
    const payload = LINK_HOSTS.googlechat(md.content(md.paragraph(MARKUP)));
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

  it('slack: *bold*, _italic_, ~strike~ and a leading > in model text never format, in any mrkdwn position', () => {
    const MARKS = '> *b* _i_ ~s~ snake_case 2*3';
    const composition = {
      type: 'view',
      title: MARKS,
      subtitle: MARKS,
      body: [
        {
          type: 'slideFrame',
          brand: MARKS,
          section: MARKS,
          url: 'https://example.com/',
          body: [
            { type: 'slideHeading', title: MARKS, lede: MARKS },
            { type: 'slideQuote', text: MARKS, source: MARKS, context: MARKS },
            { type: 'slideBulletList', label: MARKS, items: [MARKS, MARKS] },
            {
              type: 'slideClosing',
              title: MARKS,
              links: [{ label: MARKS, href: 'https://example.com/a', text: MARKS }],
              paths: [{ title: MARKS, body: MARKS }],
            },
            { type: 'slideSource', text: MARKS },
          ],
        },
      ],
    };
    const checkedComposition = slidesRuntime.validate(composition);
    expect(checkedComposition.errors ?? []).toEqual([]);
    const message = slidesRuntime.surfaces.slack.render(composition);
    const mrkdwn: string[] = [message.text];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) {
        value.forEach(visit);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (record.type === 'mrkdwn' && typeof record.text === 'string') mrkdwn.push(record.text);
      for (const child of Object.values(record)) visit(child);
    };
    visit(message.blocks);
    expect(mrkdwn.length).toBeGreaterThan(5);
    for (const text of mrkdwn) {
      // The model's pairs never reach Slack as marks (the renderer's own `*label*` may).
      for (const pair of ['*b*', '_i_', '~s~']) expect(text).not.toContain(pair);
      // Only the renderer's own quote lines start with a raw `>`; an escaped one from model text is a quote too.
      expect(text).not.toMatch(/(?:^|\n)[ \t]*&gt;/);
    }
    // The text is all still there, marks in look-alike form.
    const read = mrkdwn
      .join('\n')
      .replace(/\u2217/g, '*')
      .replace(/\u02CD/g, '_')
      .replace(/\u223C/g, '~');
    expect(read.replace(/\u200B/g, '').replace(/&gt;/g, '>')).toContain(MARKS);
  });
});
