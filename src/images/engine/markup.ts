/**
 * From the snapshot surface's markup and CSS to what the image engine draws: a takumi node tree
 * with its stylesheets, and inline SVG given the namespace it needs to draw as an image of its own.
 */
import { fromHtml } from '@takumi-rs/helpers/html';
import type { Node } from '@takumi-rs/wasm';

/** A takumi node tree and the stylesheets it was drawn with. */
export interface ImageDocument {
  node: Node;
  css: string[];
}

/**
 * The snapshot surface's markup and CSS as one takumi tree and its stylesheets: the stylesheet comes
 * first, as a `<style>` ahead of the markup would in a page, so images are drawn from exactly what
 * HTML shows. It is handed over as it is rather than written into the markup: the HTML parser then
 * never reads the pack's whole stylesheet (the same on every image and layout check), and nothing in
 * the CSS (a `</style` in a comment) can end it early.
 */
export function toImageDocument(html: string, css: string): ImageDocument {
  const parsed = fromHtml(withSvgNamespace(html));
  return { node: parsed.node, css: css === '' ? parsed.css : [css, ...parsed.css] };
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
