/**
 * The Block Kit form of Markdown content, for primitives without a Slack renderer of their own.
 * It uses rich_text elements, never mrkdwn: Slack reads no syntax inside a rich_text `text`
 * element, so `<!channel>`, `<@U123>` or `<https://x|y>` in model text stay literal characters.
 */
import type { SlackBlock } from '../slack/blocks.ts';
import { slackLinkUrl } from '../slack/link-url.ts';
import { sanitizeNavigationHref } from '../url.ts';
import {
  contentBlocks,
  isMarkdownBlock,
  isMarkdownContent,
  type MarkdownBlock,
  type MarkdownContent,
  type MarkdownInline,
  type MarkdownList,
  type MarkdownNode,
  type MarkdownTable,
} from './content.ts';

export interface SlackTextStyle {
  bold?: true;
  italic?: true;
  code?: true;
}

export interface SlackRichTextText {
  type: 'text';
  text: string;
  style?: SlackTextStyle;
}

export interface SlackRichTextLink {
  type: 'link';
  url: string;
  text?: string;
  style?: SlackTextStyle;
}

export type SlackRichTextInline = SlackRichTextText | SlackRichTextLink;

export interface SlackRichTextSection {
  type: 'rich_text_section';
  elements: SlackRichTextInline[];
}

export interface SlackRichTextList {
  type: 'rich_text_list';
  style: 'bullet' | 'ordered';
  indent: number;
  /** Ordered lists only: the first item is numbered `offset + 1`. */
  offset?: number;
  elements: SlackRichTextSection[];
}

export interface SlackRichTextQuote {
  type: 'rich_text_quote';
  elements: SlackRichTextInline[];
}

export interface SlackRichTextPreformatted {
  type: 'rich_text_preformatted';
  elements: SlackRichTextText[];
}

export type SlackRichTextElement =
  | SlackRichTextSection
  | SlackRichTextList
  | SlackRichTextQuote
  | SlackRichTextPreformatted;

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
      { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: content }] }] },
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

// ---------------------------------------------------------------------------------------------
// Inline

function styled(style: SlackTextStyle): SlackTextStyle | undefined {
  return style.bold || style.italic || style.code ? { ...style } : undefined;
}

function textElement(text: string, style: SlackTextStyle): SlackRichTextText {
  const element: SlackRichTextText = { type: 'text', text };
  const applied = styled(style);
  if (applied) element.style = applied;
  return element;
}

function collectInline(nodes: readonly MarkdownInline[], style: SlackTextStyle, out: SlackRichTextInline[]): void {
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    switch (node.type) {
      case 'text':
        out.push(textElement(flatText(node.value), style));
        break;
      case 'strong':
        collectInline(node.children ?? [], { ...style, bold: true }, out);
        break;
      case 'emphasis':
        collectInline(node.children ?? [], { ...style, italic: true }, out);
        break;
      case 'code':
        out.push(textElement(flatText(node.value), { ...style, code: true }));
        break;
      case 'break':
        out.push(textElement('\n', style));
        break;
      case 'link': {
        const url = slackLinkUrl(node.href);
        if (url === null) {
          // A refused but allowed address still reads as text, as the Markdown serializer prints it.
          const shown = inlinePlain(node.children ?? [], true).trim() === '' ? sanitizeNavigationHref(node.href) : null;
          if (shown) out.push(textElement(flatText(shown), style));
          else collectInline(node.children ?? [], style, out);
          break;
        }
        const link: SlackRichTextLink = { type: 'link', url };
        const label = inlinePlain(node.children ?? [], true)
          .replace(/\n/g, ' ')
          .trim();
        if (label !== '') link.text = label;
        const applied = styled(style);
        if (applied) link.style = applied;
        out.push(link);
        break;
      }
      case 'image': {
        const alt = flatText(node.alt).trim();
        // Images link only to an absolute https source.
        const url = slackLinkUrl(node.src, 'image');
        if (url === null) {
          if (alt !== '') out.push(textElement(alt, style));
          break;
        }
        const link: SlackRichTextLink = { type: 'link', url };
        if (alt !== '') link.text = alt;
        const applied = styled(style);
        if (applied) link.style = applied;
        out.push(link);
        break;
      }
      default:
        break;
    }
  }
}

function sameStyle(a: SlackTextStyle | undefined, b: SlackTextStyle | undefined): boolean {
  return !!a?.bold === !!b?.bold && !!a?.italic === !!b?.italic && !!a?.code === !!b?.code;
}

/** Merges neighbouring text runs of one style and drops empty ones (Slack rejects empty text). */
function tidy(elements: readonly SlackRichTextInline[]): SlackRichTextInline[] {
  const out: SlackRichTextInline[] = [];
  for (const element of elements) {
    if (element.type === 'text' && element.text === '') continue;
    const last = out[out.length - 1];
    if (element.type === 'text' && last?.type === 'text' && sameStyle(last.style, element.style)) {
      out[out.length - 1] = { ...last, text: last.text + element.text };
      continue;
    }
    out.push(element);
  }
  return out;
}

/** True when elements would show nothing: Slack rejects sections without visible content. */
function isBlank(elements: readonly SlackRichTextInline[]): boolean {
  return elements.every((element) => element.type === 'text' && element.text.trim() === '');
}

