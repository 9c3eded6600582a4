/**
 * Rich text inside the per-block limits: an element over Slack's length limit is split into
 * neighbours that read the same, and elements left showing nothing are dropped.
 */
import { isRecord } from '../../model/is-record.ts';
import type { Json } from '../../text/well-formed.ts';
import { codePointPrefix, graphemePrefix, isBlankText } from '../../text/clamp.ts';
import { SLACK_LIMITS } from './limits.ts';

/** What a rich text inline element shows, in UTF-16 units; a link without text shows its URL. */
export function inlineLength(inline: unknown): number {
  if (!isRecord(inline)) return 0;
  if (inline.type === 'text' && typeof inline.text === 'string') return inline.text.length;
  if (inline.type === 'link') {
    if (typeof inline.text === 'string' && inline.text !== '') return inline.text.length;
    if (typeof inline.url === 'string') return inline.url.length;
  }
  return 0;
}

/** Text and labelled links can be cut into pieces that read the same side by side. */
function isSplittable(inline: unknown): inline is Json & { text: string } {
  return (
    isRecord(inline) &&
    (inline.type === 'text' || inline.type === 'link') &&
    typeof inline.text === 'string' &&
    inline.text !== ''
  );
}

const SPLITTABLE_RICH_TEXT = new Set(['rich_text_section', 'rich_text_quote', 'rich_text_preformatted']);

/**
 * Splits one section/quote/preformatted element whose text is over the limit into adjacent
 * elements of the same kind. Pieces keep their inline element's style, order and every character;
 * cuts fall on grapheme boundaries unless one grapheme alone is longer than the limit.
 */
function splitRichTextElement(element: unknown): unknown[] {
  const max = SLACK_LIMITS.richTextElementChars;
  if (!isRecord(element) || !Array.isArray(element.elements)) return [element];
  const inlines: unknown[] = element.elements;
  if (inlines.reduce<number>((sum, inline) => sum + inlineLength(inline), 0) <= max) return [element];

  const chunks: unknown[][] = [];
  let current: unknown[] = [];
  let used = 0;
  const flush = (): void => {
    if (current.length > 0) chunks.push(current);
    current = [];
    used = 0;
  };
  for (const inline of inlines) {
    const length = inlineLength(inline);
    if (used + length <= max) {
      current.push(inline);
      used += length;
      continue;
    }
    if (!isSplittable(inline)) {
      // Mentions, emoji and bare links cannot be cut; they start a fresh element instead.
      flush();
      current.push(inline);
      used = length;
      continue;
    }
    let rest = inline.text;
    while (used + rest.length > max) {
      let piece = graphemePrefix(rest, max - used);
      if (piece === '') {
        if (current.length > 0) {
          flush();
          continue;
        }
        // One grapheme longer than a whole element: cut it by code point (`||` guarantees progress).
        piece = codePointPrefix(rest, max) || rest.slice(0, 2);
      }
      current.push({ ...inline, text: piece });
      rest = rest.slice(piece.length);
      flush();
    }
    if (rest !== '') {
      current.push({ ...inline, text: rest });
      used += rest.length;
    }
  }
  flush();
  return chunks.map((elements) => ({ ...element, elements }));
}

function clampIndent(list: Json): void {
  if (list.indent === undefined) return;
  const indent = typeof list.indent === 'number' && Number.isFinite(list.indent) ? Math.trunc(list.indent) : 0;
  list.indent = Math.min(Math.max(indent, 0), SLACK_LIMITS.richTextListMaxIndent);
}

/**
 * True when a section, quote or preformatted element shows nothing: only text elements, all blank.
 * Slack refuses such elements, and splitting can leave one (a run of spaces past a cut).
 */
function isBlankRichTextElement(element: unknown): boolean {
  if (!isRecord(element) || !Array.isArray(element.elements)) return false;
  return element.elements.every(
    (inline) => isRecord(inline) && inline.type === 'text' && isBlankText(String(inline.text ?? '')),
  );
}

/**
 * Whether {@link fitRichText} leaves a `rich_text` block anything to show, read without copying or
 * editing it. Splitting moves characters between elements but never drops one, and blankness is
 * decided per code point, so an element (or list item) keeps a piece exactly when it is not blank
 * whole. Lets the pipeline leave rich text uncopied until the block budget keeps it.
 */
export function richTextSurvives(block: Json): boolean {
  if (!Array.isArray(block.elements)) return false;
  return block.elements.some((element: unknown) => {
    if (!isRecord(element)) return true;
    if (typeof element.type === 'string' && SPLITTABLE_RICH_TEXT.has(element.type))
      return !isBlankRichTextElement(element);
    if (element.type === 'rich_text_list' && Array.isArray(element.elements))
      return element.elements.some((item: unknown) => !isBlankRichTextElement(item));
    return true;
  });
}

export function fitRichText(block: Json): void {
  if (!Array.isArray(block.elements)) return;
  block.elements = block.elements.flatMap((element: unknown) => {
    if (!isRecord(element)) return [element];
    if (typeof element.type === 'string' && SPLITTABLE_RICH_TEXT.has(element.type))
      return splitRichTextElement(element).filter((piece) => !isBlankRichTextElement(piece));
    if (element.type === 'rich_text_list') {
      clampIndent(element);
      // List items are sections; a split item reads as two adjacent bullets but keeps every word.
      if (Array.isArray(element.elements)) {
        const items = element.elements.flatMap(splitRichTextElement).filter((item) => !isBlankRichTextElement(item));
        if (items.length === 0) return [];
        element.elements = items;
      }
    }
    return [element];
  });
}
