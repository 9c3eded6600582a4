/**
 * Whether a format's output is inert: nothing in it runs script, loads or links where the URL
 * policy would not, or pings anyone. Text, Markdown and HTML are read here; every chat host (Slack
 * included) by its own checks from the format registry (`checks.ts` in its folder). A text format
 * with neither is a failure of the inertness run, so a new format cannot slip past. The checks read
 * outputs only, never the converters that wrote them.
 */
import { marked } from 'marked';
import type { FormatEntry } from '../../../src/core/formats.ts';
import type { HostChecks } from '../../../src/core/chat-hosts/checks.ts';
import { isAbsoluteNavigationHref, sanitizeNavigationHref } from '../../../src/core/model/url.ts';

/** Elements that run, embed, submit or restyle: none may come from model text. */
const DANGEROUS =
  /^(?:script|iframe|frame|frameset|object|embed|applet|base|form|input|button|textarea|select|link|portal|noscript|template|xmp|plaintext|foreignobject|animate|set|handler|listener|math)$/i;
/** What a Markdown reader writes itself: anything else in its output is raw HTML from the text. */
const MARKDOWN_TAGS =
  /^(?:p|h[1-6]|ul|ol|li|blockquote|table|thead|tbody|tr|th|td|pre|code|em|strong|del|a|img|br|hr)$/i;
const URL_ATTRIBUTES = /^(?:href|xlink:href|src|action|formaction|data|poster|background|srcset|srcdoc|ping|cite)$/i;
const RUNNING_SCHEMES = /^(?:javascript|vbscript|livescript|file|blob|filesystem|view-source|data):/;
const STYLE_SCRIPT = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import/i;
const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** An attribute value as a browser reads it: quotes off, character references decoded. */
function attributeValue(quoted: string): string {
  return quoted
    .replace(/^["']|["']$/g, '')
    .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Math.min(Number(code), 0x10ffff)))
    .replace(/&#x([0-9a-f]+);?/gi, (_, code: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(code, 16), 0x10ffff)),
    )
    .replace(/&colon;/gi, ':')
    .replace(/&(?:tab|newline);/gi, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * Markup that could run script or leave the page, read tag by tag (model text in it is escaped, so
 * every tag is one a renderer wrote). `allowed` limits the element names, for a Markdown reader's.
 */
export function markupFindings(markup: string, allowed?: RegExp): string[] {
  const found: string[] = [];
  // A stylesheet's text is the renderer's own; what a style attribute holds is checked below.
  const read = markup.replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, '$1</style>');
  for (const [tag, name, attributes] of read.matchAll(TAG)) {
    const short = tag.slice(0, 160);
    if (allowed && !allowed.test(name!)) found.push(`raw HTML: ${short}`);
    else if (DANGEROUS.test(name!)) found.push(`element: ${short}`);
    // A document's own `<meta>` (charset, viewport, colour scheme) is fine; one that acts (refresh) is not.
    else if (/^meta$/i.test(name!) && /\shttp-equiv\b/i.test(attributes!)) found.push(`element: ${short}`);
    for (const [, attribute, quoted = ''] of attributes!.matchAll(ATTRIBUTE)) {
      const value = attributeValue(quoted);
      if (/^on/i.test(attribute!)) found.push(`handler: ${short}`);
      else if (/^style$/i.test(attribute!) && STYLE_SCRIPT.test(value)) found.push(`style: ${short}`);
      else if (URL_ATTRIBUTES.test(attribute!)) {
        // What a URL parser reads: edge controls and spaces dropped, tabs and newlines dropped anywhere.
        const url = value
          .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
          .replace(/[\t\n\r]/g, '')
          .toLowerCase();
        const image = /^src$/i.test(attribute!) && /^(?:img|image)$/i.test(name!) && url.startsWith('data:image/');
        if (/^srcdoc$/i.test(attribute!) || (RUNNING_SCHEMES.test(url) && !image) || /^[/\\]{2}|^\/\\/.test(url))
          found.push(`url: ${short}`);
      }
    }
  }
  return found;
}

/** True when a link may be opened: the policy accepts it and it is absolute. */
export function allowedLink(url: string): boolean {
  const safe = sanitizeNavigationHref(url);
  return safe !== null && isAbsoluteNavigationHref(safe);
}

/** What a host's checks find wrong with its payload: `[]` when the host takes it and nothing pings. */
export function hostPayloadProblems(hostChecks: HostChecks, payload: unknown): string[] {
  return [
    ...hostChecks.problems(payload),
    ...hostChecks.liveMentions(payload),
    ...hostChecks
      .linkTargets(payload)
      .filter((link) => !allowedLink(link))
      .map((link) => `link ${link}`),
  ];
}

/** What a Worker render answers with (`CompositionRenderer.render`). */
export type KitOutput = { mimeType: string; text: string } | { mimeType: string; json: unknown };

const textOf = (output: KitOutput): string => ('text' in output ? output.text : JSON.stringify(output.json));
const dataOf = (output: KitOutput): unknown => ('json' in output ? output.json : JSON.parse(output.text));

export type InertnessCheck = (output: KitOutput) => string[];

/** The runtime's page formats: plain text has no markup to inject into (drawing it is what is asked). */
const PAGE_CHECKS: Readonly<Record<string, InertnessCheck>> = {
  text: () => [],
  markdown: (output) => markupFindings(marked.parse(textOf(output), { async: false, gfm: true }), MARKDOWN_TAGS),
  html: (output) => markupFindings(textOf(output)),
};

/**
 * The inertness check for one format's output: a page format's from this file, a chat host's from
 * its registry entry's checks; `undefined` for a format with neither.
 */
export async function inertnessCheck(format: string, entry?: FormatEntry): Promise<InertnessCheck | undefined> {
  if (Object.hasOwn(PAGE_CHECKS, format)) return PAGE_CHECKS[format];
  if (!entry?.host) return undefined;
  const hostChecks = await entry.host.checks();
  return (output) => hostPayloadProblems(hostChecks, dataOf(output));
}
