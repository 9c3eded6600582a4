/**
 * What a reader of each chat host sees as links: the masked links in a payload (label and target),
 * and the plain text a host's autolinker reads. Written from the hosts' syntax, not from the
 * converters, so the link tests do not grade the converters by their own code.
 */
import { markdownToSlackBlocks } from '../../../src/core/hosts/slack/from-markdown.ts';
import { HOSTS as CHAT_HOSTS, strings } from './support.ts';

/** The five chat hosts, Slack's Block Kit included (content as a message of its blocks). */
export const LINK_HOSTS = {
  ...CHAT_HOSTS,
  slack: (content: Parameters<typeof markdownToSlackBlocks>[0]) => ({
    text: '',
    blocks: markdownToSlackBlocks(content),
  }),
};
export type LinkHost = keyof typeof LINK_HOSTS;
export const LINK_HOST_NAMES = Object.keys(LINK_HOSTS) as LinkHost[];

export interface FoundLink {
  label: string;
  url: string;
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
const decode = (text: string): string => text.replace(/&(?:lt|gt|quot|amp);/g, (entity) => ENTITIES[entity]!);
const unescapeMarkdown = (text: string): string => text.replace(/\\([\s\S])/g, '$1');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Markdown link `[label](url)` whose `[` is not escaped (labels may hold escaped brackets). */
const MARKDOWN_LINK = /(?<!\\)(?:\\\\)*\[((?:\\[\s\S]|[^\\\]])*)\]\(([^)\s]*)\)/g;
const HTML_LINK = /<a href="([^"]*)">([\s\S]*?)<\/a>/g;
const MRKDWN_LINK = /<([^>|]*)(?:\|([^>]*))?>/g;

/** Slack texts: the fallback, every mrkdwn and plain_text object, rich text elements. */
function slackParts(payload: unknown): { mrkdwn: string[]; literal: string[]; links: FoundLink[] } {
  const parts = { mrkdwn: [] as string[], literal: [] as string[], links: [] as FoundLink[] };
  const top = (payload as { text?: unknown }).text;
  if (typeof top === 'string') parts.mrkdwn.push(top);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isRecord(value)) return;
    if (value.type === 'mrkdwn' && typeof value.text === 'string') parts.mrkdwn.push(value.text);
    else if (
      (value.type === 'plain_text' || value.type === 'text' || value.type === 'raw_text') &&
      typeof value.text === 'string'
    )
      parts.literal.push(value.text);
    else if (value.type === 'link' && typeof value.url === 'string')
      parts.links.push({ url: value.url, label: typeof value.text === 'string' ? value.text : value.url });
    for (const child of Object.values(value)) visit(child);
  };
  visit((payload as { blocks?: unknown }).blocks);
  return parts;
}

/** Every masked link (and Slack `<url>`) in a payload, label as the reader sees it. */
export function foundLinks(host: LinkHost, payload: unknown): FoundLink[] {
  if (host === 'slack') {
    const parts = slackParts(payload);
    for (const text of parts.mrkdwn)
      for (const match of text.matchAll(MRKDWN_LINK))
        parts.links.push({ url: decode(match[1]!), label: decode(match[2] ?? match[1]!) });
    return parts.links;
  }
  const links: FoundLink[] = [];
  for (const [path, text] of strings(payload)) {
    if (host === 'teams' || host === 'discord') {
      // Style markers (`**`, `_`) that are not escaped draw, they are not read.
      for (const match of text.matchAll(MARKDOWN_LINK))
        links.push({ label: unescapeMarkdown(match[1]!.replace(/(?<!\\)(?:\*\*|_)/g, '')), url: match[2]! });
    } else if (!path.endsWith('.fallbackText') && !path.includes('.card.header.')) {
      for (const match of text.matchAll(HTML_LINK))
        links.push({ url: decode(match[1]!), label: decode(match[2]!.replace(/<[^>]*>/g, '')) });
    }
  }
  return links;
}

