/**
 * The image formats, PNG, WebP, SVG and PDF, drawn by the image engine from the snapshot surface:
 * the same markup and CSS as the HTML surface, so images have no layout of their own. A render
 * first fetches the script fonts its text needs, callers asking for the same picture at once share
 * one draw, and no raster exceeds 2560×1440 pixels.
 */
import { IMAGE_FORMATS } from '../core/formats.ts';
import type { RenderTheme } from '../core/model/composition.ts';
import type { FrameLayout } from '../core/model/frame.ts';
import { defaultFontFiles } from '#images/assets';
import { drawInTurn, sharedDraws } from './engine/draw-turn.ts';
import { takumiEngine, type TakumiEngine } from './engine/engine.ts';
import { BUNDLED_FONTS, facesFor, type ImageFontFace } from './fonts/fonts.ts';
import { compositionLang, compositionText } from './layout-check/glyph-findings.ts';
import { type FontFiles, scriptFontsFor } from './fonts/script-fonts.ts';
import { type ImageDocument, toImageDocument } from './engine/markup.ts';
import { writePdf } from './pdf/render.ts';

/**
 * What the formats need from a runtime: its snapshot surface (`runtime.surfaces.snapshot`), which
 * validates a composition and returns its markup with CSS committed to one colour scheme.
 */
export interface ImageSnapshotSource {
  /** The frame a composition is drawn in when none is named (a runtime with several frames picks per composition). */
  frameFor?(composition: unknown): string;
  render(
    composition: unknown,
    options?: { theme?: RenderTheme; frame?: string; anchors?: boolean },
  ): { html: string; css: string; width: number; height: number; layout?: FrameLayout };
  renderPages(
    compositions: readonly unknown[],
    options?: { theme?: RenderTheme; frame?: string },
  ): { pages: readonly { html: string }[]; css: string; width: number; height: number };
}

export interface ImageFormatsOptions {
  snapshot: ImageSnapshotSource;
  /** A registered frame name for every composition; default each composition's own (the frame its pack brings). */
  frame?: string;
  /**
   * Output size relative to the canvas, for PNG, WebP and SVG: `2 / 3` turns a 1920×1080 slide into
   * 1280×720. The layout stays the canvas's; only the drawing is scaled. Default 1; at most
   * `MAX_OUTPUT_PIXELS` (2560×1440).
   */
  scale?: number;
  /** PDF picture pixels per canvas pixel (the page stays 0.75 pt per canvas px). Default 1. */
  pdfImageScale?: number;
  /**
   * Font files, in fallback order. Default: Inter, Roboto Mono and DejaVu Sans (`BUNDLED_FONTS`),
   * whose faces are registered as images first need them; a list of your own is registered whole
   * on the first image.
   */
  fonts?: readonly ImageFontFace[];
  /**
   * Where the script fonts (CJK, Arabic, Hebrew, Indic, Thai, colour emoji) are read from, the
   * first time a slide needs each file: in a Worker `assetFontFiles(() => env.ASSETS)`; under Node
   * the package's own files by default. Without it a Worker draws what the bundled faces cover,
   * and the layout check names the rest. Only with the bundled `fonts`.
   */
  fontFiles?: FontFiles;
}

export interface ImageRenderOptions {
  /** `dark` draws the dark palette; anything else light. Default: the composition's own theme. */
  theme?: RenderTheme;
  /** Overrides the formats' `scale` for this call. */
  scale?: number;
  /** Aborted, nothing more is drawn: the call rejects with its reason (checked between steps; a draw itself is one synchronous call). */
  signal?: AbortSignal;
}

/** A host format for `createIsomerTools({ formats })` and the Worker's render routes. */
/** Bytes a `Response` takes as they are. */
export type ImageBytes = Uint8Array<ArrayBuffer>;

export interface ImageFormat<TOutput extends ImageBytes | string> {
  readonly mimeType: string;
  render(composition: unknown, options?: ImageRenderOptions): Promise<TOutput>;
}

export interface PdfRenderOptions {
  theme?: RenderTheme;
  /** Document title; default the first composition's `title`. */
  title?: string;
  /** Aborted, no further page is drawn: the call rejects with its reason. */
  signal?: AbortSignal;
}

export interface PdfFormat extends ImageFormat<ImageBytes> {
  /** A deck: one page per composition, in order, sharing one stylesheet. */
  renderDeck(compositions: readonly unknown[], options?: PdfRenderOptions): Promise<ImageBytes>;
}

