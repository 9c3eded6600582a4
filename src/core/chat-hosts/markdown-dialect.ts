/**
 * The writer every chat host that reads a Markdown dialect shares: styled runs and blocks of the
 * content tree as that host's Markdown (emphasis, inline code, links, headings, paragraphs, lists,
 * quotes, fences, tables as aligned monospace, rules). A host declares only what its dialect does
 * differently ({@link MarkdownDialect}: its escaping, where a mention opens, its emphasis markers,
 * link and code syntax, how it draws a heading and a rule) and writes none of this again; cutting
 * the result into pieces and packing them into messages is `dialect-pieces.ts`.
 */
import { CODE_BACKTICK_LOOKALIKE } from '../text/look-alikes.ts';
import type { MarkdownBlock, MarkdownList } from '../markdown/tree.ts';
import { breakMentions, MENTION_BREAK } from './mentions.ts';
import { codeLanguage, codeText, listStart, monospaceTable, splitItem, tableGrid } from './plain-blocks.ts';
import { type ChatRun, inlineRuns } from './runs.ts';

/** How a host writes one line of text (Teams' card text takes no more than this). */
export interface InlineDialect {
  /** Model text as the host reads it: its Markdown punctuation escaped, its mention syntax broken. */
  readonly escape: (text: string) => string;
  /**
   * A global pattern matching what opens a mention in a line's joined text (the `@`, the name a
   * lookahead): a break goes after each match, so `@**name**` is broken like `@name`. Code spans
   * get the same breaks. The lookahead must not match a break already there, so breaking twice
   * changes nothing.
   */
  readonly mentionAt: RegExp;
  /** Bold's marker, written on both sides. Default `**`. */
  readonly bold?: string;
  /** Italic's marker, written on both sides. Default `_` (a host that reads only `*` says `*`). */
  readonly italic?: string;
  /**
   * Inline code: `backticks` (default), a span whose backticks become look-alikes so none closes
   * it; `none` when the host has no inline code (code runs then read as escaped text).
   */
  readonly code?: 'backticks' | 'none';
  /** A link: the drawn label (on one line) and the checked, encoded URL. Default `[label](url)`. */
  readonly link?: (label: string, url: string) => string;
}

/** What makes one host's Markdown its own; everything else is the writer's. */
export interface MarkdownDialect extends InlineDialect {
  /** `bold`: a heading is a bold line (hosts that draw no `#`); `hash`: `#` to `######` by depth. */
  readonly heading: 'bold' | 'hash';
  /** What a thematic break is drawn as (a line of its own, between blank lines). */
  readonly rule: string;
  /**
   * Whether the host finds mentions inside fenced blocks (code, tables) too: then they are broken
   * there as in text. Default `false`: a fence is kept as written.
   */
  readonly mentionsInFences?: boolean;
  /**
   * Where a nested list starts: `under-text`, under its item's text (CommonMark needs three spaces
   * after `1. `); `two-spaces`, two spaces further in per level whatever the marker (Discord).
   */
  readonly nestedList: 'under-text' | 'two-spaces';
}

// ---------------------------------------------------------------------------------------------
// Inline

/**
 * Backslash-escapes what starts a block at the beginning of a line (`#`, `>`, `-`, `+`, `=`, and
 * the `.` or `)` after a number), at the start of `text` and after each newline.
 * @example escapeLineStarts('1. not a list') // '1\\. not a list'
 */
