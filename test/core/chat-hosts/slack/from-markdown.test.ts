import { describe, expect, it } from 'vitest';
import { md } from '../../../../src/core/markdown/builder.ts';
import { markdownToSlackBlocks } from '../../../../src/core/chat-hosts/slack/from-markdown.ts';

const section = (...elements: unknown[]) => ({ type: 'rich_text_section', elements });
const richText = (...elements: unknown[]) => ({ type: 'rich_text', elements });
const text = (value: string, style?: Record<string, true>) =>
  style ? { type: 'text', text: value, style } : { type: 'text', text: value };

/** Every inline element of every rich_text block, for checks that do not care about shape. */
function inlineElements(blocks: unknown[]): { type: string; text?: string; url?: string }[] {
  const out: { type: string; text?: string; url?: string }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const element = value as { type: string; elements?: unknown };
    if (element.type === 'text' || element.type === 'link') out.push(element as never);
    if (element.elements) visit(element.elements);
  };
  visit(blocks);
  return out;
}

describe('markdownToSlackBlocks: rich text', () => {
  it('converts inline marks to styled text and a hard break to a newline', () => {
    const content = md.content(
      md.paragraph('Hi ', md.strong('bold ', md.emphasis('both')), ' ', md.code('x'), md.break(), 'next'),
    );
    expect(markdownToSlackBlocks(content)).toEqual([
      richText(
        section(
          text('Hi '),
          text('bold ', { bold: true }),
          text('both', { bold: true, italic: true }),
          text(' '),
          text('x', { code: true }),
          text('\nnext'),
        ),
      ),
    ]);
  });

  it('merges adjacent runs of the same style', () => {
    const blocks = markdownToSlackBlocks([md.paragraph('a', 'b', md.strong('c'), md.strong('d'), md.code('e'))]);
    expect(blocks).toEqual([richText(section(text('ab'), text('cd', { bold: true }), text('e', { code: true })))]);
  });

  it('puts headings (bold) and paragraphs in a row into one section', () => {
    const blocks = markdownToSlackBlocks(md.content(md.heading(1, 'Title'), md.paragraph('a'), md.paragraph('b')));
    expect(blocks).toEqual([richText(section(text('Title', { bold: true }), text('\na\n\nb')))]);
  });

  it('converts lists, nesting by indent and resuming numbering with offset', () => {
    const list = md.list(['a', ['b', md.list(['c', ['d', md.list(['e'])]])], 'f'], { ordered: true });
    expect(markdownToSlackBlocks([list])).toEqual([
      richText(
        { type: 'rich_text_list', style: 'ordered', indent: 0, elements: [section(text('a')), section(text('b'))] },
        { type: 'rich_text_list', style: 'bullet', indent: 1, elements: [section(text('c')), section(text('d'))] },
        { type: 'rich_text_list', style: 'bullet', indent: 2, elements: [section(text('e'))] },
        { type: 'rich_text_list', style: 'ordered', indent: 0, offset: 2, elements: [section(text('f'))] },
      ),
    ]);
  });

  it('leaves out items with nothing to show, keeping the numbering of the rest', () => {
    const list = md.list(['a', ' ', ['b', md.list(['c'])], 'd'], { ordered: true });
    expect(markdownToSlackBlocks([list])).toEqual([
      richText(
        { type: 'rich_text_list', style: 'ordered', indent: 0, elements: [section(text('a')), section(text('b'))] },
        { type: 'rich_text_list', style: 'bullet', indent: 1, elements: [section(text('c'))] },
        { type: 'rich_text_list', style: 'ordered', indent: 0, offset: 2, elements: [section(text('d'))] },
      ),
    ]);
  });

  it('starts an ordered list at its start number', () => {
    expect(markdownToSlackBlocks([md.list(['x'], { ordered: true, start: 5 })])).toEqual([
      richText({ type: 'rich_text_list', style: 'ordered', indent: 0, offset: 4, elements: [section(text('x'))] }),
    ]);
  });

  it('caps list nesting at Slack’s deepest indent', () => {
    let list = md.list(['leaf']);
    for (let depth = 0; depth < 10; depth++) list = md.list([['level', list]]);
    const indents = (markdownToSlackBlocks([list])[0]!.elements as { indent: number }[]).map(
      (element) => element.indent,
    );
    expect(Math.max(...indents)).toBe(8);
  });

  it('converts a blockquote, flattening nested blocks to lines', () => {
    expect(markdownToSlackBlocks([md.blockquote('q ', md.strong('s'))])).toEqual([
      richText({ type: 'rich_text_quote', elements: [text('q '), text('s', { bold: true })] }),
    ]);
    const nested = md.blockquote(md.paragraph('intro'), md.list(['x', 'y'], { ordered: true }), md.codeBlock('code'));
    expect(markdownToSlackBlocks([nested])).toEqual([
      richText({ type: 'rich_text_quote', elements: [text('intro\n1. x\n2. y\n'), text('code', { code: true })] }),
    ]);
  });

  it('converts a code block to preformatted text, dropping the language', () => {
    expect(markdownToSlackBlocks([md.codeBlock('a\n<!channel>\n', 'js')])).toEqual([
      richText({ type: 'rich_text_preformatted', elements: [text('a\n<!channel>')] }),
    ]);
  });

  it('keeps consecutive text blocks in one rich_text block and splits it around tables and rules', () => {
    const content = md.content(
      md.paragraph('a'),
      md.list(['b']),
      md.table(['H1', md.link('https://x.dev', 'H2')], [['1', md.strong('2')], ['3']]),
      md.rule(),
      md.paragraph('c'),
    );
    expect(markdownToSlackBlocks(content)).toEqual([
      richText(section(text('a')), {
        type: 'rich_text_list',
        style: 'bullet',
        indent: 0,
        elements: [section(text('b'))],
      }),
      {
        type: 'table',
        rows: [
          [
            { type: 'raw_text', text: 'H1' },
            { type: 'raw_text', text: 'H2' },
          ],
          [
            { type: 'raw_text', text: '1' },
            { type: 'raw_text', text: '2' },
          ],
          [
            { type: 'raw_text', text: '3' },
            { type: 'raw_text', text: ' ' },
          ],
        ],
      },
      { type: 'divider' },
      richText(section(text('c'))),
    ]);
  });

  it('leaves out the header row of a header-less table', () => {
    expect(markdownToSlackBlocks([md.table([], [['x', '']])])).toEqual([
      {
        type: 'table',
        rows: [
          [
            { type: 'raw_text', text: 'x' },
            { type: 'raw_text', text: ' ' },
          ],
        ],
      },
    ]);
  });

  it('returns no blocks for empty content', () => {
    expect(markdownToSlackBlocks(md.content())).toEqual([]);
    expect(markdownToSlackBlocks([md.paragraph(''), md.codeBlock(''), md.blockquote(), md.table([], [])])).toEqual([]);
    expect(markdownToSlackBlocks('')).toEqual([]);
  });

  it('puts a plain string in one section as literal text', () => {
    expect(markdownToSlackBlocks('Hello <!here>\n**not bold**')).toEqual([
      richText(section(text('Hello <!here>\n**not bold**'))),
    ]);
  });
});

