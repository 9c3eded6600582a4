/**
 * A deck in the app, as data: the slides an `isomer_show` result carries for `compositions`, which
 * slide a key moves to, and the counter's words. No DOM here, so paging is tested without a browser.
 */

/** One slide of a deck result: its title (download names, the frame's label) and its HTML document. */
export interface DeckSlide {
  title: string;
  html: string;
}

/** The deck's slides in `structuredContent.slides`, or undefined when the result has none (one composition). */
export function deckSlides(value: unknown): DeckSlide[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const slides = value
    .filter((slide): slide is { title?: unknown; html: string } => typeof slide?.html === 'string')
    .map((slide, index) => ({
      title: typeof slide.title === 'string' && slide.title.trim() !== '' ? slide.title : `Slide ${index + 1}`,
      html: slide.html,
    }));
  return slides.length > 0 ? slides : undefined;
}

/**
 * The slide a key moves to from `index` in a deck of `count`, or undefined for a key that does not
 * page. The arrows keep their meaning in a right-to-left deck, as presentation tools do: the page's
 * own controls read left to right, and one slide may be Arabic while the next is not.
 */
export function pagedTo(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

/** The counter's text: `2 / 5`. */
export const counterText = (index: number, count: number): string => `${index + 1} / ${count}`;

/** A file name from a title: letters and digits kept, the rest one hyphen, at most 60 characters. */
export function fileName(title: string, extension: string): string {
  const stem =
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'slide';
  return `${stem}.${extension}`;
}
