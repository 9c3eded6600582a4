/**
 * Google Chat: one `cardsV2` card. Card text is Chat's small HTML subset (`<b>`, `<i>`, `<a href>`,
 * `<br>`), so model text is HTML-escaped: `<users/all>` and other mention or tag syntax stays text.
 * The plain `fallbackText` (notifications) gets a zero-width break after `<` instead.
 */
import type { MarkdownBlock, MarkdownContent } from '../markdown/tree.ts';
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import {
  blockLines,
  type ChatHeading,
  type ChatRun,
  chatDocument,
  clampTextBytes,
  codeText,
  inlineRuns,
  jsonBytes,
  MENTION_BREAK,
  omittedNote,
  runsText,
  splitRunLines,
  tableGrid,
  termDefinitions,
  runsToHtml,
} from './shared.ts';

export type GoogleChatWidget =
  | { textParagraph: { text: string } }
  | { decoratedText: { topLabel?: string; text: string; wrapText: true } }
  | { divider: Record<string, never> }
  | { image: { imageUrl: string; altText: string } };

export interface GoogleChatSection {
  header?: string;
  widgets: GoogleChatWidget[];
}

export interface GoogleChatCard {
  header?: { title: string; subtitle?: string };
  sections: GoogleChatSection[];
}

/** A `spaces.messages.create` body (or an incoming-webhook body) holding one card. */
export interface GoogleChatMessage {
  fallbackText?: string;
  cardsV2: [{ cardId: string; card: GoogleChatCard }];
}

export const GOOGLE_CHAT_CARD_ID = 'isomer';

/**
 * Model text for card HTML: `&`, `<`, `>` and `"` as entities, so no tag, link or mention forms.
 * @example
 * ```ts
 * import { escapeGoogleChatHtml } from 'isomer-edge/chat';
 *
 * escapeGoogleChatHtml('<users/all>'); // '&lt;users/all&gt;'
 * ```
 */
export function escapeGoogleChatHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Model text for plain-text fields (the card header, `fallbackText`): a zero-width break after any
 * `<` that could open a tag or a mention (`<users/all>`), whether or not Chat reads markup there.
 * @example
 * ```ts
 * import { neutralizeGoogleChatText } from 'isomer-edge/chat';
 *
 * neutralizeGoogleChatText('<users/all>'); // '<\u200Busers/all>'
 * ```
 */
export function neutralizeGoogleChatText(text: string): string {
  return text.replace(/<(?=[\s/!?a-z])/gi, `<${MENTION_BREAK}`);
}

function style(run: ChatRun): string {
  let text = escapeGoogleChatHtml(run.text).replace(/\n/g, '<br>');
  if (run.style.italic) text = `<i>${text}</i>`;
  if (run.style.bold) text = `<b>${text}</b>`;
  return text;
}

/** Runs as card HTML; runs sharing a target become one `<a href>`. */
function html(runs: readonly ChatRun[]): string {
  return runsToHtml(runs, style, escapeGoogleChatHtml);
}

function linesHtml(lines: readonly ChatRun[][]): string {
  // Leading spaces collapse in card text, so indentation is kept with no-break spaces.
  return lines.map((line) => html(line).replace(/^ +/, (spaces) => '\u00A0'.repeat(spaces.length))).join('<br>');
}

function paragraph(text: string): GoogleChatWidget[] {
  return text === '' ? [] : [{ textParagraph: { text } }];
}

/** The widgets of one block, or a section break for a heading. */
function blockWidgets(block: MarkdownBlock): GoogleChatWidget[] | { header: string } {
  switch (block.type) {
    case 'heading': {
      const runs = inlineRuns(block.children ?? []);
      return { header: html(runs.map((run) => ({ ...run, text: run.text.replace(/\n/g, ' ') }))) };
    }
    case 'list': {
      const pairs = termDefinitions(block);
      if (pairs)
        return pairs.map(({ term, definition }) => ({
          decoratedText: { topLabel: html(term), text: html(definition), wrapText: true },
        }));
      return paragraph(linesHtml(blockLines(block)));
    }
    case 'blockquote':
      return paragraph(linesHtml(blockLines(block).map((line) => [{ text: '│ ', style: {} }, ...line])));
    case 'table': {
      const grid = tableGrid(block);
      if (!grid.header || grid.columns < 2) return paragraph(linesHtml(blockLines(block)));
      const header = grid.header;
      // Each row as a labelled line: its first cell on top, the others named by their column.
      return grid.rows.map((row) => {
        const rest = row
          .slice(1)
          .map((cell, index) => (cell === '' ? '' : header[index + 1] ? `${header[index + 1]}: ${cell}` : cell))
          .filter((cell) => cell !== '')
          .join(' · ');
        const text = escapeGoogleChatHtml(rest === '' ? row[0]! : rest);
        return rest === '' || row[0] === ''
          ? { decoratedText: { text, wrapText: true } }
          : { decoratedText: { topLabel: escapeGoogleChatHtml(row[0]!), text, wrapText: true } };
      });
    }
    case 'codeBlock': {
      const text = codeText(block.value);
      return text.trim() === ''
        ? []
        : paragraph(linesHtml(text.split('\n').map((line) => [{ text: line, style: {} }])));
    }
    case 'rule':
      return [{ divider: {} }];
    default:
      return paragraph(linesHtml(blockLines(block)));
  }
}

