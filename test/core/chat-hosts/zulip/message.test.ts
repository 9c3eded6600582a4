/**
 * The Zulip host of test/support/chat-hosts/zulip, written as a dialect declaration on the shared
 * Markdown-dialect writer: what each block becomes in Zulip Markdown, mentions and channel links
 * broken wherever Zulip would read them, and long content split into messages within Zulip's limit.
 */
import { describe, expect, it } from 'vitest';
import { md } from '../../../../src/core/markdown/builder.ts';
import type { MarkdownContent } from '../../../../src/core/markdown/tree.ts';
import { contentMentions, links, problems } from '../../../support/chat-hosts/zulip/checks.ts';
import { escapeZulipText, markdownToZulip, ZULIP_LIMITS, zulipHost } from '../../../support/chat-hosts/zulip/index.ts';
import { CHAT_HOSTILE_STRINGS } from '../../../support/chat-hostile.ts';
import { HOSTILE_STRINGS } from '../../../support/random.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';

const ZWSP = '\u200B';
const LIMIT = ZULIP_LIMITS.messageChars;

function messages(content: MarkdownContent, heading = {}): string[] {
  return markdownToZulip(content, heading).messages.map((message) => message.content);
}

/** The one message a short content makes. */
function message(content: MarkdownContent, heading = {}): string {
  const all = messages(content, heading);
  expect(all).toHaveLength(1);
  return all[0]!;
}

/** Mentions Zulip would resolve in one message (the host's checks read them from Zulip's rules). */
const liveMentions = contentMentions;

describe('Zulip Markdown from the content tree', () => {
  it('draws the title and headings as bold lines, the subtitle in `*` italics', () => {
    expect(
      message(md.content(md.heading(2, 'Plan ', md.strong('B'), md.break(), 'now'), md.heading(4, '# not a heading')), {
        title: 'Report #1',
        subtitle: 'As of today',
      }),
    ).toBe(`**Report \\#${ZWSP}1**\n\n*As of today*\n\n**Plan B\nnow**\n\n**\\# not a heading**`);
  });

  it('converts the shared sample construct by construct', () => {
    expect(message(sample(), SAMPLE_HEADING)).toBe(
      [
        '**Title**',
        '*Sub*',
        '**Plan**',
        `Ship **now** & <b\\>tags</b\\> {{DATE\\(2020-01-01T00:00:00Z\\)}} \\_x\\_ @${ZWSP}here`,
        '- one\n- *two*',
        '> quoted',
        '```ts\nlet a = 1;\n```',
        '```\nk  v\n-  -\na  1\n```',
        '[docs](https://example.com/docs)',
      ].join('\n\n'),
    );
  });

  it('escapes the markup Zulip reads in model text, keeps styles and allowed links', () => {
    const text = message(
      md.content(
        md.paragraph('*a* _b_ [l](u) `c` 1. ', md.strong('bold'), ' ', md.emphasis('em'), ' ', md.code('x`y')),
        md.paragraph(md.link('https://example.com/docs', 'the docs'), ' ', md.link('javascript:alert(1)', 'refused')),
      ),
    );
    expect(text).toBe(
      '\\*a\\* \\_b\\_ \\[l\\]\\(u\\) \\`c\\` 1. **bold** *em* `xˋy`\n\n[the docs](https://example.com/docs) refused',
    );
    expect(escapeZulipText('@**all** *hi*')).toBe(`@${ZWSP}\\*\\*all\\*\\* \\*hi\\*`);
  });

  it('writes lists with sub-lists two spaces in, and term lists as written', () => {
    expect(
      message(
        md.content(
          md.list(['one', ['two', md.list(['nested a', 'nested b'])]]),
          md.list(['first', ['second', md.list(['inner'], { ordered: true }), md.codeBlock('x = 1', 'ts')]], {
            ordered: true,
            start: 9,
          }),
          md.list([[md.strong('Term'), ' · ', 'definition']]),
        ),
      ),
    ).toBe(
      [
        '- one\n- two\n  - nested a\n  - nested b',
        '9. first\n10. second\n  1. inner\n    ```ts\n    x = 1\n    ```',
        '- **Term** · definition',
      ].join('\n\n'),
    );
  });

  it('draws tables as aligned monospace in a fence, quotes with `>`, a rule as a line of dashes', () => {
    expect(
      message(
        md.content(
          md.table(
            ['Name', 'Qty'],
            [
              ['Apples', '3'],
              ['Pears', md.strong('12')],
            ],
          ),
          md.blockquote(md.paragraph('Quoted'), md.list(['item'])),
          md.rule(),
          md.paragraph('after'),
        ),
      ),
    ).toBe(
      '```\nName    Qty\n------  ---\nApples  3\nPears   12\n```\n\n> Quoted\n> \n> - item\n\n────────────\n\nafter',
    );
  });

  it('answers one message that says so for empty content (Zulip refuses an empty one)', () => {
    expect(messages(md.content())).toEqual(['*Nothing to show.*']);
  });

  it('is the host the declaration carries', () => {
    const content = md.content(md.paragraph('Hi @here'));
    expect(zulipHost.name).toBe('zulip');
    expect(zulipHost.limits).toBe(ZULIP_LIMITS);
    expect(zulipHost.from).toBe('markdown');
    expect(zulipHost.convert([...content.blocks], { title: 'T' })).toEqual(markdownToZulip(content, { title: 'T' }));
  });
});

