/**
 * The HTML surface: a composition as a `<section>` to embed in a host page and as a complete HTML5
 * document (what `POST /render/html` serves), with only the CSS the render used and the byte size
 * of each part, in the view's direction. It collects findings by default, so valid nodes still draw beside invalid ones.
 */
import type { Composition, RenderTheme } from '../../model/composition.ts';
import { CompositionValidationError, type ValidationError } from '../../model/errors.ts';
import { deckPath, MAX_DECK_SLIDES } from '../../model/deck.ts';
import { byteLength } from '../../text/byte-length.ts';
import { escapeHtml, html, joinMarkup, raw } from '../../model/markup.ts';
import type { ValidationErrorMode } from '../../model/validate.ts';
import { collectCss, escapeStyleText, resolveLightDark, WRAPPER_CSS } from '../stylesheet.ts';
import { checkForRender, singleNodeView, type SurfaceContext } from './context.ts';
import { drawInDirection } from '../direction.ts';

export interface HTMLRenderOptions {
  /** Overrides the composition's `theme`; written as the wrapper's `data-theme` unless `auto`. */
  theme?: RenderTheme;
  /** Pre-resolves `light-dark()` in the CSS to one scheme, for hosts without colour-scheme support. */
  scheme?: 'light' | 'dark';
  /** Collapse whitespace between tags (never inside `<pre>`). Default `true`. */
  minify?: boolean;
  fluid?: boolean;
  /** Draw the wrapper's border and padding. Default `true`. */
  framed?: boolean;
  /** Draw the title and subtitle. Default `true` (the title stays the `aria-label` either way). */
  heading?: boolean;
  /** `inline` (default) puts a `<style>` inside the wrapper; `separate` leaves CSS to the host. */
  css?: 'inline' | 'separate';
  /** Default `collect`: findings come back on `validationErrors` and valid nodes still draw. */
  onValidationError?: ValidationErrorMode;
  /** Adds `data-isomer-node="<type>"` to each node's root element. */
  anchors?: boolean;
}

export interface HTMLRenderResult {
  /** The wrapper `<section>` to embed in a host page (with a `<style>` inside when `css` is `inline`). */
  html: string;
  css: string;
  /** Always empty: this runtime ships no scripts. Kept for wire compatibility. */
  js: string;
  /** The primitives' markup alone, without wrapper or style. */
  body: string;
  /**
   * A complete HTML5 page of its own: doctype, `lang`, charset, viewport, `<title>`, the CSS in
   * `<head>` whatever `css` says, and the wrapper in `<body>`. What `POST /render/html` serves.
   */
  document: string;
  /** UTF-8 bytes: `html`, `css`, `js` each, and `total` = the `document`, the self-contained payload. */
  measurement: { html: number; css: number; js: number; total: number };
  validationErrors: ValidationError[];
}

/** What a deck document takes: a single render's options but `css` (a document keeps it in `<head>`). */
export type HTMLDeckOptions = Omit<HTMLRenderOptions, 'css'>;

export interface HTMLDeckResult {
  /** One HTML5 document: a `<section id="slide-N">` per slide, in order, the CSS once in `<head>`. */
  document: string;
  /** `collect` mode's findings, each path naming its slide (`compositions[2].body[0].title`). */
  validationErrors: ValidationError[];
}

export interface HTMLSurface {
  readonly validating: true;
  render(composition: unknown, options?: HTMLRenderOptions): HTMLRenderResult;
  renderNode(node: unknown, options?: Omit<HTMLRenderOptions, 'heading'>): HTMLRenderResult;
  /**
   * A deck of 1 to `MAX_DECK_SLIDES` compositions as one document, a section per slide. Each slide
   * is validated as `render` does; a finding's path names its slide.
   */
  renderDeck(compositions: readonly unknown[], options?: HTMLDeckOptions): HTMLDeckResult;
}

/** Collapses whitespace runs that span a newline between tags, leaving `<pre>` blocks intact. */
export function minifyMarkup(markup: string): string {
  return markup
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/i)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/>\s*\n\s*</g, '><')))
    .join('');
}

