/**
 * The OpenAPI 3.1 document of every route, assembled here: the component schemas (from the same
 * Zod schemas the routes answer with, and each chat host's payload schemas), the operations of each
 * route group (one module each beside this one), and the bearer security scheme. Served at
 * `GET /openapi.json` and exported from `isomer-edge/worker`.
 */
import * as z from 'zod';
import { MAX_DECK_SLIDES } from '../../core/model/deck.ts';
import { WORKER_NAME, WORKER_VERSION, type WorkerConfig } from '../config.ts';
import {
  compositionInvalidSchema,
  compositionSchema,
  errorBodySchema,
  healthSchema,
  hostedImageSchema,
  promptListSchema,
  promptResultSchema,
  resourceListSchema,
  toolListSchema,
  formatListSchema,
  toolResultSchema,
} from '../schemas.ts';
import { imageOperations } from './images.ts';
import { JSON_RPC_ERROR, mcpOperations } from './mcp.ts';
import { healthOperations, openApiOperations } from './meta.ts';
import { formatsOperations, renderOperations } from './render.ts';
import { ref, type Json } from './responses.ts';
import { RESOURCE_METADATA, resourceMetadataOperations } from './sign-in.ts';
import { toolOperations } from './tools.ts';

/** A component schema: OpenAPI 3.1 speaks draft 2020-12, so only the `$schema` line goes. */
function component(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

/**
 * The OpenAPI 3.1 document of every route, from the same Zod schemas the routes use.
 * @example
 * ```ts
 * import { slidesWorkerOptions } from 'isomer-edge/built-in';
 * import { buildOpenApiDocument, createWorkerConfig } from 'isomer-edge/worker';
 *
 * const json = JSON.stringify(buildOpenApiDocument(createWorkerConfig(slidesWorkerOptions())));
 * ```
 */
export function buildOpenApiDocument(config: WorkerConfig): Json {
  // Each host's payload schemas, named as the host names them; `$ref`s point at the components.
  const hostSchemas = Object.assign(
    {},
    ...config.registry.flatMap((entry) =>
      entry.host ? [entry.host.payload.schemas((name) => ({ $ref: `#/components/schemas/${name}` }))] : [],
    ),
  ) as Record<string, Json>;
  const tools = toolOperations(config);
  const schemas: Record<string, Json> = {
    Error: component(errorBodySchema),
    Composition: component(compositionSchema),
    CompositionInvalid: component(compositionInvalidSchema),
    ToolResult: component(toolResultSchema),
    ToolList: component(toolListSchema),
    FormatList: component(formatListSchema),
    ResourceList: component(resourceListSchema),
    PromptList: component(promptListSchema),
    PromptResult: component(promptResultSchema),
    Health: component(healthSchema),
    Deck: {
      type: 'array',
      description: `A deck: 1 to ${MAX_DECK_SLIDES} compositions, one slide each, in order; its errors name their slide (\`compositions[2].body[0].title\`).`,
      items: ref('Composition'),
      minItems: 1,
      maxItems: MAX_DECK_SLIDES,
    },
    StoredImageInfo: component(hostedImageSchema),
    StoredDeckImages: {
      type: 'object',
      description: 'A deck’s stored images, from POST /images/{format}: one per slide, in order.',
      properties: { images: { type: 'array', items: ref('StoredImageInfo'), minItems: 1, maxItems: MAX_DECK_SLIDES } },
      required: ['images'],
      additionalProperties: false,
    },
    JsonRpcError: JSON_RPC_ERROR,
    ProtectedResourceMetadata: RESOURCE_METADATA,
    ...hostSchemas,
    ...tools.schemas,
  };
  // The paths in the order the document has always listed them.
  const paths: Record<string, Json> = {
    ...healthOperations(),
    ...resourceMetadataOperations(),
    ...formatsOperations(),
    ...tools.paths,
    ...renderOperations(config),
    ...imageOperations(config),
    ...mcpOperations(),
    ...openApiOperations(),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: WORKER_NAME,
      version: WORKER_VERSION,
      description:
        'Validated compositions for AI agents: the tools, resources and prompts over JSON, plus rendering and MCP.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Required on every route but /healthz, GET /images/{key}.{format} and the resource metadata when ' +
            'ISOMER_TOKENS or ISOMER_OAUTH_ISSUER is set (with neither, every such route answers 503 ' +
            'AUTH_NOT_CONFIGURED unless ISOMER_AUTH is "none"): a static token from ISOMER_TOKENS (every route, no ' +
            'scopes), or an OAuth 2.1 access token — a JWT from ISOMER_OAUTH_ISSUER for the resource ' +
            'ISOMER_OAUTH_AUDIENCE (default: this Worker’s /mcp URL), carrying the scopes ISOMER_OAUTH_SCOPES ' +
            'requires (`mcp=` on /mcp, `tools=` on /tools, /resources, /prompts and /openapi.json, `render=` on ' +
            '/render and POST /images). A 401 names the authorization server through ' +
            '/.well-known/oauth-protected-resource; a token in the query string is never read.',
        },
      },
    },
  };
}
