/**
 * The envelope pipeline: turns a title, a subtitle and each body node's blocks into one
 * `chat.postMessage` payload that Slack accepts. Slack refuses a whole message over any single
 * limit, so every step here trades detail for delivery, in a fixed order, deterministically.
 */
import { isRecord } from '../../model/is-record.ts';
import { fitBlock } from './block-limits.ts';
import type { SlackAssetRequest, SlackBlock, SlackMessage } from './blocks.ts';
import { isBlankText } from '../../text/clamp.ts';
import { cloneData, type Json, wellFormed } from '../../text/well-formed.ts';
import { addDividers, budgetBlocks, coalesceFields, type Entry, uniqueBlockIds } from './layout.ts';
import { SLACK_LIMITS } from './limits.ts';
import { clampSlackMrkdwn, escapeMrkdwn } from './mrkdwn.ts';
import { contextBlock, SLACK_EMPTY_TEXT } from './notes.ts';
import { richTextSurvives } from './rich-text-limits.ts';
import { budgetTables } from './table-budget.ts';

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

/** The pipeline's own copy of a block; a fresh map per block, so a reused object yields separate copies. */
function copyOf(block: Json): Json {
  return cloneData(block, new Map()) as Json;
}

/** A block as step 6 shows it: deferred rich text is copied and fitted now. */
function fitDeferred(entry: Entry): Json {
  if (!entry.deferred) return entry.block;
  const block = fitBlock(copyOf(entry.block));
  // `richTextSurvives` is exact (the property tests hold it to `fitBlock`), so this cannot happen.
  if (block === null) throw new Error('Slack fit: deferred rich text showed nothing');
  return block;
}

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

  const fitted = entries.flatMap((entry): Entry[] => {
    const block = fitBlock(entry.block);
    return block === null ? [] : [{ block, role: entry.role }];
  });

  // 2. Body blocks, copied, with every limited text clamped. Rich text, what most nodes draw, is
  // only checked for what it will show: copying and fitting it waits until the block budget (6)
  // keeps it, so a message of thousands of blocks costs the 50 it can show.
  for (const blocks of input.nodes) {
    for (const block of blocks) {
      if (!isRecord(block) || typeof block.type !== 'string') continue;
      if (block.type === 'rich_text') {
        if (richTextSurvives(block)) fitted.push({ block, role: 'body', deferred: true });
        continue;
      }
      const copy = fitBlock(copyOf(block));
      if (copy !== null) fitted.push({ block: copy, role: 'body' });
    }
  }

  // 3–6.
  const blocks = budgetBlocks(addDividers(coalesceFields(budgetTables(fitted))), fitDeferred);
  uniqueBlockIds(blocks);

  // 7–8.
  const refs = new Set<string>();
  collectRefs(blocks, refs, new Set());
  const assets = (input.assets ?? [])
    .filter((request) => refs.has(request.ref))
    .map((request) => ({ ...request, altText: wellFormed(request.altText) }));

  // Clamping reads at most the first `max + 1` units, so only a prefix needs repairing; the spare
  // units keep a surrogate pair cut by the slice away from what is read.
  const max = SLACK_LIMITS.fallbackTextChars;
  const text = clampSlackMrkdwn(wellFormed(input.text.slice(0, max + 16)), max);
  return {
    text: blocks.length === 0 && isBlankText(text) ? SLACK_EMPTY_TEXT : text,
    blocks: blocks as SlackBlock[],
    assets,
  };
}
