import MarkdownIt from 'markdown-it';
import { marked, type Token as MarkedToken } from 'marked';
import { describe, expect, it } from 'vitest';
import { md } from '../../../src/core/markdown/builder.ts';
import type { MarkdownBlock, MarkdownInline } from '../../../src/core/markdown/tree.ts';
import { serializeMarkdown } from '../../../src/core/markdown/serialize.ts';
import { sanitizeAssetUrl, sanitizeNavigationHref } from '../../../src/core/model/url.ts';
import { mulberry32 } from '../../support/random.ts';

const p = (...children: Parameters<typeof md.paragraph>): string => serializeMarkdown([md.paragraph(...children)]);

describe('serializeMarkdown: blocks', () => {
  it('prints every block kind, separated by blank lines', () => {
    const content = md.content(
      md.heading(1, 'Title'),
      md.paragraph('Plain ', md.strong('strong'), ' ', md.emphasis('em'), ' ', md.code('code'), '.'),
      md.list(['one', 'two']),
      md.list(['first', 'second'], { ordered: true }),
      md.blockquote('quoted'),
      md.table(['A', 'B'], [['1', '2']]),
      md.codeBlock('let x = 1;', 'ts'),
      md.rule(),
    );
    expect(serializeMarkdown(content)).toBe(
      [
        '# Title',
        'Plain **strong** _em_ `code`.',
        '- one\n- two',
        '1. first\n2. second',
        '> quoted',
        '| A | B |\n| --- | --- |\n| 1 | 2 |',
        '```ts\nlet x = 1;\n```',
        '---',
      ].join('\n\n'),
    );
  });

  it('accepts a bare block array and prints nothing for empty content', () => {
    expect(serializeMarkdown([md.paragraph('a'), md.paragraph('b')])).toBe('a\n\nb');
    expect(serializeMarkdown(md.content())).toBe('');
    expect(serializeMarkdown([md.paragraph(), md.heading(2), md.list([]), md.blockquote()])).toBe('');
  });

  it('prints heading depths 1–6', () => {
    expect(serializeMarkdown([1, 2, 3, 4, 5, 6].map((depth) => md.heading(depth, `h${depth}`)))).toBe(
      '# h1\n\n## h2\n\n### h3\n\n#### h4\n\n##### h5\n\n###### h6',
    );
  });

  it('prints links and images with safe URLs', () => {
    expect(p('See ', md.link('https://example.com/docs', 'the ', md.strong('docs')), '.')).toBe(
      'See [the **docs**](https://example.com/docs).',
    );
    expect(p(md.link('/relative/path?q=1#top', 'rel'))).toBe('[rel](/relative/path?q=1#top)');
    expect(p(md.link('mailto:a@b.co', 'mail'))).toBe('[mail](mailto:a@b.co)');
    expect(p(md.link('https://example.com'))).toBe('[https://example.com](https://example.com)');
    expect(p(md.image('https://example.com/a.png', 'A chart'))).toBe('![A chart](https://example.com/a.png)');
    expect(p(md.image('data:image/png;base64,AAAA', 'px'))).toBe('![px](data:image/png;base64,AAAA)');
  });

  it('prints a hard break as a trailing backslash and drops breaks at the edges', () => {
    expect(p('line 1', md.break(), 'line 2')).toBe('line 1\\\nline 2');
    expect(p(md.break(), 'only', md.break())).toBe('only');
  });

  it('turns newlines inside text into spaces', () => {
    expect(p('a\nb\r\nc')).toBe('a b c');
  });

  it('prints ordered lists from their start number', () => {
    expect(serializeMarkdown([md.list(['a', 'b'], { ordered: true, start: 9 })])).toBe('9. a\n10. b');
  });

  it('nests lists and indents continuation lines to the content column', () => {
    const list = md.list(
      [
        ['Fruit', md.list(['apple', 'pear'])],
        ['Para one', md.paragraph('Para two')],
        [md.paragraph('Code:'), md.codeBlock('a\nb')],
      ],
      { ordered: true, start: 9 },
    );
    expect(serializeMarkdown([list])).toBe(
      [
        '9. Fruit',
        '   - apple',
        '   - pear',
        '10. Para one',
        '',
        '    Para two',
        '11. Code:',
        '',
        '    ```',
        '    a',
        '    b',
        '    ```',
      ].join('\n'),
    );
  });

  it('leaves out list items with nothing to show, so a bare marker never reads as an underline or rule', () => {
    expect(serializeMarkdown([md.list([['Item', md.list([' ', 'x'])]])])).toBe('- Item\n  - x');
    expect(serializeMarkdown([md.list([[md.list([[md.list([' '])]])]])])).toBe('');
    expect(serializeMarkdown([md.list(['a', ' ', 'b'], { ordered: true })])).toBe('1. a\n2. b');
  });

  it('switches marker for a list right after another of the same kind so they stay two lists', () => {
    expect(serializeMarkdown([md.list(['a']), md.list(['b']), md.list(['c'])])).toBe('- a\n\n* b\n\n- c');
    expect(serializeMarkdown([md.list(['a'], { ordered: true }), md.list(['b'], { ordered: true })])).toBe(
      '1. a\n\n1) b',
    );
    expect(serializeMarkdown([md.list(['a']), md.list(['b'], { ordered: true })])).toBe('- a\n\n1. b');
  });

  it('prefixes every blockquote line, including nested blocks', () => {
    const quote = md.blockquote(md.paragraph('one', md.break(), 'two'), md.list(['item']), md.blockquote('deeper'));
    expect(serializeMarkdown([quote])).toBe('> one\\\n> two\n>\n> - item\n>\n> > deeper');
  });

  it('pads ragged tables and prints an empty header row when there is none', () => {
    expect(serializeMarkdown([md.table(['A'], [['1', '2'], []])])).toBe('| A |  |\n| --- | --- |\n| 1 | 2 |\n|  |  |');
    expect(serializeMarkdown([md.table([], [['x', 'y']])])).toBe('|  |  |\n| --- | --- |\n| x | y |');
    expect(serializeMarkdown([md.table([], [])])).toBe('');
  });

  it('prints a code block without a language, and an empty one', () => {
    expect(serializeMarkdown([md.codeBlock('x\n')])).toBe('```\nx\n```');
    expect(serializeMarkdown([md.codeBlock('')])).toBe('```\n```');
  });

  it('is deterministic', () => {
    const build = () => md.content(md.heading(2, 'A'), md.list(['x', ['y', md.list(['z'])]]), md.table(['h'], [['c']]));
    expect(serializeMarkdown(build())).toBe(serializeMarkdown(build()));
  });
});

