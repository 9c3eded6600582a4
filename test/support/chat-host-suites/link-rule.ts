/**
 * The link rule restated independently of the converters (what may be opened, which labels
 * mislead, what an autolinker must not find), and what a reader of a host sees as links, read
 * through the host's checks; so the link suites do not grade the converters by their own code.
 */
import type { FoundLink } from '../../../src/core/chat-hosts/checks.ts';
import type { HostUnderTest } from './host.ts';

export type { FoundLink } from '../../../src/core/chat-hosts/checks.ts';

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
export function readText(host: HostUnderTest, payload: unknown): string {
  const links = host.checks.links(payload).map((link) => link.label);
  return [...host.checks.plainTexts(payload), ...links].join('\n').replace(/\u200D/g, '');
}
