/**
 * What every host that carries a stored picture of the composition shares: where the picture goes
 * and how its alt text is bounded, so one picture reads alike on every host.
 */
import { clampText } from '../text/clamp.ts';
import { SLACK_LIMITS } from './slack/limits.ts';
import { SLACK_IMAGE_ALT } from './slack/notes.ts';

/** Where the picture goes: first, above the text, or alone (the text kept as the fallback). */
export type ImagePlacement = 'above' | 'only';

export const IMAGE_PLACEMENTS: readonly ImagePlacement[] = ['above', 'only'];

/** A stored picture: its public URL and the words it stands for. */
export interface Picture {
  url: string;
  altText: string;
}

/**
 * A picture's alt text on any chat host: one line, cut to Slack's bound (the strictest), never
 * blank (Slack requires it), so one picture reads alike everywhere.
 */
export function pictureAltText(text: string): string {
  const alt = clampText(text.replace(/\s+/g, ' ').trim(), SLACK_LIMITS.imageAltTextChars);
  return alt === '' ? SLACK_IMAGE_ALT : alt;
}
