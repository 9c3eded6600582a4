/**
 * Field schemas the slides primitives share: one-line and wrapping text capped at more than a slide
 * could ever draw, so a real overflow shows as a layout finding rather than a schema error; the
 * tone field; and the longest link target a slide accepts.
 */
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

export const TONES = ['primary', 'accent'] as const;
export type SlideTone = (typeof TONES)[number];
export const toneField = () =>
  z.enum(TONES).optional().describe('primary = yours or in focus; accent = the other party; omit for neutral.');

/** The longest link target a slide accepts: far past any real one, short enough to stay harmless. */
export const HREF_MAX = 2000;
