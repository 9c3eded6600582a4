import { fromHtml } from '@takumi-rs/helpers/html';
import type { Node } from '@takumi-rs/wasm';

/** A takumi node tree and the stylesheets it was drawn with. */
export interface ImageDocument {
  node: Node;
  css: string[];
}

/**
 * The snapshot surface's markup and CSS as one takumi tree: the stylesheet goes in a `<style>`
 * ahead of the markup, as in a page, so images are drawn from exactly what HTML shows.
 */
export function toImageDocument(html: string, css: string): ImageDocument {
  // A `</style` inside the CSS (a comment, a string) would end the element early; `\/` is the same
  // character to CSS.
  const parsed = fromHtml(`<style>${css.replace(/<\/style/gi, '<\\/style')}</style>${withSvgNamespace(html)}`);
  return { node: parsed.node, css: parsed.css };
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * Inline `<svg>` becomes an image of its own (a `data:image/svg+xml` URL, kept as such in SVG
 * output), and a standalone SVG without its namespace is not drawn by browsers. HTML never needs
 * the attribute, so primitives rarely write it.
 */
export function withSvgNamespace(html: string): string {
  return html.replace(/<svg\b(?![^>]*\sxmlns=)/gi, `<svg xmlns="${SVG_NAMESPACE}"`);
}
