/**
 * The Mattermost host of test/support/chat-hosts/mattermost, written on the shared Markdown-dialect
 * writer: what each block becomes in Mattermost Markdown, mentions broken wherever they are, and
 * long content split into posts within Mattermost's limit.
 */
import { describe, expect, it } from 'vitest';
import { md } from '../../../../src/core/markdown/builder.ts';
import type { MarkdownContent } from '../../../../src/core/markdown/tree.ts';
import { mattermostHost } from '../../../support/chat-hosts/mattermost/index.ts';
import { MATTERMOST_LIMITS } from '../../../support/chat-hosts/mattermost/limits.ts';
import { markdownToMattermost } from '../../../support/chat-hosts/mattermost/message.ts';
import { CHAT_HOSTILE_STRINGS } from '../../../support/chat-hostile.ts';
import { HOSTILE_STRINGS } from '../../../support/random.ts';
import { messageMentions, problems } from '../../../support/chat-hosts/mattermost/kit.ts';

const ZWSP = '\u200B';
const LIMIT = MATTERMOST_LIMITS.postChars;

function posts(content: MarkdownContent, heading = {}): string[] {
  return markdownToMattermost(content, heading).posts.map((post) => post.message);
}

/** The one post a short content makes. */
function post(content: MarkdownContent, heading = {}): string {
  const all = posts(content, heading);
  expect(all).toHaveLength(1);
  return all[0]!;
}

/** Mentions Mattermost would resolve in one message (the host's checks reads them from its rules). */
const liveMentions = messageMentions;

describe('Mattermost Markdown from the content tree', () => {
  it('draws the title as a `#` heading, the subtitle in italics, headings by depth on one line', () => {
    const message = post(
      md.content(md.heading(2, 'Plan ', md.strong('B'), md.break(), 'now'), md.heading(4, '# not a heading')),
      { title: 'Report #1', subtitle: 'As of today' },
    );
    expect(message).toBe('# Report \\#1\n\n_As of today_\n\n## Plan **B** now\n\n#### \\# not a heading');
  });

  it('escapes the Markdown Mattermost reads in model text, keeps styles and allowed links', () => {
    const message = post(
      md.content(
        md.paragraph(
          '*a* _b_ ~c~ $x$ &amp; <b> [l](u) | 1. ',
          md.strong('bold'),
          ' ',
          md.emphasis('em'),
          ' ',
          md.code('x`y'),
        ),
        md.paragraph(md.link('https://example.com/docs', 'the docs'), ' ', md.link('javascript:alert(1)', 'refused')),
      ),
    );
    expect(message).toBe(
      '\\*a\\* \\_b\\_ \\~c\\~ \\$x\\$ \\&amp; \\<b\\> \\[l\\]\\(u\\) \\| 1. **bold** _em_ `xˋy`\n\n' +
        '[the docs](https://example.com/docs) refused',
    );
  });

  it('writes bullet and ordered lists, nested under the item text, and term lists as written', () => {
    const message = post(
      md.content(
        md.list(['one', ['two', md.list(['nested a', 'nested b'])]]),
        md.list(['first', ['second', md.list(['inner'], { ordered: true }), md.codeBlock('x = 1', 'ts')]], {
          ordered: true,
          start: 9,
        }),
        md.list([[md.strong('Term'), ' · ', 'definition']]),
      ),
    );
    expect(message).toBe(
      [
        '- one\n- two\n  - nested a\n  - nested b',
        // CommonMark nests under the text: three spaces after `9. `, four after `10. `.
        '9. first\n10. second\n    1. inner\n    ```ts\n    x = 1\n    ```',
        '- **Term** · definition',
      ].join('\n\n'),
    );
  });

  it('fences code with its language, and no backtick inside can close the fence', () => {
    const message = post(md.content(md.codeBlock('const a = `x`;\n```\nend', 'ts'), md.codeBlock('plain', 'a b')));
    expect(message).toBe('```ts\nconst a = ˋxˋ;\nˋˋˋ\nend\n```\n\n```\nplain\n```');
  });

  it('draws tables as aligned monospace in a fence, quotes with `>`, a rule as `---`', () => {
    const message = post(
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
    );
    expect(message).toBe(
      '```\nName    Qty\n------  ---\nApples  3\nPears   12\n```\n\n> Quoted\n> \n> - item\n\n---\n\nafter',
    );
  });

  it('answers one non-blank post for empty content', () => {
    expect(posts(md.content())).toEqual(['\u00A0']);
  });

  it('is the host the declaration carries', () => {
    const content = md.content(md.paragraph('Hi @here'));
    expect(mattermostHost.name).toBe('mattermost');
    expect(mattermostHost.limits).toBe(MATTERMOST_LIMITS);
    expect(mattermostHost.from).toBe('markdown');
    if (mattermostHost.from !== 'markdown') return;
    expect(mattermostHost.convert([...content.blocks], { title: 'T' })).toEqual(
      markdownToMattermost(content, { title: 'T' }),
    );
  });
});

