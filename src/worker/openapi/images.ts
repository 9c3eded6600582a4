/**
 * The image route group's operations in the OpenAPI document: `POST /images/{format}`, which
 * stores an image (or a deck's, one per slide), and the public `GET /images/{key}.{format}`, which serves it (the routes are in
 * `routes/images.ts`).
 */
import { DEFAULT_IMAGE_TTL_DAYS } from '../../image-store/store.ts';
import type { WorkerConfig } from '../config.ts';
import { IMAGE_CACHE_CONTROL, storableFormats } from '../routes/images.ts';
import { SCALE_QUERY, THEME_QUERY } from './parameters.ts';
import {
  BODY_ERRORS,
  CLIENT_CLOSED,
  COMMON_ERRORS,
  COMPOSITION_OR_DECK,
  errorOf,
  json,
  METHOD_NOT_ALLOWED,
  NOT_CONFIGURED,
  ref,
  type Json,
} from './responses.ts';

const STORAGE_FAILED = errorOf('IMAGE_STORAGE_FAILED: the IMAGES bucket failed (the log says why); try again.');

/** `POST /images/{format}` and `GET /images/{key}.{format}`, over the formats the store keeps. */
export function imageOperations(config: WorkerConfig): Record<string, Json> {
  const paths: Record<string, Json> = {};
  const imageFormats = storableFormats(config);
  paths['/images/{format}'] = {
    post: {
      operationId: 'storeImage',
      summary: 'Validate a composition or deck, store each image once, and answer the public URLs.',
      description:
        'The key is an HMAC over the checked composition, format, theme, scale and renderer version: the same ' +
        `input is rendered and stored once. Images expire ISOMER_IMAGE_TTL_DAYS (default ${DEFAULT_IMAGE_TTL_DAYS}) ` +
        'days after they are stored. A deck (a JSON array body) stores each slide as its own image and answers ' +
        '`{ images }` in slide order; each slide counts once against the drawing limit.',
      parameters: [
        { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: imageFormats } },
        THEME_QUERY,
        SCALE_QUERY,
      ],
      requestBody: {
        required: true,
        description: 'One composition, or a deck: a JSON array of compositions, one slide each.',
        content: json(COMPOSITION_OR_DECK),
      },
      responses: {
        '200': {
          description: 'Where the image is; for a deck, where each slide’s is, in order.',
          content: json({ oneOf: [ref('StoredImageInfo'), ref('StoredDeckImages')] }),
        },
        '400': errorOf('INVALID_JSON or INVALID_QUERY (`slide` is refused here: every slide is stored).'),
        '404': errorOf('FORMAT_NOT_FOUND.'),
        '413': BODY_ERRORS['413'],
        '415': BODY_ERRORS['415'],
        '422': {
          description: 'The composition or deck is invalid (a deck’s errors under `compositions[i]`).',
          content: json(ref('CompositionInvalid')),
        },
        ...COMMON_ERRORS,
        '500': errorOf('RENDER_FAILED: the renderer failed; or AUTH_MISCONFIGURED or INTERNAL_ERROR.'),
        '501': NOT_CONFIGURED,
        '503': errorOf(
          `${STORAGE_FAILED.description} Or AUTH_NOT_CONFIGURED or OAUTH_UNAVAILABLE (see the other routes).`,
        ),
        ...CLIENT_CLOSED,
      },
    },
  };
  paths['/images/{key}.{format}'] = {
    get: {
      operationId: 'getImage',
      summary: 'A stored image. Public (no token: the key is the capability), immutable, cached at the edge.',
      security: [],
      parameters: [
        {
          name: 'key',
          in: 'path',
          required: true,
          description: 'The key from a POST /images or Slack image URL.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
        },
        { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: imageFormats } },
      ],
      responses: {
        '200': {
          description: `The bytes, with \`ETag: "<key>"\` and \`Cache-Control: ${IMAGE_CACHE_CONTROL}\`.`,
          content: Object.fromEntries(
            imageFormats.map((name) => [
              config.formats[name]!.mimeType,
              { schema: { type: 'string', format: 'binary' } },
            ]),
          ),
        },
        '304': { description: 'If-None-Match named this key: the client’s copy is current.' },
        '403': COMMON_ERRORS['403'],
        '404': errorOf('IMAGE_NOT_FOUND: no image has that key (unknown, expired or forged), or not in that format.'),
        '405': METHOD_NOT_ALLOWED,
        '501': NOT_CONFIGURED,
        '503': errorOf(
          `${STORAGE_FAILED.description} Or AUTH_NOT_CONFIGURED: the Worker is closed (no sign-in configured).`,
        ),
      },
    },
  };
  return paths;
}
