/**
 * Where each text of a slide lands on the page, in the picture (takumi's layout of the snapshot
 * markup) and in Chromium (its layout of the same slide's HTML), for the right-to-left agreement
 * test (test/node/browser/right-to-left.test.ts). A text is a model string; it is found by its
 * characters, not by the element holding it, so decorations a primitive prints around it (`$ `,
 * `Source ·`, quote marks, a chip's fill) neither hide it nor widen it. Its lines are measured in
 * slide pixels, so the two engines can be compared edge to edge.
 */
import type { MeasuredNode, Node } from '@takumi-rs/wasm';
import { takumiEngine } from '../../src/images/engine/engine.ts';
import { toImageDocument } from '../../src/images/engine/markup.ts';
import { BUNDLED_FONTS } from '../../src/images/index.ts';
import { fontUrl } from './chromium-overflow.ts';

/** One line of a text: its horizontal extent and its vertical middle, in slide pixels. */
export interface TextLine {
  left: number;
  right: number;
  middle: number;
}

/**
 * How text is compared: characters that are never a text's own in the page (bidi controls, the
 * quote marks a primitive sets around a heading, the model's inline-mark delimiters) are dropped,
 * as is every space, and letters are compared in lower case (labels are set in capitals).
 */
export interface Normalising {
  /** Characters a primitive adds or the markup consumes: dropped from both sides. */
  drop: readonly string[];
}

/** `text` as compared: no spaces, no format characters, none of `drop`, lower case. */
export function normalised(text: string, { drop }: Normalising): string {
  let out = '';
  for (const ch of text.toLowerCase()) if (!/[\s\p{Cf}]/u.test(ch) && !drop.includes(ch)) out += ch;
  return out;
}

/**
 * The engine sets a letter the slide's family lacks in the bundled fallback face (DejaVu Sans, the
 * one face without a unicode-range); Chromium would pick a system font. So every weight and style of
 * each subset family (Inter, Roboto Mono) also gets that file for the right-to-left blocks, as
 * `@font-face` rules to load after the bundled faces (`loadSlide`'s `moreFonts`).
 */
export const SAME_FACES = (() => {
  const fallback = BUNDLED_FONTS.findIndex((face) => face.unicodeRange === undefined);
  const styles = new Set(
    BUNDLED_FONTS.filter((face) => face.unicodeRange).map((face) => `${face.family}|${face.weight}|${face.style}`),
  );
  return [...styles]
    .map((key) => {
      const [family, weight, style] = key.split('|');
      return (
        `@font-face{font-family:'${family}';font-weight:${weight};font-style:${style};` +
        `src:url('${fontUrl(fallback)}');unicode-range:U+0590-08FF,U+FB1D-FDFF,U+FE70-FEFC}`
      );
    })
    .join('');
})();

/** Counts of each character of a string. */
function tally(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return counts;
}

/**
 * What a box holds beyond the text, or `undefined` when it lacks some of the text's characters or
 * holds letters or digits of its own that are not a decoration word: the box then shows another
 * text, or more than this one.
 */
function leftover(box: string, text: string, decorations: readonly string[]): Map<string, number> | undefined {
  const rest = tally(box);
  for (const ch of text) {
    const n = rest.get(ch) ?? 0;
    if (n === 0) return undefined;
    rest.set(ch, n - 1);
  }
  const spare = new Map(rest);
  // A decoration word (`Source`) counts only when all its letters are left over.
  for (const word of decorations) {
    const letters = [...word.toLowerCase()].filter((ch) => /\S/.test(ch));
    if (letters.every((ch) => (spare.get(ch) ?? 0) >= letters.filter((c) => c === ch).length))
      for (const ch of letters) spare.set(ch, spare.get(ch)! - 1);
  }
  for (const [ch, n] of spare) if (n > 0 && /[\p{L}\p{N}]/u.test(ch)) return undefined;
  return rest;
}

/** Runs within half a line's height of one another share a line. */
function linesOf(parts: readonly { left: number; right: number; middle: number; height: number }[]): TextLine[] {
  const lines: (TextLine & { height: number })[] = [];
  for (const part of [...parts].sort((a, b) => a.middle - b.middle)) {
    const line = lines.find((l) => Math.abs(l.middle - part.middle) < Math.max(l.height, part.height) / 2);
    if (line) {
      line.left = Math.min(line.left, part.left);
      line.right = Math.max(line.right, part.right);
    } else lines.push({ ...part });
  }
  return lines.map(({ left, right, middle }) => ({ left, right, middle }));
}

