/**
 * A view's direction, the one rule the HTML surface and the pictures follow: the `dir` the
 * composition states, else its `lang`'s, else the direction most letters of its drawn text are
 * written in. A right-to-left view is drawn in a right-to-left base (`inBaseDirection`) and its
 * renderers are told, so every pack lays its primitives out from the right.
 */
import type { Composition } from '../model/composition.ts';
import { inBaseDirection, type Markup } from '../model/markup.ts';
import { dominantDirection, languageDirection, needsIsolation, type TextDirection } from '../text/text-direction.ts';

/** The direction a composition states: its `dir` unless `auto`, else its `lang`'s; `undefined` when neither. */
export function statedDirection(composition: Pick<Composition, 'dir' | 'lang'>): TextDirection | undefined {
  if (composition.dir === 'rtl' || composition.dir === 'ltr') return composition.dir;
  return composition.lang ? languageDirection(composition.lang) : undefined;
}

// What is not prose: code panels and pictures (their text reads left to right whatever the slide),
// then every tag and character reference.
const NOT_PROSE = /<(pre|svg|style)\b[\s\S]*?<\/\1>|<[^>]*>|&[#a-z0-9]+;/gi;

/** The prose of drawn markup: its text outside tags, code panels and pictures. */
export function proseOf(markup: string): string {
  return markup.replace(NOT_PROSE, ' ');
}

/**
 * Draws a view's markup in its direction; `draw` gets the direction to write on the view's root:
 * `rtl`, `ltr` when the composition says `dir: "ltr"`, else nothing (a left-to-right view's markup
 * is what it always was). A view that states no direction is drawn left to right first and drawn
 * again right to left only when its prose turns out to be mostly right-to-left letters, so a
 * left-to-right view costs one scan of its text, and none when it holds no right-to-left character.
 */
export function drawInDirection<T>(
  composition: Pick<Composition, 'dir' | 'lang' | 'title' | 'subtitle'>,
  draw: (dir: TextDirection | undefined) => T,
  markupOf: (drawn: T) => readonly Markup[],
): { dir: TextDirection | undefined; drawn: T } {
  const stated = statedDirection(composition);
  const rtl = () => ({ dir: 'rtl' as const, drawn: inBaseDirection('rtl', () => draw('rtl')) });
  if (stated === 'rtl') return rtl();
  const written = composition.dir === 'ltr' ? 'ltr' : undefined;
  const first = draw(written);
  if (stated === 'ltr') return { dir: written, drawn: first };
  const prose = markupOf(first)
    .map((markup) => proseOf(markup.value))
    .join(' ');
  if (!needsIsolation(prose) && !needsIsolation(`${composition.title ?? ''}${composition.subtitle ?? ''}`))
    return { dir: written, drawn: first };
  const found =
    dominantDirection(prose) ?? dominantDirection(`${composition.title ?? ''} ${composition.subtitle ?? ''}`);
  return found === 'rtl' ? rtl() : { dir: written, drawn: first };
}
