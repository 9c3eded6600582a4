/**
 * A raw `POST /mcp` message on either protocol era the Worker serves, for tests that send it
 * themselves (with a signal, a streamed body, or over a socket they reset) rather than through the
 * client SDK: shared by the workerd abort tests and the node fault test.
 */
export const MCP_VERSION = '2026-07-28';

/** `modern`: 2026-07-28, its envelope in every request; `legacy`: a 2025-era request, no envelope. */
export type McpEra = 'modern' | 'legacy';
export const MCP_ERAS: readonly McpEra[] = ['modern', 'legacy'];

export interface McpMessage {
  headers: Record<string, string>;
  body: string;
}

export function mcpMessage(era: McpEra, id: number, method: string, params: Record<string, unknown>): McpMessage {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (era === 'legacy') return { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params }) };
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MCP_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'isomer-edge-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  headers['mcp-protocol-version'] = MCP_VERSION;
  headers['mcp-method'] = method;
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  return { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta } }) };
}

/** A `tools/call` of `isomer_render`. */
export function renderCall(era: McpEra, composition: unknown, format: string, id = 1): McpMessage {
  return mcpMessage(era, id, 'tools/call', { name: 'isomer_render', arguments: { composition, format } });
}