/** A snapshot's markup and CSS as the picture formats draw them. */
export interface Drawn {
  html: string;
  css: string;
  width: number;
  height: number;
}

type Measure = (node: Node) => MeasuredNode;

/** The boxes that hold text (their own runs), each with its path of child indices from the root. */
function textBoxes(
  node: Node,
  box: MeasuredNode,
  path: number[] = [],
  out: { box: MeasuredNode; path: number[] }[] = [],
): { box: MeasuredNode; path: number[] }[] {
  if (box.runs.length > 0) out.push({ box, path });
  // Inline content is laid out as its holder's runs; a text node laid out as a flex box keeps its runs
  // in an anonymous child, which the node tree lacks and whose box starts at its holder's content.
  else if (node.type !== 'container') for (const child of box.children) textBoxes(node, child, [...path, -1], out);
  else {
    const children = node.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const childBox = box.children[i];
      if (childBox) textBoxes(children[i]!, childBox, [...path, i], out);
    }
  }
  return out;
}

/**
 * How far in from its box's left edge each text box's content starts (its left border and padding),
 * in the box's own units: takumi gives a box's runs from its content edge, and its box from the
 * border edge. Measured by the engine itself: a copy of the tree in which each text box is a
 * left-to-right flex row opened by an empty marker, which sits at the content edge. Padding and
 * borders do not depend on that change (the pack sets none in percent).
 */
function contentInsets(root: Node, boxes: readonly { path: number[] }[], measure: Measure): number[] {
  const copy = structuredClone(root);
  const marked = boxes.map(({ path }) => {
    if (path.includes(-1)) return undefined;
    let parent: Node | undefined;
    let node: Node = copy;
    for (const i of path) {
      parent = node;
      node = (node as { children: Node[] }).children[i]!;
    }
    const marker: Node = { type: 'container', style: { width: 0, height: 0, flexShrink: 0 } };
    const row = { display: 'flex', flexDirection: 'row', direction: 'ltr', justifyContent: 'flex-start' } as const;
    const holder: Node =
      node.type === 'container'
        ? { ...node, style: { ...node.style, ...row }, children: [marker, ...(node.children ?? [])] }
        : {
            ...node,
            type: 'container',
            style: { ...node.style, ...row },
            children: [marker, { type: 'text', text: node.type === 'text' ? node.text : '' }],
          };
    if (parent) (parent as { children: Node[] }).children[path.at(-1)!] = holder;
    return path;
  });
  const measured = measure(copy);
  return marked.map((path) => {
    if (!path) return 0;
    let box = measured;
    for (const i of path) box = box.children[i]!;
    const marker = box.children[0];
    return marker ? (marker.transform[4] - box.transform[4]) / box.transform[0] : 0;
  });
}

/**
 * Each text's lines as takumi lays out the snapshot markup. A text is the box whose runs hold all
 * its characters and no letter or digit besides those of `decorations` (runs come in visual order,
 * so characters are matched in any order); the runs made only of what the text lacks are the
 * decoration and are left out of its lines. Texts no box holds are missing from the answer.
 */
export function inPicture(
  image: Drawn,
  texts: readonly string[],
  options: Normalising & { decorations: readonly string[] },
): Map<string, TextLine[]> {
  const document = toImageDocument(image.html, image.css);
  const engine = takumiEngine(BUNDLED_FONTS);
  const measure: Measure = (node) =>
    engine.measure(node, { width: image.width, height: image.height, css: document.css });
  const boxes = textBoxes(document.node, measure(document.node));
  const insets = contentInsets(document.node, boxes, measure);
  const placed = new Map<string, TextLine[]>();
  for (const text of texts) {
    const wanted = normalised(text, options);
    let best: { at: number; rest: Map<string, number>; extra: number } | undefined;
    boxes.forEach(({ box }, at) => {
      const rest = leftover(normalised(box.runs.map((run) => run.text).join(''), options), wanted, options.decorations);
      if (!rest) return;
      const extra = [...rest.values()].reduce((sum, n) => sum + n, 0);
      if (!best || extra < best.extra) best = { at, rest, extra };
    });
    if (!best) continue;
    const { at, rest } = best as { at: number; rest: Map<string, number> };
    const { box } = boxes[at]!;
    const [a, , , d, e, f] = box.transform;
    const x = e + a * insets[at]!;
    const parts = box.runs.flatMap((run) => {
      const own = [...normalised(run.text, options)];
      if (own.length === 0) return [];
      // A run whose every character the text lacks is decoration; the rest is taken from what is left.
      if (own.every((ch) => (rest.get(ch) ?? 0) > 0)) {
        for (const ch of own) rest.set(ch, rest.get(ch)! - 1);
        return [];
      }
      return [
        {
          left: x + a * run.x,
          right: x + a * (run.x + run.width),
          middle: f + d * (run.y + run.height / 2),
          height: d * run.height,
        },
      ];
    });
    if (parts.length > 0) placed.set(text, linesOf(parts));
  }
  return placed;
}

