/**
 * The measured takumi tree, flattened for the layout check: one entry per element with where it
 * sits on the canvas, which node of the composition drew it, its text lines, and what clips it.
 */
import type { MeasuredNode, MeasuredTextRun, Node } from '@takumi-rs/wasm';
import { perStylesheet } from '../engine/per-stylesheet.ts';
import type { Insets } from './content-edges.ts';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Owner {
  path: string;
  type: string;
  /** Anchored nodes from the root down to this one: 1 for the body's own nodes. */
  depth: number;
}

/** An ancestor that cuts off its overflow: the node that drew it and its box on the canvas. */
export interface Clipper {
  owner: Owner;
  rect: Rect;
}

/** One element as laid out: where it is on the canvas, what clips it, and which node drew it. */
export interface LaidOut {
  owner: Owner;
  box: Rect;
  /** The content box (inside border and padding): where its text runs are laid out, and must stay. */
  content: Rect;
  width: number;
  height: number;
  /** The element's own text runs (local geometry), each with its line box on the canvas. */
  runs: { rect: Rect; run: MeasuredTextRun }[];
  text: string;
  /** The visible area: the canvas cut by every clipping ancestor (and the element itself when it clips). */
  clip: Rect;
  /** Clipping ancestors, outermost first (the element itself not included). */
  clippers: readonly Clipper[];
  /** The element cuts off its own overflow. */
  clips: boolean;
  /** Drawn under a scale: a picture of something (a slide in a render), not text to read. */
  scaled: boolean;
  leaf: boolean;
  /** Document order. */
  order: number;
  /** The element it is laid out in (none for the root): how a clipped box finds the text it holds. */
  parent: LaidOut | undefined;
}

export const ROOT_OWNER: Owner = { path: '', type: 'view', depth: 0 };
const NO_INSETS: Insets = { left: 0, top: 0, right: 0, bottom: 0 };

/** `insets` gives each text box's border and padding (content-edges.ts); a box missing from it has none. */
export function readLayout(
  root: Node,
  measured: MeasuredNode,
  clipping: ReadonlySet<string>,
  insets: ReadonlyMap<MeasuredNode, Insets> = new Map(),
): LaidOut[] {
  const out: LaidOut[] = [];
  const canvas: Rect = { left: 0, top: 0, right: measured.width, bottom: measured.height };
  const visit = (
    node: Node,
    box: MeasuredNode,
    owner: Owner,
    clip: Rect,
    clippers: readonly Clipper[],
    scaled: boolean,
    parent: LaidOut | undefined,
  ): void => {
    const attributes = node.attributes ?? {};
    const path = attributes['data-isomer-path'];
    const type = attributes['data-isomer-node'];
    const own: Owner = path !== undefined && type ? { path, type, depth: owner.depth + 1 } : owner;
    const [a, b, c, d, e, f] = box.transform;
    const translated = a === 1 && b === 0 && c === 0 && d === 1;
    const place = (x: number, y: number, w: number, h: number): Rect => {
      // Most boxes are only moved: their corners need no arrays to be sorted.
      if (translated) {
        return {
          left: Math.min(x + e, x + w + e),
          top: Math.min(y + f, y + h + f),
          right: Math.max(x + e, x + w + e),
          bottom: Math.max(y + f, y + h + f),
        };
      }
      const xs = [a * x + c * y + e, a * (x + w) + c * y + e, a * x + c * (y + h) + e, a * (x + w) + c * (y + h) + e];
      const ys = [b * x + d * y + f, b * (x + w) + d * y + f, b * x + d * (y + h) + f, b * (x + w) + d * (y + h) + f];
      return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
    };
    const rect = place(0, 0, box.width, box.height);
    const inset = insets.get(box) ?? NO_INSETS;
    const innerWidth = Math.max(0, box.width - inset.left - inset.right);
    const innerHeight = Math.max(0, box.height - inset.top - inset.bottom);
    const isScaled = scaled || Math.abs(Math.hypot(a, b) - 1) > 0.01 || Math.abs(Math.hypot(c, d) - 1) > 0.01;
    const className = node.className ?? '';
    const clips = className !== '' && className.split(/\s+/).some((name) => clipping.has(name));
    const element: LaidOut = {
      owner: own,
      box: rect,
      content: inset === NO_INSETS ? rect : place(inset.left, inset.top, innerWidth, innerHeight),
      width: box.width,
      height: box.height,
      // Runs are given from the content edge, the box from its border edge.
      runs: lineBoxes(box, innerHeight).map(({ run, x, y, width, height }) => ({
        run,
        rect: place(inset.left + x, inset.top + y, width, height),
      })),
      text: box.runs.length > 0 ? textOf(node) : '',
      clip: clips ? intersect(clip, rect) : clip,
      clippers,
      clips,
      scaled: isScaled,
      leaf: box.children.length === 0,
      order: out.length,
      parent,
    };
    out.push(element);
    // Inline content is laid out as its parent's runs: its nodes have no boxes of their own.
    if (box.runs.length > 0) return;
    const inner = clips ? intersect(clip, rect) : clip;
    const innerClippers = clips ? [...clippers, { owner: own, rect }] : clippers;
    // A text element laid out as a flex box keeps its runs in an anonymous child the node tree lacks.
    if (node.type !== 'container') {
      const anonymous = { ...node, attributes: {}, className: '' } as Node;
      for (const childBox of box.children) visit(anonymous, childBox, own, inner, innerClippers, isScaled, element);
      return;
    }
    const children = node.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const childBox = box.children[i];
      if (childBox) visit(children[i]!, childBox, own, inner, innerClippers, isScaled, element);
    }
  };
  visit(root, measured, ROOT_OWNER, canvas, [], false, undefined);
  return out;
}

