/**
 * The layout check's detectors: each reads the flattened, measured slide (a {@link LayoutScene}) and
 * adds findings for one kind of problem a person would see. They run in order, and a later one
 * skips an element an earlier one reported, so one defect is told once, by its cause.
 */
import { clippedByContainer } from './clipping.ts';
import { type Field, joinPath } from './fields.ts';
import { outside, px, report, shorterBy, shorterToLines, sides, TOLERANCE } from './measures.ts';
import type { LayoutDetector } from './scene.ts';
import { intersect, type LaidOut, lineCount, type Rect } from './tree.ts';

/** Two text runs overlap when they share at least this share of the smaller one's height and width. */
const OVERLAP_SHARE = 0.25;
/** Fewer visible characters a line than this, over three lines or more, is too narrow to read. */
const NARROW_CHARS = 4;
const NARROW_LINES = 3;

/**
 * Text past its own box's content edge (into its padding, or beyond): cut off where something clips
 * it, spilling over its neighbours or its padding otherwise, as a browser's scroll width counts it.
 */
export const textPastItsBox: LayoutDetector = (scene) => {
  for (const element of scene.readable) {
    if (element.runs.length === 0) continue;
    let right = Number.NEGATIVE_INFINITY;
    let below = 0;
    for (const { rect } of element.runs) {
      right = Math.max(right, rect.right);
      if ((rect.top + rect.bottom) / 2 > element.content.bottom + TOLERANCE) below++;
    }
    const wide = right - element.content.right;
    if (wide <= TOLERANCE && below === 0) continue;
    const clipped = element.runs.some(({ rect }) => outside(rect, element.clip) > TOLERANCE);
    const kind = clipped ? 'clipped' : 'overflow';
    // Text still inside its border box is drawn whole, over its padding: a cramped box, not a spill.
    const padding = below === 0 && right - element.box.right <= TOLERANCE;
    const what = clipped ? 'is cut off' : padding ? "runs into its box's padding" : 'runs out of its box';
    if (wide > TOLERANCE && below === 0) {
      const room = element.content.right - element.content.left;
      const keep = shorterBy(element.text.length, room / (room + wide));
      report(
        scene,
        element,
        kind,
        (name) => `${what}: ${px(wide)} too wide; shorten ${name} to about ${keep} characters`,
      );
    } else {
      const keep = shorterToLines(element, Math.max(1, lineCount(element) - below));
      report(
        scene,
        element,
        kind,
        (name) =>
          `${what}: ${below} ${below === 1 ? 'line' : 'lines'} past its bottom edge; ` +
          `shorten ${name} to about ${keep} characters`,
      );
    }
  }
};

/** Content past the canvas or the frame's content area: the leaves of nodes inside the body's own nodes. */
export const outsideArea: LayoutDetector = (scene) => {
  const { limits } = scene;
  const canvasRect: Rect = { left: 0, top: 0, right: limits.width, bottom: limits.height };
  const past = new Map<string, Past>();
  for (const element of scene.readable) {
    if (element.owner.depth < 2 || (!element.leaf && element.runs.length === 0) || scene.hidden.has(element)) continue;
    const rects = element.runs.length > 0 ? element.runs.map(({ rect }) => rect) : [element.box];
    for (const rect of rects) {
      if (rect.right - rect.left <= 0 || rect.bottom - rect.top <= 0) continue;
      const canvas = sides(rect, canvasRect);
      const content = limits.content ? sides(rect, limits.content) : canvas;
      if (content.excess <= TOLERANCE) continue;
      // Text past its area overlaps other text as a consequence: that is not told again.
      scene.reported.add(element);
      const found: Past = { element, content, canvas: canvas.excess > TOLERANCE ? canvas : undefined };
      const seen = past.get(element.owner.path);
      if (
        !seen ||
        (found.canvas && !seen.canvas) ||
        (!found.canvas === !seen.canvas && content.excess > seen.content.excess)
      )
        past.set(element.owner.path, found);
    }
  }
  // A container runs past only because what it holds does: name the innermost node.
  const containers = new Set<string>();
  for (const path of past.keys())
    for (let cut = path.length; cut > 0; cut--) {
      if (path[cut] === '.') containers.add(path.slice(0, cut));
    }
  const texts = longestTexts(scene.elements, past);
  for (const [path, { element, content, canvas }] of past) {
    if (containers.has(path)) continue;
    const culprit = texts.get(path) ?? element;
    const where = scene.at(culprit);
    const area = limits.content ? "the slide's content area" : 'the slide';
    const measure =
      canvas !== undefined
        ? `${px(canvas.excess)} ${canvas.side === 'bottom' ? 'below the slide' : `past the slide's ${canvas.side} edge`}, where it is cut off`
        : `${px(content.excess)} ${content.side === 'bottom' ? `below ${area}` : `past the ${content.side} edge of ${area}`}`;
    scene.findings.push({
      path: where.path,
      nodeType: where.type,
      kind: canvas ? 'outside-canvas' : 'outside-content',
      message: `runs ${measure}: ${repairFor(culprit, where.field, content)}`,
    });
  }
};