/** The text a host shows outside its links: where its autolinker looks. */
export function plainTexts(host: LinkHost, payload: unknown): string[] {
  if (host === 'slack') {
    const parts = slackParts(payload);
    return [...parts.mrkdwn.map((text) => decode(text.replace(MRKDWN_LINK, ' '))), ...parts.literal];
  }
  return strings(payload).map(([path, text]) => {
    if (host === 'teams' || host === 'discord') return unescapeMarkdown(text.replace(MARKDOWN_LINK, ' '));
    if (path.endsWith('.fallbackText') || path.includes('.card.header.')) return text;
    return decode(text.replace(HTML_LINK, ' ').replace(/<[^>]*>/g, ' '));
  });
}

const LOOKS = /[\s\p{Cc}\p{Cf}]/u;
const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'].map(
  (name) => new RegExp(`\\p{Script=${name}}`, 'u'),
);

/** True when one dot-separated label of a host as written mixes the scripts look-alikes come from. */
export function mixesScripts(host: string): boolean {
  return host
    .split('.')
    .some((label) => SCRIPTS.filter((script) => [...label].some((char) => script.test(char))).length > 1);
}

/** Why a link target must not be opened (`null` when it may): the strict rule, restated. */
export function linkProblem(url: string): string | null {
  if (LOOKS.test(url)) return 'invisible or space characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'does not parse';
  }
  if (!['https:', 'http:', 'mailto:'].includes(parsed.protocol)) return `scheme ${parsed.protocol}`;
  if (parsed.protocol === 'mailto:')
    return /^[^@,]+@[a-z0-9.-]+(,[^@,]+@[a-z0-9.-]+)*$/i.test(parsed.pathname) ? null : 'address';
  if (parsed.username !== '' || parsed.password !== '' || /^[a-z]+:\/\/[^/?#]*@/i.test(url)) return 'userinfo';
  if (!/^[\x21-\x7e]+$/.test(url)) return 'not ASCII';
  if (parsed.hostname === '') return 'no host';
  return null;
}

/** Hosts a label names: dotted tokens ending in a letters-only label, as a reader sees them. */
function namedHosts(label: string): string[] {
  const read = label
    .normalize('NFKC')
    .replace(/[\u3002\uFF0E\uFF61]/g, '.')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .toLowerCase();
  return [...read.matchAll(/[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu)]
    .map((match) => match[0])
    .filter((token) => /\.\p{L}{2,}$/u.test(token));
}

/** Why a masked link's label misleads (`null` when every host it names is where it goes). */
export function labelProblem(link: FoundLink): string | null {
  let parsed: URL;
  try {
    parsed = new URL(link.url);
  } catch {
    return 'target does not parse';
  }
  const opens =
    parsed.protocol === 'mailto:' ? parsed.pathname.split(',').map((a) => a.split('@')[1] ?? '') : [parsed.hostname];
  for (const named of namedHosts(link.label)) {
    if (/[^\x00-\x7f]/.test(named)) return `label names non-ASCII host ${named}`;
    const host = named.replace(/^www\./, '');
    if (!opens.some((open) => open === host || open.endsWith(`.${host}`)))
      return `label names ${named}, link opens ${opens.join(',')}`;
  }
  return null;
}

/**
 * What a host's autolinker would link in plain text that the rule refuses: `scheme://` tokens
 * (trailing punctuation dropped) and bare host names with a label mixing scripts.
 */
export function refusedAutolinks(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const [match] of text.matchAll(/https?:\/\/[^\s<>"]+/giu)) {
      const token = match.replace(/[.,;:!?)\]}'"*_~]+$/, '');
      const host = /^https?:\/\/([^/?#]*)/i.exec(token)?.[1] ?? '';
      if (host.includes('@') || LOOKS.test(token) || mixesScripts(host)) found.push(token);
    }
    for (const [token] of text.matchAll(/(?<![\p{L}\p{N}_.@/:-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu))
      if (/\.\p{L}{2,}$/u.test(token) && mixesScripts(token)) found.push(token);
  }
  return found;
}

/** The payload's text as read, with zero-width joiners (inserted breaks) dropped. */
export function readText(host: LinkHost, payload: unknown): string {
  const links = foundLinks(host, payload).map((link) => link.label);
  return [...plainTexts(host, payload), ...links].join('\n').replace(/\u200D/g, '');
}