// A type alias, not an interface, so it fits `Record<string, IsomerToolsFormat>` (`createIsomerTools({ formats })`).
export type ImageFormats = {
  png: ImageFormat<ImageBytes>;
  webp: ImageFormat<ImageBytes>;
  svg: ImageFormat<string>;
  pdf: PdfFormat;
};

/**
 * The largest raster, 2560×1440 (1280×720 at 2×, or the slide at 4/3). WebAssembly memory grows
 * to the largest render and never shrinks: measured on a content slide, a 1920×1080 WebP peaks
 * at 30 MiB and a 2560×1440 one at 49 MiB, and a 3840×2160 PNG at 62 MiB, too much of 128 MB.
 */
export const MAX_OUTPUT_PIXELS = 2560 * 1440;

/**
 * PNG, WebP, SVG and PDF drawn by takumi (WebAssembly) from the snapshot surface: the same markup
 * and CSS as the HTML surface, so there is no second layout for images. The engine starts on the
 * first render and is shared by every format in the isolate.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createIsomerTools } from 'isomer-edge';
 * import { createImageFormats } from 'isomer-edge/images';
 *
 * declare const composition: unknown;
 * const formats = createImageFormats({ snapshot: runtime.surfaces.snapshot!, scale: 2 / 3 });
 * const tools = createIsomerTools({ runtime, frame: slideDeckFrame, formats });
 * const png = await formats.png.render(composition, { theme: 'dark' }); // 1280×720
 * const deck = await formats.pdf.renderDeck([composition, composition]);
 * ```
 */
export function createImageFormats(options: ImageFormatsOptions): ImageFormats {
  const { snapshot, frame } = options;
  const fonts = options.fonts ?? BUNDLED_FONTS;
  const defaultScale = checkScale(options.scale ?? 1, 'scale');
  const pdfImageScale = checkScale(options.pdfImageScale ?? 1, 'pdfImageScale');
  const scripts = fonts === BUNDLED_FONTS ? scriptFontsFor(options.fontFiles ?? defaultFontFiles) : undefined;
  // Registers, once per isolate, the faces these documents need: the first image pays for its own,
  // and fetches the script fonts its text needs.
  const engine = async (
    documents: readonly ImageDocument[],
    compositions: readonly unknown[],
  ): Promise<TakumiEngine> => {
    const text = compositions.map(compositionText).join('\n');
    const extra = scripts ? (await scripts.facesFor(text, compositionLang(compositions[0]))).faces : [];
    return takumiEngine(fonts, facesFor(fonts, documents), extra);
  };

  // Callers asking for the same picture at once share one draw (see `sharedDraws`).
  const shared = sharedDraws();
  /**
   * What a picture depends on within these formats: format, theme, scale and the composition. A
   * composition that is not plain data (no JSON) has no key: it is drawn for its caller alone.
   */
  const pictureKey = (
    format: string,
    composition: unknown,
    renderOptions: ImageRenderOptions | undefined,
  ): string | undefined => {
    let content: string | undefined;
    try {
      content = JSON.stringify(composition);
    } catch {
      return undefined;
    }
    return `${format}\n${renderOptions?.theme ?? ''}\n${renderOptions?.scale ?? defaultScale}\n${content}`;
  };

  const snapshotOptions = (theme: RenderTheme | undefined) => ({
    ...(theme ? { theme } : {}),
    ...(frame ? { frame } : {}),
  });

  const prepare = (composition: unknown, renderOptions: ImageRenderOptions | undefined) => {
    const image = snapshot.render(composition, snapshotOptions(renderOptions?.theme));
    const scale = renderOptions?.scale === undefined ? defaultScale : checkScale(renderOptions.scale, 'scale');
    const output = {
      width: Math.max(1, Math.round(image.width * scale)),
      height: Math.max(1, Math.round(image.height * scale)),
    };
    checkPixels(output.width, output.height, `scale ${scale}`);
    return { image, scale, output, document: toImageDocument(image.html, image.css) };
  };

  const raster = (format: 'png' | 'webp', mimeType: string): ImageFormat<ImageBytes> => ({
    mimeType,
    async render(composition, renderOptions) {
      const signal = renderOptions?.signal;
      signal?.throwIfAborted();
      return shared.draw(
        pictureKey(format, composition, renderOptions),
        signal,
        async (drawSignal) => {
          const { scale, output, document } = prepare(composition, renderOptions);
          const ready = await engine([document], [composition]);
          // The layout is `width / devicePixelRatio` wide: the canvas, drawn at the output size.
          return drawInTurn(drawSignal, () =>
            ready.render(document.node, { ...output, css: document.css, devicePixelRatio: scale, format }),
          );
        },
        (bytes) => bytes.slice(),
      );
    },
  });

  const renderDeck = async (
    compositions: readonly unknown[],
    pdfOptions: PdfRenderOptions = {},
  ): Promise<ImageBytes> => {
    const { signal } = pdfOptions;
    signal?.throwIfAborted();
    const deck = snapshot.renderPages(compositions, snapshotOptions(pdfOptions.theme));
    checkPixels(
      Math.round(deck.width * pdfImageScale),
      Math.round(deck.height * pdfImageScale),
      `pdfImageScale ${pdfImageScale}`,
    );
    const title = pdfOptions.title ?? titleOf(compositions[0]);
    const pages = deck.pages.map((page) => toImageDocument(page.html, deck.css));
    return writePdf(
      await engine(pages, compositions),
      { pages, width: deck.width, height: deck.height },
      { imageScale: pdfImageScale, ...(title ? { title } : {}), ...(signal ? { signal } : {}) },
    );
  };

  return {
    png: raster('png', IMAGE_FORMATS.png),
    webp: raster('webp', IMAGE_FORMATS.webp),
    svg: {
      mimeType: IMAGE_FORMATS.svg,
      async render(composition, renderOptions) {
        const signal = renderOptions?.signal;
        signal?.throwIfAborted();
        return shared.draw(pictureKey('svg', composition, renderOptions), signal, async (drawSignal) => {
          const { image, output, document } = prepare(composition, renderOptions);
          const ready = await engine([document], [composition]);
          const svg = await drawInTurn(drawSignal, () =>
            ready.renderSvg(document.node, { width: image.width, height: image.height, css: document.css }),
          );
          return output.width === image.width && output.height === image.height
            ? svg
            : resizeSvg(svg, output.width, output.height);
        });
      },
    },
    pdf: {
      mimeType: IMAGE_FORMATS.pdf,
      render: (composition, renderOptions) =>
        renderDeck([composition], {
          ...(renderOptions?.theme ? { theme: renderOptions.theme } : {}),
          ...(renderOptions?.signal ? { signal: renderOptions.signal } : {}),
        }),
      renderDeck,
    },
  };
}