/**
 * Text set so narrow it reads a few characters a line, and words broken across lines in a script
 * that separates words with spaces ("Januar / y"): both mean the box is too narrow for its words.
 */
export const brokenText: LayoutDetector = (scene) => {
  for (const element of scene.readable) {
    if (element.runs.length < 2 || scene.reported.has(element)) continue;
    const lines = textLines(element);
    if (lines.length < 2) continue;
    const visible = lines.reduce((sum, line) => sum + line.replace(/\s/g, '').length, 0);
    if (lines.length >= NARROW_LINES && visible / lines.length < NARROW_CHARS) {
      const perLine = Math.max(1, Math.round(visible / lines.length));
      report(
        scene,
        element,
        'narrow',
        (name) =>
          `${name} is set about ${perLine} ${perLine === 1 ? 'character' : 'characters'} a line ` +
          `(${lines.length} lines in a box ${px(element.width)} wide), too narrow to read: ` +
          'give it a wider place (fewer columns, or the slide body instead of a side column) or shorten it',
      );
      continue;
    }
    const broken = brokenWords(lines);
    if (broken.length === 0) continue;
    const [first] = broken;
    const others = broken.length > 1 ? ` (and ${broken.length - 1} more)` : '';
    report(
      scene,
      element,
      'broken-word',
      (name) =>
        `${name} breaks the word “${first!.word}” across lines (${first!.drawn.map((part) => `“${part}”`).join(' / ')})${others}: ` +
        'use a shorter word, or fewer columns so each is wider',
    );
  }
};

/** Text drawn over other text: never by design in a readable layout. */
export const overlappingText: LayoutDetector = (scene) => {
  const runs: { element: LaidOut; rect: Rect }[] = [];
  for (const element of scene.readable) {
    if (scene.reported.has(element)) continue;
    for (const { rect: line } of element.runs) {
      const rect = intersect(line, element.clip);
      if (rect.right > rect.left && rect.bottom > rect.top) runs.push({ element, rect });
    }
  }
  // Sweep top to bottom: only runs whose vertical spans meet are compared.
  runs.sort((a, b) => a.rect.top - b.rect.top);
  const pairs = new Set<string>();
  for (let i = 0; i < runs.length; i++) {
    const first = runs[i]!;
    for (let j = i + 1; j < runs.length && runs[j]!.rect.top < first.rect.bottom; j++) {
      const second = runs[j]!;
      if (first.element === second.element) continue;
      const shared = intersect(first.rect, second.rect);
      const w = shared.right - shared.left;
      const h = shared.bottom - shared.top;
      if (w <= 0 || h <= 0) continue;
      const minW = Math.min(first.rect.right - first.rect.left, second.rect.right - second.rect.left);
      const minH = Math.min(first.rect.bottom - first.rect.top, second.rect.bottom - second.rect.top);
      if (w < OVERLAP_SHARE * minW || h < OVERLAP_SHARE * minH) continue;
      const [under, over] = first.element.order < second.element.order ? [first, second] : [second, first];
      const key = `${under.element.order}:${over.element.order}`;
      if (pairs.has(key)) continue;
      pairs.add(key);
      const other = scene.at(under.element);
      const otherName = other.field ? `\`${other.field.path}\`` : quote(under.element.text);
      const otherWhere = other.path === scene.at(over.element).path || !other.field ? '' : ` (${other.path})`;
      const where = scene.at(over.element);
      const name = where.field ? `\`${where.field.path}\`` : quote(over.element.text);
      scene.findings.push({
        path: where.path,
        nodeType: where.type,
        kind: 'overlap',
        message: `${name} is drawn over ${otherName}${otherWhere} by ${px(Math.min(w, h))}: move them apart or shorten one of them`,
      });
    }
  }
};

/** Text set smaller than the design's smallest size. */
export const tooSmallText: LayoutDetector = (scene) => {
  const min = scene.limits.minFontSize;
  if (min === undefined) return;
  for (const element of scene.readable) {
    if (element.runs.length === 0) continue;
    let height = Number.POSITIVE_INFINITY;
    for (const { run } of element.runs) if (run.height > 0) height = Math.min(height, run.height);
    // The largest size the run can be set in, whatever face drew it.
    const size = height / scene.limits.lineRatio;
    if (!Number.isFinite(size) || size >= min - 0.5) continue;
    report(
      scene,
      element,
      'too-small',
      (name) =>
        `${name} is set at about ${Math.round(size)} px, under the ${min} px the slide allows: set it at ${min} px or more`,
    );
  }
};

