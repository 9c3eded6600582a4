/**
 * The Block Kit form of Markdown content, for primitives without a Slack renderer of their own.
 * It uses rich_text elements, never mrkdwn: Slack reads no syntax inside a rich_text `text`
 * element, so `<!channel>`, `<@U123>` or `<https://x|y>` in model text stay literal characters.
 */
import { breakRefusedUrls } from '../link-target.ts';
import type {
  SlackBlock,
  SlackRichTextElement,
  SlackRichTextInline,
  SlackRichTextList,
  SlackRichTextSection,
} from './blocks.ts';
import {
  contentBlocks,
  isMarkdownBlock,
  type MarkdownBlock,
  type MarkdownContent,
  type MarkdownList,
  type MarkdownTable,
} from '../../markdown/tree.ts';
import { blockInline, cellPlain, isBlank, tablePlain, textElement, tidy } from './from-markdown-inline.ts';

/** Slack's deepest list indent. */
const MAX_INDENT = 8;

/**
 * Converts content to Block Kit: runs of paragraphs, headings (bold), lists, quotes and code
 * blocks become one `rich_text` block; a table becomes a `table` block (header first, plain-text
 * cells); a rule becomes a `divider`. A plain string becomes one literal rich_text section.
 * Links survive only for absolute, safe URLs that Slack and a URL parser read alike (Slack cannot
 * open relative ones), as the parser serializes them; images become a link to an absolute https
 * source, else their alt text. Empty content gives `[]`.
 * @example markdownToSlackBlocks(md.content(md.paragraph('Hi ', md.strong('there'))))
 * // [{ type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [
 * //   { type: 'text', text: 'Hi ' }, { type: 'text', text: 'there', style: { bold: true } }] }] }]
 */
export function markdownToSlackBlocks(content: MarkdownContent | readonly MarkdownBlock[] | string): SlackBlock[] {
  if (typeof content === 'string') {
    if (content.trim() === '') return [];
    return [
      {
        type: 'rich_text',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: breakRefusedUrls(content) }] }],
      },
    ];
  }
  const blocks: SlackBlock[] = [];
  let run = new RichTextRun();
  const flush = (): void => {
    if (run.elements.length > 0) blocks.push({ type: 'rich_text', elements: run.elements });
    run = new RichTextRun();
  };
  for (const block of contentBlocks(content)) {
    if (!isMarkdownBlock(block)) continue;
    if (block.type === 'table') {
      const table = tableBlock(block);
      if (table) {
        flush();
        blocks.push(table);
      }
    } else if (block.type === 'rule') {
      flush();
      blocks.push({ type: 'divider' });
    } else {
      run.add(block, 0);
    }
  }
  flush();
  return blocks;
}

/** Collects the rich_text elements of one run of consecutive text-like blocks. */
class RichTextRun {
  readonly elements: SlackRichTextElement[] = [];
  /** The section the last paragraph or heading went into, and what kind of block that was. */
  private open: { section: SlackRichTextSection; after: 'paragraph' | 'heading' } | undefined;

