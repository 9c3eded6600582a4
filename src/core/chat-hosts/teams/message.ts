/**
 * Microsoft Teams: an Adaptive Card (schema 1.5, the newest Teams renders everywhere) inside the
 * message activity a bot sends. Text goes into `TextBlock`s, whose Markdown subset Teams reads, so
 * model text is escaped for it and `<at>` mentions are broken; code is a monospace `TextBlock` per
 * line, since Teams' `CodeBlock` is outside schema 1.5 and card validators reject it.
 */
import type { MarkdownBlock, MarkdownContent, MarkdownList, MarkdownTable } from '../../markdown/tree.ts';
import { TEAMS_LIMITS } from './limits.ts';
import { clampTextBytes, jsonBytes } from '../bytes.ts';
import { type ChatHeading, chatDocument, omittedNote } from '../document.ts';
import { MENTION_BREAK } from '../mentions.ts';
import { codeText, listStart, splitItem, tableGrid, termDefinitions } from '../plain-blocks.ts';
import { type ChatRun, inlineRuns, splitRunLines } from '../runs.ts';
import { dialectInline, type InlineDialect } from '../markdown-dialect.ts';

export const ADAPTIVE_CARD_VERSION = '1.5';
export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
export const ADAPTIVE_CARD_SCHEMA = 'http://adaptivecards.io/schemas/adaptive-card.json';

/** One card element; typed loosely, as Block Kit blocks are, since Teams takes many shapes. */
export interface TeamsElement {
  type: string;
  [field: string]: unknown;
}

export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: typeof ADAPTIVE_CARD_SCHEMA;
  version: typeof ADAPTIVE_CARD_VERSION;
  body: TeamsElement[];
  /** Teams draws a card at full message width only when asked. */
  msteams: { width: 'Full' };
}

/** The activity a bot posts (`POST /v3/conversations/{id}/activities`) or an Incoming Webhook takes. */
export interface TeamsMessage {
  type: 'message';
  attachments: [{ contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE; content: AdaptiveCard }];
}

/** Gaps in a TextBlock collapse in Markdown; a no-break space keeps an empty or indented line. */
const NBSP = '\u00A0';

/**
 * Model text for a Teams TextBlock: Markdown punctuation backslash-escaped, `<at>` and `</at>`
 * broken so no text becomes a mention.
 * @example
 * ```ts
 * import { escapeTeamsText } from 'isomer-edge/chat';
 *
 * escapeTeamsText('**hi** <at>Ann</at>'); // '\\*\\*hi\\*\\* <\u200Bat>Ann<\u200B/at>'
 * ```
 */
