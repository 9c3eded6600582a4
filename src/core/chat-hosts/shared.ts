/**
 * What the chat-host converters share: the document they read, inline content flattened to styled
 * runs (links already checked), plain-text views of tables and lists, byte budgets and runs as
 * HTML. Each host escapes runs its own way; the hosts that read a Markdown dialect share the writer
 * in `markdown-dialect.ts`.
 */
import { byteLength } from '../text/byte-length.ts';
import { cloneData } from '../text/well-formed.ts';
import {
  contentBlocks,
  isMarkdownBlock,
  type MarkdownBlock,
  type MarkdownContent,
  type MarkdownInline,
  type MarkdownLink,
  type MarkdownList,
  type MarkdownTable,
} from '../markdown/tree.ts';
import { clampText } from '../text/clamp.ts';
import { breakRefusedUrls, labelMisleads, linkTarget } from './link-target.ts';
import { sanitizeNavigationHref } from '../model/url.ts';

/** What every chat converter takes: a composition's heading and its body as one content tree. */
export interface ChatDocument {
  title?: string;
  subtitle?: string;
  blocks: readonly MarkdownBlock[];
}

export interface ChatHeading {
  title?: string;
  subtitle?: string;
}

/**
 * Content plus an optional heading, as a {@link ChatDocument}. Every chat converter reads its
 * input through here, so this is the one place where half a surrogate pair becomes U+FFFD for all
 * hosts: it has no UTF-8 form, and Telegram refuses a message holding one.
 */
export function chatDocument(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): ChatDocument {
  return cloneData(documentAsGiven(content, heading), new Map()) as ChatDocument;
}

/** Content plus an optional heading, as a {@link ChatDocument}. */
function documentAsGiven(content: MarkdownContent | readonly MarkdownBlock[], heading: ChatHeading = {}): ChatDocument {
  const document: ChatDocument = { blocks: contentBlocks(content).filter((block) => isMarkdownBlock(block)) };
  if (heading.title?.trim()) document.title = breakRefusedUrls(heading.title.trim());
  if (heading.subtitle?.trim()) document.subtitle = breakRefusedUrls(heading.subtitle.trim());
  return document;
}

/**
 * Inserted after `@` or `<` to break a mention a host would otherwise resolve: not whitespace, so
 * no host trims it, and invisible, so the reader still sees `@everyone` as written.
 */
export const MENTION_BREAK = '\u200B';

/** The note that replaces what a host limit cut, so a reader knows something is missing. */
export function omittedNote(count: number, limit: string): string {
  return `${count} more ${count === 1 ? 'block was' : 'blocks were'} left out to fit ${limit}.`;
}

/**
 * Inserts {@link MENTION_BREAK} after every match of `at` in the joined text of `runs`, so a
 * mention whose `@` (or `<`) and name sit in different runs — `@**name**`, `**@**name`, `@` and a
 * link — is broken exactly like one inside a single run. `at` is a global pattern matching what
 * opens a mention (the `@`, with the name as a lookahead); each break joins the run it follows.
 * @example breakMentions([{ text: '@', style: {} }, { text: 'ann', style: { bold: true } }], /@(?=\w)/g)
 * // [{ text: '@\u200B', style: {} }, { text: 'ann', style: { bold: true } }]
 */
