/**
 * The HTML surface: a composition as a `<section>` to embed in a host page and as a complete HTML5
 * document (what `POST /render/html` serves), with only the CSS the render used and the byte size
 * of each part. It collects findings by default, so valid nodes still draw beside invalid ones.
 */
import type { Composition, RenderTheme } from '../../model/composition.ts';
import type { ValidationError } from '../../model/errors.ts';
import { byteLength } from '../../text/byte-length.ts';
import { escapeHtml, html, joinMarkup, raw } from '../../model/markup.ts';
import type { ValidationErrorMode } from '../../model/validate.ts';
import { collectCss, escapeStyleText, resolveLightDark, WRAPPER_CSS } from '../stylesheet.ts';
import { checkForRender, singleNodeView, type SurfaceContext } from './context.ts';

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

export interface HTMLSurface {
  readonly validating: true;
  render(composition: unknown, options?: HTMLRenderOptions): HTMLRenderResult;
  renderNode(node: unknown, options?: Omit<HTMLRenderOptions, 'heading'>): HTMLRenderResult;
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

function renderView(
  context: SurfaceContext,
  composition: Composition,
  errors: ValidationError[],
  options: HTMLRenderOptions,
): HTMLRenderResult {
  const heading = options.heading ?? true;
  const theme = options.theme ?? composition.theme ?? 'auto';
  const scope = context.dispatcher.createScope({ surface: 'react', anchors: options.anchors ?? false });
  const nodes = composition.body.map((node) => scope.html(node));
  const header = heading
    ? [
        composition.title ? html`<h2 class="isomer-title">${composition.title}</h2>` : '',
        composition.subtitle ? html`<p class="isomer-subtitle">${composition.subtitle}</p>` : '',
      ]
    : [];
  let body = joinMarkup([...header, ...nodes]).value;
  let css = WRAPPER_CSS + collectCss(context.packCss, context.definitions, scope.used);
  if (options.scheme) css = resolveLightDark(css, options.scheme);
  if (options.minify ?? true) body = minifyMarkup(body);
  const classes = ['isomer', ...((options.framed ?? true) ? ['framed'] : []), ...(options.fluid ? ['fluid'] : [])].join(
    ' ',
  );
  const label = composition.meta?.ariaLabel ?? composition.title ?? context.defaultAriaLabel;
  const style = `<style>${escapeStyleText(css)}</style>`;
  const themeAttribute = theme === 'auto' ? '' : ` data-theme="${escapeHtml(theme)}"`;
  const langAttribute = composition.lang ? ` lang="${escapeHtml(composition.lang)}"` : '';
  const open =
    html`<section class="${classes}"${raw(langAttribute)} role="group" aria-label="${label}"${raw(themeAttribute)}>`
      .value;
  const rest = `<div>${body}</div></section>`;
  const inline = (options.css ?? 'inline') === 'inline';
  const fragment = inline ? open + style + rest : open + rest;
  // A page may not hold <style> in <body>, so the document keeps it in <head> and wraps a bare section.
  const head = [
    `<!DOCTYPE html><html lang="${escapeHtml(composition.lang ?? DOCUMENT_LANG)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="${COLOR_SCHEMES[theme]}">`,
    `<title>${escapeHtml(documentTitle(composition, context.defaultAriaLabel))}</title>`,
  ].join('');
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
  };
}
