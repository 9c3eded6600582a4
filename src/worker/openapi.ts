import { LAYOUT_HEADER, MAX_RENDER_SCALE } from './routes.ts';
import { METADATA_PATH } from './oauth.ts';
import * as z from 'zod';
import { FORMAT_OPTIONS, type FormatOption, isBuiltInFormat } from '../core/formats.ts';
import { RENDER_THEMES } from '../core/model/composition.ts';
import { MAX_BODY_BYTES } from './body.ts';
import { CLIENT_CLOSED_STATUS } from './errors.ts';
import { DEFAULT_IMAGE_TTL_DAYS } from '../image-store/store.ts';
import { IMAGE_PLACEMENTS } from '../core/chat-hosts/picture.ts';
import { storableFormats, IMAGE_CACHE_CONTROL } from './images.ts';
import { inputJsonSchema, WORKER_NAME, WORKER_VERSION, type WorkerConfig } from './config.ts';
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
} from './schemas.ts';

type Json = Record<string, unknown>;

/** A component schema: OpenAPI 3.1 speaks draft 2020-12, so only the `$schema` line goes. */
function component(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const errorOf = (description: string) => ({ description, content: json(ref('Error')) });

const METHOD_NOT_ALLOWED = errorOf('METHOD_NOT_ALLOWED, with an Allow header.');
const NOT_CONFIGURED = errorOf('IMAGES_NOT_CONFIGURED: stored images need the IMAGES R2 bucket binding.');
const STORAGE_FAILED = errorOf('IMAGE_STORAGE_FAILED: the IMAGES bucket failed (the log says why); try again.');

/**
 * The answer to a request whose client has gone before it was answered: the Worker's `clientGone()`
 * on the routes that validate, draw or store, and the MCP SDK's own on /mcp.
 */
const CLIENT_CLOSED = {
  [CLIENT_CLOSED_STATUS]: {
    description:
      'Client Closed Request: the client closed the request before it was answered; no body is sent, since ' +
      'nobody reads it. Nothing is drawn or stored for it (on `/mcp`, a call already running stops at its next check).',
  },
};

const CHALLENGE_HEADER = {
  'www-authenticate': {
    description:
      'RFC 6750 challenge: `Bearer realm="isomer-edge"`, with OAuth on also `resource_metadata` (RFC 9728) and the ' +
      '`scope` the route needs, and `error="invalid_token"` or `"insufficient_scope"` when a token was refused.',
    schema: { type: 'string' },
  },
};

/** Responses every authenticated route can give besides its own. */
const COMMON_ERRORS = {
  '401': {
    ...errorOf(
      'UNAUTHORIZED: a token is required (ISOMER_TOKENS or ISOMER_OAUTH_ISSUER is set) and it is missing, ' +
        'not a configured token, or not a valid access token for this resource. Only the Authorization header is read.',
    ),
    headers: CHALLENGE_HEADER,
  },
  '403': {
    ...errorOf(
      'FORBIDDEN_ORIGIN: a browser Origin that is not allowed; or INSUFFICIENT_SCOPE: the access token lacks ' +
        'a scope ISOMER_OAUTH_SCOPES requires here (`scopes` lists them; the challenge says `insufficient_scope`).',
    ),
    headers: CHALLENGE_HEADER,
  },
  '405': METHOD_NOT_ALLOWED,
  '500': errorOf(
    'AUTH_MISCONFIGURED: ISOMER_TOKENS or an ISOMER_OAUTH_* variable is set but unusable; or INTERNAL_ERROR.',
  ),
  '503': errorOf(
    'OAUTH_UNAVAILABLE: the identity provider’s metadata or keys could not be fetched to check the access token; try again.',
  ),
};

/** The protected resource metadata document (RFC 9728 §2). */
const RESOURCE_METADATA: Json = {
  type: 'object',
  properties: {
    resource: { type: 'string', description: 'ISOMER_OAUTH_AUDIENCE, or this Worker’s /mcp URL.' },
    authorization_servers: { type: 'array', items: { type: 'string' }, description: '[ISOMER_OAUTH_ISSUER]' },
    scopes_supported: { type: 'array', items: { type: 'string' } },
    bearer_methods_supported: { type: 'array', items: { const: 'header' } },
    resource_name: { type: 'string' },
    resource_documentation: { type: 'string' },
  },
  required: ['resource', 'authorization_servers', 'bearer_methods_supported'],
};

/** The MCP SDK's transport refusals: a JSON-RPC error object with a null or echoed id, not the Worker's shape. */
const JSON_RPC_ERROR: Json = {
  type: 'object',
  description: 'A JSON-RPC 2.0 error response, as the MCP SDK answers transport and routing failures.',
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'number', 'null'] },
    error: {
      type: 'object',
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
      required: ['code', 'message'],
    },
  },
  required: ['jsonrpc', 'error'],
};
const rpcErrorOf = (description: string) => ({ description, content: json(ref('JsonRpcError')) });

