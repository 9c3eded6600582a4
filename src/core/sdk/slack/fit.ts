/**
 * The envelope pipeline: turns a title, a subtitle and each body node's blocks into one
 * `chat.postMessage` payload that Slack accepts. Slack refuses a whole message over any single
 * limit, so every step here trades detail for delivery, in a fixed order, deterministically.
 */
import type { SlackAssetRequest, SlackBlock, SlackMessage } from './blocks.ts';
import { clampSlackMrkdwn, clampSlackText, codePointPrefix, graphemePrefix, isBlankSlackText } from './clamp.ts';
import { SLACK_LIMITS } from './limits.ts';
import { escapeMrkdwn } from './mrkdwn.ts';

/** What the Slack surface hands the pipeline after rendering a composition's nodes. */
export interface SlackFitInput {
  /** Shown as a header block; the caller has already decided whether to show it. */
  title?: string;
  /** Shown as a context line under the title. Plain text: it is escaped here. */
  subtitle?: string;
  /** Each body node's blocks, in document order. */
  nodes: SlackBlock[][];
  /** Fallback notification text, as mrkdwn the caller computed. */
  text: string;
  /** Upload requests allocated while rendering (refs `<prefix>-0`, …). */
  assets?: SlackAssetRequest[];
}

/**
 * The fallback `text` of a message that would otherwise be empty (every node limited to other
 * surfaces, no title): Slack refuses a message with neither blocks nor text (`no_text`).
 */
export const SLACK_EMPTY_TEXT = 'This view has nothing to show in Slack.';

/** The alt text of an image that came without one (Slack requires it). */
export const SLACK_IMAGE_ALT = 'Image';

/** The italic note that replaces blocks cut by the 50-block limit. */
export const SLACK_ELIDED_NOTE = (count: number): string =>
  `_${count} more ${count === 1 ? 'block was' : 'blocks were'} elided ` +
  `to fit Slack's ${SLACK_LIMITS.blocksPerMessage}-block limit._`;

type Json = Record<string, unknown>;

/** Where a block came from, so later steps tell the pipeline's own blocks from the model's. */
type Role = 'title' | 'subtitle' | 'body' | 'divider';

