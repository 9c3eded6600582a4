/**
 * The layout check's clipping detector: content cut off by a box around it that hides its overflow
 * (a window, a code panel, a chart's label, any element whose class sets `overflow: hidden`), told
 * about the innermost node cut, by how much, and what to shorten. The slide's own edge is not a box
 * here: `outsideArea` (detectors.ts) reports what runs past it.
 */
import { outside, px, report, shorterToLines, sides, TOLERANCE } from './measures.ts';
import type { LayoutDetector, LayoutScene } from './scene.ts';
import { type Clipper, type LaidOut, lineCount, type Rect } from './tree.ts';

/**
 * Content cut off by a box around it that hides its overflow: one finding per clipping box. Text
 * lines the box hides are told first (how many of the text's lines are gone); else a box the text
 * sits in (a message's bubble, a card, a pane's padding) that runs past the clipping box's edge.
 */
export const clippedByContainer: LayoutDetector = (scene) => {
  const told = hiddenLines(scene);
  cutBoxes(scene, told);
};

/** Keys clipping boxes by the node that drew them and where: one box may be drawn by several elements' nodes. */
const keyOf = (clipper: Clipper) => `${clipper.owner.path} ${clipper.rect.left},${clipper.rect.top}`;

/** How a finding names the clipping box: the node's own box, or the node around it with its path. */
function containerName(scene: LayoutScene, element: LaidOut, by: Clipper): string {
  return by.owner.path === scene.at(element).path || by.owner.depth === 0
    ? `its ${by.owner.type}’s box`
    : `the ${by.owner.type} around it (${by.owner.path})`;
}

/** Text lines a clipping box hides, about the first text each box cuts; returns the boxes told of. */
function hiddenLines(scene: LayoutScene): Set<string> {
  const hidden = new Map<string, { element: LaidOut; lines: number; more: number; by: Clipper }>();
  for (const element of scene.readable) {
    if (element.runs.length === 0 || element.clippers.length === 0 || scene.reported.has(element)) continue;
    for (let i = element.clippers.length - 1; i >= 0; i--) {
      const clipper = element.clippers[i]!;
      // The frame's own clip is the slide's edge, which `outsideArea` reports.
      if (clipper.owner.depth <= 1) break;
      const cut = element.runs.filter(({ rect }) => outside(rect, clipper.rect) > TOLERANCE).length;
      if (cut === 0) continue;
      const key = keyOf(clipper);
      const seen = hidden.get(key);
      if (seen) seen.more++;
      else hidden.set(key, { element, lines: cut, more: 0, by: clipper });
      scene.reported.add(element);
      scene.hidden.add(element);
      break;
    }
  }
  for (const { element, lines, more, by } of hidden.values()) {
    const own = scene.at(element);
    const total = lineCount(element);
    const rest = more > 0 ? `, and ${more} more ${more === 1 ? 'text' : 'texts'} after it` : '';
    report(scene, element, 'clipped', (name) => {
      const shown = total - lines;
      const repair =
        own.field && shown >= 1
          ? `shorten ${name} to about ${shorterToLines(element, shown)} characters, or move part of the ${by.owner.type}’s content to another slide`
          : `shorten what the ${by.owner.type} holds, or move part of it to another slide`;
      return `is cut off by ${containerName(scene, element, by)}: ${lines} of its ${total} ${total === 1 ? 'line is' : 'lines are'} hidden${rest}; ${repair}`;
    });
  }
  return new Set(hidden.keys());
}

/**
 * Boxes that run past the nearest box around them that hides its overflow, where no text line is
 * hidden yet (a bubble's lower edge and padding, a pane's bottom margin): the slide shows content
 * cut at the edge, as a browser's scroll box would. Named after the text in the innermost cut box
 * nearest the edge that cuts it, the one to shorten first.
 */
function cutBoxes(scene: LayoutScene, told: ReadonlySet<string>): void {
  const groups = new Map<string, { by: Clipper; cut: LaidOut[] }>();
  for (const element of scene.elements) {
    if (element.scaled || element.owner.depth === 0 || element.width <= 0 || element.height <= 0) continue;
    const by = element.clippers.at(-1);
    // The frame's own clip is the slide's edge, which `outsideArea` reports.
    if (!by || by.owner.depth <= 1) continue;
    const key = keyOf(by);
    if (told.has(key) || outside(element.box, by.rect) <= TOLERANCE) continue;
    const group = groups.get(key);
    if (group) group.cut.push(element);
    else groups.set(key, { by, cut: [element] });
  }
  for (const { by, cut } of groups.values()) {
    // The innermost cut boxes hold no other cut box; the first of them in document order is told.
    const holding = new Set<LaidOut>();
    for (const element of cut) for (let up = element.parent; up; up = up.parent) holding.add(up);
    const innermost = cut.find((element) => !holding.has(element))!;
    const { excess, side } = sides(innermost.box, by.rect);
    const culprit = nearestText(scene, innermost, by, side) ?? innermost;
    if (scene.reported.has(culprit)) continue;
    const box = culprit === innermost ? 'its box' : 'the box it is drawn in';
    const holds = `the ${by.owner.type} holds, or move part of it to another slide`;
    report(scene, culprit, 'clipped', (name) => {
      const repair = scene.at(culprit).field ? `shorten ${name} or something else ${holds}` : `shorten what ${holds}`;
      return `is cut off by ${containerName(scene, culprit, by)}: ${box} runs ${px(excess)} past the ${by.owner.type}’s ${side} edge; ${repair}`;
    });
  }
}

/** The text inside `box` (or the box itself) that comes nearest to, or furthest past, the clipping box's `side`. */
function nearestText(scene: LayoutScene, box: LaidOut, by: Clipper, side: string): LaidOut | undefined {
  let best: LaidOut | undefined;
  let bestExcess = Number.NEGATIVE_INFINITY;
  for (const element of scene.readable) {
    if (element.runs.length === 0 || element.order < box.order || !within(element, box)) continue;
    const excess = past(element.box, by.rect, side);
    if (excess > bestExcess) {
      best = element;
      bestExcess = excess;
    }
  }
  return best;
}

/** How far a box passes one side of a limit (negative while inside). */
function past(rect: Rect, limit: Rect, side: string): number {
  if (side === 'bottom') return rect.bottom - limit.bottom;
  if (side === 'right') return rect.right - limit.right;
  if (side === 'left') return limit.left - rect.left;
  return limit.top - rect.top;
}

function within(element: LaidOut, box: LaidOut): boolean {
  for (let up: LaidOut | undefined = element; up; up = up.parent) if (up === box) return true;
  return false;
}