export function breakMentions(runs: readonly ChatRun[], at: RegExp): ChatRun[] {
  const text = runsText(runs);
  const places: number[] = [];
  at.lastIndex = 0;
  for (let match = at.exec(text); match !== null; match = at.exec(text)) {
    places.push(match.index + match[0].length);
    if (match[0] === '') at.lastIndex++;
  }
  if (places.length === 0) return [...runs];
  const out: ChatRun[] = [];
  let start = 0;
  let next = 0;
  for (const run of runs) {
    const end = start + run.text.length;
    const parts: string[] = [];
    let from = start;
    while (next < places.length && places[next]! <= end) {
      const place = places[next++]!;
      parts.push(run.text.slice(from - start, place - start), MENTION_BREAK);
      from = place;
    }
    parts.push(run.text.slice(from - start));
    out.push({ ...run, text: parts.join('') });
    start = end;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Links

function encodeUrl(url: string): string {
  // Whitespace and the characters that end a link in Markdown or HTML are percent-encoded.
  return url.replace(/[\s()<>"'[\]\\`]/gu, (char) => encodeURIComponent(char).replace(/[()'!]/g, percent));
}

function percent(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * A link a chat host can open: what the shared link rule accepts ({@link linkTarget}: absolute
 * http(s) or mailto, no userinfo or invisible characters, the host in ASCII), as the URL parser
 * serializes it, encoded so it cannot end the host's link syntax; else `null`.
 */
export function chatLinkUrl(href: string): string | null {
  const target = linkTarget(href);
  return target === null ? null : encodeUrl(target.href);
}

/** An image source shown as a link: absolute https only, under the same rule; else `null`. */
export function chatImageUrl(src: string): string | null {
  const target = linkTarget(src, 'image');
  return target === null ? null : encodeUrl(target.href);
}

// ---------------------------------------------------------------------------------------------
// Runs

export interface RunStyle {
  bold?: true;
  italic?: true;
  code?: true;
}

/** A piece of one line of text in one style; `href` is a checked, encoded URL when it is a link. */
export interface ChatRun {
  text: string;
  style: RunStyle;
  href?: string;
}

function sameRun(a: ChatRun, b: ChatRun): boolean {
  return (
    a.href === b.href &&
    !!a.style.bold === !!b.style.bold &&
    !!a.style.italic === !!b.style.italic &&
    !!a.style.code === !!b.style.code
  );
}

function flat(value: unknown): string {
  return String(value ?? '').replace(/\r\n?|\n/g, ' ');
}

function collect(nodes: readonly MarkdownInline[], style: RunStyle, href: string | undefined, out: ChatRun[]): void {
  const push = (text: string, runStyle: RunStyle): void => {
    out.push(href === undefined ? { text, style: runStyle } : { text, style: runStyle, href });
  };
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    switch (node.type) {
      case 'text':
        push(breakRefusedUrls(flat(node.value)), style);
        break;
      case 'code':
        push(breakRefusedUrls(flat(node.value)), { ...style, code: true });
        break;
      case 'strong':
        collect(node.children ?? [], { ...style, bold: true }, href, out);
        break;
      case 'emphasis':
        collect(node.children ?? [], { ...style, italic: true }, href, out);
        break;
      case 'break':
        push('\n', style);
        break;
      case 'link':
        collectLink(node, style, href, out);
        break;
      case 'image': {
        const alt = flat(node.alt).trim();
        const url = href ?? chatImageUrl(node.src) ?? undefined;
        if (url !== undefined) out.push({ text: alt || 'image', style, href: url });
        else if (alt !== '') push(alt, style);
        break;
      }
      default:
        break;
    }
  }
}

/**
 * A link's runs. A link inside a link keeps the outer target; a refused target leaves its label as
 * text; a label naming a host the target is not on is shown as text followed by the real target
 * (`label (https://target/…)`), so no label can pass for where a link goes.
 */
function collectLink(node: MarkdownLink, style: RunStyle, href: string | undefined, out: ChatRun[]): void {
  const target = href === undefined ? linkTarget(node.href) : null;
  const url = href ?? (target === null ? undefined : encodeUrl(target.href));
  const before = out.length;
  collect(node.children ?? [], style, url, out);
  const label = out
    .slice(before)
    .map((run) => run.text)
    .join('');
  if (label.trim() === '') {
    out.length = before;
    if (href !== undefined) return;
    // A label-less link reads as its address: the checked one (host in ASCII) when it may link.
    if (target !== null) out.push({ text: target.href, style, href: url! });
    else {
      const shown = sanitizeNavigationHref(node.href);
      if (shown !== null) out.push({ text: breakRefusedUrls(flat(shown)), style });
    }
    return;
  }
  if (target === null || !labelMisleads(label, target)) return;
  for (let index = before; index < out.length; index++) {
    const { href: _linked, ...run } = out[index]!;
    out[index] = run;
  }
  out.push({ text: ' (', style }, { text: target.href, style, href: url! }, { text: ')', style });
}

/** Joins neighbours of one style and target; drops empty runs. */
export function tidyRuns(runs: readonly ChatRun[]): ChatRun[] {
  const out: ChatRun[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = out[out.length - 1];
    if (last && sameRun(last, run)) out[out.length - 1] = { ...last, text: last.text + run.text };
    else out.push(run);
  }
  return out;
}

/** Trims whitespace at both ends of a run list (stray breaks included). */
export function trimRuns(runs: readonly ChatRun[]): ChatRun[] {
  const out = tidyRuns(runs);
  while (out.length > 0 && out[0]!.text.trim() === '' && out[0]!.href === undefined) out.shift();
  while (out.length > 0 && out[out.length - 1]!.text.trim() === '' && out[out.length - 1]!.href === undefined)
    out.pop();
  if (out.length === 0) return out;
  out[0] = { ...out[0]!, text: out[0]!.text.replace(/^\s+/, '') };
  const last = out.length - 1;
  out[last] = { ...out[last]!, text: out[last]!.text.replace(/\s+$/, '') };
  return tidyRuns(out);
}

/**
 * Inline content as styled runs: strong and emphasis become styles, a break a `\n` run, a link
 * its label with `href` set when the URL policy allows it (else the label alone), an image a link
 * to its https source or its alt text. Trimmed at both ends.
 * @example inlineRuns([md.strong('Hi'), ' there'])
 * // [{ text: 'Hi', style: { bold: true } }, { text: ' there', style: {} }]
 */
export function inlineRuns(nodes: readonly MarkdownInline[], style: RunStyle = {}): ChatRun[] {
  const out: ChatRun[] = [];
  collect(nodes, style, undefined, out);
  return trimRuns(out);
}

/** The text of runs, without styles or links. */
export function runsText(runs: readonly ChatRun[]): string {
  return runs.map((run) => run.text).join('');
}

/** Runs cut at their `\n` runs into lines (each line trimmed at its end). */
export function splitRunLines(runs: readonly ChatRun[]): ChatRun[][] {
  const lines: ChatRun[][] = [[]];
  for (const run of runs) {
    const parts = run.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ ...run, text: part });
    });
  }
  return lines.map((line) => tidyRuns(line)).filter((line) => runsText(line).trim() !== '');
}