const BODY_ERRORS = {
  '400': errorOf('INVALID_JSON, or INVALID_INPUT with `issues: [{ path, message }]`.'),
  '413': errorOf(`PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES} bytes.`),
  '415': errorOf('UNSUPPORTED_MEDIA_TYPE: a non-empty body must be application/json.'),
};

const query = (name: string, description: string, schema: Json): Json => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const THEME_QUERY = query(
  'theme',
  'Colour scheme for HTML and images (a stored picture too); defaults to the composition’s own.',
  { type: 'string', enum: [...RENDER_THEMES] },
);
const HEADING_QUERY = query(
  'heading',
  'Draw the title and subtitle (every format but the images). Default false: a slide draws its own.',
  { type: 'boolean' },
);
const SCALE_QUERY = query(
  'scale',
  'Image output size per canvas pixel, without a new layout: 0.6667 draws a 1280×720 slide. ' +
    'Default 1 (1920×1080); 0.6667 for a stored picture (`image`).',
  { type: 'number', exclusiveMinimum: 0, maximum: MAX_RENDER_SCALE },
);
const IMAGE_QUERY = query(
  'image',
  'A hosted PNG of the slide in the message, `above` the text or `only` (the words kept as alt text): an ' +
    '`image` block (Slack), an `Image` element (Teams) or an `image` widget (Google Chat). If storing fails ' +
    'the text goes alone. Needs the IMAGES bucket. Only these formats take it: any other answers 400.',
  { type: 'string', enum: [...IMAGE_PLACEMENTS] },
);
const LAYOUT_QUERY = query(
  'layout',
  `true: also lay the slide out and answer what does not fit in the \`${LAYOUT_HEADER}\` header ` +
    '(starts the image engine). Default false.',
  { type: 'boolean' },
);

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
    parameters,
    requestBody: { required: true, content: json(ref('Composition')) },
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
      '400': errorOf('INVALID_JSON or INVALID_QUERY.'),
      ...(options.notFound ? { '404': errorOf('FORMAT_NOT_FOUND.') } : {}),
      '413': BODY_ERRORS['413'],
      '415': BODY_ERRORS['415'],
      '422': { description: 'The composition is invalid.', content: json(ref('CompositionInvalid')) },
      ...COMMON_ERRORS,
      '500': errorOf('RENDER_FAILED: the renderer failed; or AUTH_MISCONFIGURED or INTERNAL_ERROR.'),
      ...(options.picture ? { '501': NOT_CONFIGURED } : {}),
      ...CLIENT_CLOSED,
    },
  };
}