interface Entry {
  block: Json;
  role: Role;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Half a surrogate pair is not text: it cannot be encoded as UTF-8, so Slack would receive garbage
 * or refuse the payload. Each one becomes U+FFFD, as a UTF-8 encoder would write it.
 */
function wellFormed(text: string): string {
  return SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}

/**
 * Copies plain data so the pipeline can edit freely without touching the caller's blocks (which
 * may be frozen, or reused for another surface). Shared and cyclic references stay shared; strings
 * come back well-formed.
 */
function cloneData(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(cloneData(item, seen));
    return copy;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  // Class instances are not Block Kit data; passing them through untouched beats guessing.
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Json = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) copy[key] = cloneData(item, seen);
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Step 2: per-block text limits.

/** Clamps a text object in place; mrkdwn is cut so no entity or `<…>` is left half-open. */
function clampTextObject(value: unknown, max: number): void {
  if (!isRecord(value) || typeof value.text !== 'string') return;
  value.text = value.type === 'mrkdwn' ? clampSlackMrkdwn(value.text, max) : clampSlackText(value.text, max);
}

/**
 * Clamps a text object in place; `false` when it is missing or would show nothing, which Slack
 * refuses wherever a text is required (a blank header is `invalid_blocks`).
 */
function fitText(value: unknown, max: number): boolean {
  clampTextObject(value, max);
  return isRecord(value) && typeof value.text === 'string' && !isBlankSlackText(value.text);
}

function clampStringField(owner: Json, key: string, max: number): void {
  const value = owner[key];
  if (typeof value === 'string') owner[key] = clampSlackText(value, max);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A button whose label shows nothing: Slack refuses it, and a reader could not tell what it does. */
function isBlankButton(element: unknown): boolean {
  if (!isRecord(element) || element.type !== 'button') return false;
  return !fitText(element.text, SLACK_LIMITS.buttonTextChars);
}

/** Drops items past `max` and returns what is left (an empty list when the field is not a list). */
function limitList(owner: Json, key: string, max: number): unknown[] {
  const value = owner[key];
  if (!Array.isArray(value)) return [];
  if (value.length > max) owner[key] = value.slice(0, max);
  return owner[key] as unknown[];
}

function fitOption(option: unknown): void {
  if (!isRecord(option)) return;
  clampTextObject(option.text, SLACK_LIMITS.optionTextChars);
  clampTextObject(option.description, SLACK_LIMITS.optionDescriptionChars);
}

function fitConfirm(confirm: unknown): void {
  if (!isRecord(confirm)) return;
  clampTextObject(confirm.title, SLACK_LIMITS.confirmTitleChars);
  clampTextObject(confirm.text, SLACK_LIMITS.confirmTextChars);
  clampTextObject(confirm.confirm, SLACK_LIMITS.confirmButtonChars);
  clampTextObject(confirm.deny, SLACK_LIMITS.confirmButtonChars);
}

function optionLimit(type: unknown): number {
  if (type === 'overflow') return SLACK_LIMITS.optionsPerOverflow;
  if (type === 'radio_buttons' || type === 'checkboxes') return SLACK_LIMITS.optionsPerChoice;
  return SLACK_LIMITS.optionsPerSelect;
}

function optionValue(option: unknown): string | undefined {
  return isRecord(option) && typeof option.value === 'string' ? option.value : undefined;
}

/** Options, option groups and initial options of selects, overflows, radios and checkboxes. */
function fitOptions(element: Json): void {
  const hasChoices = Array.isArray(element.options) || Array.isArray(element.option_groups);
  const surviving = new Set<string>();
  for (const option of limitList(element, 'options', optionLimit(element.type))) {
    fitOption(option);
    const value = optionValue(option);
    if (value !== undefined) surviving.add(value);
  }
  for (const group of limitList(element, 'option_groups', SLACK_LIMITS.optionGroupsPerSelect)) {
    if (!isRecord(group)) continue;
    clampTextObject(group.label, SLACK_LIMITS.optionGroupLabelChars);
    for (const option of limitList(group, 'options', SLACK_LIMITS.optionsPerSelect)) {
      fitOption(option);
      const value = optionValue(option);
      if (value !== undefined) surviving.add(value);
    }
  }
  fitOption(element.initial_option);
  if (Array.isArray(element.initial_options)) element.initial_options.forEach(fitOption);
  if (!hasChoices) return;
  // Slack rejects an initial option that is not among the options; dropping options above can
  // orphan one, so it goes too (external selects have no options list and are left alone).
  const orphaned = (option: unknown): boolean => {
    const value = optionValue(option);
    return value !== undefined && !surviving.has(value);
  };
  if (orphaned(element.initial_option)) delete element.initial_option;
  if (Array.isArray(element.initial_options)) {
    const kept = element.initial_options.filter((option) => !orphaned(option));
    if (kept.length > 0) element.initial_options = kept;
    else delete element.initial_options;
  }
}

/** Any interactive or image element: in `actions`, a section accessory, or an input. */
function fitElement(element: unknown): void {
  if (!isRecord(element)) return;
  if (element.type === 'button') clampTextObject(element.text, SLACK_LIMITS.buttonTextChars);
  if (element.type === 'image') fitAltText(element);
  clampTextObject(element.placeholder, SLACK_LIMITS.placeholderChars);
  fitConfirm(element.confirm);
  fitOptions(element);
}

/** What a rich text inline element shows, in UTF-16 units; a link without text shows its URL. */
function inlineLength(inline: unknown): number {
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
    (inline) => isRecord(inline) && inline.type === 'text' && isBlankSlackText(String(inline.text ?? '')),
  );
}

function fitRichText(block: Json): void {
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

/**
 * Slack requires an image's alt text; a missing or blank one becomes {@link SLACK_IMAGE_ALT}
 * rather than costing the picture or the message.
 */
function fitAltText(image: Json): void {
  clampStringField(image, 'alt_text', SLACK_LIMITS.imageAltTextChars);
  if (typeof image.alt_text !== 'string' || isBlankSlackText(image.alt_text)) image.alt_text = SLACK_IMAGE_ALT;
}

function fitImageBlock(block: Json): Json | null {
  const described = typeof block.alt_text === 'string' && !isBlankSlackText(block.alt_text);
  fitAltText(block);
  if (block.title !== undefined && !fitText(block.title, SLACK_LIMITS.imageTitleChars)) delete block.title;
  if (typeof block.image_url !== 'string' || block.image_url.length <= SLACK_LIMITS.imageUrlChars) return block;
  // A URL cannot be shortened without breaking it; keep what the picture was meant to say.
  if (!described) return null;
  const alt = String(block.alt_text).trim();
  return contextBlock(clampSlackMrkdwn(escapeMrkdwn(alt), SLACK_LIMITS.contextElementChars));
}

/** Clamps every Slack-limited text in one (already copied) block; `null` drops the block. */
function fitBlock(block: Json): Json | null {
  switch (block.type) {
    case 'header':
      return fitText(block.text, SLACK_LIMITS.headerTextChars) ? block : null;
    case 'section': {
      if (block.text !== undefined && !fitText(block.text, SLACK_LIMITS.sectionTextChars)) delete block.text;
      if (block.fields !== undefined) {
        // Blank fields are dropped before the count, so they cost no visible field its place.
        const fields = list(block.fields).filter((field) => fitText(field, SLACK_LIMITS.sectionFieldChars));
        if (fields.length > 0) block.fields = fields.slice(0, SLACK_LIMITS.fieldsPerSection);
        else delete block.fields;
      }
      if (isBlankButton(block.accessory)) delete block.accessory;
      fitElement(block.accessory);
      // Slack requires a section's text or fields; an accessory alone is refused.
      return block.text === undefined && block.fields === undefined ? null : block;
    }
    case 'context': {
      const elements = list(block.elements).filter((element) =>
        isRecord(element) && element.type === 'image' ? true : fitText(element, SLACK_LIMITS.contextElementChars),
      );
      if (elements.length === 0) return null;
      block.elements = elements.slice(0, SLACK_LIMITS.contextElements);
      list(block.elements).forEach((element) => {
        if (isRecord(element) && element.type === 'image') fitElement(element);
      });
      return block;
    }
    case 'image':
      return fitImageBlock(block);
    case 'video':
      clampTextObject(block.title, SLACK_LIMITS.videoTitleChars);
      clampTextObject(block.description, SLACK_LIMITS.videoDescriptionChars);
      clampStringField(block, 'author_name', SLACK_LIMITS.videoAuthorNameChars);
      return block;
    case 'actions': {
      const elements = list(block.elements).filter((element) => !isBlankButton(element));
      if (elements.length === 0) return null;
      block.elements = elements.slice(0, SLACK_LIMITS.buttonsPerActions);
      list(block.elements).forEach(fitElement);
      return block;
    }
    case 'input':
      fitElement(block.element);
      return block;
    case 'rich_text':
      fitRichText(block);
      return list(block.elements).length > 0 ? block : null;
    default:
      return block;
  }
}

// ---------------------------------------------------------------------------------------------
// Step 3: table budget.

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
function budgetTables(entries: Entry[]): Entry[] {
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

// ---------------------------------------------------------------------------------------------
// Step 4: field coalescing.

/** A section that is nothing but one field (a block_id would be lost by merging, so it blocks it). */
function isSingleField(block: Json): boolean {
  return (
    block.type === 'section' &&
    Array.isArray(block.fields) &&
    block.fields.length === 1 &&
    block.text === undefined &&
    block.accessory === undefined &&
    block.block_id === undefined
  );
}

function coalesceFields(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  let run: Entry[] = [];
  const flushRun = (): void => {
    if (run.length === 1) out.push(...run);
    for (let start = 0; run.length > 1 && start < run.length; start += SLACK_LIMITS.fieldsPerSection) {
      const fields = run
        .slice(start, start + SLACK_LIMITS.fieldsPerSection)
        .flatMap((entry) => entry.block.fields as unknown[]);
      out.push({ block: { type: 'section', fields }, role: 'body' });
    }
    run = [];
  };
  for (const entry of entries) {
    if (entry.role === 'body' && isSingleField(entry.block)) {
      run.push(entry);
      continue;
    }
    flushRun();
    out.push(entry);
  }
  flushRun();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Step 5: rhythm (dividers only; see budgetBlocks on spacers).

const isDivider = (entry: Entry | undefined): boolean => entry?.block.type === 'divider';

/** Dividers before actions and non-first headers; never doubled, never leading. */
function addDividers(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  for (const entry of entries) {
    const previous = out.at(-1);
    if (isDivider(entry)) {
      // The model's own dividers follow the same rule, so a blank renders as one line, not two.
      if (previous !== undefined && !isDivider(previous)) out.push(entry);
      continue;
    }
    const wantsDivider = entry.block.type === 'header' || entry.block.type === 'actions';
    if (wantsDivider && previous !== undefined && !isDivider(previous)) {
      out.push({ block: { type: 'divider' }, role: 'divider' });
    }
    out.push(entry);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Step 6: block budget.

function contextBlock(mrkdwn: string): Json {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: mrkdwn }] };
}

/**
 * Everything past block 49 gives way to a note saying how many blocks were cut. There are no
 * spacer blocks to shed first: Slack already spaces blocks apart, and each spacer cost a block.
 */
function budgetBlocks(entries: Entry[]): Json[] {
  const max = SLACK_LIMITS.blocksPerMessage;
  const blocks = entries.map((entry) => entry.block);
  if (blocks.length <= max) return blocks;
  const elided = blocks.length - (max - 1);
  return [...blocks.slice(0, max - 1), contextBlock(SLACK_ELIDED_NOTE(elided))];
}

/**
 * Slack refuses a message where two blocks share a `block_id`, or an id over its length limit: the
 * first use of an id keeps it, and every other (or invalid) id is removed, since Slack makes its own.
 */
function uniqueBlockIds(blocks: Json[]): void {
  const seen = new Set<string>();
  for (const block of blocks) {
    if (block.block_id === undefined) continue;
    const id = block.block_id;
    if (typeof id === 'string' && id !== '' && id.length <= SLACK_LIMITS.blockIdChars && !seen.has(id)) seen.add(id);
    else delete block.block_id;
  }
}

// ---------------------------------------------------------------------------------------------
// Step 8: assets.

/** Every `slack_file.ref` still present, wherever a renderer put the image. */
function collectRefs(value: unknown, refs: Set<string>, seen: Set<object>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, refs, seen);
    return;
  }
  const record = value as Json;
  const file = record.slack_file;
  if (isRecord(file) && typeof file.ref === 'string') refs.add(file.ref);
  for (const item of Object.values(record)) collectRefs(item, refs, seen);
}

// ---------------------------------------------------------------------------------------------

/**
 * Fits a rendered composition into one Slack message, in a fixed order: title and subtitle,
 * per-block text limits (blank required texts drop their block), table budget, field coalescing,
 * dividers, the 50-block budget, unique block ids, fallback text (never empty when there are no
 * blocks), and assets still referenced. Never mutates `input`.
 * @example fitSlackMessage({ title: 'Report', nodes: [[mrkdwnSection('Hi')]], text: 'Report' })
 */
export function fitSlackMessage(input: SlackFitInput): SlackMessage {
  const entries: Entry[] = [];

  // 1. Title and subtitle.
  const title = wellFormed(input.title ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title !== '') {
    entries.push({ block: { type: 'header', text: { type: 'plain_text', text: title, emoji: true } }, role: 'title' });
  }
  const subtitle = wellFormed(input.subtitle ?? '').trim();
  if (subtitle !== '') entries.push({ block: contextBlock(escapeMrkdwn(subtitle)), role: 'subtitle' });

  // 2. Body blocks, copied, with every limited text clamped.
  for (const blocks of input.nodes) {
    for (const block of blocks) {
      // A fresh map per block: a block object reused by a renderer still yields separate copies.
      const copy = cloneData(block, new Map());
      if (!isRecord(copy) || typeof copy.type !== 'string') continue;
      entries.push({ block: copy, role: 'body' });
    }
  }
  const fitted = entries.flatMap((entry): Entry[] => {
    const block = fitBlock(entry.block);
    return block === null ? [] : [{ block, role: entry.role }];
  });

  // 3–6.
  const blocks = budgetBlocks(addDividers(coalesceFields(budgetTables(fitted))));
  uniqueBlockIds(blocks);

  // 7–8.
  const refs = new Set<string>();
  collectRefs(blocks, refs, new Set());
  const assets = (input.assets ?? [])
    .filter((request) => refs.has(request.ref))
    .map((request) => ({ ...request, altText: wellFormed(request.altText) }));

  const text = clampSlackMrkdwn(wellFormed(input.text), SLACK_LIMITS.fallbackTextChars);
  return {
    text: blocks.length === 0 && isBlankSlackText(text) ? SLACK_EMPTY_TEXT : text,
    blocks: blocks as SlackBlock[],
    assets,
  };
}
