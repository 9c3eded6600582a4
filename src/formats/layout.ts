/**
 * The layout check: what does not fit on a slide, read from takumi's measurement of the very markup
 * the images draw (no rasterising), and told back as findings on composition paths with a repair.
 */
import type { MeasuredNode, MeasuredTextRun, Node } from '@takumi-rs/wasm';
import type { RenderTheme } from '../core/sdk/composition.ts';
import type { FrameLayout } from '../core/sdk/frame.ts';
import { defaultFontFiles } from '#formats/assets';
import { takumiEngine } from './engine.ts';
import { BUNDLED_FONTS, facesFor, type ImageFontFace } from './fonts.ts';
import type { ImageSnapshotSource } from './formats.ts';
import { compositionLang, compositionText, missingGlyphFindings } from './glyph-findings.ts';
import { toImageDocument } from './markup.ts';
import { type FontFiles, scriptFontsFor } from './script-fonts.ts';

export type LayoutFindingKind =
  | 'overflow'
  | 'clipped'
  | 'outside-content'
  | 'outside-canvas'
  | 'overlap'
  | 'too-small'
  | 'missing-glyph';

export interface LayoutFinding {
  /** Composition path of the node (or the node's field) the finding is about, e.g. `body[0].children[1].items[3]`. */
  path: string;
  /** The innermost primitive type on that path (so `formatValidationError` prints `<path> (in <type>) <message>`). */
  nodeType: string;
  kind: LayoutFindingKind;
  /** What is wrong, by how much, and what to do. */
  message: string;
}

export interface LayoutCheckOptions {
  /** The runtime's snapshot surface (`runtime.surfaces.snapshot`). */
  snapshot: ImageSnapshotSource;
  /** A registered frame name; default the runtime's default frame. */
  frame?: string;
  /** The font list the images draw with (default `BUNDLED_FONTS`): text is measured in these faces. */
  fonts?: readonly ImageFontFace[];
  /** Where the script fonts are read from (as `createImageFormats({ fontFiles })`; share the same function). */
  fontFiles?: FontFiles;
}

export interface LayoutCheck {
  /**
   * Fetches the script fonts the composition's text needs (once per isolate), so that `check`
   * measures with them; without it `check` measures with what earlier images fetched.
   */
  prepare(composition: unknown): Promise<void>;
  /**
   * Findings for a composition (validated by the snapshot surface as any render is; throws
   * `CompositionValidationError` when invalid). Cached per composition object and theme.
   */
  check(composition: unknown, options?: { theme?: RenderTheme }): readonly LayoutFinding[];
}

/** Pixels a box may pass a limit by before it counts: sub-pixel layout, rounding, glyph placement. */
const TOLERANCE = 2;
/** Share of the measured room a suggested length keeps back, since words wrap whole. */
const WRAP_MARGIN = 0.9;
/** Two text runs overlap when they share at least this share of the smaller one's height and width. */
const OVERLAP_SHARE = 0.25;

/**
 * A layout check over a runtime's snapshot surface: one measure pass per composition and theme at
 * the frame's canvas, mapped back to composition paths through the `data-isomer-path` anchors the
 * snapshot writes. The frame's `layout` (canvas, content area, smallest text) sets the limits; a
 * frame without one is checked against the drawn canvas, with no content area or smallest size.
 *
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * import { createLayoutCheck } from 'isomer-edge/formats';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 *
 * declare const composition: unknown;
 * const layout = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
 * for (const finding of layout.check(composition)) {
 *   console.log(`${finding.path} (in ${finding.nodeType}) ${finding.message}`);
 * }
 * ```
 */
