/**
 * The pages' deck logic without a browser: which slides an `isomer_show` result carries and how the
 * MCP App's keys page them, and how the playground reads a JSON array as a deck and finds a slide's
 * finding (`compositions[i]…`) in the editor's text.
 */
import { describe, expect, it } from 'vitest';
import { counterText, deckSlides, fileName, pagedTo } from '../../mcp-app/src/deck.ts';
import { editorSegments, keptSlide, slideCounter, validateInput, written } from '../../playground/src/deck.ts';
import { pathOfError } from '../../playground/src/json-path.ts';
import { findingRange, marksFor } from '../../playground/src/marks.ts';

describe('the MCP App’s deck', () => {
  it('reads the slides of a result in order, naming an untitled one by its place', () => {
    expect(deckSlides([{ title: 'Agenda', html: '<a>' }, { title: '  ', html: '<b>' }, { html: '<c>' }])).toEqual([
      { title: 'Agenda', html: '<a>' },
      { title: 'Slide 2', html: '<b>' },
      { title: 'Slide 3', html: '<c>' },
    ]);
  });

  it('has no deck for a single composition’s result or a malformed list', () => {
    expect(deckSlides(undefined)).toBeUndefined();
    expect(deckSlides([])).toBeUndefined();
    expect(deckSlides('<section>')).toBeUndefined();
    expect(deckSlides([{ title: 'x', html: 3 }, null])).toBeUndefined();
  });

  it('pages by arrows, Page Up/Down, Home and End, holding at either end', () => {
    expect(pagedTo('ArrowRight', 0, 3)).toBe(1);
    expect(pagedTo('ArrowDown', 1, 3)).toBe(2);
    expect(pagedTo('PageDown', 2, 3)).toBe(2);
    expect(pagedTo('ArrowLeft', 2, 3)).toBe(1);
    expect(pagedTo('PageUp', 0, 3)).toBe(0);
    expect(pagedTo('ArrowUp', 1, 3)).toBe(0);
    expect(pagedTo('Home', 2, 20)).toBe(0);
    expect(pagedTo('End', 0, 20)).toBe(19);
    expect(pagedTo('Enter', 0, 3)).toBeUndefined();
    expect(pagedTo('a', 0, 3)).toBeUndefined();
  });

  it('counts from one and names downloads from a title', () => {
    expect(counterText(1, 5)).toBe('2 / 5');
    expect(fileName('Q3: results & plans', 'pdf')).toBe('Q3-results-plans.pdf');
    expect(fileName('<script>', 'png')).toBe('script.png');
    expect(fileName('!!!', 'png')).toBe('slide.png');
  });
});

describe('the playground’s deck', () => {
  const deck = JSON.stringify(
    [
      { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: 'One' }] }] },
      { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] },
    ],
    null,
    2,
  );

  it('reads an array as a deck and checks it as `compositions`', () => {
    expect(validateInput(written([{ type: 'view' }]))).toEqual({ compositions: [{ type: 'view' }] });
    expect(validateInput(written({ type: 'view' }))).toEqual({ composition: { type: 'view' } });
    expect(written([])).toEqual({ kind: 'deck', compositions: [] });
  });

  it('finds a slide’s finding in the array the editor holds', () => {
    const line = 'compositions[1].body[0].body[0].title (in slideHeading) is required';
    expect(editorSegments(pathOfError(line)!)).toEqual([1, 'body', 0, 'body', 0, 'title']);
    const range = findingRange(deck, line)!;
    // The second slide's heading: the deepest part of the path that exists (the title is missing).
    expect(deck.slice(range.from, range.to)).toMatch(/^\{\s*"type": "slideHeading"\s*\}$/);
    expect(deck.indexOf('"One"')).toBeLessThan(range.from);
  });

  it('places a deck warning (`deck: …`) on its slide, and a finding about the whole deck nowhere', () => {
    const marks = marksFor(deck, [
      { line: 'deck: compositions[1].body[0] repeats section number 02', severity: 'warning' },
      { line: 'compositions holds 25 slides: a deck holds at most 20', severity: 'error' },
    ]);
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ severity: 'warning' });
    expect(deck.slice(marks[0]!.from, marks[0]!.to)).toBe('{');
    expect(marks[0]!.from).toBeGreaterThan(deck.indexOf('"One"'));
  });

  it('keeps the slide in view within the deck', () => {
    expect(keptSlide(3, 5)).toBe(3);
    expect(keptSlide(7, 5)).toBe(5);
    expect(keptSlide(0, 5)).toBe(1);
    expect(keptSlide(2, 0)).toBe(1);
    expect(slideCounter(2, 5)).toBe('Slide 2 of 5');
  });
});
