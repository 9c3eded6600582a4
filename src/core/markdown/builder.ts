/**
 * `md`, the builder renderers describe Markdown structure with, and the flattening rules behind it:
 * strings become text, empty values drop, inline runs between blocks become paragraphs.
 */
import {
  brandContent,
  isMarkdownBlock,
  isMarkdownContent,
  isMarkdownInline,
  type HeadingDepth,
  type MarkdownBlock,
  type MarkdownBlockquote,
  type MarkdownBreak,
  type MarkdownCode,
  type MarkdownCodeBlock,
  type MarkdownContent,
  type MarkdownEmphasis,
  type MarkdownHeading,
  type MarkdownImage,
  type MarkdownInline,
  type MarkdownLink,
  type MarkdownList,
  type MarkdownParagraph,
  type MarkdownRule,
  type MarkdownStrong,
  type MarkdownTable,
  type MarkdownText,
} from './tree.ts';

/** What inline positions accept: strings become text; empty values are dropped. */
export type MarkdownInlineChild =
  | string
  | number
  | MarkdownInline
  | null
  | undefined
  | false
  | readonly MarkdownInlineChild[];

/** What block positions accept: blocks, whole contents, and inline runs (wrapped in a paragraph). */
export type MarkdownBlockChild = MarkdownBlock | MarkdownContent | MarkdownInlineChild | readonly MarkdownBlockChild[];

function isDropped(value: unknown): boolean {
  return value === null || value === undefined || value === false || value === '';
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'type' in value) return `a "${String(value.type)}" node`;
  return typeof value;
}

function pushInlines(out: MarkdownInline[], child: unknown): void {
  if (isDropped(child)) return;
  if (typeof child === 'string') {
    out.push({ type: 'text', value: child });
  } else if (typeof child === 'number') {
    out.push({ type: 'text', value: String(child) });
  } else if (Array.isArray(child)) {
    for (const nested of child) pushInlines(out, nested);
  } else if (isMarkdownInline(child)) {
    // An empty text node prints nothing anywhere; dropping it keeps trees comparable.
    if (child.type === 'text' && child.value === '') return;
    out.push(child);
  } else {
    throw new TypeError(`Markdown: expected inline content, got ${describe(child)}`);
  }
}

/** Flattens inline children, turning strings into text and dropping empty values. */
export function toInlines(children: readonly MarkdownInlineChild[] | MarkdownInlineChild): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  pushInlines(out, children);
  return out;
}

function pushBlocks(out: MarkdownBlock[], run: MarkdownInline[], child: unknown): void {
  if (isDropped(child)) return;
  if (Array.isArray(child)) {
    for (const nested of child) pushBlocks(out, run, nested);
    return;
  }
  if (isMarkdownContent(child) || isMarkdownBlock(child)) {
    flushRun(out, run);
    if (isMarkdownContent(child)) out.push(...child.blocks);
    else out.push(child);
    return;
  }
  // Inline content between blocks collects into one paragraph, as it would in prose.
  pushInlines(run, child);
}

function flushRun(out: MarkdownBlock[], run: MarkdownInline[]): void {
  if (run.length === 0) return;
  out.push({ type: 'paragraph', children: run.splice(0) });
}

/** Flattens block children; consecutive inline children become one paragraph. */
export function toBlocks(children: readonly MarkdownBlockChild[] | MarkdownBlockChild): MarkdownBlock[] {
  const out: MarkdownBlock[] = [];
  const run: MarkdownInline[] = [];
  pushBlocks(out, run, children);
  flushRun(out, run);
  return out;
}

function clampDepth(depth: number): HeadingDepth {
  const whole = Number.isFinite(depth) ? Math.trunc(depth) : 1;
  return Math.min(6, Math.max(1, whole)) as HeadingDepth;
}

function clampStart(start: number | undefined): number {
  if (start === undefined || !Number.isFinite(start)) return 1;
  // CommonMark reads at most nine digits of a list number.
  return Math.min(999_999_999, Math.max(0, Math.trunc(start)));
}

export interface ListOptions {
  ordered?: boolean;
  /** First number of an ordered list (default 1). */
  start?: number;
}

/**
 * The builder renderers use. Children accept strings, nodes and nested arrays; `null`,
 * `undefined`, `false` and `''` are dropped so optional parts can be written inline.
 * @example
 * md.content(
 *   md.heading(2, node.title),
 *   md.paragraph('Status: ', md.strong(node.status), node.note && [' — ', node.note]),
 *   md.list(node.items.map((item) => md.link(item.href, item.label))),
 * )
 */
