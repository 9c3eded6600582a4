/**
 * Whether a format's output is inert: nothing in it runs script, loads or links where the URL
 * policy would not, or pings anyone. One check per text format the Worker serves, keyed by format
 * name; a format with no check here is a failure of the kit run, so a new format cannot slip past.
 * The checks read outputs only, never the converters that wrote them.
 */
import { marked } from 'marked';
import {
  allowedLink,
  type Host as ChatHost,
  HOSTS as CHAT_HOSTS,
  limitProblems,
  liveMentions,
  outputLinks,
} from '../../core/sdk/chat/support.ts';
import {
  hasLoneSurrogate,
  limitViolations,
  linkViolations,
  type SlackMessageLike,
  someString,
  unescapedSlackSyntax,
} from '../slack-safety.ts';

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

/** Slack output that Slack would refuse, or that pings someone or links where the policy would not. */
export function slackProblems(message: SlackMessageLike): string[] {
  return [
    ...limitViolations(message),
    ...linkViolations(message),
    // Links are linkViolations' to judge; a mention or broadcast is never allowed.
    ...unescapedSlackSyntax(message)
      .filter((text) => /<[!@#]/.test(text))
      .map((text) => `live mention: ${text.slice(0, 80)}`),
    ...(/"type":"(?:user|channel|usergroup|broadcast)"/.test(JSON.stringify(message.blocks))
      ? ['live mention element']
      : []),
    ...(someString(message, hasLoneSurrogate) ? ['lone surrogate'] : []),
  ];
}

/** A chat host's payload that the host would refuse, or that pings someone or links where the policy would not. */
export function chatPayloadProblems(host: ChatHost, payload: unknown): string[] {
  return [
    ...limitProblems(host, payload),
    ...liveMentions(host, payload),
    ...outputLinks(host, payload)
      .filter((link) => !allowedLink(link))
      .map((link) => `link ${link}`),
  ];
}

/** What a Worker render answers with (`CompositionRenderer.render`). */
export type KitOutput = { mimeType: string; text: string } | { mimeType: string; json: unknown };

const isChatHost = (format: string): format is ChatHost => Object.hasOwn(CHAT_HOSTS, format);

const textOf = (output: KitOutput): string => ('text' in output ? output.text : JSON.stringify(output.json));
const dataOf = (output: KitOutput): unknown => ('json' in output ? output.json : JSON.parse(output.text));

/**
 * The inertness check for one format's output: plain text has no markup to inject into (drawing it
 * is what is asked); Markdown is read by a CommonMark reader and its HTML checked; HTML is checked
 * as it is; Slack and the chat hosts by their own rules. `undefined` for a format the kit has no
 * check for.
 */
export function inertnessCheck(format: string): ((output: KitOutput) => string[]) | undefined {
  if (format === 'text') return () => [];
  if (format === 'markdown')
    return (output) => markupFindings(marked.parse(textOf(output), { async: false, gfm: true }), MARKDOWN_TAGS);
  if (format === 'html') return (output) => markupFindings(textOf(output));
  if (format === 'slack') return (output) => slackProblems(dataOf(output) as SlackMessageLike);
  if (isChatHost(format)) return (output) => chatPayloadProblems(format, dataOf(output));
  return undefined;
}
