/**
 * The snapshot surface: a composition as the markup and CSS the image engine draws, in a frame (the
 * one named, or the one its top-level nodes' pack brings), its height estimated from the
 * primitives' metrics and its CSS committed to one scheme. `renderPages` draws several compositions
 * as pages of one document; anchors name each node for layout checks.
 */
import { isVisibleOnSurface, type Composition, type PrimitiveNode, type RenderTheme } from '../../model/composition.ts';
import { IsomerError } from '../../model/errors.ts';
import { isRecord } from '../../model/is-record.ts';
import { resolveFramePalette, type Frame, type FrameDispatcher, type FrameLayout } from '../../model/frame.ts';
import { withWordBreaksInMarkup } from '../../text/line-breaks.ts';
import { toMarkup } from '../../model/markup.ts';
import type { PrimitiveDefinition } from '../../model/primitive.ts';
import type { ValidationErrorMode } from '../../model/validate.ts';
import type { RuntimeFrames } from '../frames.ts';
import { collectCss, resolveLightDark } from '../stylesheet.ts';
import { checkForRender, singleNodeView, type SurfaceContext } from './context.ts';
import { drawInDirection } from '../direction.ts';

export interface SnapshotRenderOptions {
  /** A registered frame name; default the frame the composition uses (its top-level nodes' pack's). */
  frame?: string;
  width?: number;
  height?: number;
  /** `dark` draws the dark palette; anything else light (an image has no colour scheme). */
  theme?: RenderTheme;
  /** Default `throw`. */
  onValidationError?: ValidationErrorMode;
  /**
   * Marks each node's root element with `data-isomer-node="<type>"` and `data-isomer-path="<path>"`
   * (its composition path, `body[0].items[2]`), so a layout check can name what it measured.
   */
  anchors?: boolean;
}

export interface SnapshotWarning {
  path: string;
  message: string;
}

/** Plain data a rasterizer draws: the markup, its CSS committed to one scheme, and the canvas size. */
export interface SnapshotRenderResult {
  html: string;
  css: string;
  width: number;
  height: number;
  warnings: SnapshotWarning[];
  /** The frame's geometry for layout checks, when the frame declares it. */
  layout?: FrameLayout;
}

export interface SnapshotPagesResult {
  pages: { html: string }[];
  /** One stylesheet for every page. */
  css: string;
  width: number;
  height: number;
  warnings: SnapshotWarning[];
}

export interface SnapshotSurface {
  readonly validating: true;
  /**
   * The frame `render` draws a composition in when none is named: the frame of its first top-level
   * node's pack (the default frame for a node of a pack without one, and for an empty body). Reads
   * only the top-level types; validates nothing.
   */
  frameFor(composition: unknown): string;
  render(composition: unknown, options?: SnapshotRenderOptions): SnapshotRenderResult;
  renderPages(compositions: readonly unknown[], options?: SnapshotRenderOptions): SnapshotPagesResult;
  renderNode(
    node: unknown,
    options?: Pick<SnapshotRenderOptions, 'frame' | 'theme' | 'anchors' | 'onValidationError'>,
  ): SnapshotRenderResult;
}

interface DrawnPage {
  html: string;
  used: ReadonlySet<string>;
  height: number;
  warnings: SnapshotWarning[];
}

