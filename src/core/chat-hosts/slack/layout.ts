/**
 * Steps 4–6 of fitting a message: how the fitted blocks are laid out in sequence — single-field
 * sections coalesced, dividers placed, the 50-block budget spent — and block ids kept unique.
 */
import type { Json } from '../../text/well-formed.ts';
import { SLACK_LIMITS } from './limits.ts';
import { contextBlock, SLACK_ELIDED_NOTE } from './notes.ts';

/** Where a block came from, so later steps tell the pipeline's own blocks from the model's. */
export type Role = 'title' | 'subtitle' | 'body' | 'divider';

export interface Entry {
  block: Json;
  role: Role;
  /**
   * `block` is still the renderer's own `rich_text` block, known to show something: copied and
   * fitted only if the block budget keeps it (steps 3–5 never edit rich text).
   */
  deferred?: true;
}

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

export function coalesceFields(entries: Entry[]): Entry[] {
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

const isDivider = (entry: Entry | undefined): boolean => entry?.block.type === 'divider';

/** Dividers before actions and non-first headers; never doubled, never leading. */
export function addDividers(entries: Entry[]): Entry[] {
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

/**
 * Everything past block 49 gives way to a note saying how many blocks were cut. There are no
 * spacer blocks to shed first: Slack already spaces blocks apart, and each spacer cost a block.
 */
export function budgetBlocks(entries: Entry[], show: (entry: Entry) => Json): Json[] {
  const max = SLACK_LIMITS.blocksPerMessage;
  if (entries.length <= max) return entries.map(show);
  const elided = entries.length - (max - 1);
  return [...entries.slice(0, max - 1).map(show), contextBlock(SLACK_ELIDED_NOTE(elided))];
}

/**
 * Slack refuses a message where two blocks share a `block_id`, or an id over its length limit: the
 * first use of an id keeps it, and every other (or invalid) id is removed, since Slack makes its own.
 */
export function uniqueBlockIds(blocks: Json[]): void {
  const seen = new Set<string>();
  for (const block of blocks) {
    if (block.block_id === undefined) continue;
    const id = block.block_id;
    if (typeof id === 'string' && id !== '' && id.length <= SLACK_LIMITS.blockIdChars && !seen.has(id)) seen.add(id);
    else delete block.block_id;
  }
}
