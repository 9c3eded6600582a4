/**
 * Link targets for Slack. A URL becomes a link only when Slack, a browser and the WHATWG URL parser
 * would all read the same destination from it; anything they might read differently (a backslash, a
 * userinfo `user@` part, a missing host, a bad percent-escape, whitespace, invalid punycode) is shown
 * as text instead, because a link that goes somewhere other than it seems to is a spoofing risk.
 */
import { sanitizeAssetUrl, sanitizeNavigationHref } from '../url.ts';
import { SLACK_LIMITS } from './limits.ts';

/** `navigation`: https, http or mailto (the project's link policy). `image`: https only. */
export type SlackLinkKind = 'navigation' | 'image';

const BAD_PERCENT = /%(?![0-9a-f]{2})/i;
// Whitespace, control and format characters (bidi overrides, zero-width joiners) hide what a URL says.
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const MAX_HOST = 253;

// RFC 3492 parameters.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : Math.floor(delta / 2);
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

function digit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return -1;
}

/** Decodes the part of an IDN label after `xn--`; `null` when it is not valid punycode. */
function decodePunycode(input: string): string | null {
  const delimiter = Math.max(input.lastIndexOf('-'), 0);
  const output: number[] = [];
  for (let index = 0; index < delimiter; index++) output.push(input.charCodeAt(index));
  let n = 0x80;
  let bias = 72;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const start = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const value = digit(input.charCodeAt(index++));
      if (value < 0) return null;
      i += value * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (value < threshold) break;
      weight *= BASE - threshold;
      // Far past any code point: hostile input, not a label.
      if (i > 0x7fffffff || weight > 0x7fffffff) return null;
    }
    const length = output.length + 1;
    bias = adapt(i - start, length, start === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/**
 * An `xn--` label is trusted only when it decodes to non-ASCII text that the URL parser encodes
 * back to the same label: parsers that skip the check (workerd accepts `xn--a`) and browsers that
 * make it would otherwise disagree about the host.
 */
function isValidIdnLabel(label: string): boolean {
  const unicode = decodePunycode(label.slice(4));
  if (unicode === null || !/[^\u0000-\u007f]/.test(unicode)) return false;
  try {
    return new URL(`https://${unicode}/`).hostname === label;
  } catch {
    return false;
  }
}

/** A serialized host: an IPv6 literal, a dotted IPv4, or LDH labels (`_` allowed) with valid punycode. */
function isPlainHost(host: string): boolean {
  if (host.startsWith('[')) return /^\[[0-9a-f:.]+\]$/.test(host);
  if (IPV4.test(host)) return true;
  if (host === '' || host.length > MAX_HOST) return false;
  return host.split('.').every((label) => LABEL.test(label) && (!label.startsWith('xn--') || isValidIdnLabel(label)));
}

function isMailAddressList(path: string): boolean {
  return path.split(',').every((address) => {
    const at = address.indexOf('@');
    if (at <= 0 || at !== address.lastIndexOf('@')) return false;
    return isPlainHost(address.slice(at + 1).toLowerCase());
  });
}

/**
 * The URL a Slack link may point to, or `null` when `value` must be shown as text. Accepted: what the
 * project's policy allows (`src/core/sdk/url.ts`), absolute, with a plain host and no userinfo, no
 * backslash, no whitespace, control or format character, only well-formed percent-escapes, and at
 * most {@link SLACK_LIMITS.linkUrlChars} long once serialized. The
 * result is the WHATWG serialization (so what Slack receives is exactly what a URL parser reads), with
 * `|` percent-encoded because it ends the URL part of `<url|label>`. Not escaped for mrkdwn.
 * @example slackLinkUrl('https://Example.com/a|b') // 'https://example.com/a%7Cb'
 * @example slackLinkUrl('https://example.com\\@evil.test/') // null
 */
export function slackLinkUrl(value: unknown, kind: SlackLinkKind = 'navigation'): string | null {
  if (typeof value !== 'string') return null;
  const candidate = value.trim();
  const allowed = kind === 'image' ? sanitizeAssetUrl(candidate) : sanitizeNavigationHref(candidate);
  if (allowed !== candidate || INVISIBLE.test(candidate) || candidate.includes('\\')) return null;
  if (BAD_PERCENT.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate.replace(/\|/g, '%7C'));
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') {
    if (kind !== 'navigation' || !isMailAddressList(url.pathname)) return null;
  } else {
    const schemes = kind === 'image' ? ['https:'] : ['https:', 'http:'];
    if (!schemes.includes(url.protocol)) return null;
    // `https:host` and `https:/host` parse, but Slack need not read them the same way.
    const authority = /^https?:\/\/([^/?#]*)/i.exec(candidate)?.[1];
    if (authority === undefined || authority.includes('@')) return null;
    if (url.username !== '' || url.password !== '' || !isPlainHost(url.hostname)) return null;
  }
  const href = url.href;
  return href.length > SLACK_LIMITS.linkUrlChars || /[\s<>|\\]/.test(href) ? null : href;
}
