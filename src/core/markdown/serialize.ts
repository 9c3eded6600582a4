/**
 * The one place Markdown syntax is written (inline text in `serialize-inline.ts`). Every value is escaped for the position it lands in
 * and every URL is re-checked here, so a content tree built from model text prints as that text
 * and nothing more: no headings, links, HTML or unsafe URLs the renderer did not build.
 */
import { longestRun } from '../text/runs.ts';
import { CELL, FLOW, ONE_LINE, serializeFlow } from './serialize-inline.ts';
import {
  contentBlocks,
  type MarkdownBlock,
  type MarkdownCodeBlock,
  type MarkdownContent,
  type MarkdownHeading,
  type MarkdownInline,
  type MarkdownList,
  type MarkdownTable,
} from './tree.ts';

/**
 * Prints content as GitHub-flavoured Markdown: `-` bullets, `1.` numbers, `_emphasis_`,
 * `**strong**`, blocks separated by a blank line, compact pipe tables. No trailing newline;
 * empty content prints `''`. Blocks and list items that print nothing are left out; a table
 * without a header gets an empty header row; hard breaks inside headings, table cells, marks
 * and link labels print as spaces. Blocked links print their label, blocked images their alt.
 * @example
 * ```ts
 * import { md, serializeMarkdown } from 'isomer-edge';
 *
 * serializeMarkdown(md.content(md.heading(2, '# Injected'))); // '## \\# Injected'
 * ```
 */
export function serializeMarkdown(content: MarkdownContent | readonly MarkdownBlock[]): string {
  return serializeBlocks(contentBlocks(content), false);
}

function serializeHeading(block: MarkdownHeading): string {
  const text = serializeFlow(block.children ?? [], ONE_LINE);
  if (text === '') return '';
  const depth = Math.min(6, Math.max(1, Math.trunc(Number(block.depth)) || 1));
  // A space then `#`s at the end is read as a closing sequence and dropped.
  return `${'#'.repeat(depth)} ${text.replace(/([ \t])(#+)$/, '$1\\$2')}`;
}

const SAFE_LANGUAGE = /^[A-Za-z0-9_+.#-]+$/;

function serializeCodeBlock(block: MarkdownCodeBlock): string {
  const value = String(block.value ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(value, '`') + 1));
  // A language that is not a plain token is dropped whole, as the reference does: trimmed into
  // one, it would name a language nobody wrote.
  const language = SAFE_LANGUAGE.test(String(block.language ?? '')) ? String(block.language) : '';
  return value === '' ? `${fence}${language}\n${fence}` : `${fence}${language}\n${value}\n${fence}`;
}

function serializeCell(cell: readonly MarkdownInline[] | undefined): string {
  // A cell is read as inline content only, so block starters need no escaping there.
  return serializeFlow(cell ?? [], CELL, false);
}

function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function serializeTable(block: MarkdownTable): string {
  const header = block.header ?? [];
  const rows = block.rows ?? [];
  const columns = Math.max(header.length, ...rows.map((row) => row.length));
  if (columns === 0) return '';
  const cellsOf = (row: readonly (readonly MarkdownInline[])[]): string[] =>
    Array.from({ length: columns }, (_, column) => serializeCell(row[column]));
  // GFM has no header-less table, so a missing header prints as an empty row rather than
  // promoting the first data row to a header.
  const lines = [tableRow(cellsOf(header)), tableRow(Array.from({ length: columns }, () => '---'))];
  for (const row of rows) lines.push(tableRow(cellsOf(row)));
  return lines.join('\n');
}

function indent(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? first + line : line === '' ? '' : rest + line))
    .join('\n');
}

function serializeList(block: MarkdownList, alternate: boolean): string {
  const items = block.items ?? [];
  const start = Number.isFinite(block.start) ? Math.min(999_999_999, Math.max(0, Math.trunc(block.start))) : 1;
  const lines: string[] = [];
  for (const item of items) {
    const body = serializeBlocks(item ?? [], true);
    // An empty item prints a bare marker, which can read as a setext underline (`-`) or, nested,
    // as a thematic break (`- - -`); with nothing to show, the item is left out.
    if (body === '') continue;
    const marker = block.ordered ? `${start + lines.length}${alternate ? ')' : '.'}` : alternate ? '*' : '-';
    lines.push(indent(body, `${marker} `, ' '.repeat(marker.length + 1)));
  }
  return lines.join('\n');
}

function serializeBlock(block: MarkdownBlock, alternateList: boolean): string {
  switch (block.type) {
    case 'paragraph':
      return serializeFlow(block.children ?? [], FLOW);
    case 'heading':
      return serializeHeading(block);
    case 'list':
      return serializeList(block, alternateList);
    case 'blockquote': {
      const inner = serializeBlocks(block.children ?? [], false);
      if (inner === '') return '';
      return inner
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    }
    case 'table':
      return serializeTable(block);
    case 'codeBlock':
      return serializeCodeBlock(block);
    case 'rule':
      return '---';
    default:
      return '';
  }
}

/**
 * A nested list can follow its item's first paragraph on the next line only if it may interrupt
 * one: a bullet, or a number 1, with content on its first line.
 */
function interruptsParagraph(block: MarkdownBlock, printed: string): boolean {
  return block.type === 'list' && /^(?:[-*]|1[.)]) \S/.test(printed);
}

/**
 * Serializes sibling blocks. Two lists of the same kind in a row would merge into one, so the
 * second switches marker (`*` / `1)`). Inside a list item (`tight`), a nested list directly after
 * a paragraph stays on the next line so the list remains tight.
 */
function serializeBlocks(blocks: readonly MarkdownBlock[], tight: boolean): string {
  let out = '';
  let previous: { block: MarkdownBlock; alternate: boolean } | undefined;
  for (const block of blocks) {
    if (typeof block !== 'object' || block === null) continue;
    const follows =
      previous?.block.type === 'list' && block.type === 'list' && previous.block.ordered === block.ordered;
    const alternate = follows ? !previous!.alternate : false;
    const printed = serializeBlock(block, alternate);
    if (printed === '') continue;
    if (out !== '')
      out += tight && previous?.block.type === 'paragraph' && interruptsParagraph(block, printed) ? '\n' : '\n\n';
    out += printed;
    previous = { block, alternate };
  }
  return out;
}
