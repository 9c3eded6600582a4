/**
 * Google Chat: one `cardsV2` card. Card text is Chat's small HTML subset (`<b>`, `<i>`, `<a href>`,
 * `<br>`), so model text is HTML-escaped: `<users/all>` and other mention or tag syntax stays text.
 * The plain `fallbackText` (notifications) gets a zero-width break after `<` instead.
 */
import type { MarkdownBlock, MarkdownContent } from '../../markdown/tree.ts';
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import { isBlankText } from '../../text/clamp.ts';
import { clampTextBytes, jsonBytes } from '../bytes.ts';
import { type ChatHeading, chatDocument, omittedNote } from '../document.ts';
import { MENTION_BREAK } from '../mentions.ts';
import { blockLines, codeText, tableGrid, termDefinitions } from '../plain-blocks.ts';
import { type ChatRun, inlineRuns, runsText, runsToHtml, splitRunLines } from '../runs.ts';

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
    card.header = { title: plainText(document.title) };
    if (document.subtitle) card.header.subtitle = plainText(document.subtitle);
  } else if (document.subtitle) {
    card.header = { title: plainText(document.subtitle) };
  }
  const first = document.blocks.find((block) => block.type === 'heading' || block.type === 'paragraph');
  const firstLine = first ? splitRunLines(inlineRuns(first.children ?? []))[0] : undefined;
  const fallback = document.title ?? (firstLine ? runsText(firstLine) : undefined);
  const fallbackText = fallback === undefined ? undefined : plainText(fallback);

  const items = document.blocks.flatMap((block): (GoogleChatWidget | { header: string })[] => {
    const out = blockWidgets(block);
    if (Array.isArray(out)) return out;
    // A heading of nothing but control or format characters shows nothing: no header, not an empty one.
    return isBlankText(out.header) ? [] : [{ header: clampHtml(out.header, GOOGLE_CHAT_LIMITS.headingBytes) }];
  });
  card.sections = fillSections(items, GOOGLE_CHAT_LIMITS.messageBytes - jsonBytes(message(card, fallbackText)) - 400);
  return message(card, fallbackText);
}

/** Plain text for the card header and `fallbackText`: mentions broken, within the heading's bytes. */
function plainText(text: string): string {
  return clampTextBytes(neutralizeGoogleChatText(text), GOOGLE_CHAT_LIMITS.headingBytes);
}

/** Card HTML cut to `maxBytes`, never ending inside a tag or an entity. */
function clampHtml(text: string, maxBytes: number): string {
  return clampTextBytes(text, maxBytes).replace(/<[^>]*…$|&[#a-z0-9]*…$/i, '…');
}

/**
 * Widgets and section headers, in order, as sections within `budget` bytes and the card's widget
 * limit (one widget and the bytes left over are kept for the note). What does not fit — headings
 * included — is counted, and a note at the end says how many blocks were left out.
 */
function fillSections(items: readonly (GoogleChatWidget | { header: string })[], budget: number): GoogleChatSection[] {
  const sections: GoogleChatSection[] = [];
  let used = 0;
  let widgets = 0;
  let left = 0;
  const fits = (bytes: number): boolean => widgets + 1 < GOOGLE_CHAT_LIMITS.widgetsPerCard && used + bytes <= budget;
  const add = (section: GoogleChatSection): GoogleChatSection => {
    sections.push(section);
    used += jsonBytes(section) + 1;
    return section;
  };
  // Chat refuses a section without widgets: a heading with nothing under it becomes a bold line,
  // or, when even that does not fit, is counted with what was left out.
  const settle = (): void => {
    const section = sections.at(-1);
    if (!section || section.widgets.length > 0 || section.header === undefined) return;
    const before = jsonBytes(section) + 1;
    const settled: GoogleChatSection = { widgets: [{ textParagraph: { text: `<b>${section.header}</b>` } }] };
    sections.pop();
    used -= before;
    if (fits(jsonBytes(settled) + 1)) {
      add(settled);
      widgets++;
    } else left++;
  };
  for (const item of items) {
    if (left > 0) {
      left++;
      continue;
    }
    if ('header' in item) {
      settle();
      // Room for the header now and for it as a bold line, should nothing follow it.
      const section: GoogleChatSection = { header: item.header, widgets: [] };
      if (left === 0 && fits(jsonBytes(section) + 40)) add(section);
      else left++;
      continue;
    }
    const target = sections.at(-1) ?? add({ widgets: [] });
    const cost = jsonBytes(item) + 1;
    if (fits(cost)) {
      target.widgets.push(item);
      used += cost;
      widgets++;
      continue;
    }
    // A paragraph that does not fit whole keeps what room allows, as the first cut.
    const room = budget - used - jsonBytes({ textParagraph: { text: '' } }) - 1;
    if ('textParagraph' in item && room > 0 && widgets + 1 < GOOGLE_CHAT_LIMITS.widgetsPerCard) {
      const text = clampHtml(item.textParagraph.text, room);
      if (text !== '') {
        target.widgets.push({ textParagraph: { text } });
        used += jsonBytes({ textParagraph: { text } }) + 1;
        widgets++;
      }
    }
    left++;
  }
  if (left === 0) settle();
  if (left > 0) {
    const note = {
      textParagraph: { text: `<i>${escapeGoogleChatHtml(omittedNote(left, "Google Chat's card limits"))}</i>` },
    };
    (sections.at(-1) ?? add({ widgets: [] })).widgets.push(note);
  }
  const kept = sections.filter((entry) => entry.widgets.length > 0);
  return kept.length > 0 ? kept : [{ widgets: [{ textParagraph: { text: '\u00A0' } }] }];
}
