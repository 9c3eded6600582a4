/**
 * What the page learns from a format's media type (as `GET /formats` gives it): how to show it,
 * whether it is text, and when to ask for it. No format is known here by name.
 */

/** The type and subtype, lower-cased, without parameters: `text/plain; charset=utf-8` → `text/plain`. */
export function essence(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

/** `application/json` or a `+json` type (a chat host's payload, `application/vnd.….+json`). */
export function isJson(mimeType: string): boolean {
  const type = essence(mimeType);
  return type === 'application/json' || type.endsWith('+json');
}

/** Text a person can read: `text/*`, JSON, XML (SVG among them). Its size is counted in characters too. */
export function isTextual(mimeType: string): boolean {
  const type = essence(mimeType);
  return type.startsWith('text/') || isJson(type) || type === 'application/xml' || type.endsWith('+xml');
}

/** What a command line should write to a file rather than the terminal: anything not text/* or JSON. */
export function isBinary(mimeType: string): boolean {
  return !essence(mimeType).startsWith('text/') && !isJson(mimeType);
}

/** A picture an <img> draws: any `image/*`. */
export function isPicture(mimeType: string): boolean {
  return essence(mimeType).startsWith('image/');
}

/**
 * When a format is asked for, lowest first: raster pictures (what a person sees first), then text
 * and JSON (quick), then vector documents such as SVG and PDF, which the engine draws slowest.
 */
export function requestRank(mimeType: string): number {
  if (isPicture(mimeType) && !isTextual(mimeType)) return 0;
  if (!isBinary(mimeType)) return 1;
  return 2;
}
