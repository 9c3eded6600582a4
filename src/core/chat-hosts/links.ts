/**
 * Link and image targets as a chat host may open them: through the one link rule
 * (`link-target.ts`), then percent-encoded so no target can end a host's link syntax (a `)` in
 * Markdown, a `"` in HTML). Every converter's links come through here, via the styled runs.
 */
import { linkTarget } from './link-target.ts';

/** A target percent-encoded where it could end a host's link syntax. */
export function encodeUrl(url: string): string {
  // Whitespace and the characters that end a link in Markdown or HTML are percent-encoded.
  return url.replace(/[\s()<>"'[\]\\`]/gu, (char) => encodeURIComponent(char).replace(/[()'!]/g, percent));
}

function percent(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

/** An image source shown as a link: absolute https only, under the same rule; else `null`. */
export function chatImageUrl(src: string): string | null {
  const target = linkTarget(src, 'image');
  return target === null ? null : encodeUrl(target.href);
}
