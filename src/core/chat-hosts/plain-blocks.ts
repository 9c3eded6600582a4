/**
 * Blocks of the content tree as plain structures every host draws in its own way: code text and
 * its fence language, tables as a grid of cell text or aligned monospace lines, list items split
 * into text and nested blocks, term/definition lists, and any block as lines of runs for hosts
 * whose containers hold text only. Nothing here escapes: each host escapes what it writes.
 */
import {
  isMarkdownBlock,
  type MarkdownBlock,
  type MarkdownInline,
  type MarkdownList,
  type MarkdownTable,
} from '../markdown/tree.ts';
import { displayWidth } from '../text/display-width.ts';
import { breakRefusedUrls } from './link-target.ts';
import { type ChatRun, inlineRuns, runsText, splitRunLines, tidyRuns } from './runs.ts';

/** A code block's text without its final newline, line endings normalised, refused URLs inert. */
export function codeText(value: unknown): string {
  return breakRefusedUrls(
    String(value ?? '')
      .replace(/\r\n?/g, '\n')
      .replace(/\n$/, ''),
  );
}

/** A fence language hosts accept: word characters, `+`, `-`, `#`, `.` only; else none. */
export function codeLanguage(language: unknown): string {
  const value = String(language ?? '').trim();
  return /^[\w+#.-]{1,32}$/.test(value) ? value : '';
}

/** A table as rows of plain cell text: header first (when it has any text), every row padded to every column. */
export function tableGrid(table: MarkdownTable): { header: string[] | undefined; rows: string[][]; columns: number } {
  const columns = Math.max(table.header?.length ?? 0, ...(table.rows ?? []).map((row) => row.length), 0);
  const cells = (row: readonly MarkdownInline[][]): string[] =>
    Array.from({ length: columns }, (_, column) =>
      runsText(inlineRuns(row[column] ?? []))
        .replace(/\s*\n\s*/g, ' ')
        .trim(),
    );
  const header = cells(table.header ?? []);
  return {
    header: header.some((cell) => cell !== '') ? header : undefined,
    rows: (table.rows ?? []).map(cells).filter((row) => row.some((cell) => cell !== '')),
    columns,
  };
}

/**
 * A table as aligned monospace lines (the way chat users share tables): columns padded to their
 * widest cell by display width (so CJK, emoji and zero-width characters line up), a rule under the
 * header, cells joined by two spaces.
 * @example monospaceTable(grid) // 'Name    Qty\n------  ---\nApples  3'
 */
export function monospaceTable(grid: ReturnType<typeof tableGrid>): string {
  const rows = grid.header ? [grid.header, ...grid.rows] : grid.rows;
  if (rows.length === 0 || grid.columns === 0) return '';
  // Each cell measured once: outside ASCII a measure costs microseconds.
  const measured = rows.map((row) =>
    Array.from({ length: grid.columns }, (_, column) => displayWidth(row[column] ?? '')),
  );
  const widths = Array.from({ length: grid.columns }, (_, column) =>
    Math.max(1, ...measured.map((row) => row[column]!)),
  );
  const lines = rows.map((row, index) =>
    Array.from(
      { length: grid.columns },
      (_, column) => (row[column] ?? '') + ' '.repeat(widths[column]! - measured[index]![column]!),
    )
      .join('  ')
      .trimEnd(),
  );
  if (grid.header) lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return lines.join('\n');
}

/** A list item's first paragraphs (its text) and the blocks after them (nested lists, code…). */
export function splitItem(item: readonly MarkdownBlock[]): { lead: ChatRun[]; rest: MarkdownBlock[] } {
  const lead: ChatRun[] = [];
  let index = 0;
  for (; index < item.length; index++) {
    const block = item[index]!;
    if (block.type !== 'paragraph' && block.type !== 'heading') break;
    const runs = inlineRuns(block.children ?? [], block.type === 'heading' ? { bold: true } : {});
    if (runs.length === 0) continue;
    if (lead.length > 0) lead.push({ text: '\n', style: {} });
    lead.push(...runs);
  }
  return { lead: tidyRuns(lead), rest: item.slice(index) };
}

/** The first number of an ordered list, as the serializer reads it. */
export function listStart(list: MarkdownList): number {
  return Number.isFinite(list.start) ? Math.max(0, Math.trunc(list.start)) : 1;
}

/** A term and its definition, as FactSets and labelled widgets show them. */
export interface TermDefinition {
  term: ChatRun[];
  definition: ChatRun[];
}

/**
 * Reads a bullet list whose every item is one paragraph opening with a bold term then ` · `,
 * `: ` or ` — ` (how the pack's definition, legend and key/value primitives write pairs) as
 * term/definition pairs; `undefined` for any other list.
 */
export function termDefinitions(list: MarkdownList): TermDefinition[] | undefined {
  if (list.ordered || (list.items ?? []).length === 0) return undefined;
  const pairs: TermDefinition[] = [];
  for (const item of list.items) {
    if (item.length !== 1 || item[0]!.type !== 'paragraph') return undefined;
    const [first, second, ...rest] = item[0]!.children ?? [];
    if (first?.type !== 'strong' || second?.type !== 'text') return undefined;
    const separator = /^(?: · |: | — )/.exec(second.value);
    if (!separator) return undefined;
    const term = inlineRuns(first.children ?? []);
    const tail: MarkdownInline[] = [{ type: 'text', value: second.value.slice(separator[0].length) }, ...rest];
    const definition = inlineRuns(tail);
    if (runsText(term) === '' || runsText(definition) === '') return undefined;
    // The term is bold in the source only to mark it; hosts style the term slot themselves.
    pairs.push({ term: tidyRuns(term.map(unbold)), definition });
  }
  return pairs;
}

function unbold(run: ChatRun): ChatRun {
  const { bold: _bold, ...style } = run.style;
  return { ...run, style };
}

/**
 * Any block as lines of runs, for hosts whose containers hold text only (quotes, list items,
 * Telegram and Google Chat paragraphs): list items get `• ` or `1. ` and two spaces per level,
 * tables their rows with cells joined by ` · `, code its lines in code style, rules a short line.
 */
export function blockLines(block: MarkdownBlock, depth = 0): ChatRun[][] {
  switch (block.type) {
    case 'paragraph':
      return splitRunLines(inlineRuns(block.children ?? []));
    case 'heading':
      return splitRunLines(inlineRuns(block.children ?? [], { bold: true }));
    case 'list': {
      const lines: ChatRun[][] = [];
      const start = listStart(block);
      const pad = '  '.repeat(depth);
      (block.items ?? []).forEach((item, index) => {
        const marker = block.ordered ? `${start + index}. ` : '• ';
        const { lead, rest } = splitItem(item);
        splitRunLines(lead).forEach((line, at) => {
          const prefix = at === 0 ? pad + marker : pad + ' '.repeat(marker.length);
          lines.push(tidyRuns([{ text: prefix, style: {} }, ...line]));
        });
        for (const child of rest) {
          const nested = blockLines(child, child.type === 'list' ? depth + 1 : depth);
          lines.push(
            ...(child.type === 'list'
              ? nested
              : nested.map((line) => tidyRuns([{ text: pad + ' '.repeat(marker.length), style: {} }, ...line]))),
          );
        }
      });
      return lines;
    }
    case 'blockquote':
      return (block.children ?? []).flatMap((child) => (isMarkdownBlock(child) ? blockLines(child, depth) : []));
    case 'table': {
      const grid = tableGrid(block);
      return [...(grid.header ? [grid.header] : []), ...grid.rows].map((row) => [
        { text: row.filter((cell) => cell !== '').join(' · '), style: {} },
      ]);
    }
    case 'codeBlock':
      return codeText(block.value)
        .split('\n')
        .map((line) => (line === '' ? [] : [{ text: line, style: { code: true } }]));
    case 'rule':
      return [[{ text: '———', style: {} }]];
    default:
      return [];
  }
}