/**
 * The `lang` of a document whose composition names none: English, the language the catalog's fixed
 * strings are in. A composition's `lang` is the document's and its section's.
 */
export const DOCUMENT_LANG = 'en';

const COLOR_SCHEMES: Record<RenderTheme, string> = { auto: 'light dark', light: 'light', dark: 'dark' };

/** `</head><body>` and `</body></html>`: the document's bytes around its head and section. */
const DOCUMENT_GLUE_BYTES = '</head><body></body></html>'.length;

/** The first non-blank of the title, the aria-label and the default: a document's title is never empty. */
function documentTitle(composition: Composition, fallback: string): string {
  const candidates = [composition.title, composition.meta?.ariaLabel, fallback];
  return candidates.find((text) => text !== undefined && text.trim() !== '') ?? 'View';
}

/** One composition drawn as its wrapper `<section>`, before the CSS is placed. */
interface DrawnSection {
  /** The `<section …>` opening tag. */
  open: string;
  /** The primitives' markup and the closing tag. */
  rest: string;
  body: string;
  /** The primitive types drawn: what the CSS is collected for. */
  used: ReadonlySet<string>;
}

function drawSection(
  context: SurfaceContext,
  composition: Composition,
  options: HTMLRenderOptions,
  attributes = '',
): DrawnSection {
  const heading = options.heading ?? true;
  const theme = options.theme ?? composition.theme ?? 'auto';
  // Drawn in the view's direction, which the section states when it is right to left (or said).
  const { dir, drawn } = drawInDirection(
    composition,
    (written) => {
      const scope = context.dispatcher.createScope({
        surface: 'react',
        anchors: options.anchors ?? false,
        ...(written ? { dir: written } : {}),
      });
      const nodes = composition.body.map((node) => scope.html(node));
      const header = heading
        ? [
            composition.title ? html`<h2 class="isomer-title">${composition.title}</h2>` : '',
            composition.subtitle ? html`<p class="isomer-subtitle">${composition.subtitle}</p>` : '',
          ]
        : [];
      return { scope, nodes, header };
    },
    (drawn) => drawn.nodes,
  );
  const { scope, nodes, header } = drawn;
  let body = joinMarkup([...header, ...nodes]).value;
  if (options.minify ?? true) body = minifyMarkup(body);
  const classes = ['isomer', ...((options.framed ?? true) ? ['framed'] : []), ...(options.fluid ? ['fluid'] : [])].join(
    ' ',
  );
  const label = composition.meta?.ariaLabel ?? composition.title ?? context.defaultAriaLabel;
  const themeAttribute = theme === 'auto' ? '' : ` data-theme="${escapeHtml(theme)}"`;
  const langAttribute =
    (composition.lang ? ` lang="${escapeHtml(composition.lang)}"` : '') + (dir ? ` dir="${dir}"` : '');
  const open =
    html`<section${raw(attributes)} class="${classes}"${raw(langAttribute)} role="group" aria-label="${label}"${raw(themeAttribute)}>`
      .value;
  return { open, rest: `<div>${body}</div></section>`, body, used: scope.used };
}

/** The CSS of the primitives drawn, after the wrapper's, resolved to one scheme when asked. */
function stylesheet(context: SurfaceContext, used: ReadonlySet<string>, options: HTMLRenderOptions): string {
  const css = WRAPPER_CSS + collectCss(context.packCss, context.definitions, used);
  return options.scheme ? resolveLightDark(css, options.scheme) : css;
}

/** A document's opening up to its `<style>`: doctype, `lang`, charset, viewport, colour scheme, title. */
function documentHead(lang: string, theme: RenderTheme, title: string): string {
  return [
    `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="${COLOR_SCHEMES[theme]}">`,
    `<title>${escapeHtml(title)}</title>`,
  ].join('');
}

