/**
 * `isomer_show` and its MCP Apps page on `POST /mcp`, in workerd: the tool's `_meta` link, the
 * `ui://` resource as a host reads it, answers for valid, invalid and hostile compositions, and how
 * a host's declared capabilities shape the answer.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ISOMER_SHOW_APP_URI, ISOMER_SHOW_TOOL, ISOMER_TOOL_NAMES } from '../../src/index.ts';
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from '../../src/worker/show-app.ts';
import { HOSTILE_PAYLOADS } from '../support/hostile-payloads.ts';
import { BASE, MCP_VERSION, mcpLegacy, rpcMessage, slide } from './support.ts';

const APPS = { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };

/** A 2026-07-28 request from a host that declares `capabilities`. */
function mcp(method: string, params: Record<string, unknown>, capabilities: unknown = APPS): Promise<Response> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MCP_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'apps-host-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return SELF.fetch(`${BASE}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MCP_VERSION,
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
  });
}

async function show(args: Record<string, unknown>, capabilities: unknown = APPS) {
  const { result, error } = await rpcMessage(
    await mcp('tools/call', { name: ISOMER_SHOW_TOOL, arguments: args }, capabilities),
  );
  expect(error).toBeUndefined();
  return result;
}

describe('isomer_show on tools/list', () => {
  it('comes after the six, linked to the app by _meta.ui.resourceUri and the flat legacy key', async () => {
    const { result } = await rpcMessage(await mcp('tools/list', {}));
    const names = result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual([...Object.values(ISOMER_TOOL_NAMES), ISOMER_SHOW_TOOL]);
    const tool = result.tools.at(-1);
    expect(tool._meta).toEqual({ ui: { resourceUri: ISOMER_SHOW_APP_URI }, 'ui/resourceUri': ISOMER_SHOW_APP_URI });
    // One slide or a deck, exactly one (a rule the schema checks): neither key is required alone.
    expect(Object.keys(tool.inputSchema.properties)).toEqual(['composition', 'compositions', 'theme']);
    expect(tool.inputSchema.required).toBeUndefined();
    expect(tool.description).toContain('isomer_render');
  });

  it('is listed with its _meta for a host that said nothing of apps, and to 2025-era clients', async () => {
    const modern = await rpcMessage(await mcp('tools/list', {}, {}));
    expect(modern.result.tools.at(-1)._meta.ui.resourceUri).toBe(ISOMER_SHOW_APP_URI);
    const legacy = await rpcMessage(await mcpLegacy('tools/list'));
    expect(legacy.result.tools.at(-1).name).toBe(ISOMER_SHOW_TOOL);
    expect(legacy.result.tools.at(-1)._meta.ui.resourceUri).toBe(ISOMER_SHOW_APP_URI);
  });

  it('is not an HTTP tool: GET /tools lists the six', async () => {
    const response = await SELF.fetch(`${BASE}/tools`);
    const { tools } = (await response.json()) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toEqual(Object.values(ISOMER_TOOL_NAMES));
  });

  it('the server instructions tell the agent when to show', async () => {
    const init = await rpcMessage(
      await mcpLegacy('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: APPS,
        clientInfo: { name: 'legacy', version: '1' },
      }),
    );
    expect(init.result.instructions).toContain('call isomer_show with the valid composition');
  });
});