export const md = {
  /** @example md.text('1 < 2') */
  text(value: string): MarkdownText {
    return { type: 'text', value: String(value) };
  },
  /** @example md.strong('Total: ', md.code('42')) */
  strong(...children: MarkdownInlineChild[]): MarkdownStrong {
    return { type: 'strong', children: toInlines(children) };
  },
  /** @example md.emphasis('draft') */
  emphasis(...children: MarkdownInlineChild[]): MarkdownEmphasis {
    return { type: 'emphasis', children: toInlines(children) };
  },
  /** @example md.code('npm test') */
  code(value: string): MarkdownCode {
    return { type: 'code', value: String(value) };
  },
  /** `href` is checked again wherever the link is printed. @example md.link('https://example.com', 'Docs') */
  link(href: string, ...children: MarkdownInlineChild[]): MarkdownLink {
    return { type: 'link', href: String(href), children: toInlines(children) };
  },
  /** @example md.image('https://example.com/chart.png', 'Sales by month') */
  image(src: string, alt: string): MarkdownImage {
    return { type: 'image', src: String(src), alt: alt === undefined || alt === null ? '' : String(alt) };
  },
  /** A hard line break inside a paragraph. @example md.paragraph('line 1', md.break(), 'line 2') */
  break(): MarkdownBreak {
    return { type: 'break' };
  },
  /** @example md.paragraph('Hello ', md.emphasis('world')) */
  paragraph(...children: MarkdownInlineChild[]): MarkdownParagraph {
    return { type: 'paragraph', children: toInlines(children) };
  },
  /** Depth is clamped to 1–6. @example md.heading(2, 'Summary') */
  heading(depth: HeadingDepth | number, ...children: MarkdownInlineChild[]): MarkdownHeading {
    return { type: 'heading', depth: clampDepth(depth), children: toInlines(children) };
  },
  /**
   * Each item is a block child (a string, inline nodes, blocks, or an array mixing them), so
   * `['Fruit', md.list(['apple'])]` is an item with a nested list. Empty items are dropped.
   * @example md.list(['one', 'two'], { ordered: true, start: 3 })
   */
  list(items: readonly MarkdownBlockChild[], options: ListOptions = {}): MarkdownList {
    const built: MarkdownBlock[][] = [];
    for (const item of items) {
      const blocks = toBlocks(item);
      if (blocks.length > 0) built.push(blocks);
    }
    return { type: 'list', ordered: options.ordered === true, start: clampStart(options.start), items: built };
  },
  /** @example md.blockquote(md.paragraph('Quoted')) */
  blockquote(...children: MarkdownBlockChild[]): MarkdownBlockquote {
    return { type: 'blockquote', children: toBlocks(children) };
  },
  /**
   * Cells are inline children. Pass `[]` as the header for a table without one.
   * @example md.table(['Name', 'Qty'], [['Apples', '3'], ['Pears', md.strong('0')]])
   */
  table(header: readonly MarkdownInlineChild[], rows: readonly (readonly MarkdownInlineChild[])[]): MarkdownTable {
    return {
      type: 'table',
      header: header.map((cell) => toInlines(cell)),
      rows: rows.map((row) => row.map((cell) => toInlines(cell))),
    };
  },
  /** @example md.codeBlock('const x = 1;', 'ts') */
  codeBlock(value: string, language?: string): MarkdownCodeBlock {
    const block: MarkdownCodeBlock = { type: 'codeBlock', value: String(value) };
    if (language !== undefined && language !== null && language !== '') block.language = String(language);
    return block;
  },
  /** A thematic break. @example md.rule() */
  rule(): MarkdownRule {
    return { type: 'rule' };
  },
  /**
   * A plain string as blocks of literal text: blank lines separate paragraphs and single newlines
   * become hard breaks. Nothing in it is read as Markdown — it is escaped like any other text —
   * so a renderer that returns a bare string cannot inject structure either.
   * @example md.raw('Line one\nLine two\n\nNext paragraph')
   */
  raw(text: string): MarkdownParagraph[] {
    const normalized = String(text ?? '').replace(/\r\n?/g, '\n');
    const paragraphs: MarkdownParagraph[] = [];
    for (const chunk of normalized.split(/\n[ \t]*\n/)) {
      const lines = chunk.split('\n').filter((line) => line.trim() !== '');
      if (lines.length === 0) continue;
      const children: MarkdownInline[] = [];
      lines.forEach((line, index) => {
        if (index > 0) children.push({ type: 'break' });
        children.push({ type: 'text', value: line });
      });
      paragraphs.push({ type: 'paragraph', children });
    }
    return paragraphs;
  },
  /**
   * The container renderers return. Nested arrays and other contents flatten; empty values drop.
   * @example md.content(md.heading(1, 'Report'), showNotes && md.paragraph(notes))
   */
  content(...blocks: MarkdownBlockChild[]): MarkdownContent {
    return brandContent(toBlocks(blocks));
  },
};