export function createLayoutCheck(options: LayoutCheckOptions): LayoutCheck {
  const { snapshot, frame } = options;
  const fonts = options.fonts ?? BUNDLED_FONTS;
  const cache = new WeakMap<object, Map<string, readonly LayoutFinding[]>>();
  const scripts = fonts === BUNDLED_FONTS ? scriptFontsFor(options.fontFiles ?? defaultFontFiles) : undefined;

  const run = (composition: unknown, theme: RenderTheme | undefined): readonly LayoutFinding[] => {
    const image = snapshot.render(composition, {
      ...(theme ? { theme } : {}),
      ...(frame ? { frame } : {}),
      anchors: true,
    });
    const document = toImageDocument(image.html, image.css);
    const faces = facesFor(fonts, [document]);
    const extra = scripts?.loadedFor(compositionText(composition), compositionLang(composition)).faces ?? [];
    const engine = takumiEngine(fonts, faces, extra);
    const measured = engine.measure(document.node, { width: image.width, height: image.height, css: document.css });
    const limits: Limits = {
      width: image.layout?.width ?? image.width,
      height: image.layout?.height ?? image.height,
      ...(image.layout ? { content: image.layout.content, minFontSize: image.layout.minFontSize } : {}),
      lineRatio: lineRatio(fonts, faces),
    };
    const findings = findLayoutProblems(
      readLayout(document.node, measured, clippingClasses(document.css)),
      limits,
      composition,
    );
    return scripts ? [...findings, ...missingGlyphFindings(composition, scripts)] : findings;
  };

  return {
    async prepare(composition) {
      if (scripts) await scripts.facesFor(compositionText(composition), compositionLang(composition));
    },
    check(composition, checkOptions = {}) {
      const key = checkOptions.theme ?? '';
      if (typeof composition !== 'object' || composition === null) return run(composition, checkOptions.theme);
      const byTheme = cache.get(composition);
      const hit = byTheme?.get(key);
      if (hit) return hit;
      const findings = Object.freeze(run(composition, checkOptions.theme));
      if (byTheme) byTheme.set(key, findings);
      else cache.set(composition, new Map([[key, findings]]));
      return findings;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The measured tree, flattened

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Owner {
  path: string;
  type: string;
  /** Anchored nodes from the root down to this one: 1 for the body's own nodes. */
  depth: number;
}

/** One element as laid out: where it is on the canvas, what clips it, and which node drew it. */
interface LaidOut {
  owner: Owner;
  box: Rect;
  width: number;
  height: number;
  /** The element's own text runs (local geometry), each with its line box on the canvas. */
  runs: { rect: Rect; run: MeasuredTextRun }[];
  text: string;
  /** The visible area: the canvas cut by every clipping ancestor (and the element itself when it clips). */
  clip: Rect;
  /** The element cuts off its own overflow. */
  clips: boolean;
  /** Drawn under a scale: a picture of something (a slide in a render), not text to read. */
  scaled: boolean;
  leaf: boolean;
  /** Document order. */
  order: number;
}

const ROOT_OWNER: Owner = { path: '', type: 'view', depth: 0 };

function readLayout(root: Node, measured: MeasuredNode, clipping: ReadonlySet<string>): LaidOut[] {
  const out: LaidOut[] = [];
  const canvas: Rect = { left: 0, top: 0, right: measured.width, bottom: measured.height };
  const visit = (node: Node, box: MeasuredNode, owner: Owner, clip: Rect, scaled: boolean): void => {
    const attributes = node.attributes ?? {};
    const path = attributes['data-isomer-path'];
    const type = attributes['data-isomer-node'];
    const own: Owner = path !== undefined && type ? { path, type, depth: owner.depth + 1 } : owner;
    const [a, b, c, d, e, f] = box.transform;
    const place = (x: number, y: number, w: number, h: number): Rect => {
      const xs = [a * x + c * y + e, a * (x + w) + c * y + e, a * x + c * (y + h) + e, a * (x + w) + c * (y + h) + e];
      const ys = [b * x + d * y + f, b * (x + w) + d * y + f, b * x + d * (y + h) + f, b * (x + w) + d * (y + h) + f];
      return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
    };
    const rect = place(0, 0, box.width, box.height);
    const isScaled = scaled || Math.abs(Math.hypot(a, b) - 1) > 0.01 || Math.abs(Math.hypot(c, d) - 1) > 0.01;
    const clips = (node.className ?? '').split(/\s+/).some((name) => clipping.has(name));
    // A text element laid out as a flex box keeps its runs in an anonymous child the node tree lacks.
    const children: Node[] =
      node.type === 'container'
        ? (node.children ?? [])
        : box.children.map(() => ({ ...node, attributes: {}, className: '' }) as Node);
    out.push({
      owner: own,
      box: rect,
      width: box.width,
      height: box.height,
      runs: lineBoxes(box).map(({ run, x, y, width, height }) => ({ run, rect: place(x, y, width, height) })),
      text: box.runs.length > 0 ? textOf(node) : '',
      clip: clips ? intersect(clip, rect) : clip,
      clips,
      scaled: isScaled,
      leaf: box.children.length === 0,
      order: out.length,
    });
    // Inline content is laid out as its parent's runs: its nodes have no boxes of their own.
    if (box.runs.length > 0) return;
    const inner = clips ? intersect(clip, rect) : clip;
    children.forEach((child, i) => {
      const childBox = box.children[i];
      if (childBox) visit(child, childBox, own, inner, isScaled);
    });
  };
  visit(root, measured, ROOT_OWNER, canvas, false);
  return out;
}

/**
 * Each run's line box, in the element's coordinates: the glyphs' ascent and descent overhang a tight
 * line height by design (a 0.9 display title), and a wrapped line's trailing space hangs past the
 * edge, so neither counts. The line is centred on the glyphs, as half-leading centres them.
 */
function lineBoxes(box: MeasuredNode): { run: MeasuredTextRun; x: number; y: number; width: number; height: number }[] {
  const lines = new Set(box.runs.map((run) => Math.round(run.y))).size;
  return box.runs.map((run) => {
    const pitch = Math.min(run.height, box.height / Math.max(1, lines));
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

function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/**
 * Class names whose rules cut off overflow (`overflow: hidden` or `clip`). A class-level reading of
 * the stylesheet, not a cascade: the packs set clipping on one class per element.
 */
function clippingClasses(css: readonly unknown[]): Set<string> {
  const found = new Set<string>();
  for (const sheet of css) {
    if (typeof sheet !== 'string') continue;
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
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Font size from a run's height

const ratios = new WeakMap<readonly ImageFontFace[], Map<string, number>>();

/**
 * A run is as tall as its font's ascent plus descent: about 1.16 em (DejaVu Sans) to 1.32 em
 * (Roboto Mono) for the bundled faces. The smallest ratio among the families a document draws
 * with bounds a run's size from above, so text flagged as too small is too small in whichever
 * face drew it. Measured once per font list and set of families, on faces already registered.
 */
function lineRatio(fonts: readonly ImageFontFace[], faces: readonly ImageFontFace[]): number {
  const families = [...new Set(faces.map((face) => face.family))];
  const key = families.join('\n');
  const known = ratios.get(fonts);
  const cached = known?.get(key);
  if (cached !== undefined) return cached;
  const size = 100;
  const html = `<div style="display:flex;flex-direction:column">${families
    .map((family) => `<div style="font-family:'${family.replace(/['<>&"]/g, '')}';font-size:${size}px">Hx</div>`)
    .join('')}</div>`;
  const document = toImageDocument(html, '');
  const measured = takumiEngine(fonts, faces).measure(document.node, {
    width: 400,
    height: 2 * size * families.length,
    css: document.css,
  });
  const heights = measured.children.flatMap((child) => child.runs.map((run) => run.height / size));
  const ratio = heights.length > 0 ? Math.min(...heights) : 1;
  if (known) known.set(key, ratio);
  else ratios.set(fonts, new Map([[key, ratio]]));
  return ratio;
}

// ---------------------------------------------------------------------------------------------
// Findings

interface Past {
  element: LaidOut;
  content: { excess: number; side: string };
  canvas: { excess: number; side: string } | undefined;
}

interface Limits {
  width: number;
  height: number;
  content?: FrameLayout['content'];
  minFontSize?: number;
  lineRatio: number;
}

/** A string field of a node: its path inside the node (`items[3]`, `rows[2][1]`) and its text. */
interface Field {
  path: string;
  text: string;
}

function findLayoutProblems(elements: readonly LaidOut[], limits: Limits, composition: unknown): LayoutFinding[] {
  const findings: LayoutFinding[] = [];
  const fieldsOf = fieldReader(composition);
  const at = (element: LaidOut): { path: string; type: string; field?: Field } => {
    const field = matchField(fieldsOf(element.owner.path), element.text);
    return field
      ? { path: joinPath(element.owner.path, field.path), type: element.owner.type, field }
      : { path: element.owner.path, type: element.owner.type };
  };
  const add = (element: LaidOut, kind: LayoutFindingKind, message: (name: string) => string) => {
    const where = at(element);
    const name = where.field ? `\`${where.field.path}\`` : 'its text';
    findings.push({ path: where.path, nodeType: where.type, kind, message: message(name) });
  };
  const readable = elements.filter((element) => !element.scaled && element.owner.depth > 0);
  const flagged = new Set<LaidOut>();

  // Text past its own box: cut off where something clips it, spilling over its neighbours otherwise.
  for (const element of readable) {
    if (element.runs.length === 0) continue;
    // Line boxes on the canvas against the element's own box (both unscaled here).
    const wide = Math.max(...element.runs.map(({ rect }) => rect.right)) - element.box.right;
    const lines = lineCount(element);
    const below = element.runs.filter(
      ({ rect }) => (rect.top + rect.bottom) / 2 > element.box.bottom + TOLERANCE,
    ).length;
    if (wide <= TOLERANCE && below === 0) continue;
    const clipped = element.runs.some(({ rect }) => outside(rect, element.clip) > TOLERANCE);
    flagged.add(element);
    const kind: LayoutFindingKind = clipped ? 'clipped' : 'overflow';
    const what = clipped ? 'is cut off' : 'runs out of its box';
    if (wide > TOLERANCE && below === 0) {
      const keep = shorterBy(element.text.length, element.width / (element.width + wide));
      add(element, kind, (name) => `${what}: ${px(wide)} too wide; shorten ${name} to about ${keep} characters`);
    } else {
      const keep = shorterToLines(element, Math.max(1, lines.total - below));
      add(
        element,
        kind,
        (name) =>
          `${what}: ${below} ${below === 1 ? 'line' : 'lines'} past its bottom edge; ` +
          `shorten ${name} to about ${keep} characters`,
      );
    }
  }

  // Content past the canvas or the frame's content area: the leaves of nodes inside the body's own nodes.
  const canvasRect: Rect = { left: 0, top: 0, right: limits.width, bottom: limits.height };
  const past = new Map<string, Past>();
  const outsideElements = new Set<LaidOut>();
  for (const element of readable) {
    if (element.owner.depth < 2 || (!element.leaf && element.runs.length === 0)) continue;
    const rects = element.runs.length > 0 ? element.runs.map(({ rect }) => rect) : [element.box];
    for (const rect of rects) {
      if (rect.right - rect.left <= 0 || rect.bottom - rect.top <= 0) continue;
      const canvas = sides(rect, canvasRect);
      const content = limits.content ? sides(rect, limits.content) : canvas;
      if (content.excess <= TOLERANCE) continue;
      outsideElements.add(element);
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
  const pastPaths = [...past.keys()];
  for (const [path, { element, content, canvas }] of past) {
    // A container runs past only because what it holds does: name the innermost node.
    if (pastPaths.some((other) => other !== path && other.startsWith(`${path}.`))) continue;
    const culprit = longestText(elements, path) ?? element;
    const where = at(culprit);
    const area = limits.content ? "the slide's content area" : 'the slide';
    const measure =
      canvas !== undefined
        ? `${px(canvas.excess)} ${canvas.side === 'bottom' ? 'below the slide' : `past the slide's ${canvas.side} edge`}, where it is cut off`
        : `${px(content.excess)} ${content.side === 'bottom' ? `below ${area}` : `past the ${content.side} edge of ${area}`}`;
    findings.push({
      path: where.path,
      nodeType: where.type,
      kind: canvas ? 'outside-canvas' : 'outside-content',
      message: `runs ${measure}: ${repairFor(culprit, where.field, content)}`,
    });
  }

  // Text drawn over other text: never by design in a readable layout.
  const visibleRuns = readable.flatMap((element) =>
    element.runs
      .map(({ rect }) => intersect(rect, element.clip))
      .filter((rect) => rect.right > rect.left && rect.bottom > rect.top)
      .map((rect) => ({ element, rect })),
  );
  const reported = new Set<string>();
  for (let i = 0; i < visibleRuns.length; i++) {
    for (let j = i + 1; j < visibleRuns.length; j++) {
      const first = visibleRuns[i]!;
      const second = visibleRuns[j]!;
      if (first.element === second.element) continue;
      // Text already reported as running out of its box or its area overlaps as a consequence.
      if ([first.element, second.element].some((element) => flagged.has(element) || outsideElements.has(element)))
        continue;
      const shared = intersect(first.rect, second.rect);
      const w = shared.right - shared.left;
      const h = shared.bottom - shared.top;
      if (w <= 0 || h <= 0) continue;
      const minW = Math.min(first.rect.right - first.rect.left, second.rect.right - second.rect.left);
      const minH = Math.min(first.rect.bottom - first.rect.top, second.rect.bottom - second.rect.top);
      if (w < OVERLAP_SHARE * minW || h < OVERLAP_SHARE * minH) continue;
      const [under, over] = first.element.order < second.element.order ? [first, second] : [second, first];
      const key = `${under.element.order}:${over.element.order}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const other = at(under.element);
      const otherName = other.field ? `\`${other.field.path}\`` : quote(under.element.text);
      const otherWhere = other.path === at(over.element).path || !other.field ? '' : ` (${other.path})`;
      add(
        over.element,
        'overlap',
        (name) =>
          `${name === 'its text' ? quote(over.element.text) : name} is drawn over ${otherName}${otherWhere} by ` +
          `${px(Math.min(w, h))}: move them apart or shorten one of them`,
      );
    }
  }

  // Text set smaller than the design's smallest size.
  if (limits.minFontSize !== undefined) {
    const min = limits.minFontSize;
    for (const element of readable) {
      if (element.runs.length === 0) continue;
      const height = Math.min(...element.runs.map(({ run }) => run.height).filter((h) => h > 0));
      // The largest size the run can be set in, whatever face drew it.
      const size = height / limits.lineRatio;
      if (!Number.isFinite(size) || size >= min - 0.5) continue;
      add(
        element,
        'too-small',
        (name) =>
          `${name} is set at about ${Math.round(size)} px, under the ${min} px the slide allows: set it at ${min} px or more`,
      );
    }
  }
  return findings;
}

/** Lines an element's runs take: a run starting where another ended on the same line is the same line. */
function lineCount(element: LaidOut): { total: number } {
  const tops = new Set(element.runs.map(({ run }) => Math.round(run.y)));
  return { total: Math.max(1, tops.size) };
}

/** Characters that fill `lines` lines of the element at the width its runs have used. */
function shorterToLines(element: LaidOut, lines: number): number {
  const used = element.runs.reduce((sum, { run }) => sum + run.width, 0);
  const perLine = used > 0 ? (element.text.length * element.width) / used : element.text.length;
  return Math.max(1, Math.min(element.text.length - 1, Math.floor(perLine * lines * WRAP_MARGIN)));
}

function shorterBy(length: number, ratio: number): number {
  return Math.max(1, Math.min(length - 1, Math.floor(length * ratio * WRAP_MARGIN)));
}

/** How far a rectangle passes a limit, on its worst side. */
function sides(rect: Rect, limit: Rect): { excess: number; side: string } {
  const all = [
    { side: 'bottom', excess: rect.bottom - limit.bottom },
    { side: 'right', excess: rect.right - limit.right },
    { side: 'left', excess: limit.left - rect.left },
    { side: 'top', excess: limit.top - rect.top },
  ];
  return all.reduce((worst, side) => (side.excess > worst.excess ? side : worst));
}

function outside(rect: Rect, limit: Rect): number {
  return sides(rect, limit).excess;
}

/** The text of a node (not of its descendants) with the most lines, then the most characters: what to shorten first. */
function longestText(elements: readonly LaidOut[], path: string): LaidOut | undefined {
  let best: LaidOut | undefined;
  for (const element of elements) {
    if (element.owner.path !== path || element.runs.length === 0) continue;
    const lines = lineCount(element).total;
    const bestLines = best ? lineCount(best).total : 0;
    if (!best || lines > bestLines || (lines === bestLines && element.text.length > best.text.length)) best = element;
  }
  return best;
}

/** The repair for content `excess` past its area on one side: shorten a field when that can be enough. */
function repairFor(culprit: LaidOut, field: Field | undefined, excess: { excess: number; side: string }): string {
  const move = 'move part of it to another slide';
  if (!field || culprit.runs.length === 0) return move;
  const name = `\`${field.path}\``;
  if (excess.side === 'bottom' || excess.side === 'top') {
    const lines = lineCount(culprit).total;
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

function px(value: number): string {
  return `${Math.round(value)} px`;
}

function joinPath(node: string, field: string): string {
  if (node === '') return field;
  return field.startsWith('[') ? `${node}${field}` : `${node}.${field}`;
}

// ---------------------------------------------------------------------------------------------
// Fields: which of a node's strings a text run shows

/** Reads the node at a composition path and lists its own string fields (not its child nodes'). */
function fieldReader(composition: unknown): (path: string) => Field[] {
  const cache = new Map<string, Field[]>();
  return (path) => {
    let fields = cache.get(path);
    if (!fields) {
      fields = stringFields(resolvePath(composition, path));
      cache.set(path, fields);
    }
    return fields;
  };
}

function resolvePath(root: unknown, path: string): unknown {
  let value = root;
  for (const [, key, index] of path.matchAll(/\.?([^.[\]]+)|\[(\d+)\]/g)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key ?? index!];
  }
  return value;
}

const RESERVED = new Set(['type', 'id', 'surfaces']);

function stringFields(node: unknown): Field[] {
  const out: Field[] = [];
  const visit = (value: unknown, path: string, top: boolean): void => {
    if (typeof value === 'string') {
      if (path) out.push({ path, text: value });
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${path}[${i}]`, false);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    // A nested node is its own owner, with its own anchor.
    if (!top && typeof (value as { type?: unknown }).type === 'string') return;
    for (const [key, child] of Object.entries(value)) {
      if (top && RESERVED.has(key)) continue;
      visit(child, path ? `${path}.${key}` : key, false);
    }
  };
  visit(node, '', true);
  return out;
}

/**
 * Lower case, Markdown marks, spacing and format characters (the isolates and word breaks the
 * surfaces add) gone: what text a field shows once drawn.
 */
function normalize(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .replace(/[*_`~]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The field an element draws: the same text, else the longest field the element's text holds or is part of. */
function matchField(fields: readonly Field[], text: string): Field | undefined {
  const drawn = normalize(text);
  if (drawn.length < 2) return undefined;
  let best: Field | undefined;
  let bestScore = 0;
  for (const field of fields) {
    const own = normalize(field.text);
    if (!own) continue;
    if (own === drawn) return field;
    const score = drawn.includes(own) ? own.length / drawn.length : own.includes(drawn) ? drawn.length / own.length : 0;
    if (score > bestScore) {
      best = field;
      bestScore = score;
    }
  }
  return bestScore >= 0.5 ? best : undefined;
}
