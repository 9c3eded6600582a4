/**
 * The HTML surface's deck: one document, a section per slide in order, each slide validated as a
 * single render is, its findings naming the slide; the single document's section unchanged.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DECK_SLIDES } from '../../../src/core/model/deck.ts';
import { fixtureComposition, fixtures, previewSlide, slidesRuntime } from '../../support/slides.ts';

const { html } = slidesRuntime.surfaces;
const slide = (n: number) => ({
  ...previewSlide({ type: 'slideBulletList', items: [`point ${n}`] }),
  title: `Slide ${n}`,
});

describe('html.renderDeck', () => {
  it('draws each slide as the single document’s section, in order, with an id naming it', () => {
    const slides = [slide(1), slide(2), fixtureComposition(fixtures[0]!.value)];
    const { document, validationErrors } = html.renderDeck(slides, { heading: true });
    expect(validationErrors).toEqual([]);
    const sections = slides.map((composition, index) => {
      const single = html.render(composition, { heading: true }).document;
      const section = single.slice(single.indexOf('<section'), single.lastIndexOf('</body>'));
      return section.replace('<section', `<section id="slide-${index + 1}"`);
    });
    expect(document).toContain(`<main class="isomer-deck">${sections.join('')}</main>`);
    expect(document.match(/<style>/g)).toHaveLength(1);
    expect(document).toMatch(/^<!DOCTYPE html><html lang="en">.*<title>Slide 1<\/title>/);
  });

  it('collects an invalid slide’s findings under its index, drawing the rest', () => {
    const bad = { type: 'view', body: [{ type: 'slideHeading' }, { type: 'slideBulletList', items: ['kept'] }] };
    const { document, validationErrors } = html.renderDeck([slide(1), bad, slide(3)]);
    expect(validationErrors.map((error) => error.path)).toEqual(['compositions[1].body[0].title']);
    expect(document).toContain('kept');
    expect(document.match(/<section /g)).toHaveLength(3);
  });

  it('throws the findings, named by slide, when asked to', () => {
    const bad = { type: 'view', body: [{ type: 'slideHeading' }] };
    expect(() => html.renderDeck([slide(1), bad], { onValidationError: 'throw' })).toThrow(
      /compositions\[1\]\.body\[0\]\.title \(in slideHeading\) is required/,
    );
  });

  it('refuses a deck of no slides or of more than the limit', () => {
    expect(() => html.renderDeck([])).toThrow(/compositions must be a list of 1 to 20 compositions/);
    const many = Array.from({ length: MAX_DECK_SLIDES + 1 }, (_, index) => slide(index + 1));
    expect(() => html.renderDeck(many)).toThrow(/1 to 20/);
  });
});
