/**
 * The Markdown content tree. Renderers describe structure with `md`; they never write Markdown
 * syntax themselves, so model text only ever reaches output through one escaping serializer
 * (`serialize.ts`) or the Block Kit converter (`to-slack.ts`).
 */

/** Inline nodes: the pieces of one line of prose. */
export type MarkdownInline =
  | MarkdownText
  | MarkdownStrong
  | MarkdownEmphasis
  | MarkdownCode
  | MarkdownLink
  | MarkdownImage
  | MarkdownBreak;

export interface MarkdownText {
  type: 'text';
  value: string;
}

export interface MarkdownStrong {
  type: 'strong';
  children: MarkdownInline[];
}

export interface MarkdownEmphasis {
  type: 'emphasis';
  children: MarkdownInline[];
}

export interface MarkdownCode {
  type: 'code';
  value: string;
}

/** `href` is untrusted; every output re-checks it, so a link node is never trusted on its own. */
export interface MarkdownLink {
  type: 'link';
  href: string;
  children: MarkdownInline[];
}

export interface MarkdownImage {
  type: 'image';
  src: string;
  alt: string;
}

export interface MarkdownBreak {
  type: 'break';
}

export type HeadingDepth = 1 | 2 | 3 | 4 | 5 | 6;

/** Block nodes: what a document is a sequence of. */
export type MarkdownBlock =
  | MarkdownParagraph
  | MarkdownHeading
  | MarkdownList
  | MarkdownBlockquote
  | MarkdownTable
  | MarkdownCodeBlock
  | MarkdownRule;

export interface MarkdownParagraph {
  type: 'paragraph';
  children: MarkdownInline[];
}

export interface MarkdownHeading {
  type: 'heading';
  depth: HeadingDepth;
  children: MarkdownInline[];
}

export interface MarkdownList {
  type: 'list';
  ordered: boolean;
  /** First number of an ordered list; ignored for bullets. */
  start: number;
  /** Each item is a sequence of blocks, so an item can hold a nested list. */
  items: MarkdownBlock[][];
}

export interface MarkdownBlockquote {
  type: 'blockquote';
  children: MarkdownBlock[];
}

export interface MarkdownTable {
  type: 'table';
  /** Empty when the table has no header row (the serializer prints an empty one; GFM needs it). */
  header: MarkdownInline[][];
  rows: MarkdownInline[][][];
}

export interface MarkdownCodeBlock {
  type: 'codeBlock';
  language?: string;
  value: string;
}

export interface MarkdownRule {
  type: 'rule';
}

export type MarkdownNode = MarkdownBlock | MarkdownInline;

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

// A registry symbol, not a private one, so content built by another copy of the library is
// still recognised.
const CONTENT_BRAND: unique symbol = Symbol.for('isomer.markdown-content');

/** A finished sequence of blocks, as renderers return it. Build it with `md.content`. */
export interface MarkdownContent {
  readonly [CONTENT_BRAND]: true;
  readonly blocks: readonly MarkdownBlock[];
}

/**
 * True for content built by `md.content` (from any copy of this library).
 * @example isMarkdownContent(md.content(md.paragraph('hi'))) // true
 */
export function isMarkdownContent(value: unknown): value is MarkdownContent {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[CONTENT_BRAND] === true &&
    Array.isArray((value as { blocks?: unknown }).blocks)
  );
}

const INLINE_TYPES: ReadonlySet<string> = new Set(['text', 'strong', 'emphasis', 'code', 'link', 'image', 'break']);
const BLOCK_TYPES: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'list',
  'blockquote',
  'table',
  'codeBlock',
  'rule',
]);

/** True for an inline node (by its `type`). */
export function isMarkdownInline(value: unknown): value is MarkdownInline {
  return typeof value === 'object' && value !== null && INLINE_TYPES.has((value as { type?: unknown }).type as string);
}

/** True for a block node (by its `type`). */
export function isMarkdownBlock(value: unknown): value is MarkdownBlock {
  return typeof value === 'object' && value !== null && BLOCK_TYPES.has((value as { type?: unknown }).type as string);
}

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
    return { [CONTENT_BRAND]: true, blocks: Object.freeze(toBlocks(blocks)) } as MarkdownContent;
  },
};

/** The blocks of content given as a container or an array. */
export function contentBlocks(content: MarkdownContent | readonly MarkdownBlock[]): readonly MarkdownBlock[] {
  if (isMarkdownContent(content)) return content.blocks;
  return Array.isArray(content) ? content : [];
}

/**
 * Parses the two marks models may use in prose fields — `` `code` `` and `**strong**` — into
 * inline nodes. Anything else, and any unmatched delimiter, stays literal text (and is escaped
 * wherever it is printed).
 * @example inlineMarks('Run `npm test` **now**') // [text 'Run ', code 'npm test', text ' ', strong [text 'now']]
 */
export function inlineMarks(text: string): MarkdownInline[] {
  return parseMarks(String(text ?? ''), true);
}

function backtickRun(text: string, at: number): number {
  let end = at;
  while (text[end] === '`') end++;
  return end - at;
}

/** Where a code span opening at `at` ends (exclusive), or -1 if its fence is never closed. */
function codeSpanEnd(text: string, at: number): number {
  const size = backtickRun(text, at);
  let i = at + size;
  while (i < text.length) {
    if (text[i] === '`') {
      const run = backtickRun(text, i);
      if (run === size) return i + run;
      i += run;
    } else {
      i++;
    }
  }
  return -1;
}

function codeSpanValue(raw: string): string {
  // CommonMark strips one space from each side so `` ` `x` ` `` can hold a backtick.
  if (raw.length >= 2 && raw.startsWith(' ') && raw.endsWith(' ') && raw.trim() !== '') return raw.slice(1, -1);
  return raw;
}

/** Index of the `**` closing a strong run whose content starts at `from`, skipping code spans. */
function strongClose(text: string, from: number): number {
  let i = from;
  while (i < text.length - 1) {
    if (text[i] === '`') {
      const end = codeSpanEnd(text, i);
      i = end === -1 ? i + backtickRun(text, i) : end;
      continue;
    }
    // At least one character inside, so `****` stays literal.
    if (i > from && text[i] === '*' && text[i + 1] === '*' && !/\s/.test(text[i - 1] ?? ' ')) return i;
    i++;
  }
  return -1;
}

function parseMarks(text: string, allowStrong: boolean): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') out.push({ type: 'text', value: literal });
    literal = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '`') {
      const size = backtickRun(text, i);
      const end = codeSpanEnd(text, i);
      if (end === -1) {
        literal += text.slice(i, i + size);
        i += size;
        continue;
      }
      const value = codeSpanValue(text.slice(i + size, end - size));
      flush();
      out.push({ type: 'code', value });
      i = end;
      continue;
    }
    if (allowStrong && char === '*' && text[i + 1] === '*' && /\S/.test(text[i + 2] ?? ' ')) {
      const close = strongClose(text, i + 2);
      if (close !== -1) {
        flush();
        out.push({ type: 'strong', children: parseMarks(text.slice(i + 2, close), false) });
        i = close + 2;
        continue;
      }
    }
    literal += char;
    i++;
  }
  flush();
  return out;
}
