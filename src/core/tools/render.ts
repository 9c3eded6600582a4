/**
 * The one render path under `isomer_render` and `POST /render/{format}`: a composition is checked
 * once, then its checked copy drawn in any format: text, Markdown, HTML and Slack by the runtime's
 * surfaces, every other (images, the other chat formats) by the formats the host passes in.
 */
import { slackHost } from '../chat-hosts/slack/index.ts';
import { BUILT_IN_FORMAT_NAMES, BUILT_IN_FORMATS, CODE_FORMAT_NAME, isBuiltInFormat } from '../formats.ts';
import type { Composition, RenderTheme } from '../model/composition.ts';
import { DECK_MARKDOWN_SEPARATOR, DECK_TEXT_SEPARATOR } from '../model/deck.ts';
import { IsomerError } from '../model/errors.ts';
import {
  checkComposition,
  type FindingPlace,
  type IsomerCompositionCheck,
  inSlide,
  withLayoutFindings,
} from './check.ts';
import { checkDeck, type IsomerDeckCheck } from './deck.ts';
import type { IsomerToolsFormat, IsomerToolsFrame, IsomerToolsLayoutCheck, IsomerToolsRuntime } from './types.ts';

/** One render's output as the caller serves it: a string, JSON data, or bytes. */
export type RenderedOutput =
  | { mimeType: string; text: string }
  | { mimeType: string; json: unknown }
  | { mimeType: string; bytes: Uint8Array };

/**
 * A deck's output: one output for the whole deck (text, a PDF, one chat message), or, for a format
 * that draws one slide at a time (PNG, WebP, SVG), one output per slide in order.
 */
export type RenderedDeck = RenderedOutput | { mimeType: string; slides: RenderedOutput[] };

export interface RenderRequest {
  /** Default: the composition's own theme. */
  theme?: RenderTheme;
  /** Draw the title and subtitle (every format that shows text: not the images); default the renderer's. */
  heading?: boolean;
  /** Output size relative to the canvas, for the formats that read it (images). */
  scale?: number;
  /**
   * The caller's interest (a Worker passes its request's signal): aborted, nothing is drawn and the
   * call rejects with the signal's reason; a host format gets it to stop between its own steps.
   */
  signal?: AbortSignal;
}

export interface CompositionRendererOptions {
  runtime: Pick<IsomerToolsRuntime<never>, 'validate' | 'surfaces'>;
  /** The body rule every check applies (`runtime.frames`: the rules of the frames a composition uses). */
  frame?: IsomerToolsFrame | undefined;
  /** Host formats, offered after the runtime's own; none may reuse a built-in name. */
  formats?: Readonly<Record<string, IsomerToolsFormat>>;
  /** Default for `RenderRequest.heading`. Default `true`. */
  heading?: boolean;
  /** Adds layout findings to every check of a valid composition (opt-in: it starts the image engine). */
  layout?: IsomerToolsLayoutCheck;
}

/**
 * The one render path under `isomer_render` and `POST /render/{format}`: check a composition once,
 * then draw the checked copy in any format, built-in or the host's.
 */
export interface CompositionRenderer {
  /** The runtime's formats, then the host's, in the order tools and routes list them. */
  readonly formatNames: readonly [string, ...string[]];
  /**
   * Checks once; `layout: false` skips the layout check for this call (default: on when configured).
   * Asynchronous because the layout check may first fetch the fonts a slide's script needs. An
   * aborted `signal` rejects with its reason before validating and again before the layout check.
   */
  check(value: unknown, options?: { layout?: boolean; signal?: AbortSignal }): Promise<IsomerCompositionCheck>;
  /** Draws a copy `check` passed (its `composition`); a host format's failure rejects. */
  render(copy: Composition, format: string, request?: RenderRequest): Promise<RenderedOutput>;
  /**
   * Checks a deck: an array of 1 to `MAX_DECK_SLIDES` compositions under one input budget, each
   * slide as `check` does with its findings placed under `compositions[i]`, then the frame's deck
   * rule as `deck:` warnings. An aborted `signal` rejects before the next slide.
   */
  checkDeck(value: unknown, options?: { layout?: boolean; signal?: AbortSignal }): Promise<IsomerDeckCheck>;
  /**
   * Draws the copies `checkDeck` passed, in order: one output for the deck, or one per slide for a
   * format that draws a slide at a time. An aborted `signal` rejects before the next slide.
   */
  renderDeck(copies: readonly Composition[], format: string, request?: RenderRequest): Promise<RenderedDeck>;
}