function renderView(
  context: SurfaceContext,
  composition: Composition,
  errors: ValidationError[],
  options: HTMLRenderOptions,
): HTMLRenderResult {
  const theme = options.theme ?? composition.theme ?? 'auto';
  const { open, rest, body, used } = drawSection(context, composition, options);
  const css = stylesheet(context, used, options);
  const style = `<style>${escapeStyleText(css)}</style>`;
  const inline = (options.css ?? 'inline') === 'inline';
  const fragment = inline ? open + style + rest : open + rest;
  // A page may not hold <style> in <body>, so the document keeps it in <head> and wraps a bare section.
  const head = documentHead(
    composition.lang ?? DOCUMENT_LANG,
    theme,
    documentTitle(composition, context.defaultAriaLabel),
  );
  const document = `${head}${style}</head><body>${open}${rest}</body></html>`;
  // Counted piece by piece, so the body (the bulk) is scanned once, not once per output it is in.
  const [openBytes, restBytes, styleBytes] = [byteLength(open), byteLength(rest), byteLength(style)];
  const measurement = {
    html: openBytes + (inline ? styleBytes : 0) + restBytes,
    css: byteLength(css),
    js: 0,
    total: byteLength(head) + styleBytes + DOCUMENT_GLUE_BYTES + openBytes + restBytes,
  };
  return { html: fragment, css, js: '', body, document, measurement, validationErrors: errors };
}

/** Why a value is no deck: the one wording of its length rule on this surface. */
const DECK_LENGTH_MESSAGE = `must be a list of 1 to ${MAX_DECK_SLIDES} compositions, one slide each`;

/** Space between a deck's slides: each is a framed section of its own, one under the other. */
export const DECK_CSS = '.isomer-deck{display:grid;gap:32px}';

/**
 * A deck as one document: a `<section id="slide-N">` per slide in order inside `<main>`, the CSS
 * of every slide once in `<head>`, the first slide's language and title as the document's.
 */
function renderDeckDocument(
  context: SurfaceContext,
  compositions: readonly Composition[],
  errors: ValidationError[],
  options: HTMLDeckOptions,
): HTMLDeckResult {
  const first = compositions[0]!;
  const used = new Set<string>();
  const sections = compositions.map((composition, index) => {
    const drawn = drawSection(context, composition, options, ` id="slide-${index + 1}"`);
    for (const type of drawn.used) used.add(type);
    return drawn.open + drawn.rest;
  });
  const css = stylesheet(context, used, options) + DECK_CSS;
  const head = documentHead(
    first.lang ?? DOCUMENT_LANG,
    options.theme ?? first.theme ?? 'auto',
    documentTitle(first, context.defaultAriaLabel),
  );
  const document = `${head}<style>${escapeStyleText(css)}</style></head><body><main class="isomer-deck">${sections.join('')}</main></body></html>`;
  return { document, validationErrors: errors };
}

export function createHTMLSurface(context: SurfaceContext): HTMLSurface {
  return {
    validating: true,
    render(composition, options = {}) {
      const input = checkForRender(context, composition, options.onValidationError ?? 'collect');
      return renderView(context, input.composition, input.errors, options);
    },
    renderNode(node, options = {}) {
      const input = checkForRender(context, singleNodeView(node), options.onValidationError ?? 'collect');
      return renderView(context, input.composition, input.errors, { ...options, heading: false });
    },
    renderDeck(compositions, options = {}) {
      if (!Array.isArray(compositions) || compositions.length === 0 || compositions.length > MAX_DECK_SLIDES)
        throw new CompositionValidationError([{ path: 'compositions', message: DECK_LENGTH_MESSAGE }]);
      const errors: ValidationError[] = [];
      const slides = compositions.map((value, index) => {
        const inSlide = (error: ValidationError): ValidationError => ({ ...error, path: deckPath(index, error.path) });
        try {
          const input = checkForRender(context, value, options.onValidationError ?? 'collect');
          errors.push(...input.errors.map(inSlide));
          return input.composition;
        } catch (error) {
          if (error instanceof Error && error.name === 'CompositionValidationError')
            throw new CompositionValidationError((error as CompositionValidationError).errors.map(inSlide));
          throw error;
        }
      });
      return renderDeckDocument(context, slides, errors, options);
    },
  };
}