describe('Mattermost mentions', () => {
  const MENTIONS = '@channel @all @here @ann @Channel x.@all (@here) \\@ann';

  it('breaks @channel, @all, @here and @name in every place text goes', () => {
    const message = post(
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
    expect(liveMentions(message)).toEqual([]);
    // Each is still there to read, with an invisible break after its `@`: the title, the
    // subtitle, the heading, four in the paragraph, the link, three list items, two in the term
    // list, two in the quote, two table cells and two in the code.
    expect(message.split(`@${ZWSP}channel`).length - 1).toBe(19);
    expect(message).not.toContain(`@${ZWSP}${ZWSP}`);
  });

  it('breaks a mention whose `@` and name sit in different runs', () => {
    const message = post(
      md.content(
        md.paragraph('@', md.strong('channel')),
        md.paragraph(md.strong('@'), 'here'),
        md.paragraph('@', md.link('https://example.com/', 'all')),
        md.paragraph(md.emphasis('@'), md.code('ann')),
      ),
    );
    expect(liveMentions(message)).toEqual([]);
    expect(message).toContain(`@${ZWSP}**channel**`);
  });

  it('leaves an address alone: the server reads no mention after a letter', () => {
    expect(post(md.content(md.paragraph('mail ann@example.com')))).toBe('mail ann@example.com');
  });

  it('the checks find a mention left in and a post past the limit (they can fail)', () => {
    expect(liveMentions('hi @channel')).toEqual(['@channel']);
    expect(liveMentions(`@${ZWSP}**channel** @**all** \`@here\``)).toEqual(['@here', '@all']);
    expect(liveMentions('mail ann@example.com')).toEqual([]);
    const tooMany = { posts: Array.from({ length: 11 }, () => ({ message: 'x' })) };
    expect(problems(tooMany)).toEqual(['posts: 11 > 10']);
    expect(problems({ posts: [{ message: 'é'.repeat(LIMIT + 1) }, { message: ' ' }] })).toEqual([
      `post 0 message: ${LIMIT + 1} > ${LIMIT}`,
      'post 1 empty',
    ]);
  });
});

describe('Mattermost posts within the limit', () => {
  it('cuts a paragraph longer than a post into posts of at most 16,383 characters, losing nothing', () => {
    const text = 'abcd'.repeat(10_000);
    const all = posts(md.content(md.paragraph(text)));
    expect(all.map((message) => message.length)).toEqual([LIMIT, LIMIT, text.length - 2 * LIMIT]);
    expect(all.join('')).toBe(text);
  });

  it('never ends a post on the backslash of an escape', () => {
    const all = posts(md.content(md.paragraph('*'.repeat(LIMIT))));
    for (const message of all) {
      expect(message.length).toBeLessThanOrEqual(LIMIT);
      expect(/(?<!\\)(?:\\\\)*\\$/.test(message)).toBe(false);
    }
    expect(all.join('')).toBe('\\*'.repeat(LIMIT));
  });

  it('closes and reopens a long code fence in every post, line by line', () => {
    const lines = Array.from({ length: 3000 }, (_, index) => `line ${index} @channel ${'x'.repeat(20)}`);
    const all = posts(md.content(md.codeBlock(lines.join('\n'), 'txt')));
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    for (const message of all) {
      expect(message.length).toBeLessThanOrEqual(LIMIT);
      const fenced = /^```txt\n([\s\S]*)\n```$/.exec(message);
      expect(fenced).not.toBeNull();
      seen.push(...fenced![1]!.split('\n'));
    }
    expect(seen).toEqual(lines.map((line) => line.replace('@', `@${ZWSP}`)));
  });

  it('packs small blocks into one post and starts the next post where one would overflow', () => {
    const block = 'y'.repeat(6000);
    const all = posts(md.content(md.paragraph(block), md.paragraph(block), md.paragraph(block)));
    expect(all).toEqual([`${block}\n\n${block}`, block]);
  });

  it('past 10 posts, leaves the rest out and says how many blocks in the last post', () => {
    const block = 'z'.repeat(16_000);
    const all = posts(md.content(...Array.from({ length: 30 }, () => md.paragraph(block))));
    expect(all).toHaveLength(MATTERMOST_LIMITS.postsPerRender);
    expect(all.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => block));
    expect(all[9]).toBe(`${block}\n\n_20 more blocks were left out to fit 10 Mattermost posts._`);
  });

  it('keeps the note inside the last post however full the posts before it are', () => {
    // Posts that fill up to the limit exactly: the last one must still hold the note.
    const block = 'w'.repeat(LIMIT);
    const all = posts(md.content(...Array.from({ length: 12 }, () => md.paragraph(block))));
    expect(all).toHaveLength(MATTERMOST_LIMITS.postsPerRender);
    for (const message of all) expect(message.length).toBeLessThanOrEqual(LIMIT);
    expect(all.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => block));
    expect(all[9]).toBe('_3 more blocks were left out to fit 10 Mattermost posts._');
  });

  it('hostile text in every field: within every limit, valid Unicode, nothing live', () => {
    for (const text of [...HOSTILE_STRINGS, ...CHAT_HOSTILE_STRINGS]) {
      const payload = markdownToMattermost(
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
      // The checks count code points, as Mattermost does; the converter keeps UTF-16 units within too.
      expect(problems(payload), label).toEqual([]);
      for (const { message } of payload.posts) {
        expect(message.length).toBeLessThanOrEqual(LIMIT);
        expect(liveMentions(message), label).toEqual([]);
      }
    }
  });
});
