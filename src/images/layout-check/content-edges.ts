/**
 * Where the content of each text box starts and ends inside its border box (its border plus
 * padding on each side), as takumi lays it out: takumi gives a box's text runs from its content
 * edge, and the box itself from its border edge, and its measured tree says nothing of padding.
 */
import type { MeasuredNode, Node } from '@takumi-rs/wasm';

/** Border plus padding on each side of a box, in the box's own units. */
export interface Insets {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A measured box that holds its own text runs, and its path of child indices from the root. */
interface TextBox {
  box: MeasuredNode;
  path: readonly number[];
}

/**
 * The insets of every box with text runs of its own, keyed by its measured box. Measured by the
 * engine itself, in a second pass over a copy of the tree where each such box holds, instead of its
 * text, one empty flex item that grows to fill its content box: that item's box is the content box.
 * Border and padding do not depend on the text removed (the pack sets no padding in percent), and
 * a text-free layout skips shaping, so the pass costs about half the first. A box laid out as flex
 * keeps its runs in an anonymous child placed at its content edge already: it needs no insets.
 */
export function contentInsets(
  root: Node,
  measured: MeasuredNode,
  measure: (node: Node) => MeasuredNode,
): Map<MeasuredNode, Insets> {
  const boxes: TextBox[] = [];
  collect(root, measured, [], boxes);
  const insets = new Map<MeasuredNode, Insets>();
  if (boxes.length === 0) return insets;
  const holders = new Set(boxes.map(({ path }) => path.join('.')));
  const marked = measure(withMarkers(root, [], holders));
  for (const { box, path } of boxes) {
    let copy: MeasuredNode | undefined = marked;
    for (const i of path) copy = copy?.children[i];
    const marker = copy?.children[0];
    if (copy && marker) insets.set(box, between(copy, marker));
  }
  return insets;
}

function collect(node: Node, box: MeasuredNode, path: number[], out: TextBox[]): void {
  if (box.runs.length > 0) {
    out.push({ box, path });
    return;
  }
  if (node.type !== 'container') return;
  const children = node.children ?? [];
  for (let i = 0; i < children.length; i++) {
    const childBox = box.children[i];
    if (childBox) collect(children[i]!, childBox, [...path, i], out);
  }
}

/** Fills the content box whatever the holder's alignment: a row item that grows, stretched across. */
const MARKER: Node = {
  type: 'container',
  style: { flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0, minHeight: 0 },
};
const HOLDER = { display: 'flex', flexDirection: 'row', flexWrap: 'nowrap', alignItems: 'stretch' } as const;

/**
 * The tree with each text box's content replaced by the marker. Every other element stays, so
 * selectors that read an element's place among its siblings (`:first-child`) still match as drawn.
 */
function withMarkers(node: Node, path: number[], holders: ReadonlySet<string>): Node {
  if (holders.has(path.join('.'))) {
    const { className, attributes, style } = node as {
      className?: string;
      attributes?: Node['attributes'];
      style?: object;
    };
    return {
      type: 'container',
      ...(className !== undefined ? { className } : {}),
      ...(attributes !== undefined ? { attributes } : {}),
      style: { ...style, ...HOLDER },
      children: [MARKER],
    } as Node;
  }
  if (node.type !== 'container') return node;
  return { ...node, children: (node.children ?? []).map((child, i) => withMarkers(child, [...path, i], holders)) };
}

/** The marker's box in its holder's own units (the holder may be scaled or turned), as insets. */
function between(holder: MeasuredNode, marker: MeasuredNode): Insets {
  const [a, b, c, d, e, f] = holder.transform;
  const det = a * d - b * c || 1;
  // The marker's origin, mapped back through the holder's transform.
  const dx = marker.transform[4] - e;
  const dy = marker.transform[5] - f;
  const left = (d * dx - c * dy) / det;
  const top = (a * dy - b * dx) / det;
  return {
    left,
    top,
    right: holder.width - left - marker.width,
    bottom: holder.height - top - marker.height,
  };
}
