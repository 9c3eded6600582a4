/**
 * The palette the deck frame hands the slides renderers on the image path (the scheme and the page
 * text colour), and how a renderer reads the scheme back: light when there is none, as on the HTML
 * surface.
 */
import { palette } from './theme.ts';

/** What the deck frame hands renderers on the image path: the scheme and the page text colour. */
export interface SlideFrameTheme {
  scheme: 'light' | 'dark';
  text: string;
}

export const slideThemes: { light: SlideFrameTheme; dark: SlideFrameTheme } = {
  light: { scheme: 'light', text: palette.text[0] },
  dark: { scheme: 'dark', text: palette.text[1] },
};

/** The scheme of an image render's palette (light when there is none, as on HTML). */
export function schemeOf(theme: unknown): 'light' | 'dark' {
  return (theme as Partial<SlideFrameTheme> | undefined)?.scheme === 'dark' ? 'dark' : 'light';
}
