/**
 * Length clamping for Slack text. Slack counts UTF-16 code units and rejects the whole message
 * when one field is too long, so every limited field is cut here rather than sent and refused.
 */

/** What a clamped text ends with, so a reader can tell something was cut. */
export const SLACK_ELLIPSIS = '…';

// Whitespace, control and format characters, and the Hangul and braille fillers that draw nothing.
const BLANK = /^[\s\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

/**
 * True when `text` would show nothing. Slack refuses blank text where a text is required (a header,
 * a section's text, a message without blocks), so such text is treated as absent.
 * @example isBlankSlackText(' \u200b\n') // true
 */
export function isBlankSlackText(text: string): boolean {
  return BLANK.test(text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest prefix of `text` that ends on a grapheme boundary and is at most `max` UTF-16 units;
 * `''` when even the first grapheme is longer. Only `text.slice(0, max + 2)` is segmented: whether
 * `p` is a boundary depends only on the text before `p` and the code point at `p` (up to two
 * units), so the answer is the same as segmenting the whole string.
 */
export function graphemePrefix(text: string, max: number): string {
  if (max <= 0) return '';
  if (text.length <= max) return text;
  // `containing` finds the grapheme around `max` without walking every grapheme before it.
  const around = graphemes.segment(text.slice(0, max + 2)).containing(max);
  return text.slice(0, around?.index ?? 0);
}

/**
 * The longest prefix of at most `max` UTF-16 units that does not split a surrogate pair. For the
 * rare grapheme longer than a whole limit (stacked combining marks), which must be cut somewhere.
 */
export function codePointPrefix(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const char of text) {
    if (end + char.length > max) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * Fits `text` into `max` UTF-16 units. Longer text is cut at a grapheme boundary so that the
 * kept part fits `max - 1`, trailing whitespace is trimmed, and one `…` is appended. Never splits
 * a surrogate pair or an emoji ZWJ sequence.
 * @example
 * ```ts
 * import { clampSlackText, SLACK_LIMITS } from 'isomer-edge';
 *
 * clampSlackText('Hello world', 7); // 'Hello…'
 * declare const altText: string;
 * const alt = clampSlackText(altText, SLACK_LIMITS.imageAltTextChars);
 * ```
 */
export function clampSlackText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  return graphemePrefix(text, max - 1).trimEnd() + SLACK_ELLIPSIS;
}

/**
 * {@link clampSlackText} for mrkdwn: also refuses to end inside an `&amp;`-style entity or a
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
  return kept.trimEnd() + SLACK_ELLIPSIS;
}
