/**
 * What one slide can hold at all, counted before anything is measured: a composition with more
 * characters or more values (texts and nodes) than its slide shows at the smallest size is answered with one
 * finding at once, so the check's work stays bounded (a 1 MB composition is never laid out).
 */
import type { Limits, LayoutFinding } from './scene.ts';

/** Average advance and line pitch per pixel of font size, generous to the text (narrow glyphs, tight lines). */
const ADVANCE_EM = 0.5;
const LINE_EM = 1.2;
/** Narrowest column a value can sit in, in ems: a table cell of a few short words. */
const COLUMN_EM = 6;
/** How far past the capacity a composition may go before the check answers without measuring. */
const HEADROOM = 2;
/** The text size a frame without a smallest size is counted at. */
const FALLBACK_FONT_SIZE = 12;

const RESERVED = new Set(['type', 'id', 'surfaces']);

export interface Capacity {
  characters: number;
  values: number;
}

/** What the slide's content area (or canvas) holds at its smallest text size, with headroom. */
export function slideCapacity(limits: Pick<Limits, 'width' | 'height' | 'content' | 'minFontSize'>): Capacity {
  const size = limits.minFontSize ?? FALLBACK_FONT_SIZE;
  const area = limits.content ?? { left: 0, top: 0, right: limits.width, bottom: limits.height };
  const width = Math.max(0, area.right - area.left);
  const height = Math.max(0, area.bottom - area.top);
  const lines = height / (LINE_EM * size);
  return {
    characters: Math.ceil(HEADROOM * lines * (width / (ADVANCE_EM * size))),
    values: Math.ceil(HEADROOM * lines * Math.max(1, width / (COLUMN_EM * size))),
  };
}

interface Tally {
  path: string;
  type: string;
  characters: number;
  values: number;
}

/**
 * The composition's drawn text and nodes (the string fields and nodes under the view, whose own
 * title the slide does not draw), counted in one walk that stops as soon as the count is over capacity;
 * a finding on the body node holding the most of it, or none when the slide can hold it all.
 */
export function overCapacity(
  composition: unknown,
  capacity: Capacity,
): { finding?: LayoutFinding; characters: number } {
  /** Every character in the composition, the view's own fields included: what a cache key of it would weigh. */
  let all = 0;
  let characters = 0;
  let values = 0;
  let over = false;
  /** The top-level nodes of the slide's body (the frame's children), where the text is. */
  const parts = new Map<string, Tally>();
  const visit = (value: unknown, path: string, node: Tally | undefined, depth: number): void => {
    if (over) return;
    if (typeof value === 'string') {
      all += value.length;
      if (!node) return;
      characters += value.length;
      values++;
      node.characters += value.length;
      node.values++;
      if (characters > capacity.characters || values > capacity.values) over = true;
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && !over; i++) visit(value[i], `${path}[${i}]`, node, depth);
      return;
    }
    const record = value as Record<string, unknown>;
    const isNode = typeof record.type === 'string';
    let owner = node;
    if (isNode) {
      depth++;
      // Every node draws at least one box of its own: nesting counts as much as text does.
      if (node) {
        values++;
        node.values++;
        if (values > capacity.values) over = true;
      }
      // The view is depth 1, its body's nodes (a frame) 2, and what a frame holds 3: a tally each.
      if (depth === 2 || depth === 3) {
        owner = { path, type: record.type as string, characters: 0, values: 0 };
        parts.set(path, owner);
      }
    }
    for (const key of Object.keys(record)) {
      if (isNode && RESERVED.has(key)) continue;
      visit(record[key], path === '' ? key : `${path}.${key}`, owner, depth);
      if (over) return;
    }
  };
  visit(composition, '', undefined, 0);
  if (!over) return { characters: all };
  let most: Tally | undefined;
  for (const part of parts.values())
    if (!most || part.characters + part.values > most.characters + most.values) most = part;
  const finding: LayoutFinding = {
    path: most?.path ?? '',
    nodeType: most?.type ?? 'view',
    kind: 'too-much',
    message:
      `holds more than one slide can show: over ${count(capacity.characters)} characters or ` +
      `${count(capacity.values)} values where the slide has room for about half that at its smallest text; ` +
      'split it across several slides, or show a summary (a slideStats, a slideTable of the top rows)',
  };
  return { finding, characters: all };
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
