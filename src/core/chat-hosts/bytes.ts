/**
 * Byte budgets: how hosts that limit a message in bytes measure it (UTF-8 of its JSON), and text
 * clamped to a byte budget with an ellipsis. Teams and Google Chat count their limits this way.
 */
import { byteLength } from '../text/byte-length.ts';
import { clampText } from '../text/clamp.ts';

/** UTF-8 bytes of a value as JSON, the way hosts measure a message. */
export function jsonBytes(value: unknown): number {
  return byteLength(JSON.stringify(value));
}

/**
 * The longest grapheme-whole prefix of `text` whose JSON string form fits `maxBytes` (quotes
 * excluded), ending with `…` when cut; `''` when not even that fits.
 */
export function clampTextBytes(text: string, maxBytes: number): string {
  const cost = (value: string): number => jsonBytes(value) - 2;
  if (cost(text) <= maxBytes) return text;
  let max = Math.min(text.length, maxBytes);
  while (max > 0) {
    const cut = clampText(text, max);
    const over = cost(cut) - maxBytes;
    if (over <= 0) return cut;
    max -= Math.max(1, Math.ceil(over / 3));
  }
  return '';
}
