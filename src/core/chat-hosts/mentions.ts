/**
 * Mention breaking: the invisible character every host inserts after an `@` or `<` that would open
 * a mention, and the breaking of mentions across styled runs, so `@**name**` is broken like
 * `@name`. Each host says where its mentions open; this is how the break is put in.
 */
import { type ChatRun, runsText } from './runs.ts';

/**
 * Inserted after `@` or `<` to break a mention a host would otherwise resolve: not whitespace, so
 * no host trims it, and invisible, so the reader still sees `@everyone` as written.
 */
export const MENTION_BREAK = '\u200B';

/**
 * Inserts {@link MENTION_BREAK} after every match of `at` in the joined text of `runs`, so a
 * mention whose `@` (or `<`) and name sit in different runs — `@**name**`, `**@**name`, `@` and a
 * link — is broken exactly like one inside a single run. `at` is a global pattern matching what
 * opens a mention (the `@`, with the name as a lookahead); each break joins the run it follows.
 * @example breakMentions([{ text: '@', style: {} }, { text: 'ann', style: { bold: true } }], /@(?=\w)/g)
 * // [{ text: '@\u200B', style: {} }, { text: 'ann', style: { bold: true } }]
 */
export function breakMentions(runs: readonly ChatRun[], at: RegExp): ChatRun[] {
  const text = runsText(runs);
  const places: number[] = [];
  at.lastIndex = 0;
  for (let match = at.exec(text); match !== null; match = at.exec(text)) {
    places.push(match.index + match[0].length);
    if (match[0] === '') at.lastIndex++;
  }
  if (places.length === 0) return [...runs];
  const out: ChatRun[] = [];
  let start = 0;
  let next = 0;
  for (const run of runs) {
    const end = start + run.text.length;
    const parts: string[] = [];
    let from = start;
    while (next < places.length && places[next]! <= end) {
      const place = places[next++]!;
      parts.push(run.text.slice(from - start, place - start), MENTION_BREAK);
      from = place;
    }
    parts.push(run.text.slice(from - start));
    out.push({ ...run, text: parts.join('') });
    start = end;
  }
  return out;
}
