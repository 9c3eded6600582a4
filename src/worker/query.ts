/**
 * The query options the drawing routes read (`POST /render/{format}` and `POST /images/{format}`):
 * `theme`, `heading`, `scale`, `image`, `layout` and a deck's `slide`, each checked here once so
 * both routes refuse a bad value with the same `INVALID_QUERY` answer naming the parameter.
 */
import { RENDER_THEMES, type RenderTheme } from '../core/model/composition.ts';
import { IMAGE_PLACEMENTS, type ImagePlacement } from '../core/chat-hosts/picture.ts';
import { MAX_DECK_SLIDES } from '../core/model/deck.ts';
import { errorResponse } from './errors.ts';

/** The largest `scale` a render route accepts (2560×1440 from the 1920×1080 slide canvas). */
export const MAX_RENDER_SCALE = 4 / 3;

/** The options a drawing route's query asked for, checked. */
export interface RenderQuery {
  theme?: RenderTheme;
  heading: boolean;
  scale?: number;
  image?: ImagePlacement;
  layout: boolean;
  /** One slide of a deck body to draw alone, 1-based (whether the deck has it is the route's to say). */
  slide?: number;
}

/** The 400 for a `slide` that names no slide: `count` is the deck's length once it is known. */
export function badSlide(count = MAX_DECK_SLIDES): Response {
  return errorResponse(
    'INVALID_QUERY',
    `slide must be a whole number from 1 to ${count}: the slide of the deck (the JSON array body) to draw.`,
    { parameter: 'slide' },
  );
}

/** The checked query, or the 400 that names the first bad parameter. */
export function parseQuery(url: URL, fallbackHeading: boolean): RenderQuery | Response {
  const image = url.searchParams.get('image');
  if (image !== null && !(IMAGE_PLACEMENTS as readonly string[]).includes(image))
    return errorResponse('INVALID_QUERY', `image must be one of ${IMAGE_PLACEMENTS.join(', ')}.`, {
      parameter: 'image',
    });
  const theme = url.searchParams.get('theme');
  const heading = url.searchParams.get('heading');
  const scale = url.searchParams.get('scale');
  if (theme !== null && !(RENDER_THEMES as readonly string[]).includes(theme)) {
    return errorResponse('INVALID_QUERY', `theme must be one of ${RENDER_THEMES.join(', ')}.`, { parameter: 'theme' });
  }
  if (heading !== null && heading !== 'true' && heading !== 'false')
    return errorResponse('INVALID_QUERY', 'heading must be true or false.', { parameter: 'heading' });
  const layout = url.searchParams.get('layout');
  if (layout !== null && layout !== 'true' && layout !== 'false')
    return errorResponse('INVALID_QUERY', 'layout must be true or false.', { parameter: 'layout' });
  const factor = scale === null ? undefined : Number(scale);
  if (factor !== undefined && !(/^\d*\.?\d+$/.test(scale!) && factor > 0 && factor <= MAX_RENDER_SCALE)) {
    return errorResponse(
      'INVALID_QUERY',
      `scale must be a number above 0 and at most ${MAX_RENDER_SCALE.toFixed(4)} (0.6667 draws a 1280×720 slide).`,
      { parameter: 'scale' },
    );
  }
  const slide = url.searchParams.get('slide');
  // Checked against the limit here and against the deck's own length once the body is read.
  if (slide !== null && !(/^[1-9]\d{0,2}$/.test(slide) && Number(slide) <= MAX_DECK_SLIDES)) return badSlide();
  return {
    ...(slide !== null ? { slide: Number(slide) } : {}),
    ...(theme !== null ? { theme: theme as RenderTheme } : {}),
    heading: heading === null ? fallbackHeading : heading === 'true',
    layout: layout === 'true',
    ...(factor !== undefined ? { scale: factor } : {}),
    ...(image !== null ? { image: image as ImagePlacement } : {}),
  };
}
