import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ISOMER_SHOW_TOOL, ISOMER_TOOL_NAMES } from '../../src/index.ts';
import { MAX_BODY_BYTES } from '../../src/worker/index.ts';
import { BASE, mcpLegacy, mcpModern, rpcMessage, slide, streamOf } from './support.ts';

describe('POST /mcp, protocol 2026-07-28', () => {
  it('lists the six tools, then isomer_show, registering argument-less ones without a schema', async () => {
    const response = await mcpModern('tools/list');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const { result } = await rpcMessage(response);
    expect(result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      ...Object.values(ISOMER_TOOL_NAMES),
      ISOMER_SHOW_TOOL,
    ]);
    const guide = result.tools.find((tool: { name: string }) => tool.name === 'isomer_authoring_guide');
    expect(guide.inputSchema.required).toBeUndefined();
    expect(Object.keys(guide.inputSchema.properties ?? {})).toEqual([]);
  });

  it('calls a tool with the library’s result', async () => {
    const { result } = await rpcMessage(
      await mcpModern('tools/call', { name: 'isomer_validate', arguments: { composition: slide() } }),
    );
    expect(JSON.parse(result.content[0].text)).toEqual({ valid: true, errors: [], warnings: [] });
    const guide = await rpcMessage(await mcpModern('tools/call', { name: 'isomer_list_views' }));
    expect(JSON.parse(guide.result.content[0].text)[0].id).toBe('summary-slide');
  });

  it('reads resources and gets the prompt', async () => {
    const { result } = await rpcMessage(await mcpModern('resources/read', { uri: 'isomer://authoring-guide' }));
    expect(result.contents[0]).toMatchObject({ uri: 'isomer://authoring-guide', mimeType: 'text/markdown' });
    const prompt = await rpcMessage(
      await mcpModern('prompts/get', { name: 'compose', arguments: { request: 'A slide' } }),
    );
    expect(prompt.result.messages[0].content.text.endsWith('## Request\n\nA slide')).toBe(true);
  });

  it('refuses deep arguments through the input budget, not by crashing', async () => {
    let deep: unknown = 0;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const response = await mcpModern('tools/call', {
      name: 'isomer_validate',
      arguments: { composition: { type: 'view', body: [deep] } },
    });
    expect(response.status).toBe(200);
    const { result, error } = await rpcMessage(response);
    if (error) expect(error.code).toBe(-32602);
    else expect(JSON.parse(result.content[0].text).valid).toBe(false);
  });
});

describe('POST /mcp, 2025-era clients', () => {
  it('initializes statelessly and serves tools/list and tools/call', async () => {
    const init = await mcpLegacy('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'legacy', version: '1' },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const { result } = await rpcMessage(init);
    expect(result.serverInfo.name).toBe('isomer-edge');
    expect(result.protocolVersion).toBe('2025-11-25');
    const list = await rpcMessage(await mcpLegacy('tools/list'));
    expect(list.result.tools).toHaveLength(Object.values(ISOMER_TOOL_NAMES).length + 1);
    const call = await rpcMessage(await mcpLegacy('tools/call', { name: 'isomer_authoring_guide' }));
    expect(call.result.content[0].text).toContain('## Rules');
  });
});

describe('/mcp transport errors', () => {
  it('answers GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await SELF.fetch(`${BASE}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    }
  });

  it('answers a foreign Origin with 403', async () => {
    const response = await mcpModern('tools/list', {}, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('refuses a non-JSON body, malformed JSON, and a body over 1 MiB', async () => {
    const headers = { accept: 'application/json, text/event-stream' };
    expect(
      (
        await SELF.fetch(`${BASE}/mcp`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'text/plain' },
          body: '{}',
        })
      ).status,
    ).toBe(415);
    const malformed = await SELF.fetch(`${BASE}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,',
    });
    expect(malformed.status).toBe(400);
    const streamed = await SELF.fetch(`${BASE}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: streamOf(4 * MAX_BODY_BYTES),
    });
    expect(streamed.status).toBe(413);
  });

  it('answers an unknown method with JSON-RPC -32601', async () => {
    const response = await mcpModern('nope/nothing');
    expect(response.status).toBe(404);
    expect((await rpcMessage(response)).error.code).toBe(-32601);
  });
});