export function escapeLineStarts(text: string): string {
  return text.replace(/(^|\n)([ \t]*)(\d{1,9})([.)])/g, '$1$2$3\\$4').replace(/(^|\n)([ \t]*)([#>+\-=])/g, '$1$2\\$3');
}

/** Wraps text in a marker with surrounding whitespace kept outside (`** x **` is not bold). */
export function wrapMarker(text: string, open: string, close = open): string {
  const core = text.trim();
  if (core === '') return text;
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  return `${lead}${open}${core}${close}${trail}`;
}

/** A break after every match of the dialect's mention pattern in plain text. */
export function breakMentionsIn(text: string, mentionAt: RegExp): string {
  return text.replace(mentionAt, (opening) => `${opening}${MENTION_BREAK}`);
}

/** Inline code: a backtick inside becomes a look-alike so it cannot close the span; mentions broken. */
function codeSpan(text: string, mentionAt: RegExp): string {
  const value = breakMentionsIn(text.replace(/`/g, CODE_BACKTICK_LOOKALIKE), mentionAt);
  return value.trim() === '' ? value : `\`${value}\``;
}

const markdownLink = (label: string, url: string): string => `[${label}](${url})`;

/**
 * Runs in the dialect, as written: each run's text escaped (or a code span), italic then bold
 * markers around it, and runs sharing a target drawn as one link.
 */
export function runsToMarkdown(dialect: InlineDialect, runs: readonly ChatRun[]): string {
  const bold = dialect.bold ?? '**';
  const italic = dialect.italic ?? '_';
  const code = (dialect.code ?? 'backticks') === 'backticks';
  const link = dialect.link ?? markdownLink;
  const styled = (run: ChatRun): string => {
    let text = run.style.code && code ? codeSpan(run.text, dialect.mentionAt) : dialect.escape(run.text);
    if (run.style.italic) text = wrapMarker(text, italic);
    if (run.style.bold) text = wrapMarker(text, bold);
    return text;
  };
  let out = '';
  for (let index = 0; index < runs.length; ) {
    const run = runs[index]!;
    if (run.href === undefined) {
      out += styled(run);
      index++;
      continue;
    }
    let label = '';
    const href = run.href;
    while (index < runs.length && runs[index]!.href === href) label += styled(runs[index++]!);
    out += link(label.replace(/\n/g, ' '), href);
  }
  return out;
}

/** Runs as the dialect's Markdown: mentions broken across runs, text escaped, line starts inert. */
export function dialectInline(dialect: InlineDialect, runs: readonly ChatRun[]): string {
  return escapeLineStarts(runsToMarkdown(dialect, breakMentions(runs, dialect.mentionAt)));
}

// ---------------------------------------------------------------------------------------------
// Blocks

/** A fenced block; a line of backticks inside could close it, so backticks become look-alikes. */
export function fence(text: string, language = ''): string {
  return `\`\`\`${language}\n${text.replace(/`/g, CODE_BACKTICK_LOOKALIKE)}\n\`\`\``;
}

/** Code or a table fenced, mentions then broken where the host reads them in fences (a table aligned first). */
function fenced(dialect: MarkdownDialect, text: string, language = ''): string {
  const block = fence(text, language);
  return dialect.mentionsInFences ? breakMentionsIn(block, dialect.mentionAt) : block;
}

function indent(text: string, pad: string): string {
  return text.replace(/^/gm, pad);
}

function listMarkdown(dialect: MarkdownDialect, list: MarkdownList, depth: number): string {
  const start = listStart(list);
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  (list.items ?? []).forEach((item, index) => {
    const marker = list.ordered ? `${start + index}. ` : '- ';
    const under = `${pad}${' '.repeat(marker.length)}`;
    const { lead, rest } = splitItem(item);
    const text = dialectInline(dialect, lead).replace(/\n/g, `\n${under}`);
    if (text !== '') lines.push(`${pad}${marker}${text}`);
    for (const child of rest) {
      const deeper = child.type === 'list' && dialect.nestedList === 'two-spaces';
      const nested = deeper ? listMarkdown(dialect, child, depth + 1) : dialectBlock(dialect, child);
      if (nested !== '') lines.push(deeper ? nested : indent(nested, under));
    }
  });
  return lines.join('\n');
}

function headingMarkdown(dialect: MarkdownDialect, block: Extract<MarkdownBlock, { type: 'heading' }>): string {
  if (dialect.heading === 'bold') return dialectInline(dialect, inlineRuns(block.children ?? [], { bold: true }));
  // A `#` heading is one line: a break inside it reads as a space.
  const text = dialectInline(dialect, inlineRuns(block.children ?? [])).replace(/\n/g, ' ');
  const depth = Math.min(6, Math.max(1, Math.trunc(Number(block.depth)) || 1));
  return text === '' ? '' : `${'#'.repeat(depth)} ${text}`;
}

/**
 * One block as the dialect's Markdown (`''` when it shows nothing): lists `-`/`1.` (a term list
 * as written, its bold term and separator), quotes `>`, code and tables fenced, a rule the
 * dialect's line.
 */
export function dialectBlock(dialect: MarkdownDialect, block: MarkdownBlock): string {
  switch (block.type) {
    case 'heading':
      return headingMarkdown(dialect, block);
    case 'paragraph':
      return dialectInline(dialect, inlineRuns(block.children ?? []));
    case 'list':
      return listMarkdown(dialect, block, 0);
    case 'blockquote': {
      const inner = (block.children ?? []).map((child) => dialectBlock(dialect, child)).filter((text) => text !== '');
      return inner.length === 0 ? '' : indent(inner.join('\n\n'), '> ');
    }
    case 'table': {
      const table = monospaceTable(tableGrid(block));
      return table === '' ? '' : fenced(dialect, table);
    }
    case 'codeBlock': {
      const text = codeText(block.value);
      return text.trim() === '' ? '' : fenced(dialect, text, codeLanguage(block.language));
    }
    case 'rule':
      return dialect.rule;
    default:
      return '';
  }
}
