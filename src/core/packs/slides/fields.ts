import * as z from 'zod';
import { FRAME_BODY_CHARACTERS, FRAME_LINE_CHARACTERS } from './theme.ts';

const MARKS_NOTE = 'Inline marks: `code` and **strong**.';

/** A one-line field: more than any slide can draw on one line, so a real overflow shows in layout. */
export const lineText = (description?: string) => {
  const schema = z.string().min(1).max(FRAME_LINE_CHARACTERS);
  return description ? schema.describe(description) : schema;
};

/** A field that wraps; accepts the inline marks. */
export const wrappedText = (description?: string) =>
  z
    .string()
    .min(1)
    .max(FRAME_BODY_CHARACTERS)
    .describe(description ? `${description} ${MARKS_NOTE}` : MARKS_NOTE);

export const SIZES = ['l', 'm', 's'] as const;
export type SlideSize = (typeof SIZES)[number];
export const sizeField = () =>
  z.enum(SIZES).optional().describe('Type size step, largest first; omit to pick the largest that fits.');

export const TONES = ['primary', 'accent'] as const;
export type SlideTone = (typeof TONES)[number];
export const toneField = () =>
  z.enum(TONES).optional().describe('primary = yours or in focus; accent = the other party; omit for neutral.');
