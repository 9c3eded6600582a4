/**
 * The tools route group's operations in the OpenAPI document: `GET /tools` and one
 * `POST /tools/{name}` per tool, `GET /resources` and `GET /resources/{name}`, `GET /prompts` and
 * one `POST /prompts/{name}` per prompt, with each tool's input and each prompt's arguments as a
 * component schema (the routes are in `routes/tools.ts`).
 */
import { inputJsonSchema, type WorkerConfig } from '../config.ts';
import { BODY_ERRORS, CLIENT_CLOSED, COMMON_ERRORS, errorOf, json, ref, type Json } from './responses.ts';

/** The `{name}` path parameter, its values listed. */
function nameParameter(names: readonly string[], description: string): Json {
  return { name: 'name', in: 'path', required: true, description, schema: { type: 'string', enum: [...names] } };
}

/** The operations, and the input and argument schemas they name, in the document's order. */
export function toolOperations(config: WorkerConfig): { paths: Record<string, Json>; schemas: Record<string, Json> } {
  const tools = config.toolSummaries();
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = {};
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
  return { paths, schemas };
}
