/**
 * The MCP route group's operation in the OpenAPI document: `POST /mcp`, whose refusals past the
 * Worker's own checks are the MCP SDK's JSON-RPC errors, with the schema of those (the route is
 * in `routes/mcp.ts`).
 */
import { MAX_BODY_BYTES } from '../body.ts';
import { CLIENT_CLOSED, COMMON_ERRORS, json, ref, type Json } from './responses.ts';

/** The MCP SDK's transport refusals: a JSON-RPC error object with a null or echoed id, not the Worker's shape. */
export const JSON_RPC_ERROR: Json = {
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

/** `POST /mcp`: Streamable HTTP; GET and DELETE answer 405. */
export function mcpOperations(): Record<string, Json> {
  const paths: Record<string, Json> = {};
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
        '429': { ...COMMON_ERRORS['429'], content: json({ anyOf: [ref('Error'), ref('JsonRpcError')] }) },
        '503': {
          description: `${COMMON_ERRORS['503'].description} A closed Worker answers /mcp with a JSON-RPC error whose data.code is AUTH_NOT_CONFIGURED.`,
          content: json({ anyOf: [ref('Error'), ref('JsonRpcError')] }),
        },
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
  return paths;
}