// ---------------------------------------------------------------------------------------------
// Blocks as plain structures

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

const wide =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{1F300}-\u{1FAFF}]/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Columns a string takes in a monospace font: wide scripts and emoji take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += wide.test(segment) ? 2 : 1;
  return width;
}

/**
 * A table as aligned monospace lines (the way chat users share tables): columns padded to their
 * widest cell, a rule under the header, cells joined by two spaces.
 * @example monospaceTable(grid) // 'Name   Qty\n-----  ---\nApples 3'
 */
export function monospaceTable(grid: ReturnType<typeof tableGrid>): string {
  const rows = grid.header ? [grid.header, ...grid.rows] : grid.rows;
  if (rows.length === 0 || grid.columns === 0) return '';
  const widths = Array.from({ length: grid.columns }, (_, column) =>
    Math.max(1, ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) => cell + ' '.repeat(widths[column]! - displayWidth(cell)))
      .join('  ')
      .trimEnd();
  const lines = rows.map(line);
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

// ---------------------------------------------------------------------------------------------
// Budgets

/** UTF-8 bytes of a value as JSON, the way hosts measure a message. */
export function jsonBytes(value: unknown): number {
  return byteLength(JSON.stringify(value));
}

/**
 * The longest grapheme-whole prefix of `text` whose JSON string form fits `maxBytes` (quotes
 * excluded), ending with `…` when cut; `''` when not even that fits.
 */
export function clampTextBytes(text: string, maxBytes: number): string {
  const cost = (value: string): number => jsonBytes(value) - 2;
  if (cost(text) <= maxBytes) return text;
  let max = Math.min(text.length, maxBytes);
  while (max > 0) {
    const cut = clampText(text, max);
    const over = cost(cut) - maxBytes;
    if (over <= 0) return cut;
    max -= Math.max(1, Math.ceil(over / 3));
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// HTML-flavoured hosts (Telegram, Google Chat)

/**
 * Runs as HTML, each drawn by `style`; consecutive runs with the same target become one
 * `<a href>`, when `linkOf` lets that target link (else they stay text).
 */
export function runsToHtml(
  runs: readonly ChatRun[],
  style: (run: ChatRun) => string,
  escapeAttribute: (text: string) => string,
  linkOf: (href: string | undefined) => string | undefined = (href) => href,
): string {
  let out = '';
  for (let index = 0; index < runs.length; ) {
    const run = runs[index]!;
    const href = linkOf(run.href);
    if (href === undefined) {
      out += style(run);
      index++;
      continue;
    }
    let label = '';
    while (index < runs.length && runs[index]!.href === run.href) label += style(runs[index++]!);
    out += `<a href="${escapeAttribute(href)}">${label}</a>`;
  }
  return out;
}