/**
 * Each run's line box, in the element's coordinates: the glyphs' ascent and descent overhang a tight
 * line height by design (a 0.9 display title), and a wrapped line's trailing space hangs past the
 * edge, so neither counts. The line is centred on the glyphs, as half-leading centres them.
 */
function lineBoxes(
  box: MeasuredNode,
  contentHeight: number,
): { run: MeasuredTextRun; x: number; y: number; width: number; height: number }[] {
  if (box.runs.length === 0) return [];
  const lines = new Set(box.runs.map((run) => Math.round(run.y))).size;
  return box.runs.map((run) => {
    const pitch = Math.min(run.height, contentHeight / Math.max(1, lines));
    const trailing = run.text.length - run.text.trimEnd().length;
    const width = run.text.length > 0 ? run.width * (1 - trailing / run.text.length) : run.width;
    return { run, x: run.x, y: run.y + (run.height - pitch) / 2, width, height: pitch };
  });
}

function textOf(node: Node): string {
  if (node.type === 'text') return node.text;
  if (node.type === 'container') return (node.children ?? []).map(textOf).join('');
  return '';
}

export function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/**
 * Class names whose rules cut off overflow (`overflow: hidden` or `clip`). A class-level reading of
 * the stylesheet, not a cascade: the packs set clipping on one class per element. Read once per
 * stylesheet text.
 */
export function clippingClasses(css: readonly unknown[]): ReadonlySet<string> {
  const sheets = css.filter((sheet): sheet is string => typeof sheet === 'string');
  if (sheets.length === 1) return clippingIn(sheets[0]!);
  return new Set(sheets.flatMap((sheet) => [...clippingIn(sheet)]));
}

const clippingIn = perStylesheet((sheet: string): ReadonlySet<string> => {
  const found = new Set<string>();
  for (const [, selectors, declarations] of sheet.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!/(?:^|;)\s*overflow(?:-[xy])?\s*:\s*(?:hidden|clip)\b/.test(declarations!)) continue;
    for (const selector of selectors!.split(',')) {
      const last =
        selector
          .trim()
          .split(/[\s>+~]+/)
          .at(-1) ?? '';
      for (const [, name] of last.matchAll(/\.([\w-]+)/g)) found.add(name!);
    }
  }
  return found;
});

/** Lines an element's runs take: a run starting where another ended on the same line is the same line. */
export function lineCount(element: LaidOut): number {
  return Math.max(1, new Set(element.runs.map(({ run }) => Math.round(run.y))).size);
}
