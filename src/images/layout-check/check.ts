/**
 * The layout check: what does not fit on a slide, read from takumi's measurement of the very markup
 * the images draw (no rasterising), and told back as findings on composition paths with a repair.
 * The detectors (layout-detectors.ts) read the measured tree; this module bounds and caches the work.
 */
import type { Node } from '@takumi-rs/wasm';
import { defaultFontFiles } from '#images/assets';
import type { RenderTheme } from '../../core/model/composition.ts';
import { takumiEngine } from '../engine/engine.ts';
import { BUNDLED_FONTS, facesFor, type ImageFontFace } from '../fonts/fonts.ts';
import type { ImageSnapshotSource } from '../formats.ts';
import { overCapacity, slideCapacity } from './capacity.ts';
import { LAYOUT_DETECTORS } from './detectors.ts';
import type { LayoutDetector, LayoutFinding, LayoutScene, Limits, Place } from './scene.ts';
import { fieldReader, joinPath, matchField } from './fields.ts';
import { clippingClasses, type LaidOut, readLayout } from './tree.ts';
import { contentInsets } from './content-edges.ts';
import { compositionLang, compositionText, missingGlyphFindings } from './glyph-findings.ts';
import { toImageDocument } from '../engine/markup.ts';
import { type FontFiles, scriptFontsFor } from '../fonts/script-fonts.ts';

export type { LayoutDetector, LayoutFinding, LayoutFindingKind, LayoutScene } from './scene.ts';
export { LAYOUT_DETECTORS } from './detectors.ts';

export interface LayoutCheckOptions {
  /** The runtime's snapshot surface (`runtime.surfaces.snapshot`). */
  snapshot: ImageSnapshotSource;
  /** A registered frame name for every composition; default each composition's own (the frame its pack brings). */
  frame?: string;
  /** The font list the images draw with (default `BUNDLED_FONTS`): text is measured in these faces. */
  fonts?: readonly ImageFontFace[];
  /** What to look for, in order (default `LAYOUT_DETECTORS`); add one to report another kind of problem. */
  detectors?: readonly LayoutDetector[];
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
   * `CompositionValidationError` when invalid). Cached per composition object and theme, and by
   * content for the last few compositions checked.
   */
  check(composition: unknown, options?: { theme?: RenderTheme }): readonly LayoutFinding[];
}

/** Compositions remembered by content: a validate then a render of the same slide measures once. */
const CONTENT_CACHE_ENTRIES = 64;
/** Compositions with more characters than this are not kept by content (the key would cost more than it saves). */
const CONTENT_CACHE_MAX_CHARACTERS = 16 * 1024;

