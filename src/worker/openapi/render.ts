/**
 * The render route group's operations in the OpenAPI document: `GET /formats`, the shared
 * `POST /render/{format}`, and one `POST /render/{host}` per chat host, each with its own payload
 * schema and the query parameters its format reads (the routes are in `routes/render.ts`).
 */
import { FORMAT_OPTIONS, type FormatOption, isBuiltInFormat } from '../../core/formats.ts';
import type { WorkerConfig } from '../config.ts';
import { LAYOUT_HEADER } from '../routes/render.ts';
import { HEADING_QUERY, IMAGE_QUERY, LAYOUT_QUERY, SCALE_QUERY, SLIDE_QUERY, THEME_QUERY } from './parameters.ts';
import {
  BODY_ERRORS,
  CLIENT_CLOSED,
  COMMON_ERRORS,
  COMPOSITION_OR_DECK,
  errorOf,
  json,
  NOT_CONFIGURED,
  ref,
  type Json,
} from './responses.ts';

/** A `POST /render/…` operation: its own parameters and output, and the answers every render route shares. */
function renderOperation(options: {
  operationId: string;
  summary: string;
  description?: string;
  parameters: Json[];
  output: string;
  content: Json;
  layout: boolean;
  /** Takes `image`, so can answer 501 without the bucket. */
  picture?: boolean;
  /** Has a `{format}` to get wrong. */
  notFound?: boolean;
}): Json {
  const { operationId, summary, description, parameters, output, content } = options;
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    // Every format reads `slide` on a deck body.
    parameters: [...parameters, SLIDE_QUERY],
    requestBody: {
      required: true,
      description: 'One composition, or a deck: a JSON array of compositions, one slide each, drawn in order.',
      content: json(COMPOSITION_OR_DECK),
    },
    responses: {
      '200': {
        description: output,
        ...(options.layout
          ? {
              headers: {
                [LAYOUT_HEADER]: {
                  description:
                    'With `layout=true` only: the layout findings as a JSON array of ' +
                    '`<path> (in <type>) <message>` strings (ASCII, `[]` when everything fits).',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
        content,
      },
      '400': errorOf(
        'INVALID_JSON or INVALID_QUERY (`parameter` names it; `slide` for a deck drawn a slide at a time).',
      ),
      ...(options.notFound ? { '404': errorOf('FORMAT_NOT_FOUND.') } : {}),
      '413': BODY_ERRORS['413'],
      '415': BODY_ERRORS['415'],
      '422': {
        description: 'The composition or deck is invalid (a deck’s errors under `compositions[i]`).',
        content: json(ref('CompositionInvalid')),
      },
      ...COMMON_ERRORS,
      '500': errorOf('RENDER_FAILED: the renderer failed; or AUTH_MISCONFIGURED or INTERNAL_ERROR.'),
      ...(options.picture ? { '501': NOT_CONFIGURED } : {}),
      ...CLIENT_CLOSED,
    },
  };
}

/** `GET /formats`. */
export function formatsOperations(): Record<string, Json> {
  return {
    '/formats': {
      get: {
        operationId: 'listFormats',
        summary: 'List the formats with their media types and the query options each render route reads.',
        responses: { '200': { description: 'The formats.', content: json(ref('FormatList')) }, ...COMMON_ERRORS },
      },
    },
  };
}

/** `POST /render/{format}` and one `POST /render/{host}` per chat host. */
export function renderOperations(config: WorkerConfig): Record<string, Json> {
  const paths: Record<string, Json> = {};
  // Each chat host's answer has its own schema and its own query parameters (only slack, teams and
  // googlechat take `image`), so each gets a concrete path and operation: a generated client gets a
  // typed method per host. The rest share `/render/{format}`; concrete paths match first (OpenAPI 3.1).
  const ownPaths = new Set(config.registry.flatMap((entry) => (entry.host ? [entry.name] : [])));
  const shared = config.formatNames.filter((name) => !ownPaths.has(name));
  const QUERIES = {
    theme: THEME_QUERY,
    heading: HEADING_QUERY,
    scale: SCALE_QUERY,
    image: IMAGE_QUERY,
    layout: LAYOUT_QUERY,
  };
  // The parameters a format's route reads, as the registry declares them (`layout` only when the check is on).
  const queries = (options: Iterable<FormatOption>): Json[] =>
    FORMAT_OPTIONS.filter((option) => [...options].includes(option) && (option !== 'layout' || config.layout)).map(
      (option) => QUERIES[option],
    );
  const sharedOptions = new Set(config.registry.filter((entry) => !entry.host).flatMap((entry) => entry.options));
  paths['/render/{format}'] = {
    post: renderOperation({
      operationId: 'renderComposition',
      summary: 'Validate a composition or deck and answer with the rendered output itself.',
      description:
        'Each format reads only its own query options (`GET /formats` lists them: `theme` the HTML and image ' +
        'formats, `scale` the images); any other option answers 400 `INVALID_QUERY`. A deck (a JSON array ' +
        'body) is one answer: text and Markdown with the slides in order between separators, one HTML page ' +
        'with a section per slide, one PDF with a page per slide; PNG, WebP and SVG answer the slide `slide` names.',
      parameters: [
        { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: shared } },
        ...queries(sharedOptions),
      ],
      output: 'The rendered output: text, Markdown, a whole HTML5 page (its CSS in <head>), or a host format’s bytes.',
      content: {
        'text/plain': { schema: { type: 'string' } },
        'text/markdown': { schema: { type: 'string' } },
        'text/html': { schema: { type: 'string' } },
        ...Object.fromEntries(
          shared
            .filter((name) => !isBuiltInFormat(name))
            .map((name) => [config.formats[name]!.mimeType, { schema: { type: 'string', format: 'binary' } }]),
        ),
      },
      layout: config.layout,
      notFound: true,
    }),
  };
  for (const { host, picture, options } of config.registry) {
    if (!host) continue;
    const surface = host.from === 'surface';
    paths[`/render/${host.name}`] = {
      post: renderOperation({
        operationId: `render${host.operation}`,
        summary: `Validate a composition or deck and answer the ${host.title} payload (a deck's slides in one answer).`,
        ...(picture && !surface ? { description: '`theme` and `scale` apply to the picture (`image`) only.' } : {}),
        parameters: queries(options),
        output: `The ${host.title} payload, as JSON.`,
        content: { [host.mimeType]: { schema: ref(host.payload.root) } },
        layout: config.layout,
        picture,
      }),
    };
  }
  return paths;
}
