import type { Composition, RenderTheme } from '../../sdk/composition.ts';
import type { ValidationError } from '../../sdk/errors.ts';
import { byteLength } from '../../sdk/byte-length.ts';
import { escapeHtml, html, joinMarkup, raw } from '../../sdk/markup.ts';
import type { ValidationErrorMode } from '../../sdk/validate.ts';
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
  html: string;
  css: string;
  /** Always empty: this runtime ships no scripts. Kept for wire compatibility. */
  js: string;
  /** The primitives' markup alone, without wrapper or style. */
  body: string;
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

function renderDocument(
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
  const style = (options.css ?? 'inline') === 'inline' ? `<style>${escapeStyleText(css)}</style>` : '';
  const themeAttribute = theme === 'auto' ? '' : ` data-theme="${escapeHtml(theme)}"`;
  const document =
    html`<section class="${classes}" role="group" aria-label="${label}"${raw(themeAttribute)}>${raw(style)}<div>${raw(body)}</div></section>`
      .value;
  const measurement = { html: byteLength(document), css: byteLength(css), js: 0, total: 0 };
  measurement.total = measurement.html + measurement.css + measurement.js;
  return { html: document, css, js: '', body, measurement, validationErrors: errors };
}

export function createHTMLSurface(context: SurfaceContext): HTMLSurface {
  return {
    validating: true,
    render(composition, options = {}) {
      const input = checkForRender(context, composition, options.onValidationError ?? 'collect');
      return renderDocument(context, input.composition, input.errors, options);
    },
    renderNode(node, options = {}) {
      const input = checkForRender(context, singleNodeView(node), options.onValidationError ?? 'collect');
      return renderDocument(context, input.composition, input.errors, { ...options, heading: false });
    },
  };
}