/**
 * A layout check over a runtime's snapshot surface: one measure pass per composition and theme at
 * the frame's canvas (and a text-free one for where each text box's content starts), mapped back
 * to composition paths through the `data-isomer-path` anchors the snapshot writes. The frame's `layout` (canvas, content area, smallest text) sets the limits; a
 * frame without one is checked against the drawn canvas, with no content area or smallest size.
 * A composition with more text than a slide can show is answered before anything is drawn.
 *
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * import { createLayoutCheck } from 'isomer-edge/images';
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
  const detectors = options.detectors ?? LAYOUT_DETECTORS;
  const byObject = new WeakMap<object, Map<string, readonly LayoutFinding[]>>();
  const byContent = new Map<string, readonly LayoutFinding[]>();
  const scripts = fonts === BUNDLED_FONTS ? scriptFontsFor(options.fontFiles ?? defaultFontFiles) : undefined;

  /** Each frame's limits, read from its first render. */
  const frameBounds = new Map<string, Bounds>();
  /** The frame a composition is drawn in: the named one, else the one the snapshot picks for it. */
  const frameOf = (composition: unknown): string => frame ?? snapshot.frameFor?.(composition) ?? '';

  const run = (composition: unknown, theme: RenderTheme | undefined): readonly LayoutFinding[] => {
    // Validates as any render does, and writes the anchors the findings are placed by.
    const image = snapshot.render(composition, {
      ...(theme ? { theme } : {}),
      ...(frame ? { frame } : {}),
      anchors: true,
    });
    const bounds: Bounds = {
      width: image.layout?.width ?? image.width,
      height: image.layout?.height ?? image.height,
      ...(image.layout ? { content: image.layout.content, minFontSize: image.layout.minFontSize } : {}),
    };
    const drawnIn = frameOf(composition);
    if (!frameBounds.has(drawnIn)) frameBounds.set(drawnIn, bounds);
    // What cannot fit on one slide is not laid out at all.
    const { finding } = overCapacity(composition, slideCapacity(bounds));
    if (finding) return [finding];
    const document = toImageDocument(image.html, image.css);
    const faces = facesFor(fonts, [document]);
    const extra = scripts?.loadedFor(compositionText(composition), compositionLang(composition)).faces ?? [];
    const engine = takumiEngine(fonts, faces, extra);
    const limits: Limits = { ...bounds, lineRatio: lineRatio(fonts, faces) };
    const measure = (node: Node) =>
      engine.measure(node, { width: image.width, height: image.height, css: document.css });
    const measured = measure(document.node);
    const insets = contentInsets(document.node, measured, measure);
    const elements = readLayout(document.node, measured, clippingClasses(document.css), insets);
    return findLayoutProblems(elements, limits, composition, detectors);
  };

  /**
   * Before drawing: a finding when the composition cannot fit a slide and is a frozen copy (what
   * the runtime's `validate` returns, already checked), else the content cache's key when it is
   * small enough to keep. Known once a render in the composition's frame has read its limits.
   */
  const beforeDrawing = (composition: object, theme: string): { finding?: LayoutFinding; key?: string } => {
    const bounds = frameBounds.get(frameOf(composition));
    if (!bounds) return {};
    const { finding, characters } = overCapacity(composition, slideCapacity(bounds));
    if (finding) return Object.isFrozen(composition) ? { finding } : {};
    if (characters > CONTENT_CACHE_MAX_CHARACTERS) return {};
    const json = contentKey(composition);
    return json === undefined ? {} : { key: `${theme}\n${json}` };
  };

  const remember = (key: string, findings: readonly LayoutFinding[]) => {
    if (byContent.size >= CONTENT_CACHE_ENTRIES) byContent.delete(byContent.keys().next().value!);
    byContent.set(key, findings);
  };

  /** Characters no font draws: read from the fonts fetched so far, so never cached with the layout. */
  const withGlyphs = (composition: unknown, findings: readonly LayoutFinding[]): readonly LayoutFinding[] => {
    const glyphs = scripts ? missingGlyphFindings(composition, scripts) : [];
    return glyphs.length === 0 ? findings : Object.freeze([...findings, ...glyphs]);
  };

  return {
    async prepare(composition) {
      if (scripts) await scripts.facesFor(compositionText(composition), compositionLang(composition));
    },
    check: (composition, checkOptions = {}) => withGlyphs(composition, measured(composition, checkOptions)),
  };

  function measured(composition: unknown, checkOptions: { theme?: RenderTheme }): readonly LayoutFinding[] {
    const theme = checkOptions.theme ?? '';
    if (typeof composition !== 'object' || composition === null) return run(composition, checkOptions.theme);
    const themes = byObject.get(composition);
    const hit = themes?.get(theme);
    if (hit) return hit;
    const { finding, key } = beforeDrawing(composition, theme);
    let findings = finding ? Object.freeze([finding]) : key === undefined ? undefined : byContent.get(key);
    if (findings === undefined) {
      findings = Object.freeze(run(composition, checkOptions.theme));
      if (key !== undefined) remember(key, findings);
    }
    if (themes) themes.set(theme, findings);
    else byObject.set(composition, new Map([[theme, findings]]));
    return findings;
  }
}

type Bounds = Omit<Limits, 'lineRatio'>;

/** The composition as JSON when it is small enough to key a cache on (and serialisable at all). */
function contentKey(composition: object): string | undefined {
  try {
    return JSON.stringify(composition);
  } catch {
    return undefined;
  }
}

function findLayoutProblems(
  elements: readonly LaidOut[],
  limits: Limits,
  composition: unknown,
  detectors: readonly LayoutDetector[],
): LayoutFinding[] {
  const fieldsOf = fieldReader(composition);
  const places = new Map<LaidOut, Place>();
  const scene: LayoutScene = {
    elements,
    readable: elements.filter((element) => !element.scaled && element.owner.depth > 0),
    limits,
    at(element) {
      let place = places.get(element);
      if (!place) {
        const field = matchField(fieldsOf(element.owner.path), element.text);
        place = field
          ? { path: joinPath(element.owner.path, field.path), type: element.owner.type, field }
          : { path: element.owner.path, type: element.owner.type };
        places.set(element, place);
      }
      return place;
    },
    reported: new Set(),
    hidden: new Set(),
    findings: [],
  };
  for (const detect of detectors) detect(scene);
  return scene.findings;
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
