import type { AnyPrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideAgenda } from './slide-agenda.ts';
import { slideClosing } from './slide-closing.ts';
import { slideFrame } from './slide-frame.ts';
import { slideHeading } from './slide-heading.ts';
import { slideQuote } from './slide-quote.ts';
import { slideSection } from './slide-section.ts';
import { slideSource } from './slide-source.ts';
import { slideStatement } from './slide-statement.ts';
import { slideTitle } from './slide-title.ts';

/** Slide structure: frame, headings, title, section, agenda, closing, source. */
export const STRUCTURE_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  slideFrame,
  slideHeading,
  slideStatement,
  slideQuote,
  slideTitle,
  slideSection,
  slideAgenda,
  slideClosing,
  slideSource,
];