describe('markdownToSlackBlocks: model text stays literal', () => {
  it('keeps mentions and mrkdwn links as plain characters inside a text element', () => {
    const hostile = 'Hey <!channel> <@U123> <https://evil.com|click> *bold* `x`';
    expect(markdownToSlackBlocks([md.paragraph(hostile)])).toEqual([richText(section(text(hostile)))]);
    expect(markdownToSlackBlocks([md.heading(2, '<!everyone>')])).toEqual([
      richText(section(text('<!everyone>', { bold: true }))),
    ]);
  });
});

describe('markdownToSlackBlocks: links and images', () => {
  it('makes a link element for an absolute safe URL, as the URL parser serializes it', () => {
    expect(markdownToSlackBlocks([md.paragraph('See ', md.link('https://X.dev/a?b=1&c=2', 'docs'))])).toEqual([
      richText(section(text('See '), { type: 'link', url: 'https://x.dev/a?b=1&c=2', text: 'docs' })),
    ]);
    expect(markdownToSlackBlocks([md.paragraph(md.link('mailto:a@b.co'))])).toEqual([
      richText(section({ type: 'link', url: 'mailto:a@b.co' })),
    ]);
  });

  it('carries the enclosing style onto a link', () => {
    expect(markdownToSlackBlocks([md.paragraph(md.strong(md.link('https://x.dev', 'L')))])).toEqual([
      richText(section({ type: 'link', url: 'https://x.dev/', text: 'L', style: { bold: true } })),
    ]);
  });

  it.each([
    'https://a.b\\@evil.com/path',
    'http://?q=1',
    'https://x.dev/%zz',
    'https://google.com@evil.test/',
    'https://x.dev/a b',
    'https://xn--a.test/',
    'http:x.dev',
  ])('prints only the label for a link to %j, which Slack and a URL parser may read differently', (href) => {
    const blocks = markdownToSlackBlocks([md.paragraph('Go ', md.link(href, md.emphasis('here')))]);
    expect(blocks).toEqual([richText(section(text('Go '), text('here', { italic: true })))]);
  });

  it('prints a refused label-less link as its address text, broken so Slack does not autolink it', () => {
    expect(markdownToSlackBlocks([md.paragraph('Go ', md.link('https://x.dev/%zz'))])).toEqual([
      richText(section(text('Go https:\u200D//x\u200D.dev/%zz'))),
    ]);
  });

  it.each([
    '/relative',
    'page.html',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    '//evil.com',
    'data:text/html,x',
  ])('prints only the label for a link to %j', (href) => {
    const blocks = markdownToSlackBlocks([md.paragraph('Go ', md.link(href, md.emphasis('here')))]);
    expect(blocks).toEqual([richText(section(text('Go '), text('here', { italic: true })))]);
  });

  it('links an image only when its source is absolute https', () => {
    expect(markdownToSlackBlocks([md.paragraph(md.image('https://x.dev/a.png', 'A chart'))])).toEqual([
      richText(section({ type: 'link', url: 'https://x.dev/a.png', text: 'A chart' })),
    ]);
    for (const src of [
      'http://x.dev/a.png',
      'data:image/png;base64,AAAA',
      '/a.png',
      'javascript:alert(1)',
      'https://user@x.dev/a.png',
      'https://x.dev\\a.png',
    ]) {
      expect(markdownToSlackBlocks([md.paragraph(md.image(src, 'A chart'))])).toEqual([
        richText(section(text('A chart'))),
      ]);
    }
    expect(markdownToSlackBlocks([md.paragraph(md.image('javascript:alert(1)', ''))])).toEqual([]);
  });

  it('never emits a link to a relative or unsafe URL anywhere', () => {
    const content = md.content(
      md.list([md.link('/a', 'a'), ['b', md.list([md.link('javascript:x', 'c')])]]),
      md.blockquote(md.link('//evil.com', 'd')),
      md.table([md.link('/t', 't')], []),
    );
    const links = inlineElements(markdownToSlackBlocks(content)).filter((element) => element.type === 'link');
    expect(links).toEqual([]);
  });
});