/**
 * A deck as one PDF, one page per composition: the `renderPdf(compositions)` of a host that has a
 * snapshot surface but no formats object yet.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { renderPdf } from 'isomer-edge/images';
 *
 * declare const slides: unknown[];
 * const pdf = await renderPdf(runtime.surfaces.snapshot!, slides, { title: 'Quarterly review' });
 * ```
 */
export function renderPdf(
  snapshot: ImageSnapshotSource,
  compositions: readonly unknown[],
  options: PdfRenderOptions & Pick<ImageFormatsOptions, 'frame' | 'pdfImageScale' | 'fonts'> = {},
): Promise<ImageBytes> {
  const { frame, pdfImageScale, fonts, ...pdfOptions } = options;
  return createImageFormats({
    snapshot,
    ...(frame ? { frame } : {}),
    ...(pdfImageScale !== undefined ? { pdfImageScale } : {}),
    ...(fonts ? { fonts } : {}),
  }).pdf.renderDeck(compositions, pdfOptions);
}

function checkPixels(width: number, height: number, cause: string): void {
  if (width * height > MAX_OUTPUT_PIXELS) {
    throw new RangeError(
      `${cause} makes a ${width}×${height} image; the most this ` +
        `renders is ${MAX_OUTPUT_PIXELS.toLocaleString('en-US')} pixels`,
    );
  }
}

function checkScale(scale: number, name: string): number {
  if (!Number.isFinite(scale) || scale <= 0)
    throw new RangeError(`${name} must be a finite number above 0, got ${String(scale)}`);
  return scale;
}

/** The drawing keeps its canvas coordinates (`viewBox`); only the displayed size changes. */
function resizeSvg(svg: string, width: number, height: number): string {
  return svg.replace(/^(<svg\b[^>]*?)\swidth="[^"]*"\s+height="[^"]*"/, `$1 width="${width}" height="${height}"`);
}

function titleOf(composition: unknown): string | undefined {
  const title = (composition as { title?: unknown } | null | undefined)?.title;
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 300) : undefined;
}