describe('Zulip mentions and channel links', () => {
  const MENTIONS = '@**all** @*admins* @_**Ann** #**general** x@**all** (@**topic**) \\@**ann**';

  it('stay text in every place text goes; code and fences show them as written', () => {
    const text = message(
      md.content(
        md.heading(2, MENTIONS),
        md.paragraph(MENTIONS, md.break(), md.strong(MENTIONS), ' ', md.emphasis(MENTIONS), ' ', md.code(MENTIONS)),
        md.paragraph(md.link('https://example.com/', MENTIONS)),
        md.list([MENTIONS, [MENTIONS, md.list([MENTIONS], { ordered: true })]]),
        md.list([[md.strong(MENTIONS), ' · ', MENTIONS]]),
        md.blockquote(md.paragraph(MENTIONS), md.codeBlock(MENTIONS)),
        md.table([MENTIONS, 'b'], [[MENTIONS, 'c']]),
        md.codeBlock(`${MENTIONS}\n~~~\n${MENTIONS}`),
      ),
      { title: MENTIONS, subtitle: MENTIONS },
    );
    expect(liveMentions(text)).toEqual([]);
    // Each is still there to read, with an invisible break after its `@`: the title, the subtitle,
    // the heading, three in the paragraph (and one in its code), the link, three list items, two
    // in the term list and one in the quote.
    expect(text.split(`@${ZWSP}\\*\\*all`).length - 1).toBe(13);
    expect(text.split(`\`@${ZWSP}**all**`).length - 1).toBe(1);
    // Fenced text (two table cells, code in a quote, two code lines) is shown as written: Zulip reads no mention there.
    expect(text.split('@**all** @*admins*').length - 1).toBe(5);
    expect(text).not.toContain(`${ZWSP}${ZWSP}`);
  });

  it('breaks a mention or a channel link whose `@` or `#` and name sit in different runs', () => {
    const text = message(
      md.content(
        md.paragraph('@', md.strong('all')),
        md.paragraph('(@', md.emphasis('admins'), ')'),
        md.paragraph('@_', md.strong('Ann')),
        md.paragraph('#', md.strong('general')),
        md.paragraph(md.emphasis('@'), md.strong('everyone')),
        md.paragraph('@', md.link('https://example.com/', md.strong('topic'))),
      ),
    );
    expect(liveMentions(text)).toEqual([]);
    expect(text).toContain(`@${ZWSP}**all**`);
    expect(text).toContain(`\\(@${ZWSP}*admins*\\)`);
    expect(text).toContain(`\\#${ZWSP}**general**`);
  });

  it('leaves an address and a word’s `#` alone: Zulip reads none after a letter', () => {
    expect(message(md.content(md.paragraph('mail ann@example.com about C#')))).toBe('mail ann@example.com about C\\#');
  });

  it('the checks find what Zulip resolves and nothing else (they can fail)', () => {
    expect(liveMentions('hi @**all** and @*admins* and @_**Ann** in #**general**')).toEqual([
      '@**all**',
      '@_**Ann**',
      '@*admins*',
      '#**general**',
    ]);
    expect(liveMentions('(@**topic**) "@**everyone**"')).toEqual(['@**topic**', '@**everyone**']);
    expect(liveMentions(`x@**all** @${ZWSP}**all** @\\*\\*all\\*\\* \`@**all**\` \\\\@**x\\*y**`)).toEqual([]);
    expect(liveMentions('```\n@**all**\n```\n\n> ~~~\n> @**all**\n> ~~~')).toEqual([]);
    expect(links({ messages: [{ content: '[**a** *b*](https://e.x/)' }] })).toEqual([
      { label: 'a b', url: 'https://e.x/' },
    ]);
    const tooMany = { messages: Array.from({ length: 11 }, () => ({ content: 'x' })) };
    expect(problems(tooMany)).toEqual(['messages: 11 > 10']);
    // Zulip counts code points: 10,000 emoji pass, one more does not.
    expect(problems({ messages: [{ content: '😀'.repeat(LIMIT) }] })).toEqual([]);
    expect(problems({ messages: [{ content: 'é'.repeat(LIMIT + 1) }, { content: ' ' }] })).toEqual([
      `message 0 content: ${LIMIT + 1} > ${LIMIT}`,
      'message 1 empty',
    ]);
  });
});