function message(card: GoogleChatCard, fallbackText: string | undefined): GoogleChatMessage {
  return {
    ...(fallbackText ? { fallbackText } : {}),
    cardsV2: [{ cardId: GOOGLE_CHAT_CARD_ID, card }],
  };
}

/**
 * Content as a Google Chat message: the title and subtitle as the card header, each heading opening
 * a section (its text the section header), paragraphs, lists, quotes and code as `textParagraph`s,
 * term/definition lists and table rows as `decoratedText`, rules as dividers. At most 100 widgets
 * and 32,000 bytes: what does not fit is replaced by a note.
 * @example
 * ```ts
 * import { md } from 'isomer-edge';
 * import { markdownToGoogleChat } from 'isomer-edge/chat';
 *
 * const message = markdownToGoogleChat(md.content(md.paragraph('Hi')), { title: 'Report' });
 * message.cardsV2[0]?.card.header; // { title: 'Report' }
 * ```
 */
export function markdownToGoogleChat(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): GoogleChatMessage {
  const document = chatDocument(content, heading);
  const card: GoogleChatCard = { sections: [] };
  if (document.title) {
    card.header = { title: neutralizeGoogleChatText(document.title) };
    if (document.subtitle) card.header.subtitle = neutralizeGoogleChatText(document.subtitle);
  } else if (document.subtitle) {
    card.header = { title: neutralizeGoogleChatText(document.subtitle) };
  }
  const first = document.blocks.find((block) => block.type === 'heading' || block.type === 'paragraph');
  const firstLine = first ? splitRunLines(inlineRuns(first.children ?? []))[0] : undefined;
  const fallback = document.title ?? (firstLine ? runsText(firstLine) : undefined);
  const fallbackText = fallback === undefined ? undefined : neutralizeGoogleChatText(fallback);

  const budget = GOOGLE_CHAT_LIMITS.messageBytes - jsonBytes(message(card, fallbackText)) - 400;
  let used = 0;
  let widgets = 0;
  let left = 0;
  let section: GoogleChatSection | undefined;
  // Chat refuses a section without widgets: a heading with nothing under it becomes a bold line.
  const settle = (): void => {
    if (!section || section.widgets.length > 0 || !section.header) return;
    const widget = { textParagraph: { text: `<b>${section.header}</b>` } };
    delete section.header;
    if (widgets + 1 < GOOGLE_CHAT_LIMITS.widgetsPerCard && used + jsonBytes(widget) <= budget) {
      section.widgets.push(widget);
      used += jsonBytes(widget);
      widgets++;
    }
  };
  const open = (header?: string): GoogleChatSection => {
    settle();
    const next: GoogleChatSection = header ? { header, widgets: [] } : { widgets: [] };
    card.sections.push(next);
    used += jsonBytes(next) + 1;
    return next;
  };
  for (const block of document.blocks) {
    const out = blockWidgets(block);
    if (left > 0) {
      left += Array.isArray(out) ? out.length : 0;
      continue;
    }
    if (!Array.isArray(out)) {
      if (out.header !== '') section = open(out.header);
      continue;
    }
    for (const widget of out) {
      section ??= open();
      const target = section;
      const cost = jsonBytes(widget) + 1;
      if (left > 0 || widgets + 1 >= GOOGLE_CHAT_LIMITS.widgetsPerCard || used + cost > budget) {
        // A paragraph that does not fit whole keeps what room allows, as the first cut.
        if (left === 0 && 'textParagraph' in widget && widgets + 1 < GOOGLE_CHAT_LIMITS.widgetsPerCard) {
          const room = budget - used - jsonBytes({ textParagraph: { text: '' } }) - 1;
          const text = clampTextBytes(widget.textParagraph.text, room).replace(/<[^>]*…$|&[#a-z0-9]*…$/i, '…');
          if (text !== '' && room > 0) {
            target.widgets.push({ textParagraph: { text } });
            used += jsonBytes(text);
            widgets++;
          }
        }
        left++;
        continue;
      }
      target.widgets.push(widget);
      used += cost;
      widgets++;
    }
  }
  if (left > 0) {
    const note = {
      textParagraph: { text: `<i>${escapeGoogleChatHtml(omittedNote(left, "Google Chat's card limits"))}</i>` },
    };
    (section ?? open()).widgets.push(note);
  }
  settle();
  card.sections = card.sections.filter((entry) => entry.widgets.length > 0);
  if (card.sections.length === 0) card.sections.push({ widgets: [{ textParagraph: { text: '\u00A0' } }] });
  return message(card, fallbackText);
}