describe('serializeMarkdown: escaping model text', () => {
  it('escapes a heading written as text', () => {
    expect(p('# Injected')).toBe('\\# Injected');
    expect(serializeMarkdown([md.heading(2, '# Injected')])).toBe('## \\# Injected');
  });

  it('escapes a trailing `#` run in a heading so it is not read as a closing sequence', () => {
    expect(serializeMarkdown([md.heading(2, 'Issue #')])).toBe('## Issue \\#');
    expect(serializeMarkdown([md.heading(2, 'C#')])).toBe('## C#');
  });

  it('escapes link syntax written as text', () => {
    expect(p('[x](javascript:alert(1))')).toBe('\\[x\\](javascript:alert(1))');
    expect(p('![img](https://e.com/a.png)')).toBe('\\!\\[img\\](https://e.com/a.png)');
  });

  it('escapes HTML written as text', () => {
    expect(p('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(p('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(p('&lt;b&gt; &#106;')).toBe('\\&lt;b\\&gt; \\&#106;');
  });

  it('escapes emphasis, code, strikethrough and table syntax written as text', () => {
    expect(p('**bold** _em_ `code` ~~del~~ a|b')).toBe('\\*\\*bold\\*\\* \\_em\\_ \\`code\\` \\~\\~del\\~\\~ a\\|b');
    expect(p('back\\slash')).toBe('back\\\\slash');
  });

  it('does not escape ordinary punctuation mid-line', () => {
    expect(p('Hello, world. (Really) - yes! 1. 2+2=4 #hash')).toBe('Hello, world. (Really) - yes! 1. 2+2=4 #hash');
  });

  it('escapes block starters at the start of a line', () => {
    expect(p('> quote')).toBe('&gt; quote');
    expect(p('- item')).toBe('\\- item');
    expect(p('+ item')).toBe('\\+ item');
    expect(p('* item')).toBe('\\* item');
    expect(p('1. item')).toBe('1\\. item');
    expect(p('2) item')).toBe('2\\) item');
    expect(p('3.5 apples')).toBe('3.5 apples');
    expect(p('===')).toBe('\\===');
    expect(p('---')).toBe('\\---');
    expect(p('```js')).toBe('\\`\\`\\`js');
    expect(p('    indented code')).toBe('indented code');
    expect(p('\t# tabbed')).toBe('\\# tabbed');
  });

  it('escapes block starters after a hard break too', () => {
    expect(p('a', md.break(), '# b', md.break(), '  - c', md.break(), '===')).toBe('a\\\n\\# b\\\n\\- c\\\n\\===');
  });

  it('escapes a block starter that follows whitespace-only content at a line start', () => {
    expect(p(md.strong('   '), '# x')).toBe('\\# x');
    expect(p(md.strong('  '), '    # x')).toBe('\\# x');
  });

  it('escapes a `!` that would turn a following link into an image', () => {
    expect(p('Wow!', md.link('https://e.com', 'x'))).toBe('Wow\\![x](https://e.com)');
    expect(p('Wow!')).toBe('Wow!');
  });

  it('escapes list item text so it cannot open a block inside the item', () => {
    expect(serializeMarkdown([md.list(['# heading', '> quote', '1. one'])])).toBe(
      '- \\# heading\n- &gt; quote\n- 1\\. one',
    );
  });

  it('escapes pipes and newlines in table cells, including inside code spans', () => {
    expect(serializeMarkdown([md.table(['a|b', 'c\nd'], [[md.code('x|y'), md.strong('s|t')]])])).toBe(
      '| a\\|b | c d |\n| --- | --- |\n| `x\\|y` | **s\\|t** |',
    );
  });

  it('keeps a table cell one line: hard breaks become spaces', () => {
    expect(serializeMarkdown([md.table(['h'], [[['a', md.break(), 'b']]])])).toBe('| h |\n| --- |\n| a b |');
  });

  it('fences code spans longer than any backtick run inside, padding edge backticks and spaces', () => {
    expect(p(md.code('a`b'))).toBe('``a`b``');
    expect(p(md.code('``x'))).toBe('``` ``x ```');
    expect(p(md.code('`'))).toBe('`` ` ``');
    expect(p(md.code(' x '))).toBe('`  x  `');
    expect(p(md.code('a\nb'))).toBe('`a b`');
    expect(p(md.code('<b>*x*</b>'))).toBe('`<b>*x*</b>`');
    expect(p(md.code(''))).toBe('');
  });

  it('fences code blocks longer than any backtick run and drops a language that is not a plain token', () => {
    expect(serializeMarkdown([md.codeBlock('```\n# not a heading\n```', 'js\n# x')])).toBe(
      '````\n```\n# not a heading\n```\n````',
    );
    expect(serializeMarkdown([md.codeBlock('x', 'c++ `evil` <b>')])).toBe('```\nx\n```');
    expect(serializeMarkdown([md.codeBlock('x', 'c++')])).toBe('```c++\nx\n```');
    expect(serializeMarkdown([md.codeBlock('x', 'objective-c.v2_#')])).toBe('```objective-c.v2_#\nx\n```');
  });

  it('moves edge whitespace outside emphasis markers and skips empty marks', () => {
    expect(p('a', md.strong(' b '), 'c')).toBe('a **b** c');
    expect(p('a', md.emphasis(''), 'b')).toBe('ab');
  });

  it('uses `*` for emphasis inside a word, where `_` does not work', () => {
    expect(p('foo', md.emphasis('bar'), 'baz')).toBe('foo*bar*baz');
    expect(p('foo ', md.emphasis('bar'), ' baz')).toBe('foo _bar_ baz');
  });

  it('merges adjacent code spans and marks so their delimiters never touch', () => {
    expect(p(md.code('a'), md.code('b'))).toBe('`ab`');
    expect(p(md.strong('a'), md.strong('b'))).toBe('**ab**');
    // Also across a node that prints nothing.
    expect(p(md.strong('a'), md.image('javascript:x', ''), md.strong('b'))).toBe('**ab**');
    expect(p(md.strong('a ', md.strong('b')))).toBe('**a b**');
  });

  it('writes a neighbouring letter as a character reference where it would stop a mark', () => {
    expect(p('cost', md.strong('$5'), 'each')).toBe('cos&#x74;**$5**each');
    expect(p('a', md.strong('b.'), 'c')).toBe('a**b.**&#x63;');
    expect(p('x', md.emphasis('y'), md.strong('z'))).toBe('&#x78;_y_**z**');
  });

  it('drops whitespace before a hard break', () => {
    expect(p('a  ', md.break(), 'b')).toBe('a\\\nb');
  });

  it('escapes link labels and image alt text as inline text', () => {
    expect(p(md.link('https://e.com', '[x](y) <b>'))).toBe('[\\[x\\](y) &lt;b&gt;](https://e.com)');
    expect(p(md.image('https://e.com/i.png', '] <x>'))).toBe('![\\] &lt;x&gt;](https://e.com/i.png)');
  });

  it('prints only the label of a link nested inside another link', () => {
    expect(p(md.link('https://a.com', 'a ', md.link('https://b.com', 'b')))).toBe('[a b](https://a.com)');
  });
});

describe('serializeMarkdown: URL policy', () => {
  const blocked = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    'java\tscript:alert(1)',
    '//evil.com',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    ' javascript:alert(1)',
  ];

  it.each(blocked)('prints only the label for a link to %j', (href) => {
    const out = p('Go ', md.link(href, 'here'), '.');
    expect(out).toBe('Go here.');
  });

  it.each(blocked)('prints only the alt text for an image from %j', (src) => {
    const out = p(md.image(src, 'a <b> chart'));
    expect(out).toBe('a &lt;b&gt; chart');
  });

  it('escapes the label of a blocked link at a line start', () => {
    expect(p(md.link('javascript:x', '# head'))).toBe('\\# head');
  });

  it('never prints a blocked URL even with an empty label', () => {
    expect(p(md.link('javascript:alert(1)'))).toBe('');
    expect(p(md.image('javascript:alert(1)', ''))).toBe('');
  });

  it('keeps a URL with parentheses or spaces one link', () => {
    expect(p(md.link('https://en.wikipedia.org/wiki/Foo_(bar)', 'wiki'))).toBe(
      '[wiki](https://en.wikipedia.org/wiki/Foo_%28bar%29)',
    );
    expect(p(md.link('https://e.com/a b) [x](javascript:alert(1)', 'lbl'))).toBe(
      '[lbl](https://e.com/a%20b%29%20[x]%28javascript:alert%281%29)',
    );
    expect(p(md.image('https://e.com/my image.png', 'i'))).toBe('![i](https://e.com/my%20image.png)');
  });

  it('writes `&`, backslashes, backticks and pipes in a destination so none is reinterpreted', () => {
    expect(p(md.link('https://e.com/?a=1&b=2', 'q'))).toBe('[q](https://e.com/?a=1&amp;b=2)');
    expect(p(md.link('https://e.com/a\\b`c|d', 'q'))).toBe('[q](https://e.com/a%5Cb%60c%7Cd)');
  });
});

const random = mulberry32;

const ALPHABET = '#*_[]()<>|\\`~!&-+=.0123456789\n \t:/abcxyzAB';

/** Indexes where `pattern` starts outside a backslash escape. */
function unescapedAt(text: string, pattern: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(pattern, i)) found.push(i);
  }
  return found;
}

