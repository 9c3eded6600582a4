/**
 * URL trust. Every URL a model writes is checked twice: by the schema (so the model hears about it)
 * and again where it is drawn (so a node that skipped validation still cannot leak). A link may be
 * https, http, mailto or a relative path; an image https, http, `data:image` or a relative path.
 */
import * as z from 'zod';

/** Where a blocked link points instead, so its label stays visible. */
export const BLOCKED_HREF = '#';

export const NAVIGATION_HREF_MESSAGE = 'must be an https, http, or mailto URL, or a relative path';
export const ASSET_URL_MESSAGE = 'must be an https, http, or data:image URL, or a relative path';
/** Prose for JSON Schema descriptions, where refinement messages do not survive. */
export const NAVIGATION_HREF_RULE = 'An https, http, or mailto URL, or a relative path.';
export const ASSET_URL_RULE = 'An https, http, or data:image URL, or a relative path.';

const NAMED_REFERENCES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  lt: '<',
  gt: '>',
};

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|(colon|tab|newline|sol|bsol|lt|gt);)/gi;
const CONTROL = /[\u0000-\u001F\u007F]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function fromCodePoint(codePoint: number): string {
  const valid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : '\uFFFD';
}

/** Decodes character references once, the way a browser would before reading the scheme. */
function decodeReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (_, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex.slice(0, 8), 16));
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec.slice(0, 10), 10));
    return NAMED_REFERENCES[named!.toLowerCase()]!;
  });
}

type UrlKind = 'navigation' | 'asset';

function allowedScheme(kind: UrlKind, scheme: string, decoded: string): boolean {
  if (scheme === 'https' || scheme === 'http') return true;
  if (kind === 'navigation') return scheme === 'mailto';
  return /^data:image\//i.test(decoded);
}

function sanitize(value: unknown, kind: UrlKind, decode: boolean): string | null {
  if (typeof value !== 'string') return null;
  const authored = value.replace(CONTROL, '').trim();
  const decoded = (decode ? decodeReferences(authored) : authored).replace(CONTROL, '').replace(/\s+/g, '');
  if (decoded === '' || /[<>]/.test(decoded)) return null;
  // `//host`, `\\host`, `/\host` and `\/host` all leave the page's origin.
  if (/^[/\\]{2}/.test(decoded)) return null;
  const scheme = SCHEME.exec(decoded);
  if (scheme && !allowedScheme(kind, scheme[1]!.toLowerCase(), decoded)) return null;
  // A colon before any slash, query or fragment that did not parse as a scheme (`1javascript:`) is
  // still read as one by some clients; refuse it rather than guess.
  if (!scheme && /^[^/?#]*:/.test(decoded)) return null;
  return authored;
}

/**
 * A link target: https, http, mailto, or a relative path. Returns the authored value with
 * control characters stripped and trimmed, or `null` when it is unsafe.
 * @example
 * ```ts
 * import { sanitizeNavigationHref } from 'isomer-edge';
 *
 * sanitizeNavigationHref('&#106;avascript:alert(1)'); // null
 * sanitizeNavigationHref(' https://example.com/docs '); // 'https://example.com/docs'
 * ```
 */
export function sanitizeNavigationHref(value: unknown): string | null {
  return sanitize(value, 'navigation', true);
}

/**
 * An image source: https, http, `data:image/…`, or a relative path; `null` when unsafe.
 * @example
 * ```ts
 * import { sanitizeAssetUrl } from 'isomer-edge';
 *
 * sanitizeAssetUrl('data:text/html,<b>'); // null
 * ```
 */
export function sanitizeAssetUrl(value: unknown): string | null {
  return sanitize(value, 'asset', true);
}

/** For destinations already parsed out of Markdown, where references were decoded once already. */
export function sanitizeParsedNavigationHref(value: unknown): string | null {
  return sanitize(value, 'navigation', false);
}

/** True for absolute http(s)/mailto URLs: what Slack can open (it cannot resolve relative paths). */
export function isAbsoluteNavigationHref(value: string): boolean {
  return /^(https?:\/\/[^/\\\s]|mailto:)/i.test(value);
}

/**
 * A link field: a non-empty string the navigation policy accepts (checked again when drawn).
 * @example
 * ```ts
 * import { navigationHref } from 'isomer-edge';
 *
 * const href = navigationHref({ max: 2000 });
 * href.safeParse('javascript:alert(1)').success; // false
 * ```
 */
export function navigationHref(options: { max?: number } = {}): z.ZodString {
  const base = options.max === undefined ? z.string().min(1) : z.string().min(1).max(options.max);
  return base
    .refine((value) => sanitizeNavigationHref(value) !== null, { error: NAVIGATION_HREF_MESSAGE })
    .describe(NAVIGATION_HREF_RULE);
}

/**
 * An image field: a non-empty string the asset policy accepts (checked again when drawn).
 * @example
 * ```ts
 * import { assetUrl } from 'isomer-edge';
 *
 * assetUrl().safeParse('javascript:alert(1)').success; // false
 * assetUrl().safeParse('https://example.com/chart.png').success; // true
 * ```
 */
export function assetUrl(options: { max?: number } = {}): z.ZodString {
  const base = options.max === undefined ? z.string().min(1) : z.string().min(1).max(options.max);
  return base
    .refine((value) => sanitizeAssetUrl(value) !== null, { error: ASSET_URL_MESSAGE })
    .describe(ASSET_URL_RULE);
}