/**
 * The detectors the check runs, in order. A hook for another kind of finding is one more entry
 * (`createLayoutCheck({ detectors: [...LAYOUT_DETECTORS, mine] })`).
 */
export const LAYOUT_DETECTORS: readonly LayoutDetector[] = [
  textPastItsBox,
  clippedByContainer,
  outsideArea,
  brokenText,
  overlappingText,
  tooSmallText,
];

// ---------------------------------------------------------------------------------------------
// Helpers

interface Past {
  element: LaidOut;
  content: { excess: number; side: string };
  canvas: { excess: number; side: string } | undefined;
}

/** An element's text as drawn, line by line (runs on one baseline joined). */
function textLines(element: LaidOut): string[] {
  const lines: string[] = [];
  let y = Number.NaN;
  for (const { run } of element.runs) {
    if (lines.length > 0 && Math.abs(run.y - y) < Math.max(1, run.height / 2)) lines[lines.length - 1] += run.text;
    else lines.push(run.text);
    y = run.y;
  }
  return lines;
}

/** Scripts written without spaces between words, where a line may break between any two characters. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

/** Words a line break falls inside: a letter or digit on both sides of it, in a spaced script. */
function brokenWords(lines: readonly string[]): { word: string; drawn: string[] }[] {
  const out: { word: string; drawn: string[] }[] = [];
  const starts: number[] = [];
  let text = '';
  for (const line of lines) {
    starts.push(text.length);
    text += line;
  }
  for (let i = 1; i < lines.length; i++) {
    const at = starts[i]!;
    const before = text[at - 1] ?? '';
    const after = text[at] ?? '';
    if (!WORD.test(before) || !WORD.test(after) || UNSPACED.test(before) || UNSPACED.test(after)) continue;
    let from = at;
    while (from > 0 && !/\s/.test(text[from - 1]!)) from--;
    let to = at;
    while (to < text.length && !/\s/.test(text[to]!)) to++;
    const word = text.slice(from, to);
    if (out.some((seen) => seen.word === word)) continue;
    // The word as the lines cut it.
    const drawn: string[] = [];
    for (let l = 0; l < lines.length; l++) {
      const start = starts[l]!;
      const end = start + lines[l]!.length;
      const part = text.slice(Math.max(from, start), Math.min(to, end)).trim();
      if (part && Math.max(from, start) < Math.min(to, end)) drawn.push(part);
    }
    out.push({ word, drawn });
  }
  return out;
}

/**
 * For each path in `past`, the node's own text with the most lines, then the most characters: what
 * to shorten first. One pass over the elements.
 */
function longestTexts(elements: readonly LaidOut[], past: ReadonlyMap<string, Past>): Map<string, LaidOut> {
  const best = new Map<string, { element: LaidOut; lines: number }>();
  for (const element of elements) {
    if (element.runs.length === 0 || !past.has(element.owner.path)) continue;
    const lines = lineCount(element);
    const seen = best.get(element.owner.path);
    if (!seen || lines > seen.lines || (lines === seen.lines && element.text.length > seen.element.text.length))
      best.set(element.owner.path, { element, lines });
  }
  return new Map([...best].map(([path, { element }]) => [path, element]));
}

/** The repair for content `excess` past its area on one side: shorten a field when that can be enough. */
function repairFor(culprit: LaidOut, field: Field | undefined, excess: { excess: number; side: string }): string {
  const move = 'move part of it to another slide';
  if (!field || culprit.runs.length === 0) return move;
  const name = `\`${field.path}\``;
  if (excess.side === 'bottom' || excess.side === 'top') {
    const lines = lineCount(culprit);
    const fewer = Math.ceil(excess.excess / Math.max(1, culprit.height / lines));
    if (lines - fewer < 1) return move;
    return `shorten ${name} to about ${shorterToLines(culprit, lines - fewer)} characters, or ${move}`;
  }
  const share = 1 - excess.excess / Math.max(1, culprit.width);
  if (share <= 0) return move;
  return `shorten ${name} to about ${shorterBy(culprit.text.length, share)} characters, or ${move}`;
}

/** A drawn text, short enough for a message. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > 40 ? `${flat.slice(0, 39)}…` : flat}”`;
}

export { clippedByContainer, joinPath };
