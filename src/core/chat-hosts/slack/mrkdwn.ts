/**
 * Slack mrkdwn builders for untrusted text. Slack reads `<…>` as links, mentions and broadcasts
 * (`<!channel>`, `<@U123>`, `<#C123>`) and decodes only `&amp;`, `&lt;` and `&gt;`, so escaping
 * those three characters is what keeps model text from pinging people or forging links.
 */
import type { SlackBlock, SlackText } from './blocks.ts';
import { breakRefusedUrls, labelMisleads, linkTarget } from '../link-target.ts';
import { slackLinkUrl } from './link-url.ts';
import { CODE_BACKTICK_LOOKALIKE, LINK_PIPE_LOOKALIKE } from '../../text/look-alikes.ts';
import { ELLIPSIS, graphemePrefix } from '../../text/clamp.ts';

/**
 * Model text for mrkdwn, shown as written: the three characters Slack decodes are escaped (other
 * entities would show raw), a URL the link rule refuses is made inert (`breakRefusedUrls`: Slack
 * autolinks URLs in text), and the formatting marks Slack would read ({@link neutralizeMrkdwnMarks})
 * are replaced, since mrkdwn has no escape for them.
 * @example
 * ```ts
 * import { escapeMrkdwn } from 'isomer-edge';
 *
 * escapeMrkdwn('<!channel> & co'); // '&lt;!channel&gt; &amp; co'
 * ```
 */
export function escapeMrkdwn(text: string): string {
  return escapeEntities(neutralizeMrkdwnMarks(breakRefusedUrls(text)));
}