export function createSnapshotSurface(context: SurfaceContext, runtimeFrames: RuntimeFrames): SnapshotSurface {
  const { frames } = runtimeFrames;
  const pickFrame = (chosen: string): { name: string; frame: Frame<unknown> } => {
    const frame = frames.get(chosen);
    if (!frame) {
      throw new IsomerError(
        'UNKNOWN_FRAME',
        `runtime: unknown frame ${JSON.stringify(String(chosen).slice(0, 64))}; ` +
          `registered frames: ${[...frames.keys()].join(', ')}`,
      );
    }
    return { name: chosen, frame };
  };

  const checkBody = (name: string, frame: Frame<unknown>, body: readonly PrimitiveNode[], subject: string): void => {
    const messages = frame.validateBody?.(body) ?? [];
    if (messages.length > 0)
      throw new IsomerError('INVALID_FRAME_BODY', `Frame "${name}" rejects ${subject}: ${messages.join('; ')}`);
  };

  /**
   * The named frame, its rule alone; else the frames the body uses, each one's rule, drawn in the
   * first (a frame's rule binds only the compositions drawn in it).
   */
  const frameFor = (named: string | undefined, body: readonly PrimitiveNode[], subject: string) => {
    const names = named === undefined ? runtimeFrames.framesFor(body) : [named];
    const picked = names.map(pickFrame);
    for (const { name, frame } of picked) checkBody(name, frame, body, subject);
    return picked[0]!;
  };

  /** The frame's estimate, noting nodes it measured that declare no height (they count as 0). */
  const estimate = (
    frame: Frame<unknown>,
    composition: Composition,
    pathPrefix: string,
  ): { height: number; warnings: SnapshotWarning[] } => {
    const warnings: SnapshotWarning[] = [];
    const index = new Map(composition.body.map((node, i) => [node, i]));
    const dispatcher: FrameDispatcher = {
      estimateSnapshotHeight(node) {
        if (!isVisibleOnSurface(node, 'snapshot')) return 0;
        const metric = context.dispatcher.definitions.get(node.type)?.metrics?.snapshotHeight;
        if (metric) return metric(node);
        const at = index.get(node);
        warnings.push({
          path: `${pathPrefix}body[${at ?? 0}]`,
          message: `${node.type} declares no snapshotHeight metric and measures 0, so the frame may be sized short`,
        });
        return 0;
      },
    };
    return { height: frame.estimateHeight({ ...header(composition), body: composition.body }, dispatcher), warnings };
  };

  const draw = (
    frame: Frame<unknown>,
    composition: Composition,
    width: number,
    height: number,
    mode: RenderTheme | undefined,
    anchors: boolean,
    pathPrefix: string,
  ): { html: string; used: ReadonlySet<string> } => {
    const theme = resolveFramePalette(frame, mode);
    const paths = anchors ? nodePaths(composition.body, pathPrefix, context.dispatcher.definitions) : undefined;
    const drawn = drawNodes(composition, composition.body, theme, anchors, paths);
    return {
      html: withWordBreaksInMarkup(
        toMarkup(frame.wrap(header(composition), drawn.body, { width, height, theme, mode })).value,
      ),
      used: drawn.scope.used,
    };
  };

  /** The nodes drawn in a snapshot scope, in the composition's direction, with the scope that drew them. */
  const drawNodes = (
    composition: Composition,
    nodes: readonly PrimitiveNode[],
    theme: unknown,
    anchors: boolean,
    paths: ReadonlyMap<PrimitiveNode, string> | undefined,
  ) =>
    drawInDirection(
      composition,
      (dir) => {
        const scope = context.dispatcher.createScope({
          surface: 'snapshot',
          theme,
          anchors,
          ...(paths ? { paths } : {}),
          ...(dir ? { dir } : {}),
        });
        return { scope, body: nodes.map((node) => scope.html(node)) };
      },
      (drawn) => drawn.body,
    ).drawn;

  const stylesheet = (frame: Frame<unknown>, used: ReadonlySet<string>, mode: RenderTheme | undefined): string =>
    resolveLightDark(
      collectCss(context.packCss, context.definitions, used, frame.css ? [frame.css] : []),
      mode === 'dark' ? 'dark' : 'light',
    );

  const page = (
    composition: Composition,
    frame: Frame<unknown>,
    options: SnapshotRenderOptions,
    mode: RenderTheme | undefined,
    pathPrefix: string,
  ): DrawnPage => {
    const width = options.width ?? frame.defaultWidth;
    const measured =
      options.height === undefined
        ? estimate(frame, composition, pathPrefix)
        : { height: options.height, warnings: [] };
    const drawn = draw(frame, composition, width, measured.height, mode, options.anchors ?? false, pathPrefix);
    return { ...drawn, height: measured.height, warnings: measured.warnings };
  };

  return {
    validating: true,
    frameFor(value) {
      const body = isRecord(value) && Array.isArray(value.body) ? value.body : [];
      const typed = body.filter((node): node is PrimitiveNode => isRecord(node) && typeof node.type === 'string');
      return runtimeFrames.framesFor(typed)[0]!;
    },
    render(value, options = {}) {
      const { composition } = checkForRender(context, value, options.onValidationError ?? 'throw');
      const { frame } = frameFor(options.frame, composition.body, 'this composition');
      const mode = options.theme ?? composition.theme;
      const drawn = page(composition, frame, options, mode, '');
      const width = options.width ?? frame.defaultWidth;
      return {
        html: drawn.html,
        css: stylesheet(frame, drawn.used, mode),
        width,
        height: drawn.height,
        warnings: drawn.warnings,
        ...(frame.layout ? { layout: frame.layout } : {}),
      };
    },
    renderPages(values, options = {}) {
      if (values.length === 0)
        throw new IsomerError('EMPTY_PAGES', 'runtime: renderPages needs at least one composition');
      const compositions = values.map(
        (value) => checkForRender(context, value, options.onValidationError ?? 'throw').composition,
      );
      // One document: every page in the frame the first page uses (or the named one).
      const { name, frame } = pickFrame(options.frame ?? runtimeFrames.framesFor(compositions[0]!.body)[0]!);
      for (const [i, composition] of compositions.entries()) checkBody(name, frame, composition.body, `page ${i + 1}`);
      const mode = options.theme ?? compositions[0]!.theme;
      const width = options.width ?? frame.defaultWidth;
      const estimates = compositions.map((composition, i) =>
        options.height === undefined
          ? estimate(frame, composition, `pages[${i}].`)
          : { height: options.height, warnings: [] },
      );
      const height = options.height ?? Math.max(...estimates.map((e) => e.height));
      const used = new Set<string>();
      const pages = compositions.map((composition, i) => {
        const drawn = draw(frame, composition, width, height, mode, options.anchors ?? false, `pages[${i}].`);
        for (const type of drawn.used) used.add(type);
        return { html: drawn.html };
      });
      return {
        pages,
        css: stylesheet(frame, used, mode),
        width,
        height,
        warnings: estimates.flatMap((e) => e.warnings),
      };
    },
    renderNode(node, options = {}) {
      const { composition } = checkForRender(context, singleNodeView(node), options.onValidationError ?? 'throw');
      const { frame } = pickFrame(options.frame ?? runtimeFrames.framesFor(composition.body)[0]!);
      const mode = options.theme;
      const measured = estimate(frame, composition, '');
      const theme = resolveFramePalette(frame, mode);
      const anchors = options.anchors ?? false;
      const only = composition.body[0];
      // The node is the whole input here, so its path is empty and its children's start at a field.
      const paths = anchors && only ? nodePaths([only], '', context.dispatcher.definitions, () => '') : undefined;
      const drawn = drawNodes(composition, only ? [only] : [], theme, anchors, paths);
      const { scope } = drawn;
      const html = drawn.body[0] ? withWordBreaksInMarkup(drawn.body[0].value) : '';
      return {
        html,
        css: stylesheet(frame, scope.used, mode),
        width: frame.defaultWidth,
        height: measured.height,
        warnings: measured.warnings,
      };
    },
  };
}

/**
 * Every node of a body by object identity, with its composition path (`body[0].items[2]`): the
 * dispatcher is handed these very objects (a `sanitize` copy comes after the lookup).
 */
function nodePaths(
  body: readonly PrimitiveNode[],
  prefix: string,
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
  top: (index: number) => string = (index) => `${prefix}body[${index}]`,
): Map<PrimitiveNode, string> {
  const paths = new Map<PrimitiveNode, string>();
  const visit = (node: PrimitiveNode, path: string): void => {
    paths.set(node, path);
    for (const child of definitions.get(node.type)?.children(node) ?? [])
      visit(child.node, path === '' ? child.path : `${path}.${child.path}`);
  };
  for (const [index, node] of body.entries()) visit(node, top(index));
  return paths;
}

function header(composition: Composition): { title?: string; subtitle?: string; theme?: RenderTheme } {
  const out: { title?: string; subtitle?: string; theme?: RenderTheme } = {};
  if (composition.title !== undefined) out.title = composition.title;
  if (composition.subtitle !== undefined) out.subtitle = composition.subtitle;
  if (composition.theme !== undefined) out.theme = composition.theme;
  return out;
}
