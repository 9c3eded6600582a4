import type { PrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideFrame } from './slide-frame.ts';
import { slideHeading } from './slide-heading.ts';

/** Slide structure: frame, headings, title, section, agenda, closing, source. */
export const STRUCTURE_PRIMITIVES: readonly PrimitiveDefinition<any>[] = [slideFrame, slideHeading];