function escapeEntities(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Stand-ins for `*`, `_` and `~` where Slack would read them as bold, italic or strike. */
export const MRKDWN_MARK_LOOKALIKES: Readonly<Record<string, string>> = { '*': '\u2217', _: '\u02CD', '~': '\u223C' };
/** Put before a `>` that starts a line, so Slack does not read a quote. */
export const QUOTE_BREAK = '\u200B';

const BOUNDARY = /[\s\p{P}\p{S}]/u;
const SPACE = /\s/;
// The same tests answered from a table for ASCII, where nearly every neighbour of a mark is: a
// regex per mark made a megabyte title of marks three times slower on Slack.
const ASCII_BOUNDARY = Array.from({ length: 128 }, (_, code) => BOUNDARY.test(String.fromCharCode(code)));
const ASCII_SPACE = Array.from({ length: 128 }, (_, code) => SPACE.test(String.fromCharCode(code)));
const isBoundary = (char: string | undefined): boolean =>
  char === undefined || (char.charCodeAt(0) < 128 ? ASCII_BOUNDARY[char.charCodeAt(0)]! : BOUNDARY.test(char));
const isSpace = (char: string | undefined): boolean =>
  char === undefined || (char.charCodeAt(0) < 128 ? ASCII_SPACE[char.charCodeAt(0)]! : SPACE.test(char));

/**
 * Replaces each `*`, `_` or `~` that could open (after a boundary, before a non-space) or close
 * (after a non-space, before a boundary) Slack formatting by a look-alike, and puts a zero-width
 * space before a `>` that starts a line. Marks inside words (`snake_case`, `2*3`) stay as they are.
 * @example neutralizeMrkdwnMarks('*not bold* snake_case') // '∗not bold∗ snake_case'
 */
export function neutralizeMrkdwnMarks(text: string): string {
  if (!/[*_~>]/.test(text)) return text;
  return text
    .replace(/[*_~]/g, (mark, offset: number) => {
      const before = text[offset - 1];
      const after = text[offset + 1];
      const opens = isBoundary(before) && !isSpace(after);
      const closes = !isSpace(before) && isBoundary(after);
      return opens || closes ? MRKDWN_MARK_LOOKALIKES[mark]! : mark;
    })
    .replace(/(^|\n)([ \t]*)>/g, `$1$2${QUOTE_BREAK}>`);
}

/**
 * Wraps escaped text in a marker. Slack ignores `* x *`, so surrounding whitespace is kept outside
 * the markers; whitespace-only text is returned as is.
 */
function wrap(text: string, marker: string): string {
  const core = text.trim();
  if (core === '') return text;
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  return `${lead}${marker}${escapeMrkdwn(core)}${marker}${trail}`;
}

/**
 * `*text*`, escaped inside; `''` for empty text.
 * @example
 * ```ts
 * import { mrkdwnBold } from 'isomer-edge';
 *
 * mrkdwnBold('Total <5'); // '*Total &lt;5*'
 * ```
 */
export function mrkdwnBold(text: string): string {
  return wrap(text, '*');
}

/**
 * `_text_`, escaped inside; `''` for empty text.
 * @example
 * ```ts
 * import { mrkdwnItalic } from 'isomer-edge';
 *
 * mrkdwnItalic('draft'); // '_draft_'
 * ```
 */
export function mrkdwnItalic(text: string): string {
  return wrap(text, '_');
}

/** `~text~`, escaped inside; `''` for empty text. */
export function mrkdwnStrike(text: string): string {
  return wrap(text, '~');
}

/**
 * Inline code. A backtick inside would end the span, so it becomes U+02CB; inline code cannot
 * span lines, so newlines become spaces. `''` for empty text.
 * @example
 * ```ts
 * import { mrkdwnCode } from 'isomer-edge';
 *
 * mrkdwnCode('a`b'); // '`aˋb`'
 * ```
 */
export function mrkdwnCode(text: string): string {
  if (text === '') return '';
  const flat = text.replace(/\x60/g, CODE_BACKTICK_LOOKALIKE).replace(/\r\n|[\r\n]/g, ' ');
  // Slack reads no marks and links no URLs inside code.
  return `\`${escapeEntities(flat)}\``;
}

function linkLabel(label: string): string {
  return escapeMrkdwn(label.replace(/\r\n|[\r\n]/g, ' ')).replace(/\|/g, LINK_PIPE_LOOKALIKE);
}

/**
 * `<url|label>` when {@link slackLinkUrl} accepts the URL (safe, absolute, read the same way by Slack
 * and a URL parser); otherwise the escaped label alone, or the escaped URL text when there is no (or
 * a blank) label, with no link. The URL part is the parser's serialization with `&` escaped, as Slack
 * requires inside `<…>`.
 * @example
 * ```ts
 * import { mrkdwnLink } from 'isomer-edge';
 *
 * mrkdwnLink('https://example.com/a|b?x=1&y=2', 'Docs'); // '<https://example.com/a%7Cb?x=1&amp;y=2|Docs>'
 * mrkdwnLink('javascript:alert(1)', 'Docs'); // 'Docs'
 * ```
 */
export function mrkdwnLink(url: string, label?: string): string {
  // A blank label would hide the link entirely, so it counts as no label.
  const named = label !== undefined && label.trim() !== '' ? label : undefined;
  const target = slackLinkUrl(url);
  if (target === null) return escapeMrkdwn(named ?? url);
  const link = `<${escapeEntities(target)}>`;
  if (named === undefined) return link;
  // A label naming another host is text, followed by where the link really goes.
  if (labelMisleads(named, linkTarget(target)!)) return `${escapeMrkdwn(named.replace(/\r\n|[\r\n]/g, ' '))} (${link})`;
  return `<${escapeEntities(target)}|${linkLabel(named).trim()}>`;
}

/**
 * A `plain_text` text object; `emoji: true` so `:shortcodes:` render as they do elsewhere in Slack.
 * @example
 * ```ts
 * import { plainText } from 'isomer-edge';
 *
 * const header = { type: 'header', text: plainText('Weekly report :tada:') };
 * ```
 */
export function plainText(text: string): SlackText {
  return { type: 'plain_text', text: breakRefusedUrls(text), emoji: true };
}

/** A `mrkdwn` text object. The caller has already escaped or built `text` with the helpers above. */
export function mrkdwnText(text: string): SlackText {
  return { type: 'mrkdwn', text };
}

/**
 * A `section` block holding one mrkdwn text (already escaped/built by the caller).
 * @example
 * ```ts
 * import { escapeMrkdwn, mrkdwnBold, mrkdwnSection } from 'isomer-edge';
 *
 * declare const name: string;
 * const block = mrkdwnSection(`${mrkdwnBold('Owner')} ${escapeMrkdwn(name)}`);
 * ```
 */
export function mrkdwnSection(text: string): SlackBlock {
  return { type: 'section', text: mrkdwnText(text) };
}

/**
 * `clampText` (core/text/clamp.ts) for mrkdwn: also refuses to end inside an `&amp;`-style entity or a
 * `<…>` link/mention, which would otherwise show raw syntax. Untrusted text reaches mrkdwn
 * escaped, so every `<` and `&` left in it was written by the renderer on purpose.
 * @example clampSlackMrkdwn('see <https://example.com|docs>', 12) // 'see…'
 */
export function clampSlackMrkdwn(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let kept = graphemePrefix(text, max - 1);
  const open = kept.lastIndexOf('<');
  if (open > kept.lastIndexOf('>')) kept = kept.slice(0, open);
  const amp = kept.lastIndexOf('&');
  if (amp >= 0 && /^&[#a-z0-9]*$/i.test(kept.slice(amp))) kept = kept.slice(0, amp);
  return kept.trimEnd() + ELLIPSIS;
}
