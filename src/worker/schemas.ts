/**
 * The shapes the HTTP routes answer with, as Zod schemas: the OpenAPI document is generated from
 * these and from each tool's own input schema, so the document cannot drift from the code.
 */
import * as z from 'zod';
import { WORKER_ERROR_CODES } from './errors.ts';
import { FORMAT_OPTIONS } from '../core/formats.ts';

export const errorBodySchema = z
  .object({
    error: z.looseObject({
      code: z.enum(WORKER_ERROR_CODES).describe('Stable: match on this, never on the message.'),
      message: z.string().describe('For people; bounded, never echoes much of the request.'),
      requestId: z.string().describe('The id of the request, as in the x-request-id header and its log line.'),
    }),
  })
  .describe('Every error the HTTP routes answer with.');

/** Composition as a loose object: the node union is recursive and too large to inline here. */
export const compositionSchema = z
  .looseObject({
    type: z.literal('view'),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    theme: z.enum(['auto', 'light', 'dark']).optional(),
    body: z.array(z.looseObject({ type: z.string() })),
  })
  .describe(
    'A composition. The full node schema is the isomer-composition-schema ' +
      'resource; POST /tools/isomer_describe_primitives for the types you use.',
  );

export const compositionInvalidSchema = z
  .object({
    error: z.object({ code: z.literal('COMPOSITION_INVALID'), message: z.string(), requestId: z.string() }),
    valid: z.literal(false),
    errors: z
      .array(z.string())
      .describe('Each finding as `<path> (in <type>) <message>`, the same strings the tools return.'),
  })
  .describe('A composition that failed validation: repair each error and send it again.');

const contentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), data: z.string().describe('base64'), mimeType: z.string() }),
  z.object({
    type: z.literal('resource'),
    resource: z.object({ uri: z.string(), mimeType: z.string(), blob: z.string().describe('base64') }),
  }),
]);

export const toolResultSchema = z
  .object({ content: z.array(contentBlockSchema), isError: z.literal(true).optional() })
  .describe(
    'The tool’s result exactly as the library returns it (the shape of an ' +
      'MCP CallToolResult). A failed call is still HTTP 200 with isError: true.',
  );

export const toolListSchema = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      inputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema (draft 2020-12)'),
    }),
  ),
});

export const formatListSchema = z.object({
  layout: z.boolean().describe('Whether the layout check is on: without it `layout=true` answers 400.'),
  formats: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      mimeType: z.string(),
      picture: z.boolean().describe('Its messages can carry a stored picture (`image`).'),
      hosted: z.boolean().describe('`POST /images/{format}` stores it.'),
      options: z
        .array(z.enum(FORMAT_OPTIONS))
        .describe('The query options its render route reads; any other answers 400 INVALID_QUERY.'),
    }),
  ),
});

export const resourceListSchema = z.object({
  resources: z.array(
    z.object({ name: z.string(), uri: z.string(), title: z.string(), description: z.string(), mimeType: z.string() }),
  ),
});

export const promptListSchema = z.object({
  prompts: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      arguments: z.array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean() })),
    }),
  ),
});

export const promptResultSchema = z
  .object({
    description: z.string(),
    messages: z.array(
      z.object({ role: z.literal('user'), content: z.object({ type: z.literal('text'), text: z.string() }) }),
    ),
  })
  .describe('The same shape as an MCP GetPromptResult: one user message holding the built text.');

export const healthSchema = z.object({ ok: z.literal(true) });

export const hostedImageSchema = z
  .object({
    url: z.string().describe('Absolute and public: GET needs no token (Slack’s `image_url`).'),
    mimeType: z.string(),
    width: z.number().int().describe('Pixels; a PDF reports its canvas (0.75 pt each).'),
    height: z.number().int(),
    bytes: z.number().int(),
  })
  .describe('A stored image, from POST /images/{format}.');
