/**
 * Step 3 of fitting a message: Slack allows few tables and few cell characters per message, so
 * tables past that budget (and tables over the row or column limit) become rich text.
 */
import { isRecord } from '../../model/is-record.ts';
import { fitBlock } from './block-limits.ts';
import type { Json } from '../../text/well-formed.ts';
import type { Entry } from './layout.ts';
import { SLACK_LIMITS } from './limits.ts';
import { inlineLength } from './rich-text-limits.ts';

/** Characters a rich text tree shows: its text elements, and links' text (or URL). */
function richTextChars(elements: unknown): number {
  if (!Array.isArray(elements)) return 0;
  let total = 0;
  for (const element of elements) {
    total += inlineLength(element);
    if (isRecord(element)) total += richTextChars(element.elements);
  }
  return total;
}

function cellChars(cell: unknown): number {
  if (!isRecord(cell)) return 0;
  if (cell.type === 'raw_text') return typeof cell.text === 'string' ? cell.text.length : 0;
  if (cell.type === 'rich_text') return richTextChars(cell.elements);
  return 0;
}

function tableRows(block: Json): unknown[][] {
  return Array.isArray(block.rows) ? block.rows.filter((row): row is unknown[] => Array.isArray(row)) : [];
}

/** A cell as rich text inline elements, so links and styles in rich cells survive degradation. */
function cellInlines(cell: unknown): Json[] {
  if (!isRecord(cell)) return [];
  if (cell.type === 'raw_text') return typeof cell.text === 'string' && cell.text !== '' ? [textInline(cell.text)] : [];
  if (cell.type !== 'rich_text') return [];
  return joinInlines(flattenRichText(cell.elements), ' ');
}

/** One inline list per leaf container (section, quote, list item…), in order. */
function flattenRichText(elements: unknown): Json[][] {
  if (!Array.isArray(elements)) return [];
  const parts: Json[][] = [];
  for (const element of elements) {
    if (!isRecord(element) || !Array.isArray(element.elements)) continue;
    if (element.type === 'rich_text_list') {
      parts.push(joinInlines(flattenRichText(element.elements), ', '));
      continue;
    }
    parts.push(element.elements.filter(isRecord));
  }
  return parts.filter((part) => !isBlank(part));
}

function joinInlines(parts: Json[][], separator: string): Json[] {
  return parts.flatMap((part, index) => (index === 0 ? part : [textInline(separator), ...part]));
}

function textInline(text: string, bold = false): Json {
  return bold ? { type: 'text', text, style: { bold: true } } : { type: 'text', text };
}

function isBlank(inlines: Json[]): boolean {
  return inlines.every(
    (inline) => inline.type === 'text' && (typeof inline.text !== 'string' || inline.text.trim() === ''),
  );
}

function inlinesText(inlines: Json[]): string {
  return inlines
    .map((inline) => {
      if (typeof inline.text === 'string') return inline.text;
      return inline.type === 'link' && typeof inline.url === 'string' ? inline.url : '';
    })
    .join('')
    .trim();
}

/**
 * A table as rich text: each data row becomes `header: cell` lines (rows apart by a blank line);
 * a table with only a header row becomes one line of its cells joined by ` · `. Blank cells are
 * left out; `null` when nothing is left to show.
 */
function degradeTable(block: Json): Json | null {
  const [header = [], ...data] = tableRows(block);
  let inlines: Json[];
  if (data.length === 0) {
    inlines = joinInlines(
      header.map(cellInlines).filter((cell) => !isBlank(cell)),
      ' · ',
    );
  } else {
    const labels = header.map((cell) => inlinesText(cellInlines(cell)));
    const rows = data
      .map((row) => {
        const lines = row.flatMap((cell, column) => {
          const value = cellInlines(cell);
          if (isBlank(value)) return [];
          const label = labels[column] ?? '';
          return [label === '' ? value : [textInline(`${label}: `, true), ...value]];
        });
        return joinInlines(lines, '\n');
      })
      .filter((row) => !isBlank(row));
    inlines = joinInlines(rows, '\n\n');
  }
  if (isBlank(inlines)) return null;
  return { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: inlines }] };
}

/**
 * Keeps tables in document order while Slack's table count and cell budget allow; the first table
 * that would overflow either, and every table after, degrades to rich text. A table over the row or
 * column limit degrades on its own and spends nothing, so it does not cost later tables their place.
 */
export function budgetTables(entries: Entry[]): Entry[] {
  let spent = 0;
  let kept = 0;
  let exhausted = false;
  const out: Entry[] = [];
  for (const entry of entries) {
    if (entry.block.type !== 'table') {
      out.push(entry);
      continue;
    }
    const rows = tableRows(entry.block);
    const columns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
    const oversized = rows.length > SLACK_LIMITS.tableRows || columns > SLACK_LIMITS.tableColumns;
    if (!oversized && !exhausted) {
      const chars = rows.reduce((sum, row) => row.reduce<number>((rowSum, cell) => rowSum + cellChars(cell), sum), 0);
      if (kept < SLACK_LIMITS.tablesPerMessage && spent + chars <= SLACK_LIMITS.tableCellCharsPerMessage) {
        spent += chars;
        kept += 1;
        out.push(entry);
        continue;
      }
      exhausted = true;
    }
    const degraded = degradeTable(entry.block);
    const fitted = degraded && fitBlock(degraded);
    if (fitted) out.push({ block: fitted, role: entry.role });
  }
  return out;
}
