/**
 * Decks for tests: the Kestrel Freight deck's slides (`test/fixtures/compositions/deck-*.json`) to
 * any length from 1 to 20 — a title first, its section divider, content slides, a closing slide
 * last — one with an invalid slide, and one under every slide's budget but over the deck's.
 */
import { fixture } from './slides.ts';

const MIDDLE = ['deck-content-slide', 'deck-split-slide', 'deck-statement-slide'] as const;

/** The fixture each slide of an `n`-slide deck is made from, in order. */
function slideNames(n: number): string[] {
  if (n === 1) return ['deck-title-slide'];
  const names = ['deck-title-slide'];
  if (n >= 4) names.push('deck-section-slide');
  while (names.length < n - 1) names.push(MIDDLE[(names.length - 1) % MIDDLE.length]!);
  names.push('deck-closing-slide');
  return names;
}

/**
 * A valid `n`-slide deck whose slides share one footer (no deck warning). Each title names its
 * place (`Slide 3: …`) so a test can read the order back.
 */
export function deck(n: number): Record<string, any>[] {
  return slideNames(n).map((name, i) => {
    const slide = fixture(name);
    slide.title = `Slide ${i + 1}: ${slide.title}`;
    return slide;
  });
}

/** The path and message the invalid slide of {@link deckWithInvalidSlide} is reported with. */
export function invalidSlideError(index: number): string {
  return `compositions[${index}].body[0].body[0].title (in slideHeading) is required`;
}

/** An `n`-slide deck whose slide `index` (a content slide) lost its heading's title. */
export function deckWithInvalidSlide(n: number, index: number): Record<string, any>[] {
  const slides = deck(n);
  const broken = fixture('deck-content-slide');
  delete broken.body[0].body[0].title;
  slides[index] = broken;
  return slides;
}

/** Twenty slides of 60,000 characters each: every one within the input budget, the deck over it. */
export function overBudgetDeck(): Record<string, any>[] {
  return deck(20).map((slide) => ({ ...slide, subtitle: 'x'.repeat(60_000) }));
}