  add(block: MarkdownBlock, indent: number): void {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        this.addFlow(block);
        return;
      case 'list':
        this.addList(block, indent);
        return;
      case 'blockquote': {
        const elements = quoteInline(block.children ?? []);
        if (!isBlank(elements)) this.push({ type: 'rich_text_quote', elements });
        return;
      }
      case 'codeBlock': {
        const text = breakRefusedUrls(
          String(block.value ?? '')
            .replace(/\r\n?/g, '\n')
            .replace(/\n$/, ''),
        );
        if (text.trim() !== '') this.push({ type: 'rich_text_preformatted', elements: [{ type: 'text', text }] });
        return;
      }
      case 'table': {
        // Only top-level tables become table blocks; nested ones read as rows of text.
        const text = tablePlain(block);
        if (text !== '') this.push({ type: 'rich_text_section', elements: [{ type: 'text', text }] });
        return;
      }
      default:
        return;
    }
  }

  private push(element: SlackRichTextElement): void {
    this.elements.push(element);
    this.open = undefined;
  }

  /** Paragraphs and headings in a row share one section, separated by line breaks. */
  private addFlow(block: MarkdownBlock): void {
    const elements = blockInline(block);
    if (isBlank(elements)) return;
    const kind = block.type === 'heading' ? 'heading' : 'paragraph';
    if (this.open) {
      const separator = this.open.after === 'heading' ? '\n' : '\n\n';
      this.open.section.elements = tidy([
        ...this.open.section.elements,
        { type: 'text', text: separator },
        ...elements,
      ]);
      this.open.after = kind;
      return;
    }
    const section: SlackRichTextSection = { type: 'rich_text_section', elements };
    this.push(section);
    this.open = { section, after: kind };
  }

  /**
   * Slack lists hold one section per item and cannot nest: a nested list becomes the next list
   * element with a deeper indent, and the parent resumes afterwards (numbering carried on by
   * `offset`). Other blocks inside an item follow the list they interrupt.
   */
  private addList(list: MarkdownList, indent: number): void {
    const style = list.ordered ? 'ordered' : 'bullet';
    const start = Number.isFinite(list.start) ? Math.max(0, Math.trunc(list.start)) : 1;
    const base = list.ordered ? Math.max(0, start - 1) : 0;
    const level = Math.min(MAX_INDENT, Math.max(0, indent));
    let current: SlackRichTextList | undefined;
    let count = 0;
    for (const item of list.items ?? []) {
      const lead: SlackRichTextInline[] = [];
      let index = 0;
      for (; index < item.length; index++) {
        const block = item[index]!;
        if (block.type !== 'paragraph' && block.type !== 'heading') break;
        const elements = blockInline(block);
        if (isBlank(elements)) continue;
        if (lead.length > 0) lead.push({ type: 'text', text: '\n' });
        lead.push(...elements);
      }
      if (!isBlank(lead)) {
        if (!current) {
          current = { type: 'rich_text_list', style, indent: level, elements: [] };
          if (base + count > 0) current.offset = base + count;
          this.push(current);
        }
        current.elements.push({ type: 'rich_text_section', elements: tidy(lead) });
      }
      const rest = item.slice(index);
      // An item with nothing to show is left out, as the Markdown serializer does, numbering included.
      if (!isBlank(lead) || rest.length > 0) count++;
      if (rest.length > 0) {
        for (const block of rest) this.add(block, block.type === 'list' ? level + 1 : level);
        current = undefined;
      }
    }
    this.open = undefined;
  }
}

/** A quote holds inline elements only, so nested blocks flatten to lines of text. */
function quoteInline(blocks: readonly MarkdownBlock[]): SlackRichTextInline[] {
  const out: SlackRichTextInline[] = [];
  const addLine = (elements: readonly SlackRichTextInline[]): void => {
    if (isBlank(elements)) return;
    if (out.length > 0) out.push({ type: 'text', text: '\n' });
    out.push(...elements);
  };
  const visit = (block: MarkdownBlock, depth: number): void => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        addLine(blockInline(block));
        return;
      case 'list': {
        const start = Number.isFinite(block.start) ? Math.max(0, Math.trunc(block.start)) : 1;
        (block.items ?? []).forEach((item, index) => {
          const marker = block.ordered ? `${start + index}. ` : '- ';
          let first = true;
          for (const child of item) {
            if (first && (child.type === 'paragraph' || child.type === 'heading')) {
              addLine([{ type: 'text', text: '  '.repeat(depth) + marker }, ...blockInline(child)]);
              first = false;
            } else {
              visit(child, child.type === 'list' ? depth + 1 : depth);
            }
          }
        });
        return;
      }
      case 'blockquote':
        for (const child of block.children ?? []) visit(child, depth);
        return;
      case 'codeBlock': {
        const text = breakRefusedUrls(
          String(block.value ?? '')
            .replace(/\r\n?/g, '\n')
            .replace(/\n$/, ''),
        );
        addLine([textElement(text, { code: true })]);
        return;
      }
      case 'table':
        addLine([{ type: 'text', text: tablePlain(block) }]);
        return;
      default:
        return;
    }
  };
  for (const block of blocks) if (isMarkdownBlock(block)) visit(block, 0);
  return tidy(out);
}

function tableColumns(table: MarkdownTable): number {
  return Math.max(table.header?.length ?? 0, ...(table.rows ?? []).map((row) => row.length));
}

function tableBlock(table: MarkdownTable): SlackBlock | undefined {
  const columns = tableColumns(table);
  if (columns === 0) return undefined;
  const header = table.header ?? [];
  const source = header.length > 0 ? [header, ...(table.rows ?? [])] : [...(table.rows ?? [])];
  // Every row gets every column, and an empty cell a space: Slack rejects zero-length cell text.
  const rows = source.map((row) =>
    Array.from({ length: columns }, (_, column) => {
      const text = cellPlain(row[column]);
      return { type: 'raw_text', text: text === '' ? ' ' : text };
    }),
  );
  return rows.length === 0 ? undefined : { type: 'table', rows };
}
