/**
 * The query parameters of the drawing routes in the OpenAPI document (`theme`, `heading`, `scale`,
 * `image`, `layout`, `slide`), written once: `POST /render/…` lists those its format reads (and
 * `slide`, which every format reads on a deck), and `POST /images/{format}` takes `theme` and
 * `scale`. Their limits come from the code that checks them.
 */
import { IMAGE_PLACEMENTS } from '../../core/chat-hosts/picture.ts';
import { RENDER_THEMES } from '../../core/model/composition.ts';
import { MAX_DECK_SLIDES } from '../../core/model/deck.ts';
import { MAX_RENDER_SCALE } from '../query.ts';
import { LAYOUT_HEADER } from '../routes/render.ts';
import type { Json } from './responses.ts';

const query = (name: string, description: string, schema: Json): Json => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

export const THEME_QUERY = query(
  'theme',
  'Colour scheme for HTML and images (a stored picture too); defaults to the composition’s own.',
  { type: 'string', enum: [...RENDER_THEMES] },
);
export const HEADING_QUERY = query(
  'heading',
  'Draw the title and subtitle (every format but the images). Default false: a slide draws its own.',
  { type: 'boolean' },
);
export const SCALE_QUERY = query(
  'scale',
  'Image output size per canvas pixel, without a new layout: 0.6667 draws a 1280×720 slide. ' +
    'Default 1 (1920×1080); 0.6667 for a stored picture (`image`).',
  { type: 'number', exclusiveMinimum: 0, maximum: MAX_RENDER_SCALE },
);
export const IMAGE_QUERY = query(
  'image',
  'A hosted PNG of the slide in the message, `above` the text or `only` (the words kept as alt text): an ' +
    '`image` block (Slack), an `Image` element (Teams) or an `image` widget (Google Chat). If storing fails ' +
    'the text goes alone. Needs the IMAGES bucket. Only these formats take it: any other answers 400.',
  { type: 'string', enum: [...IMAGE_PLACEMENTS] },
);
export const LAYOUT_QUERY = query(
  'layout',
  `true: also lay the slide out and answer what does not fit in the \`${LAYOUT_HEADER}\` header ` +
    '(starts the image engine). Default false.',
  { type: 'boolean' },
);
export const SLIDE_QUERY = query(
  'slide',
  'With a deck body (a JSON array of compositions): draw only this slide, 1-based. Required for PNG, WebP ' +
    'and SVG when the deck has more than one slide (one answer is one picture; POST /images/{format} stores ' +
    'every slide, POST /render/pdf draws the deck as one document). On a single composition: 400.',
  { type: 'integer', minimum: 1, maximum: MAX_DECK_SLIDES },
);