/** What a host format's draw reads of a request: the heading resolved, the rest as given. */
function hostOptions(request: RenderRequest, heading: boolean): Parameters<IsomerToolsFormat['render']>[1] {
  const { theme, scale, signal } = request;
  return {
    heading,
    ...(theme ? { theme } : {}),
    ...(scale !== undefined ? { scale } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** A host format's output as the caller serves it: a string as text, bytes as bytes. */
function hostOutput(mimeType: string, output: Uint8Array | string): RenderedOutput {
  return typeof output === 'string' ? { mimeType, text: output } : { mimeType, bytes: output };
}

/**
 * The check-and-render path of `isomer_render` and `POST /render/{format}`, for a host's own
 * transport. Throws `DUPLICATE_FORMAT` when a host format reuses a built-in format's name, and
 * `INVALID_FORMAT_NAME` for a name that is not lower-case letters, digits and hyphens.
 * @example
 * ```ts
 * import { createCompositionRenderer, createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 *
 * declare const body: unknown;
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * const renderer = createCompositionRenderer({ runtime, frame: slideDeckFrame, heading: false });
 * const check = await renderer.check(body);
 * if (check.valid && check.composition) {
 *   const output = await renderer.render(check.composition, 'markdown');
 *   if ('text' in output) console.log(output.mimeType, output.text);
 * } else {
 *   console.log(check.errors.join('\n'));
 * }
 * ```
 */
export function createCompositionRenderer(options: CompositionRendererOptions): CompositionRenderer {
  const { runtime, frame } = options;
  const formats = options.formats ?? {};
  const misnamed = Object.keys(formats).filter((name) => !CODE_FORMAT_NAME.test(name));
  if (misnamed.length > 0) {
    throw new IsomerError(
      'INVALID_FORMAT_NAME',
      `Host formats ${misnamed.map((n) => JSON.stringify(n)).join(', ')} need names of lower-case letters, ` +
        'digits and hyphens, starting with a letter (at most 40 characters): each is a URL path segment.',
    );
  }
  const shadowing = Object.keys(formats).filter(isBuiltInFormat);
  if (shadowing.length > 0) {
    throw new IsomerError(
      'DUPLICATE_FORMAT',
      `Host formats ${shadowing.map((n) => JSON.stringify(n)).join(', ')} ` +
        `shadow formats the runtime renders itself; give them other names.`,
    );
  }
  const fallbackHeading = options.heading ?? true;
  const { surfaces } = runtime;

  /** One composition checked, its findings in `place` (a deck's slide, or alone). */
  const checkOne = async (
    value: unknown,
    checkOptions: { layout?: boolean; signal?: AbortSignal } | undefined,
    place?: FindingPlace,
  ): Promise<IsomerCompositionCheck> => {
    const signal = checkOptions?.signal;
    signal?.throwIfAborted();
    const layout = checkOptions?.layout === false ? undefined : options.layout;
    if (!layout?.prepare) return checkComposition(runtime, frame, value, layout, place);
    const result = checkComposition(runtime, frame, value, undefined, place);
    if (!result.valid || !result.composition) return result;
    try {
      await layout.prepare(result.composition);
    } catch (error) {
      console.warn(`isomer-edge layout check failed: ${String((error as Error)?.message ?? error).slice(0, 200)}`);
    }
    // Fetching the script's fonts took a while: the measuring (the engine) is for a caller still there.
    signal?.throwIfAborted();
    return withLayoutFindings(result, layout, place);
  };

  const hostFormat = (format: string): IsomerToolsFormat => {
    const host = Object.hasOwn(formats, format) ? formats[format] : undefined;
    if (!host) throw new IsomerError('UNKNOWN_FORMAT', `Unknown format ${JSON.stringify(format.slice(0, 64))}`);
    return host;
  };

  const render = async (copy: Composition, format: string, request: RenderRequest = {}): Promise<RenderedOutput> => {
    const { theme, signal } = request;
    signal?.throwIfAborted();
    const heading = request.heading ?? fallbackHeading;
    if (isBuiltInFormat(format)) {
      const mimeType = BUILT_IN_FORMATS[format];
      switch (format) {
        case 'text':
          return { mimeType, text: surfaces.text.render(copy, { heading }) };
        case 'markdown':
          return { mimeType, text: surfaces.markdown.render(copy, { heading }) };
        case 'html':
          return { mimeType, text: surfaces.html.render(copy, { ...(theme ? { theme } : {}), heading }).document };
        case 'slack':
          return { mimeType, json: surfaces.slack.render(copy, { heading }) };
      }
    }
    const host = hostFormat(format);
    return hostOutput(host.mimeType, await host.render(copy, hostOptions(request, heading)));
  };

  return {
    formatNames: [...BUILT_IN_FORMAT_NAMES, ...Object.keys(formats)] as [string, ...string[]],
    check(value, checkOptions) {
      return checkOne(value, checkOptions);
    },
    checkDeck(value, checkOptions) {
      return checkDeck(value, {
        ...(checkOptions?.signal ? { signal: checkOptions.signal } : {}),
        checkSlide: (slide, index) => checkOne(slide, checkOptions, inSlide(index)),
        ...(frame?.validateDeck ? { rule: (deck) => frame.validateDeck!(deck) } : {}),
      });
    },
    async renderDeck(copies, format, request = {}) {
      const { signal } = request;
      const heading = request.heading ?? fallbackHeading;
      const each = async <T>(draw: (copy: Composition) => T | Promise<T>): Promise<T[]> => {
        const out: T[] = [];
        for (const copy of copies) {
          signal?.throwIfAborted();
          out.push(await draw(copy));
        }
        return out;
      };
      signal?.throwIfAborted();
      if (isBuiltInFormat(format)) {
        const mimeType = BUILT_IN_FORMATS[format];
        switch (format) {
          case 'text':
            return {
              mimeType,
              text: (await each((copy) => surfaces.text.render(copy, { heading }))).join(DECK_TEXT_SEPARATOR),
            };
          case 'markdown':
            return {
              mimeType,
              text: (await each((copy) => surfaces.markdown.render(copy, { heading }))).join(DECK_MARKDOWN_SEPARATOR),
            };
          case 'html': {
            const { theme } = request;
            return {
              mimeType,
              text: surfaces.html.renderDeck(copies, { ...(theme ? { theme } : {}), heading }).document,
            };
          }
          case 'slack':
            return { mimeType, json: slackHost.deck(await each((copy) => surfaces.slack.render(copy, { heading }))) };
        }
      }
      const host = hostFormat(format);
      if (host.renderDeck)
        return hostOutput(host.mimeType, await host.renderDeck(copies, hostOptions(request, heading)));
      // A format that draws one slide at a time (the pictures) answers a picture per slide.
      const slides: RenderedOutput[] = [];
      for (const copy of copies) slides.push(await render(copy, format, request));
      return { mimeType: host.mimeType, slides };
    },
    render,
  };
}