function linesStartingWithHash(text: string): string[] {
  return text.split('\n').filter((line) => /^\s*#/.test(line));
}

describe('serializeMarkdown: hostile text property', () => {
  it('never lets random metacharacter text open a heading, HTML or a link', () => {
    const next = random(0x15_0e_12);
    for (let run = 0; run < 2000; run++) {
      const length = 1 + Math.floor(next() * 24);
      let value = '';
      for (let i = 0; i < length; i++) value += ALPHABET[Math.floor(next() * ALPHABET.length)];

      const outputs: { kind: string; out: string; links: number }[] = [];
      const safeLink = serializeMarkdown([md.paragraph(value, md.link('https://example.com/x', value), value)]);
      outputs.push({ kind: 'link label', out: safeLink, links: 1 });
      outputs.push({
        kind: 'blocked link',
        out: serializeMarkdown([md.paragraph(md.link('javascript:alert(1)', value))]),
        links: 0,
      });
      outputs.push({ kind: 'paragraph', out: serializeMarkdown([md.paragraph(value, md.break(), value)]), links: 0 });
      outputs.push({ kind: 'table cell', out: serializeMarkdown([md.table([value], [[value, value]])]), links: 0 });
      outputs.push({
        kind: 'list item',
        out: serializeMarkdown([md.list([value, [value, md.list([value])]])]),
        links: 0,
      });
      outputs.push({ kind: 'quote', out: serializeMarkdown([md.blockquote(value)]), links: 0 });

      for (const { kind, out, links } of outputs) {
        const context = `${kind}: ${JSON.stringify(value)} -> ${JSON.stringify(out)}`;
        expect(linesStartingWithHash(out), context).toEqual([]);
        expect(unescapedAt(out, '<'), context).toEqual([]);
        expect(unescapedAt(out, '](').length, context).toBe(links);
      }
      if (value.trim() !== '') {
        const heading = serializeMarkdown([md.heading(3, value)]);
        expect(heading.startsWith('### '), heading).toBe(true);
        expect(heading.includes('\n'), heading).toBe(false);
        expect(linesStartingWithHash(heading.slice(4)), heading).toEqual([]);
        expect(unescapedAt(heading, '<'), heading).toEqual([]);
        expect(unescapedAt(heading, ']('), heading).toEqual([]);
      }
      // A model-chosen path never ends the destination early, opens a title or splits a cell.
      const link = serializeMarkdown([md.paragraph(md.link(`https://example.com/${value}`, 'x'))]);
      if (link.startsWith('[x](')) {
        expect(link.endsWith(')'), link).toBe(true);
        expect(link.slice(4, -1), link).toMatch(/^[^\s()<>`|\\]*$/);
      } else {
        expect(link, value).not.toContain('](');
      }
      const table = serializeMarkdown([md.table([value], [[value]])]);
      // Exactly the two delimiting pipes per row survive unescaped: a cell can never split.
      for (const row of table.split('\n')) expect(unescapedAt(row, '|').length, row).toBe(2);
    }
  });
});

describe('serializeMarkdown: `<` after a bare URL', () => {
  it('writes angle brackets as references, so a bare URL cannot swallow an escape and free a `<`', () => {
    expect(p('https://example.com/x<img src=x onerror=alert(1)//>')).toBe(
      'https://example.com/x&lt;img src=x onerror=alert(1)//&gt;',
    );
    expect(p('www.example.com<b>')).toBe('www.example.com&lt;b&gt;');
  });

  it('prints a code span right after a bare URL as text: its backtick would join the URL', () => {
    expect(p('see https://x.com/', md.code('<img src=x onerror=alert(1)> [x](javascript:alert(1))'))).toBe(
      'see https://x.com/&lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript:alert(1))',
    );
    expect(p('HTTP://X.COM/a', md.strong(md.code('<b> c')))).toBe('HTTP://X.COM/&#x61;**&lt;b&gt; c**');
    expect(p('www.x.com', md.link('https://ok.com/', md.code('<b> c')))).toBe(
      'www.x.com[&lt;b&gt; c](https://ok.com/)',
    );
  });

  it('keeps code spans where no bare URL is open before them', () => {
    expect(p('https://x.com/ ', md.code('<b>'))).toBe('https://x.com/ `<b>`');
    expect(p('https://x.com/', md.break(), md.code('<b>'))).toBe('https://x.com/\\\n`<b>`');
    expect(p('x.com/', md.code('<b>'))).toBe('x.com/`<b>`');
  });
});

/**
 * Every token of marked's lexer output, nested ones included, except an image's alt tokens: marked
 * un-escapes `\[`/`\]` in labels before lexing them, but prints an image's alt as plain text.
 */
function markedTokens(tokens: readonly MarkedToken[]): MarkedToken[] {
  return tokens.flatMap((token) => {
    if (token.type === 'image') return [token];
    const nested = token as { tokens?: MarkedToken[]; items?: MarkedToken[]; header?: { tokens: MarkedToken[] }[] };
    const rows = (token as { rows?: { tokens: MarkedToken[] }[][] }).rows ?? [];
    return [
      token,
      ...markedTokens(nested.tokens ?? []),
      ...markedTokens(nested.items ?? []),
      ...markedTokens((nested.header ?? []).flatMap((cell) => cell.tokens)),
      ...markedTokens(rows.flat().flatMap((cell) => cell.tokens)),
    ];
  });
}

const markdownIt = new MarkdownIt({ html: true, linkify: true });

/**
 * The URL policy on a URL a reader built itself from a bare URL in the text: it can hold the text's
 * `&lt;` (inert inside an attribute) and be `ftp:`, which the policy refuses but neither runs anything.
 */
const refused = (url: string, check: (url: string) => string | null): boolean =>
  check(url.replace(/&[lg]t;?|[<>]/gi, '').replace(/^ftp:/i, 'https:')) === null;

/** What two real readers, raw HTML allowed, find in `source` that the serializer must never produce. */
function liveMarkup(source: string): string[] {
  const found: string[] = [];
  for (const token of markedTokens(marked.lexer(source, { gfm: true }))) {
    if (token.type === 'html') found.push(`marked html ${JSON.stringify(token.raw)}`);
    if (token.type === 'link' && refused(token.href, sanitizeNavigationHref)) found.push(`marked link ${token.href}`);
    if (token.type === 'image' && refused(token.href, sanitizeAssetUrl)) found.push(`marked image ${token.href}`);
  }
  const blocks = markdownIt.parse(source, {});
  for (const token of blocks.flatMap((block) => [block, ...(block.children ?? [])])) {
    if (token.type === 'html_inline' || token.type === 'html_block') found.push(`markdown-it ${token.type}`);
    const url = token.attrGet('href') ?? token.attrGet('src');
    if (url !== null && refused(String(url), token.type === 'image' ? sanitizeAssetUrl : sanitizeNavigationHref))
      found.push(`markdown-it ${token.type} ${url}`);
  }
  return found;
}

describe('serializeMarkdown: model text read by marked and markdown-it with raw HTML on', () => {
  const payload = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <!-- c --> <https://e.com>';
  const before = ['', 'x', 'a\\', '&', 'https://e.com/x', 'HTTPS://E.COM/', 'www.e.com/x', 'ftp://e.com/', 'a@b.co'];
  const runs: [string, (lead: string) => MarkdownInline[]][] = [
    ['text', (lead) => [md.text(lead + payload)]],
    ['text then code', (lead) => [md.text(lead), md.code(payload)]],
    ['text then strong code', (lead) => [md.text(lead), md.strong(md.code(payload))]],
    ['text then emphasis code', (lead) => [md.text(lead), md.emphasis('a', md.code(payload))]],
    ['text then link with code', (lead) => [md.text(lead), md.link('https://ok.com/', md.code(payload))]],
    ['link label', (lead) => [md.link('https://ok.com/', lead, md.code(payload), payload)]],
    ['image alt', (lead) => [md.text(lead), md.image('https://ok.com/i.png', payload)]],
  ];

  it.each(runs)('never yields HTML or an unsafe URL: %s', (_, build) => {
    for (const lead of before) {
      const inlines = build(lead);
      const sources = [
        serializeMarkdown([md.paragraph(...inlines)]),
        serializeMarkdown([md.heading(2, ...inlines)]),
        serializeMarkdown([md.table([inlines], [[inlines, inlines]])]),
        serializeMarkdown([md.list([md.paragraph(...inlines)])]),
        serializeMarkdown([md.blockquote(md.paragraph(...inlines))]),
      ];
      for (const source of sources) expect(liveMarkup(source), source).toEqual([]);
    }
  });
});

describe('serializeMarkdown: hand-built trees', () => {
  it('skips unknown node types instead of throwing', () => {
    const blocks = [
      { type: 'mystery' },
      { type: 'paragraph', children: [{ type: 'text', value: 'ok' }, { type: 'nope' }] },
    ] as unknown as MarkdownBlock[];
    expect(serializeMarkdown(blocks)).toBe('ok');
  });
});
