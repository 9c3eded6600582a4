/**
 * Display width: the columns a text takes in a monospace font, the one measure behind every
 * padded table (the chat hosts' and the text surface's) and every "wide characters count 2" load.
 * The Unicode rules (East Asian Width, emoji and flag sequences, zero-width and combining
 * characters) come from `string-width`, a maintained implementation that follows each Unicode
 * release, rather than from a list of ranges kept here.
 */
import stringWidth from 'string-width';

/**
 * The columns `text` takes in a monospace font: CJK, Hangul, full-width forms, emoji (a ZWJ
 * sequence or a flag as one) take 2; zero-width characters (U+200B, U+2060, the joiner), combining
 * marks and control characters take 0; anything else 1. East Asian Ambiguous characters count 1,
 * as chat clients outside East Asian locales draw them.
 *
 * ANSI escape sequences are counted as they show: chat clients draw model text as it is, so the
 * ESC takes no column and the `[31m` after it takes four. Stripping them from the count would
 * pad a cell that carries one too little.
 * @example
 * ```ts
 * import { displayWidth } from 'isomer-edge';
 *
 * displayWidth('日本語'); // 6
 * displayWidth('🇯🇵 ok'); // 5
 * displayWidth('a\u200Bb'); // 2
 * ```
 */
export function displayWidth(text: string): number {
  return stringWidth(text, { countAnsiEscapeCodes: true });
}

/** `text` followed by spaces up to `width` columns (none when it is already as wide). */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