describe('the ui://isomer/show resource', () => {
  it('is listed with the MCP Apps MIME type and a CSP that asks for no origin', async () => {
    const { result } = await rpcMessage(await mcp('resources/list', {}));
    const app = result.resources.find((resource: { uri: string }) => resource.uri === ISOMER_SHOW_APP_URI);
    expect(app).toMatchObject({ name: 'isomer-show', mimeType: MCP_APP_MIME_TYPE });
    expect(app._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
  });

  it('reads as one self-contained HTML document: inline script and style, no URL it would load', async () => {
    const { result } = await rpcMessage(await mcp('resources/read', { uri: ISOMER_SHOW_APP_URI }));
    const [content] = result.contents;
    expect(content.uri).toBe(ISOMER_SHOW_APP_URI);
    expect(content.mimeType).toBe(MCP_APP_MIME_TYPE);
    expect(content._meta.ui.csp.connectDomains).toEqual([]);
    const html: string = content.text;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<script type="module">');
    // Nothing the page would fetch: no src/href attribute, no stylesheet link, no import of a URL.
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]*\s(src|href)=/i);
    expect(html).not.toMatch(/\bimport\s*\(\s*["'`]https?:/);
    // Within the budget (gzip measured by `npm run bench`); the text here is the upper bound.
    expect(html.length).toBeLessThan(1_000_000);
  });

  it('reads the same way for a 2025-era client', async () => {
    const { result } = await rpcMessage(await mcpLegacy('resources/read', { uri: ISOMER_SHOW_APP_URI }));
    expect(result.contents[0].mimeType).toBe(MCP_APP_MIME_TYPE);
    expect(result.contents[0].text).toContain('isomer-show');
  });
});

describe('isomer_show answers', () => {
  it('a valid slide: its Markdown for the model, the HTML surface and title for the app', async () => {
    const result = await show({ composition: slide() });
    expect(result.isError).toBeUndefined();
    expect(result.content[0].type).toBe('text');
    expect(result.content[0].text).toContain('Refunds settle in **two days**, not five');
    const app = result.structuredContent;
    expect(app).toMatchObject({
      valid: true,
      title: 'Refunds settle in two days',
      theme: 'auto',
      errors: [],
      warnings: [],
    });
    expect(app.html).toMatch(/^<!DOCTYPE html>/);
    expect(app.html).toContain('class="isomer framed"');
    expect(app.html).toContain('Carts survive a lost connection');
  });

  it('draws in the theme asked for, else the composition’s own', async () => {
    expect((await show({ composition: slide(), theme: 'dark' })).structuredContent).toMatchObject({ theme: 'dark' });
    expect((await show({ composition: slide(), theme: 'dark' })).structuredContent.html).toContain('data-theme="dark"');
    const own = await show({ composition: { ...slide(), theme: 'light' } });
    expect(own.structuredContent.theme).toBe('light');
  });

  it('the same Markdown as isomer_render, from one check', async () => {
    const rendered = await rpcMessage(
      await mcp('tools/call', { name: 'isomer_render', arguments: { composition: slide(), format: 'markdown' } }),
    );
    expect((await show({ composition: slide() })).content[0].text).toBe(rendered.result.content[0].text);
  });

  it('an invalid composition: its errors with paths, isError, and no HTML', async () => {
    const bad = { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] };
    const result = await show({ composition: bad });
    expect(result.isError).toBe(true);
    const text = JSON.parse(result.content[0].text);
    expect(text.valid).toBe(false);
    expect(text.errors.some((e: string) => e.startsWith('body[0].body[0].title (in slideHeading)'))).toBe(true);
    expect(result.structuredContent.valid).toBe(false);
    expect(result.structuredContent.html).toBeUndefined();
    expect(result.structuredContent.errors).toContainEqual(
      expect.objectContaining({ path: 'body[0].body[0].title', text: expect.stringContaining('(in slideHeading)') }),
    );
  });

  it('the same errors as isomer_render for the frame rule (one check)', async () => {
    const empty = { type: 'view', body: [] };
    const rendered = await rpcMessage(
      await mcp('tools/call', { name: 'isomer_render', arguments: { composition: empty, format: 'html' } }),
    );
    const shown = await show({ composition: empty });
    expect(JSON.parse(shown.content[0].text).errors).toEqual(JSON.parse(rendered.result.content[0].text).errors);
  });

  it('a host that declared capabilities without apps gets the text alone', async () => {
    const result = await show({ composition: slide() }, {});
    expect(result.content[0].text).toContain('Refunds settle');
    expect(result.structuredContent).toBeUndefined();
  });

  it('a 2025-era client (support unknown on a stateless endpoint) gets both', async () => {
    const { result } = await rpcMessage(
      await mcpLegacy('tools/call', { name: ISOMER_SHOW_TOOL, arguments: { composition: slide() } }),
    );
    expect(result.content[0].text).toContain('Refunds settle');
    expect(result.structuredContent.valid).toBe(true);
  });
});

describe('isomer_show with hostile input', () => {
  it('hostile text in every field of a slide comes back escaped in the HTML and the Markdown', async () => {
    const payloads = HOSTILE_PAYLOADS.filter((p) => /<script|onerror|javascript:/i.test(p)).slice(0, 30);
    const result = await show({
      composition: slide({ title: payloads[0]!, lede: payloads[1]!, points: payloads.slice(2, 8), brand: 'x' }),
    });
    expect(result.isError).toBeUndefined();
    const html: string = result.structuredContent.html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
  });

  it('wrong types are refused as tool errors, not crashes', async () => {
    for (const args of [{}, { composition: 'text' }, { composition: [] }, { composition: {}, theme: 'neon' }]) {
      const { result, error } = await rpcMessage(await mcp('tools/call', { name: ISOMER_SHOW_TOOL, arguments: args }));
      if (error) expect(error.code).toBe(-32602);
      else expect(result.isError, JSON.stringify(args)).toBe(true);
    }
  });

  it('a deep composition is refused by the input budget, quickly', async () => {
    let deep: unknown = 0;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const started = Date.now();
    const { result, error } = await rpcMessage(
      await mcp('tools/call', { name: ISOMER_SHOW_TOOL, arguments: { composition: { type: 'view', body: [deep] } } }),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    if (error) expect(error.code).toBe(-32602);
    else expect(result.isError).toBe(true);
  });

  it('a huge composition is refused with the budget’s errors', async () => {
    const points = Array.from({ length: 30_000 }, (_, i) => `point ${i}`);
    const { result, error } = await rpcMessage(
      await mcp('tools/call', { name: ISOMER_SHOW_TOOL, arguments: { composition: slide({ points }) } }),
    );
    if (error) expect(error.code).toBe(-32602);
    else {
      expect(result.isError).toBe(true);
      expect(result.structuredContent?.html).toBeUndefined();
    }
  });

  it('odd capabilities never break the call', async () => {
    for (const capabilities of [
      null,
      'apps',
      { extensions: 'x' },
      { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: 'x' } } },
    ]) {
      const { result, error } = await rpcMessage(
        await mcp('tools/call', { name: ISOMER_SHOW_TOOL, arguments: { composition: slide() } }, capabilities),
      );
      // The SDK may refuse a malformed envelope itself; otherwise the text answer is always there.
      if (error) expect(error.code).toBe(-32602);
      else expect(result.content[0].text).toContain('Refunds settle');
    }
  });
});
