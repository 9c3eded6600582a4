/**
 * A host's checks, public through `isomer-edge/chat`: checks written from the host's documented
 * rules, not from its converter, so a sweep never grades a converter by its own code. Each host's
 * `checks.ts` answers this interface and its declaration loads it on demand (`checks`), so a
 * Worker never evaluates it; the chat sweeps, the link and mention tests, the pack conformance kit
 * and a new host's own tests read every host through it. The helpers below are what the Markdown
 * and HTML hosts' checks are written with.
 */

/** A link as a reader sees it: the words shown and where it goes. */
export interface FoundLink {
  label: string;
  url: string;
}

export interface HostChecks {
  /** Why the host would refuse the payload or show it broken (a published limit as it counts it, half a surrogate pair); `[]` when it takes it. */
  problems(payload: unknown): string[];
  /** Mention or markup syntax the host would resolve in the payload's text (a ping, a tag). */
  liveMentions(payload: unknown): string[];
  /** Every target the payload could open, read as conservatively as the host's parser allows. */
  linkTargets(payload: unknown): string[];
  /** Every masked link, with its label as the reader sees it. */
  links(payload: unknown): FoundLink[];
  /** The text the host shows outside its links: where its autolinker looks. */
  plainTexts(payload: unknown): string[];
}

/** Every string in a value, with its JSON path. */
export function strings(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  return [];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds half of a surrogate pair, which has no UTF-8 form: hosts refuse it or show garbage. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Half surrogate pairs anywhere in the payload, by path. */
export function loneSurrogates(payload: unknown): string[] {
  return strings(payload)
    .filter(([, text]) => hasLoneSurrogate(text))
    .map(([path]) => `lone surrogate at ${path}`);
}

/** A collector of limits broken: `over(what, size, max)` notes one when `size > max`. */
export function limitCollector(problems: string[]): (what: string, size: number, max: number) => void {
  return (what, size, max) => {
    if (size > max) problems.push(`${what}: ${size} > ${max}`);
  };
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };

/** The four entities the HTML-speaking hosts write, decoded. */
export const decodeEntities = (text: string): string =>
  text.replace(/&(?:lt|gt|quot|amp);/g, (entity) => ENTITIES[entity]!);

export const unescapeMarkdown = (text: string): string => text.replace(/\\([\s\S])/g, '$1');

/** A Markdown link `[label](url)` whose `[` is not escaped (labels may hold escaped brackets). */
export const MARKDOWN_LINK = /(?<!\\)(?:\\\\)*\[((?:\\[\s\S]|[^\\\]])*)\]\(([^)\s]*)\)/g;
/** Any `](url)` not escaped: what a Markdown parser might open, read conservatively. */
export const MARKDOWN_TARGET = /(?:^|[^\\])(?:\\\\)*\]\(([^)\s]*)\)/g;
export const HTML_LINK = /<a href="([^"]*)">([\s\S]*?)<\/a>/g;
export const HTML_TARGET = /href="([^"]*)"/g;

/**
 * Markdown text with its unescaped emphasis, strike, spoiler and link markers taken out: what a
 * reader sees as one word, so `@**everyone**` or `<[at](url)>` is read as the mention it spells.
 */
export function withoutMarkers(text: string): string {
  return text.replace(/(?<!\\)\]\([^)\s]*\)/g, '').replace(/(?<!\\)(?:\*+|_+|~+|\|\||\[)/g, '');
}

/**
 * Masked Markdown links in every string, the host's emphasis markers taken out of the label (a
 * reader sees them drawn, not written): `**` and `_` unless the host reads others (`*` alone).
 */
export function markdownLinks(payload: unknown, markers: readonly string[] = ['**', '_']): FoundLink[] {
  // Longest first, so `**` is taken whole before `*`.
  const longestFirst = [...markers].sort((a, b) => b.length - a.length);
  const marker = new RegExp(`(?<!\\\\)(?:${longestFirst.map((m) => m.replace(/[*_~|]/g, '\\$&')).join('|')})`, 'g');
  const links: FoundLink[] = [];
  for (const [, text] of strings(payload))
    for (const match of text.matchAll(MARKDOWN_LINK))
      links.push({ label: unescapeMarkdown(match[1]!.replace(marker, '')), url: match[2]! });
  return links;
}

/**
 * Every `](url)` target in a Markdown host's strings, read conservatively; `read` takes out what
 * the host shows as written (its code).
 */
export function markdownTargets(payload: unknown, read: (text: string) => string = (text) => text): string[] {
  return strings(payload).flatMap(([, text]) =>
    [...read(text).matchAll(MARKDOWN_TARGET)].map((match) => match[1]!.replace(/&amp;/g, '&')),
  );
}

/** A Markdown host's strings outside their masked links, as the reader sees them. */
export function markdownPlainTexts(payload: unknown): string[] {
  return strings(payload).map(([, text]) => unescapeMarkdown(text.replace(MARKDOWN_LINK, ' ')));
}