export function escapeTeamsText(text: string): string {
  return escapeTeamsMarkup(text.replace(/[\\*_`[\]~]/g, '\\$&').replace(/<(\/?)(at)\b/gi, `<${MENTION_BREAK}$1$2`));
}

/** Breaks `{{` so Teams' `{{DATE(…)}}` / `{{TIME(…)}}` functions never run on model text. */
const TEMPLATE_BREAK = '\u200B';

/**
 * What Teams reads in a TextBlock besides Markdown marks: `{{DATE(…)}}`/`{{TIME(…)}}` template
 * functions (broken with a zero-width space, since they are replaced before Markdown is read),
 * and CommonMark's character references (`&amp;`) and `<` constructs (autolinks `<https://…>`, raw
 * HTML), whose `&` and `<` are backslash-escaped so they show as written.
 */
function escapeTeamsMarkup(text: string): string {
  return text
    .replace(/\{(?=\{)/g, `{${TEMPLATE_BREAK}`)
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .replace(/<(?=[a-z/!?])/gi, '\\<');
}

/**
 * TextBlock Markdown: no inline code (code runs read as plain text), and a mention break where
 * `<**at**>` joins up, too. Blocks are card elements, so only the writer's inline part applies.
 */
const TEAMS_DIALECT: InlineDialect = { escape: escapeTeamsText, mentionAt: /<(?=\/?at\b)/gi, code: 'none' };

function markdown(runs: readonly ChatRun[]): string {
  return dialectInline(TEAMS_DIALECT, runs);
}

function textBlock(text: string, extra: Record<string, unknown> = {}): TeamsElement {
  return { type: 'TextBlock', text: text === '' ? NBSP : text, wrap: true, ...extra };
}

/** `#` is drawn large, `##` medium, deeper headings at body size (all bold). */
function headingSize(depth: number): string {
  return depth <= 1 ? 'Large' : depth === 2 ? 'Medium' : 'Default';
}

/** Converts a run of blocks to card elements. */
class CardBuilder {
  readonly body: TeamsElement[] = [];
  private separate = false;

  private push(element: TeamsElement): void {
    if (this.separate) element.separator = true;
    this.separate = false;
    this.body.push(element);
  }

  add(block: MarkdownBlock, indent = 0): void {
    switch (block.type) {
      case 'heading': {
        const runs = inlineRuns(block.children ?? []);
        if (runs.length === 0) return;
        this.push(
          textBlock(markdown(runs), {
            style: 'heading',
            weight: 'Bolder',
            size: headingSize(block.depth),
          }),
        );
        return;
      }
      case 'paragraph':
        this.lines(splitRunLines(inlineRuns(block.children ?? [])), indent);
        return;
      case 'list':
        this.list(block, indent);
        return;
      case 'blockquote': {
        const inner = new CardBuilder();
        for (const child of block.children ?? []) inner.add(child);
        if (inner.body.length > 0) this.push({ type: 'Container', style: 'emphasis', items: inner.body });
        return;
      }
      case 'table':
        this.table(block);
        return;
      case 'codeBlock': {
        const text = codeText(block.value);
        if (text.trim() === '') return;
        const items = text.split('\n').map((line, index) =>
          textBlock(this.codeLine(line), {
            fontType: 'Monospace',
            ...(index > 0 ? { spacing: 'None' } : {}),
          }),
        );
        this.push({ type: 'Container', style: 'emphasis', items });
        return;
      }
      case 'rule':
        this.separate = true;
        return;
      default:
        return;
    }
  }

  /** Leading spaces would collapse in Markdown, so each becomes a no-break space. */
  private codeLine(line: string): string {
    const body = line.trimStart();
    return NBSP.repeat(line.length - body.length) + escapeTeamsText(body);
  }

  private lines(lines: readonly ChatRun[][], indent: number, prefix = ''): void {
    lines.forEach((line, index) => {
      const lead = index === 0 ? prefix : NBSP.repeat(prefix.length);
      this.push(textBlock(NBSP.repeat(indent * 4) + lead + markdown(line), index > 0 ? { spacing: 'None' } : {}));
    });
  }

  private list(list: MarkdownList, indent: number): void {
    const pairs = termDefinitions(list);
    if (pairs && indent === 0) {
      this.push({
        type: 'FactSet',
        facts: pairs.map(({ term, definition }) => ({ title: markdown(term), value: markdown(definition) })),
      });
      return;
    }
    const start = listStart(list);
    (list.items ?? []).forEach((item, index) => {
      // A no-break space after the marker keeps Markdown from reading the line as its own list.
      const prefix = list.ordered ? `${start + index}.${NBSP}` : `•${NBSP}`;
      const { lead, rest } = splitItem(item);
      const lines = splitRunLines(lead);
      this.lines(lines, indent, prefix);
      for (const child of rest) this.add(child, indent + 1);
    });
  }

  private table(table: MarkdownTable): void {
    const grid = tableGrid(table);
    if (grid.columns === 0 || (grid.rows.length === 0 && !grid.header)) return;
    const rows = [...(grid.header ? [grid.header] : []), ...grid.rows];
    this.push({
      type: 'Table',
      gridStyle: 'accent',
      firstRowAsHeader: grid.header !== undefined,
      columns: Array.from({ length: grid.columns }, () => ({ width: 1 })),
      rows: rows.map((row) => ({
        type: 'TableRow',
        cells: row.map((cell) => ({
          type: 'TableCell',
          items: [textBlock(markdown([{ text: cell, style: {} }]))],
        })),
      })),
    });
  }
}

function card(body: TeamsElement[]): TeamsMessage {
  return {
    type: 'message',
    attachments: [
      {
        contentType: ADAPTIVE_CARD_CONTENT_TYPE,
        content: {
          type: 'AdaptiveCard',
          $schema: ADAPTIVE_CARD_SCHEMA,
          version: ADAPTIVE_CARD_VERSION,
          body,
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}

/**
 * Keeps whole elements, in order, while the message fits Teams' size limit, then a note saying how
 * many were left out. A text block that does not fit whole is cut to what room is left.
 */
function fitCard(body: TeamsElement[]): TeamsMessage {
  const whole = card(body);
  if (jsonBytes(whole) <= TEAMS_LIMITS.messageBytes) return whole;
  const note = (count: number): TeamsElement =>
    textBlock(`_${escapeTeamsText(omittedNote(count, "Teams' 28 KB message limit"))}_`, { isSubtle: true });
  const budget = TEAMS_LIMITS.messageBytes - jsonBytes(card([note(body.length)])) - 8;
  let used = 0;
  const kept: TeamsElement[] = [];
  for (const element of body) {
    const cost = jsonBytes(element) + 1;
    if (used + cost > budget) break;
    kept.push(element);
    used += cost;
  }
  const next = body[kept.length];
  let left = body.length - kept.length;
  if (next?.type === 'TextBlock' && typeof next.text === 'string') {
    // A cut never ends on a lone escaping backslash.
    const room = budget - used - (jsonBytes({ ...next, text: '' }) + 1);
    const text = clampTextBytes(next.text, room).replace(/\\+…$/, '…');
    if (text !== '') {
      kept.push({ ...next, text });
      left--;
    }
  }
  return card(left > 0 ? [...kept, note(left)] : kept);
}

/**
 * Content as a Teams message: headings and paragraphs as `TextBlock`s (one per line), lists as
 * bulleted or numbered `TextBlock`s, term/definition lists as a `FactSet`, tables as a `Table`,
 * quotes and code as `emphasis` containers, a rule as a separator. Links are Markdown links under
 * the URL policy; a refused URL leaves its label as text.
 * @example
 * ```ts
 * import { md } from 'isomer-edge';
 * import { markdownToTeams } from 'isomer-edge/chat';
 *
 * const message = markdownToTeams(md.content(md.paragraph('Hi')), { title: 'Report' });
 * const card = message.attachments[0]?.content; // an Adaptive Card
 * ```
 */
export function markdownToTeams(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): TeamsMessage {
  const document = chatDocument(content, heading);
  const builder = new CardBuilder();
  if (document.title)
    builder.body.push(
      textBlock(markdown(inlineRuns([{ type: 'text', value: document.title }])), {
        style: 'heading',
        weight: 'Bolder',
        size: 'Large',
      }),
    );
  if (document.subtitle)
    builder.body.push(
      textBlock(markdown(inlineRuns([{ type: 'text', value: document.subtitle }])), {
        isSubtle: true,
        spacing: 'None',
      }),
    );
  for (const block of document.blocks) builder.add(block);
  if (builder.body.length === 0) builder.body.push(textBlock(NBSP));
  return fitCard(builder.body);
}