/** Trims a section's edges: stray breaks and spaces at either end are invisible noise. */
function trimEdges(elements: SlackRichTextInline[]): SlackRichTextInline[] {
  const out = tidy(elements);
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, text: first.text.replace(/^\s+/, '') };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { ...last, text: last.text.replace(/\s+$/, '') };
  return tidy(out);
}

/** The inline elements of a paragraph-like block (a heading is bold). */
function blockInline(block: MarkdownBlock): SlackRichTextInline[] {
  const out: SlackRichTextInline[] = [];
  if (block.type === 'paragraph') collectInline(block.children ?? [], {}, out);
  else if (block.type === 'heading') collectInline(block.children ?? [], { bold: true }, out);
  return trimEdges(out);
}

// ---------------------------------------------------------------------------------------------
// Blocks

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
        const text = String(block.value ?? '')
          .replace(/\r\n?/g, '\n')
          .replace(/\n$/, '');
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
        const text = String(block.value ?? '')
          .replace(/\r\n?/g, '\n')
          .replace(/\n$/, '');
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

// ---------------------------------------------------------------------------------------------
// Plain text

function flatText(value: unknown): string {
  return String(value ?? '').replace(/\r\n?|\n/g, ' ');
}

function inlinePlain(nodes: readonly MarkdownInline[], inLink = false): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    switch (node.type) {
      case 'text':
      case 'code':
        out += flatText(node.value);
        break;
      case 'strong':
      case 'emphasis':
        out += inlinePlain(node.children ?? [], inLink);
        break;
      case 'break':
        out += '\n';
        break;
      case 'link': {
        const label = inlinePlain(node.children ?? [], true);
        // A label-less link reads as its address, as the Markdown serializer prints it.
        out += label.trim() === '' && !inLink ? (sanitizeNavigationHref(node.href) ?? '') : label;
        break;
      }
      case 'image':
        out += flatText(node.alt);
        break;
      default:
        break;
    }
  }
  return out;
}

function cellPlain(cell: readonly MarkdownInline[] | undefined): string {
  return inlinePlain(cell ?? [])
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

function tablePlain(table: MarkdownTable): string {
  const lines: string[] = [];
  for (const row of [table.header ?? [], ...(table.rows ?? [])]) {
    const cells = row.map((cell) => cellPlain(cell));
    if (cells.some((cell) => cell !== '')) lines.push(cells.join(' · '));
  }
  return lines.join('\n');
}

function listPlain(list: MarkdownList, depth: number): string {
  const start = Number.isFinite(list.start) ? Math.max(0, Math.trunc(list.start)) : 1;
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  (list.items ?? []).forEach((item, index) => {
    const marker = list.ordered ? `${start + index}. ` : '- ';
    let first = true;
    for (const block of item) {
      const text = block.type === 'list' ? listPlain(block, depth + 1) : blockPlain(block, depth);
      if (text === '') continue;
      if (block.type === 'list') {
        lines.push(text);
        continue;
      }
      const indented = text.replace(/\n/g, `\n${pad}${' '.repeat(marker.length)}`);
      lines.push(first ? `${pad}${marker}${indented}` : `${pad}${' '.repeat(marker.length)}${indented}`);
      first = false;
    }
  });
  return lines.join('\n');
}

function blockPlain(block: MarkdownBlock, depth = 0): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlinePlain(block.children ?? [])
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .trim();
    case 'list':
      return listPlain(block, depth);
    case 'blockquote':
      return blocksPlain(block.children ?? []);
    case 'table':
      return tablePlain(block);
    case 'codeBlock':
      return String(block.value ?? '')
        .replace(/\r\n?/g, '\n')
        .replace(/\n$/, '');
    default:
      return '';
  }
}

function blocksPlain(blocks: readonly MarkdownBlock[]): string {
  return blocks
    .map((block) => blockPlain(block))
    .filter((text) => text !== '')
    .join('\n\n');
}

/**
 * The text of content without any marks: links print their label, images their alt text, lists
 * become `- item` / `1. item` lines, table rows join their cells with ` · `, rules disappear and
 * blocks are separated by a blank line. For alt texts and for degrading what Slack cannot draw.
 * @example markdownToPlainText(md.content(md.paragraph('Read ', md.link('https://x.dev', 'the docs'))))
 * // 'Read the docs'
 */
export function markdownToPlainText(
  content: MarkdownContent | MarkdownNode | readonly MarkdownNode[] | string,
): string {
  if (typeof content === 'string') return content;
  if (isMarkdownContent(content)) return blocksPlain(content.blocks);
  const nodes: readonly MarkdownNode[] = Array.isArray(content) ? content : [content as MarkdownNode];
  // Inline runs read as one paragraph; blocks as blocks.
  const parts: string[] = [];
  let run: MarkdownInline[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const text = blockPlain({ type: 'paragraph', children: run });
    if (text !== '') parts.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (isMarkdownBlock(node)) {
      flush();
      const text = blockPlain(node);
      if (text !== '') parts.push(text);
    } else if (typeof node === 'object' && node !== null) {
      run.push(node as MarkdownInline);
    }
  }
  flush();
  return parts.join('\n\n');
}