describe('Zulip messages within the limit', () => {
  it('cuts a paragraph longer than a message into messages of at most 10,000 characters, losing nothing', () => {
    const text = 'abcd'.repeat(6_000);
    const all = messages(md.content(md.paragraph(text)));
    expect(all.map((content) => content.length)).toEqual([LIMIT, LIMIT, text.length - 2 * LIMIT]);
    expect(all.join('')).toBe(text);
  });

  it('never ends a message on the backslash of an escape', () => {
    const all = messages(md.content(md.paragraph('*'.repeat(LIMIT))));
    for (const content of all) {
      expect(content.length).toBeLessThanOrEqual(LIMIT);
      expect(/(?<!\\)(?:\\\\)*\\$/.test(content)).toBe(false);
    }
    expect(all.join('')).toBe('\\*'.repeat(LIMIT));
  });

  it('closes and reopens a long code fence in every message, line by line', () => {
    const lines = Array.from({ length: 2000 }, (_, index) => `line ${index} @**all** ${'x'.repeat(20)}`);
    const all = messages(md.content(md.codeBlock(lines.join('\n'), 'txt')));
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    for (const content of all) {
      expect(content.length).toBeLessThanOrEqual(LIMIT);
      const fenced = /^```txt\n([\s\S]*)\n```$/.exec(content);
      expect(fenced).not.toBeNull();
      seen.push(...fenced![1]!.split('\n'));
      expect(liveMentions(content)).toEqual([]);
    }
    expect(seen).toEqual(lines);
  });

  it('packs small blocks into one message and starts the next where one would overflow', () => {
    const block = 'y'.repeat(4000);
    expect(messages(md.content(md.paragraph(block), md.paragraph(block), md.paragraph(block)))).toEqual([
      `${block}\n\n${block}`,
      block,
    ]);
  });

  it('past 10 messages, leaves the rest out and says how many blocks in the last message', () => {
    const block = 'z'.repeat(9_000);
    const all = messages(md.content(...Array.from({ length: 30 }, () => md.paragraph(block))));
    expect(all).toHaveLength(ZULIP_LIMITS.messagesPerRender);
    expect(all.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => block));
    expect(all[9]).toBe(`${block}\n\n*20 more blocks were left out to fit 10 Zulip messages.*`);
  });

  it('keeps the note inside the last message however full the messages before it are', () => {
    const block = 'w'.repeat(LIMIT);
    const all = messages(md.content(...Array.from({ length: 12 }, () => md.paragraph(block))));
    expect(all).toHaveLength(ZULIP_LIMITS.messagesPerRender);
    for (const content of all) expect(content.length).toBeLessThanOrEqual(LIMIT);
    expect(all.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => block));
    expect(all[9]).toBe('*3 more blocks were left out to fit 10 Zulip messages.*');
  });

  it('hostile text in every field: within every limit, valid Unicode, nothing live', () => {
    for (const text of [...HOSTILE_STRINGS, ...CHAT_HOSTILE_STRINGS]) {
      const payload = markdownToZulip(
        md.content(
          md.heading(2, text),
          md.paragraph(text, md.break(), md.strong(text), md.code(text)),
          md.list([text, [text, md.list([text], { ordered: true })]]),
          md.blockquote(md.paragraph(text), md.codeBlock(text)),
          md.table([text, 'b'], [[text, text]]),
          md.codeBlock(text, 'ts'),
        ),
        { title: text, subtitle: text },
      );
      const label = JSON.stringify(text.slice(0, 40));
      expect(problems(payload), label).toEqual([]);
      for (const { content } of payload.messages) {
        expect(content.length).toBeLessThanOrEqual(LIMIT);
        expect(liveMentions(content), label).toEqual([]);
      }
    }
  });
});