/**
 * Runs in the page (Playwright serialises its source, so it uses nothing from outside its body): each
 * text found once in the slide's text as whole text nodes, by its characters as `normalised` compares
 * them, and the lines its characters occupy. Texts found nowhere (enum values, URLs) or more than once
 * are left out.
 */
export function inChromium({ texts, drop }: { texts: string[]; drop: string[] }): [string, TextLine[]][] {
  const keep = (ch: string) => !/[\s\p{Cf}]/u.test(ch) && !drop.includes(ch);
  const norm = (text: string) => [...text.toLowerCase()].filter(keep).join('');
  // Every kept character of the slide's text with the text node and offset it comes from.
  const at: { node: Text; offset: number; length: number }[] = [];
  let page = '';
  const walker = document.createTreeWalker(document.querySelector('.sl-frame')!, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    let offset = 0;
    for (const ch of node.data) {
      const lower = ch.toLowerCase();
      if (keep(lower)) {
        page += lower;
        for (let i = 0; i < lower.length; i++) at.push({ node, offset, length: ch.length });
      }
      offset += ch.length;
    }
  }
  // A text is whole text nodes: it opens one and closes one (so `snapshot` is not found in `Snapshot render`).
  const opens = (i: number) => i === 0 || at[i - 1]!.node !== at[i]!.node;
  const closes = (i: number) => i === at.length - 1 || at[i + 1]!.node !== at[i]!.node;
  const out: [string, TextLine[]][] = [];
  for (const text of texts) {
    const wanted = norm(text);
    const found: number[] = [];
    for (let i = page.indexOf(wanted); wanted !== '' && i >= 0; i = page.indexOf(wanted, i + 1))
      if (opens(i) && closes(i + wanted.length - 1)) found.push(i);
    if (found.length !== 1) continue;
    const start = found[0]!;
    const first = at[start]!;
    const last = at[start + wanted.length - 1]!;
    // Rectangles of the text nodes' characters only: a range's own rectangles would add the boxes of
    // whole elements it spans.
    const rects: DOMRect[] = [];
    const nodes = [...new Set(at.slice(start, start + wanted.length).map((c) => c.node))];
    // Bidi controls next to the text are taken in: Chromium may give an isolate's character the
    // width of the Arabic letter it opens, and the letter none.
    const control = (ch: string | undefined) => ch !== undefined && /\p{Cf}/u.test(ch);
    for (const node of nodes) {
      let from = node === first.node ? first.offset : 0;
      let to = node === last.node ? last.offset + last.length : node.data.length;
      while (from > 0 && control(node.data[from - 1])) from--;
      while (to < node.data.length && control(node.data[to])) to++;
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, to);
      for (const rect of range.getClientRects()) if (rect.width > 0) rects.push(rect);
    }
    const lines: (TextLine & { height: number })[] = [];
    for (const rect of [...rects].sort((a, b) => a.top - b.top)) {
      const middle = (rect.top + rect.bottom) / 2;
      const line = lines.find((l) => Math.abs(l.middle - middle) < Math.max(l.height, rect.height) / 2);
      if (line) {
        line.left = Math.min(line.left, rect.left);
        line.right = Math.max(line.right, rect.right);
      } else lines.push({ left: rect.left, right: rect.right, middle, height: rect.height });
    }
    if (lines.length > 0) out.push([text, lines.map(({ left, right, middle }) => ({ left, right, middle }))]);
  }
  return out;
}

/** The slide's CSS without the right-to-left twins `mirrorCss` adds (rules under `scope`). */
export function withoutMirror(css: string, scope: string): string {
  // The pack's CSS is flat, one `selector{declarations}` after another; an at-rule would need a parser.
  if (css.includes('@')) throw new Error('withoutMirror reads flat CSS only');
  return [...css.matchAll(/[^{}]+\{[^{}]*\}/g)]
    .map(([rule]) => rule)
    .filter((rule) => !rule.trim().startsWith(scope))
    .join('');
}
