import { describe, expect, it } from 'vitest';
import { md, toBlocks, toInlines } from '../../../src/core/markdown/builder.ts';
import { contentBlocks, isMarkdownContent } from '../../../src/core/markdown/tree.ts';

describe('md builders', () => {
  it('builds inline nodes', () => {
    expect(md.text('x')).toEqual({ type: 'text', value: 'x' });
    expect(md.strong('a', md.code('b'))).toEqual({
      type: 'strong',
      children: [
        { type: 'text', value: 'a' },
        { type: 'code', value: 'b' },
      ],
    });
    expect(md.emphasis('e')).toEqual({ type: 'emphasis', children: [{ type: 'text', value: 'e' }] });
    expect(md.code('c')).toEqual({ type: 'code', value: 'c' });
    expect(md.link('https://x.dev', 'label')).toEqual({
      type: 'link',
      href: 'https://x.dev',
      children: [{ type: 'text', value: 'label' }],
    });
    expect(md.image('https://x.dev/a.png', 'alt')).toEqual({ type: 'image', src: 'https://x.dev/a.png', alt: 'alt' });
    expect(md.break()).toEqual({ type: 'break' });
  });

  it('builds block nodes', () => {
    expect(md.paragraph('p')).toEqual({ type: 'paragraph', children: [{ type: 'text', value: 'p' }] });
    expect(md.heading(3, 'h')).toEqual({ type: 'heading', depth: 3, children: [{ type: 'text', value: 'h' }] });
    expect(md.blockquote('q')).toEqual({
      type: 'blockquote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'q' }] }],
    });
    expect(md.codeBlock('x = 1', 'py')).toEqual({ type: 'codeBlock', value: 'x = 1', language: 'py' });
    expect(md.codeBlock('x')).toEqual({ type: 'codeBlock', value: 'x' });
    expect(md.rule()).toEqual({ type: 'rule' });
    expect(md.table(['A'], [['1', md.strong('2')]])).toEqual({
      type: 'table',
      header: [[{ type: 'text', value: 'A' }]],
      rows: [[[{ type: 'text', value: '1' }], [{ type: 'strong', children: [{ type: 'text', value: '2' }] }]]],
    });
  });

  it('clamps heading depth and list start', () => {
    expect(md.heading(0, 'x').depth).toBe(1);
    expect(md.heading(9, 'x').depth).toBe(6);
    expect(md.heading(Number.NaN, 'x').depth).toBe(1);
    expect(md.list(['a'], { ordered: true, start: -4 }).start).toBe(0);
    expect(md.list(['a'], { ordered: true, start: 2.7 }).start).toBe(2);
    expect(md.list(['a']).start).toBe(1);
  });

  it('flattens nested arrays and drops empty children', () => {
    const optional: string | undefined = undefined;
    expect(md.paragraph('a', [null, ['b', false]], undefined, '', optional, md.text(''), 0)).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'a' },
        { type: 'text', value: 'b' },
        { type: 'text', value: '0' },
      ],
    });
  });

  it('builds list items from strings, inline runs, blocks and nested lists', () => {
    const list = md.list(['one', ['Fruit', md.list(['apple'])], md.strong('bold'), null, [], md.codeBlock('x')], {
      ordered: true,
      start: 3,
    });
    expect(list).toEqual({
      type: 'list',
      ordered: true,
      start: 3,
      items: [
        [{ type: 'paragraph', children: [{ type: 'text', value: 'one' }] }],
        [
          { type: 'paragraph', children: [{ type: 'text', value: 'Fruit' }] },
          {
            type: 'list',
            ordered: false,
            start: 1,
            items: [[{ type: 'paragraph', children: [{ type: 'text', value: 'apple' }] }]],
          },
        ],
        [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: 'bold' }] }] }],
        [{ type: 'codeBlock', value: 'x' }],
      ],
    });
  });

  it('groups consecutive inline children of a block position into one paragraph', () => {
    expect(toBlocks(['a', md.strong('b'), md.rule(), 'c'])).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'a' },
          { type: 'strong', children: [{ type: 'text', value: 'b' }] },
        ],
      },
      { type: 'rule' },
      { type: 'paragraph', children: [{ type: 'text', value: 'c' }] },
    ]);
  });

  it('rejects a block where inline content is expected', () => {
    expect(() => toInlines([md.rule() as never])).toThrow(TypeError);
  });
});

describe('MarkdownContent', () => {
  it('is branded with a registry symbol so other copies of the library recognise it', () => {
    const content = md.content(md.paragraph('a'), [md.rule(), [null, false]], undefined);
    expect(isMarkdownContent(content)).toBe(true);
    expect(content.blocks).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: 'a' }] }, { type: 'rule' }]);
    const foreign = { [Symbol.for('isomer.markdown-content')]: true, blocks: [] };
    expect(isMarkdownContent(foreign)).toBe(true);
  });

  it('is not confused with look-alikes', () => {
    expect(isMarkdownContent({ blocks: [] })).toBe(false);
    expect(isMarkdownContent([md.paragraph('a')])).toBe(false);
    expect(isMarkdownContent(null)).toBe(false);
    expect(isMarkdownContent('text')).toBe(false);
    expect(isMarkdownContent({ [Symbol.for('isomer.markdown-content')]: true })).toBe(false);
  });

  it('splices nested contents and reads blocks from either form', () => {
    const inner = md.content(md.paragraph('inner'));
    const outer = md.content(md.heading(1, 'T'), inner);
    expect(outer.blocks.map((block) => block.type)).toEqual(['heading', 'paragraph']);
    expect(contentBlocks(outer)).toBe(outer.blocks);
    const array = [md.rule()];
    expect(contentBlocks(array)).toBe(array);
    expect(md.content().blocks).toEqual([]);
  });

  it('md.raw reads a string as literal paragraphs with hard breaks', () => {
    expect(md.raw('one\ntwo\r\n\r\n  \n**three**')).toEqual([
      {
        type: 'paragraph',
        children: [{ type: 'text', value: 'one' }, { type: 'break' }, { type: 'text', value: 'two' }],
      },
      { type: 'paragraph', children: [{ type: 'text', value: '**three**' }] },
    ]);
    expect(md.raw('')).toEqual([]);
  });
});
