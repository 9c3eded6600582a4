/**
 * A deck in the playground, as data: the editor's JSON array is a deck (a composition per slide),
 * checked as `{ compositions }`; a finding's `compositions[2].body[0]` names the array's `[2].body[0]`;
 * the pictures show one slide at a time, chosen by `?slide=N`. No DOM here, so it is tested alone.
 */
import type { PathSegment } from './json-path.ts';

/** What the editor holds: one composition, or a deck of them. */
export type Written = { kind: 'composition'; composition: unknown } | { kind: 'deck'; compositions: unknown[] };

/** The editor's parsed JSON as the page checks it: an array is a deck, anything else one composition. */
export function written(value: unknown): Written {
  return Array.isArray(value) ? { kind: 'deck', compositions: value } : { kind: 'composition', composition: value };
}

/** The validate tool's input for what was written (`compositions` for a deck, as the tools take it). */
export const validateInput = (what: Written): Record<string, unknown> =>
  what.kind === 'deck' ? { compositions: what.compositions } : { composition: what.composition };

/**
 * A finding's path as segments of the editor's text: a deck's findings name `compositions[i]`, the
 * tools' name for the array the editor holds bare, so that first segment goes.
 */
export function editorSegments(path: readonly PathSegment[]): PathSegment[] {
  return path[0] === 'compositions' && typeof path[1] === 'number' ? path.slice(1) : [...path];
}

/** The slide to show (1-based) once the deck holds `count`: the one in view, kept within the deck. */
export const keptSlide = (slide: number, count: number): number => Math.min(Math.max(1, slide), Math.max(1, count));

/** The pager's words: `Slide 2 of 5`. */
export const slideCounter = (slide: number, count: number): string => `Slide ${slide} of ${count}`;
