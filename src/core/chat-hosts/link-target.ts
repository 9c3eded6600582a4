/**
 * The one link rule every chat host uses (Slack, Teams, Discord, Google Chat, Telegram). A URL
 * becomes a link only when a chat client, a browser and the WHATWG URL parser would all read the
 * same destination from it, and its host is shown as the parser writes it (ASCII, punycode for
 * internationalised names). Anything they might read differently (a backslash, a userinfo `user@`
 * part, a missing host, a bad percent-escape, whitespace, control or format characters, invalid
 * punycode, a host label mixing scripts) is refused, because a link that goes somewhere other than
 * it seems to is a spoofing risk. Link text is checked against its target too ({@link labelMisleads}),
 * and a refused URL written as text is broken so hosts do not link it anyway ({@link breakRefusedUrls}).
 */
import { sanitizeAssetUrl, sanitizeNavigationHref } from '../model/url.ts';

/** `navigation`: https, http or mailto (the project's link policy). `image`: https only. */
export type LinkKind = 'navigation' | 'image';

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
 * Scripts a host label's letters are told apart by. A letter of a script not listed counts as a
 * script of its own, so it still cannot mix with a listed one.
 */
const SCRIPTS: readonly [string, RegExp][] = (
  [
    'Latin',
    'Greek',
    'Cyrillic',
    'Armenian',
    'Hebrew',
    'Arabic',
    'Georgian',
    'Cherokee',
    'Devanagari',
    'Bengali',
    'Tamil',
    'Thai',
    'Ethiopic',
    'Han',
    'Hiragana',
    'Katakana',
    'Hangul',
    'Bopomofo',
  ] as const
).map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')]);

/** Script sets one name may use together (UTS 39's "highly restrictive" level): CJK writing. */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(letter: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(letter)) return name;
  return `other:${letter}`;
}

/**
 * True when a host label's letters come from more than one script (Latin `a` beside Cyrillic `р`),
 * the look-alike trick IDN display rules exist for, CJK combinations excepted.
 * @example isMixedScript('аpple') // true: Cyrillic а, Latin pple
 */