function nameParameter(names: readonly string[], description: string): Json {
  return { name: 'name', in: 'path', required: true, description, schema: { type: 'string', enum: [...names] } };
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
  const tools = config.toolSummaries();
  // Each host's payload schemas, named as the host names them; `$ref`s point at the components.
  const hostSchemas = Object.assign(
    {},
    ...config.registry.flatMap((entry) =>
      entry.host ? [entry.host.payload.schemas((name) => ({ $ref: `#/components/schemas/${name}` }))] : [],
    ),
  ) as Record<string, Json>;
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
    StoredImageInfo: component(hostedImageSchema),
    JsonRpcError: JSON_RPC_ERROR,
    ProtectedResourceMetadata: RESOURCE_METADATA,
    ...hostSchemas,
  };
  const paths: Record<string, Json> = {
    '/healthz': {
      get: {
        operationId: 'getHealth',
        summary: 'Liveness; never needs a token, and no Origin is refused.',
        security: [],
        responses: { '200': { description: 'Up.', content: json(ref('Health')) }, '405': METHOD_NOT_ALLOWED },
      },
    },
  };
  for (const [path, what] of [
    [METADATA_PATH, 'the origin'],
    [`${METADATA_PATH}/mcp`, 'the MCP endpoint (the document the /mcp challenge names)'],
  ] as const)
    paths[path] = {
      get: {
        operationId: path.endsWith('/mcp') ? 'getMcpResourceMetadata' : 'getResourceMetadata',
        summary: `OAuth protected resource metadata (RFC 9728) for ${what}. Public, any origin.`,
        security: [],
        responses: {
          '200': {
            description: 'The document; the same at both paths.',
            content: json(ref('ProtectedResourceMetadata')),
          },
          '404': errorOf('NOT_FOUND: ISOMER_OAUTH_ISSUER is not set.'),
          '405': METHOD_NOT_ALLOWED,
        },
      },
    };
  paths['/formats'] = {
    get: {
      operationId: 'listFormats',
      summary: 'List the formats with their media types and the query options each render route reads.',
      responses: { '200': { description: 'The formats.', content: json(ref('FormatList')) }, ...COMMON_ERRORS },
    },
  };
  paths['/tools'] = {
    get: {
      operationId: 'listTools',
      summary: 'List the tools with their input JSON Schemas.',
      responses: { '200': { description: 'The tools.', content: json(ref('ToolList')) }, ...COMMON_ERRORS },
    },
  };
  for (const tool of tools) {
    const { $schema: _dialect, ...input } = tool.inputSchema;
    const inputName = `${tool.name}_input`;
    schemas[inputName] = input;
    const empty = Object.keys((input.properties as Json | undefined) ?? {}).length === 0;
    paths[`/tools/${tool.name}`] = {
      post: {
        operationId: tool.name,
        summary: tool.title,
        description: tool.description,
        requestBody: { required: !empty, content: json(ref(inputName)) },
        responses: {
          '200': { description: 'The tool’s result.', content: json(ref('ToolResult')) },
          ...BODY_ERRORS,
          ...COMMON_ERRORS,
          ...CLIENT_CLOSED,
        },
      },
    };
  }
  paths['/resources'] = {
    get: {
      operationId: 'listResources',
      summary: 'List the resources.',
      responses: { '200': { description: 'The resources.', content: json(ref('ResourceList')) }, ...COMMON_ERRORS },
    },
  };
  paths['/resources/{name}'] = {
    get: {
      operationId: 'readResource',
      summary: 'Read a resource, served with its own MIME type.',
      parameters: [
        nameParameter(
          config.resources.map((resource) => resource.name),
          'A resource name from GET /resources.',
        ),
      ],
      responses: {
        '200': {
          description: 'The resource.',
          content: Object.fromEntries(
            config.resources.map((resource) => [
              resource.mimeType,
              { schema: resource.mimeType === 'application/json' ? { type: 'object' } : { type: 'string' } },
            ]),
          ),
        },
        '404': errorOf('RESOURCE_NOT_FOUND.'),
        ...COMMON_ERRORS,
      },
    },
  };
  paths['/prompts'] = {
    get: {
      operationId: 'listPrompts',
      summary: 'List the prompts and their arguments.',
      responses: { '200': { description: 'The prompts.', content: json(ref('PromptList')) }, ...COMMON_ERRORS },
    },
  };
  for (const prompt of config.prompts) {
    const argsName = `${prompt.name}_prompt_args`;
    const { $schema: _dialect, ...args } = inputJsonSchema(prompt.argsSchema);
    schemas[argsName] = args;
    paths[`/prompts/${prompt.name}`] = {
      post: {
        // Tools keep their own names as ids; a prompt's is prefixed so the two lists never collide.
        operationId: `prompt_${prompt.name}`,
        summary: prompt.title,
        description: prompt.description,
        requestBody: { required: false, content: json(ref(argsName)) },
        responses: {
          '200': { description: 'The built prompt as messages.', content: json(ref('PromptResult')) },
          ...BODY_ERRORS,
          ...COMMON_ERRORS,
        },
      },
    };
  }
  // Each chat host's answer has its own schema and its own query parameters (only slack, teams and
  // googlechat take `image`), so each gets a concrete path and operation: a generated client gets a
  // typed method per host. The rest share `/render/{format}`; concrete paths match first (OpenAPI 3.1).
  // Each host has a path of its own; the rest share `/render/{format}`.
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
      summary: 'Validate a composition and answer with the rendered output itself.',
      description:
        'Each format reads only its own query options (`GET /formats` lists them: `theme` the HTML and image ' +
        'formats, `scale` the images); any other option answers 400 `INVALID_QUERY`.',
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
        summary: `Validate a composition and answer the ${host.title} payload.`,
        ...(picture && !surface ? { description: '`theme` and `scale` apply to the picture (`image`) only.' } : {}),
        parameters: queries(options),
        output: `The ${host.title} payload, as JSON.`,
        content: { [host.mimeType]: { schema: ref(host.payload.root) } },
        layout: config.layout,
        picture,
      }),
    };
  }
  const imageFormats = storableFormats(config);
  paths['/images/{format}'] = {
    post: {
      operationId: 'storeImage',
      summary: 'Validate a composition, store its image once, and answer the image’s public URL.',
      description:
        'The key is an HMAC over the checked composition, format, theme, scale and renderer version: the same ' +
        `input is rendered and stored once. Images expire ISOMER_IMAGE_TTL_DAYS (default ${DEFAULT_IMAGE_TTL_DAYS}) ` +
        'days after they are stored.',
      parameters: [
        { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: imageFormats } },
        THEME_QUERY,
        SCALE_QUERY,
      ],
      requestBody: { required: true, content: json(ref('Composition')) },
      responses: {
        '200': { description: 'Where the image is.', content: json(ref('StoredImageInfo')) },
        '400': errorOf('INVALID_JSON or INVALID_QUERY.'),
        '404': errorOf('FORMAT_NOT_FOUND.'),
        '413': BODY_ERRORS['413'],
        '415': BODY_ERRORS['415'],
        '422': { description: 'The composition is invalid.', content: json(ref('CompositionInvalid')) },
        ...COMMON_ERRORS,
        '500': errorOf('RENDER_FAILED: the renderer failed; or AUTH_MISCONFIGURED or INTERNAL_ERROR.'),
        '501': NOT_CONFIGURED,
        '503': errorOf(`${STORAGE_FAILED.description} Or OAUTH_UNAVAILABLE (see the other routes).`),
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
        '503': STORAGE_FAILED,
      },
    },
  };
  paths['/mcp'] = {
    post: {
      operationId: 'mcp',
      summary:
        'MCP Streamable HTTP (protocol 2026-07-28, and 2025-era clients statelessly). GET and DELETE answer 405.',
      description:
        'The Worker checks Origin, token and method; the MCP SDK answers the rest, its refusals as JSON-RPC errors.',
      requestBody: { required: true, content: json({ type: 'object', description: 'A JSON-RPC message.' }) },
      responses: {
        '200': {
          description: 'A JSON-RPC response (JSON, or one SSE event for 2025-era clients).',
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        '202': { description: 'A notification was accepted.' },
        '400': rpcErrorOf(
          'Parse error (-32700): the body is not JSON or not a JSON-RPC message; or ' +
            'an unsupported protocol version, or headers that disagree with the body.',
        ),
        '404': rpcErrorOf('Method not found (-32601): a 2026-07-28 request for a method the server does not have.'),
        '406': rpcErrorOf(
          'Not Acceptable: a 2025-era request whose Accept lacks application/json and text/event-stream.',
        ),
        '413': rpcErrorOf(`The body is over ${MAX_BODY_BYTES} bytes.`),
        '415': rpcErrorOf('Unsupported Media Type: the body is not application/json.'),
        ...COMMON_ERRORS,
        '500': {
          description:
            'AUTH_MISCONFIGURED or INTERNAL_ERROR from the Worker, ' +
            'or an internal JSON-RPC error (-32603) from the SDK.',
          content: json({ anyOf: [ref('Error'), ref('JsonRpcError')] }),
        },
        ...CLIENT_CLOSED,
      },
    },
  };
  paths['/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document.',
      responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) }, ...COMMON_ERRORS },
    },
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
            'ISOMER_TOKENS or ISOMER_OAUTH_ISSUER is set: a static token from ISOMER_TOKENS (every route, no ' +
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