export function isMixedScript(label: string): boolean {
  const scripts = new Set<string>();
  for (const letter of label.match(/\p{L}/gu) ?? []) scripts.add(scriptOf(letter));
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

/**
 * An `xn--` label is trusted only when it decodes to non-ASCII text of one script that the URL
 * parser encodes back to the same label: parsers that skip the check (workerd accepts `xn--a`) and
 * browsers that make it would otherwise disagree about the host.
 */
function isValidIdnLabel(label: string): boolean {
  const unicode = decodePunycode(label.slice(4));
  if (unicode === null || !/[^\u0000-\u007f]/.test(unicode) || isMixedScript(unicode)) return false;
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

/** The domains of a mailto path's addresses, or `null` when one is not a plain address. */
function mailDomains(path: string): string[] | null {
  const domains: string[] = [];
  for (const address of path.split(',')) {
    const at = address.indexOf('@');
    if (at <= 0 || at !== address.lastIndexOf('@')) return null;
    const domain = address.slice(at + 1).toLowerCase();
    if (!isPlainHost(domain)) return null;
    domains.push(domain);
  }
  return domains;
}

/**
 * The URL a chat link may point to, parsed, or `null` when `value` must be shown as text. Accepted:
 * what the project's policy allows (`src/core/model/url.ts`), absolute, with a plain host and no
 * userinfo, no backslash, no whitespace, control or format character, only well-formed
 * percent-escapes, and no host label mixing scripts. `href` of the result is what a host should
 * receive: the WHATWG serialization, its host in ASCII.
 * @example linkTarget('https://Bücher.example/a')?.href // 'https://xn--bcher-kva.example/a'
 * @example linkTarget('https://bank.example@evil.example/') // null
 */
export function linkTarget(value: unknown, kind: LinkKind = 'navigation'): URL | null {
  if (typeof value !== 'string') return null;
  const candidate = value.trim();
  const allowed = kind === 'image' ? sanitizeAssetUrl(candidate) : sanitizeNavigationHref(candidate);
  if (allowed !== candidate || INVISIBLE.test(candidate) || candidate.includes('\\')) return null;
  if (BAD_PERCENT.test(candidate)) return null;
  let url: URL;
  try {
    // `|` would end a Slack link early; encoded here, it means the same to every other parser.
    url = new URL(candidate.replace(/\|/g, '%7C'));
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') {
    if (kind !== 'navigation' || mailDomains(url.pathname) === null) return null;
  } else {
    const schemes = kind === 'image' ? ['https:'] : ['https:', 'http:'];
    if (!schemes.includes(url.protocol)) return null;
    // `https:host` and `https:/host` parse, but a chat client need not read them the same way.
    const authority = /^https?:\/\/([^/?#]*)/i.exec(candidate)?.[1];
    if (authority === undefined || authority.includes('@')) return null;
    if (url.username !== '' || url.password !== '' || !isPlainHost(url.hostname)) return null;
  }
  return /[\s<>|\\]/.test(url.href) ? null : url;
}

/** The hosts a link target opens: its host, or the domains of a mailto's addresses. */
function targetHosts(url: URL): string[] {
  return url.protocol === 'mailto:' ? (mailDomains(url.pathname) ?? []) : [url.hostname];
}

/** Dots a reader takes for `.`; IDNA maps them to it too. */
const DOTS = /[\u3002\uFF0E\uFF61]/g;
const HOSTISH = /[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;
const TOP_LABEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/u;
const SCHEME_AUTHORITY = /[a-z][a-z0-9+.-]*:\/\/([^\s/?#]*)/giu;

/**
 * The hosts a link label names, lowercased as written: every dot-separated token ending in a
 * letters-only label (`bank.example`, `evil.example` in `bank.example@evil.example`), every
 * dotted IPv4, and the host after any `scheme://`. Invisible characters are dropped first, since a
 * reader does not see them.
 */
export function labelHosts(label: string): string[] {
  const read = label
    .normalize('NFKC')
    .replace(DOTS, '.')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .toLowerCase();
  const hosts = new Set<string>();
  for (const [token] of read.matchAll(HOSTISH)) {
    const labels = token.split('.');
    if (IPV4.test(token) || TOP_LABEL.test(labels[labels.length - 1]!)) hosts.add(token);
  }
  for (const match of read.matchAll(SCHEME_AUTHORITY)) {
    const host = match[1]!.slice(match[1]!.lastIndexOf('@') + 1).replace(/:\d*$/, '');
    if (host !== '') hosts.add(host);
  }
  return [...hosts];
}

/**
 * True when link text names a host the link does not open, so a masked link would lie about where
 * it goes: each host the label names ({@link labelHosts}) must be written in ASCII and be the
 * target's host or a parent of it (`example.com` for `docs.example.com`; a leading `www.` is
 * ignored). A non-ASCII host name in a label never passes: the reader could not tell a look-alike.
 * @example labelMisleads('bank.example/login', linkTarget('https://evil.example/login')!) // true
 * @example labelMisleads('Docs', linkTarget('https://evil.example/')!) // false
 */
export function labelMisleads(label: string, target: URL): boolean {
  const opens = targetHosts(target);
  return labelHosts(label).some((named) => {
    if (/[^\u0000-\u007f]/.test(named)) return true;
    const host = named.replace(/^www\./, '');
    return !opens.some((open) => open === host || open.endsWith(`.${host}`));
  });
}

/** Joins a URL's parts invisibly: ZWJ, which the URL parser refuses in a host (so no client links it). */
export const AUTOLINK_BREAK = '\u200D';

// A URL in text ends at whitespace, a quote, `<`, `>` or `|` (where Slack ends a link's URL).
const SCHEME_URL = /[a-z][a-z0-9+.-]*:\/\/[^\s<>"|]*/giu;
const BARE_HOST = /(?<![\p{L}\p{N}_.@/:-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;
const TRAILING = /[.,;:!?)\]}'"*_~]+$/;
const NON_ASCII = /[^\u0000-\u007f]/;

/** Breaks a token's `://` and the dots of its host, so no autolinker reads a URL or host from it. */
function breakToken(token: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(token)?.[0] ?? '';
  const rest = token.slice(scheme.length);
  const end = rest.search(/[/?#]/);
  const host = end === -1 ? rest : rest.slice(0, end);
  const broken = host.replace(/\./g, `${AUTOLINK_BREAK}.`);
  return (scheme === '' ? '' : scheme.replace('://', `:${AUTOLINK_BREAK}//`)) + broken + rest.slice(host.length);
}

/**
 * Model text with every URL the link rule refuses made inert for hosts that autolink plain text:
 * a `scheme://` token {@link linkTarget} refuses (userinfo, mixed-script host, invisible characters…)
 * and a bare host name with a label the rule refuses (`аpple.com`, Cyrillic `а`) get a zero-width
 * joiner after the scheme's colon and before each dot of the host. The text reads the same; URLs
 * the rule accepts are left alone (a host linking them opens what they say).
 * @example breakRefusedUrls('see https://bank.example@evil.example/') // 'see https:\u200D//bank\u200D.example@evil\u200D.example/'
 */
export function breakRefusedUrls(text: string): string {
  const schemed = !text.includes('://')
    ? text
    : text.replace(SCHEME_URL, (match) => {
        const token = match.replace(TRAILING, '');
        return linkTarget(token) !== null ? match : breakToken(token) + match.slice(token.length);
      });
  // Only a host with a non-ASCII label can be refused where an all-ASCII one is not.
  if (!NON_ASCII.test(schemed) || !schemed.includes('.')) return schemed;
  return schemed.replace(BARE_HOST, (token) =>
    NON_ASCII.test(token) && linkTarget(`http://${token}/`) === null ? breakToken(token) : token,
  );
}
