/**
 * The image engine's warm-up: an agent session's first requests (the tool list, the guide, a
 * description, an MCP `initialize` or `tools/list`) lay out and draw one sample slide after they
 * are answered, once per configuration; requests that announce no session (a Slack text render,
 * a validation) start nothing, and `ISOMER_WARM_UP = "off"` turns it off. Each test builds its own
 * Worker, so its warm-up is its own; the engine counts draws and layouts per isolate.
 */
import { describe, expect, it } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { engineDrawCount } from '../../src/images/index.ts';
import { engineMeasureCount, registeredFaces } from '../../src/images/engine/engine.ts';
import { BUNDLED_FONTS } from '../../src/images/index.ts';
import { createWorker, createWorkerConfig } from '../../src/worker/index.ts';
import { announcesSession, mcpAnnouncesSession, warmUpSample } from '../../src/worker/warm-up.ts';
import { jsonPost, mcpModernRequest, OPEN_ENV, slide, workerFetch } from './support.ts';

/** What a request made the engine do, its waitUntil work included. */
async function engineWork(run: () => Promise<unknown>): Promise<{ draws: number; measures: number }> {
  const before = { draws: engineDrawCount(), measures: engineMeasureCount() };
  await run();
  return { draws: engineDrawCount() - before.draws, measures: engineMeasureCount() - before.measures };
}

/** A 2026-07-28 MCP request as `workerFetch` takes it: its headers and body. */
async function mcpInit(method: string, params: Record<string, unknown> = {}): Promise<RequestInit> {
  const request = mcpModernRequest(method, params);
  return { method: 'POST', headers: Object.fromEntries(request.headers), body: await request.text() };
}

describe('the image engine warm-up', () => {
  it('samples a slide of the pack the deck frame takes whole', () => {
    const config = createWorkerConfig(builtInWorkerOptions());
    const sample = warmUpSample(config)!;
    expect(sample.body).toHaveLength(1);
    expect(sample.body[0]!.type).toBe('slideFrame');
    expect(config.runtime.validate(sample).valid).toBe(true);
    expect(config.frame!.validateBody!(sample.body)).toEqual([]);
  });

  it('knows the HTTP requests that open an agent session, and those that do not', () => {
    for (const [method, path] of [
      ['GET', '/tools'],
      ['POST', '/tools/isomer_authoring_guide'],
      ['POST', '/tools/isomer_describe_primitives'],
      ['POST', '/tools/isomer_list_views'],
      ['GET', '/resources'],
      ['GET', '/resources/guide'],
      ['GET', '/prompts'],
      ['POST', '/prompts/compose'],
    ])
      expect(announcesSession(method!, path!), `${method} ${path}`).toBe(true);
    for (const [method, path] of [
      ['POST', '/tools/isomer_validate'],
      ['POST', '/tools/isomer_render'],
      ['POST', '/render/slack'],
      ['POST', '/render/png'],
      ['GET', '/formats'],
      ['GET', '/healthz'],
      ['GET', '/tools/x/y'],
    ])
      expect(announcesSession(method!, path!), `${method} ${path}`).toBe(false);
  });

  it('reads an MCP body for the methods and tools that open a session, and no further than 64 KiB', async () => {
    const request = (method: string, params?: Record<string, unknown>) => mcpModernRequest(method, params ?? {});
    expect(await mcpAnnouncesSession(request('initialize'))).toBe(true);
    expect(await mcpAnnouncesSession(request('tools/list'))).toBe(true);
    expect(await mcpAnnouncesSession(request('resources/read', { uri: 'isomer://guide' }))).toBe(true);
    expect(await mcpAnnouncesSession(request('tools/call', { name: 'isomer_authoring_guide', arguments: {} }))).toBe(
      true,
    );
    const render = { name: 'isomer_render', arguments: { composition: slide, format: 'png' } };
    expect(await mcpAnnouncesSession(request('tools/call', render))).toBe(false);
    // A composition that quotes a session method in its text is still a render.
    const quoting = {
      type: 'view',
      body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: '"method":"tools/list"' }] }],
    };
    expect(
      await mcpAnnouncesSession(
        request('tools/call', { name: 'isomer_validate', arguments: { composition: quoting } }),
      ),
    ).toBe(false);
    const huge = { name: 'isomer_authoring_guide', arguments: { padding: 'x'.repeat(70_000) } };
    expect(await mcpAnnouncesSession(request('tools/call', huge))).toBe(false);
  });

  it('draws one sample after the first GET /tools, and never again', async () => {
    const worker = createWorker(builtInWorkerOptions());
    const first = await engineWork(() => workerFetch(worker, '/tools'));
    // One picture drawn; the layout check measured the sample (the first check in an isolate may
    // measure once more, for the fonts it readies).
    expect(first.draws).toBe(1);
    expect(first.measures).toBeGreaterThanOrEqual(1);
    // Every bundled face is registered: the next slide's picture registers none.
    expect(new Set(registeredFaces(BUNDLED_FONTS))).toEqual(new Set(BUNDLED_FONTS));
    const later = await engineWork(async () => {
      await workerFetch(worker, '/tools');
      await workerFetch(worker, '/tools/isomer_authoring_guide', jsonPost({}));
    });
    expect(later).toEqual({ draws: 0, measures: 0 });
  });

  it('warms on an MCP initialize or tools/list, not on an MCP render', async () => {
    const listed = createWorker(builtInWorkerOptions());
    const listing = await engineWork(async () => workerFetch(listed, '/mcp', await mcpInit('tools/list')));
    expect(listing.draws).toBe(1);
    const validated = createWorker(builtInWorkerOptions());
    const validate = await mcpInit('tools/call', { name: 'isomer_validate', arguments: { composition: slide } });
    const work = await engineWork(() => workerFetch(validated, '/mcp', validate));
    // The validation's own layout check, and nothing drawn.
    expect(work.draws).toBe(0);
    // A 2025-era client's first request, served statelessly.
    const initialize = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      }),
    };
    const initialized = await engineWork(() => workerFetch(validated, '/mcp', initialize));
    expect(initialized.draws).toBe(1);
  });

  it('starts nothing for a Slack text render, a refused request, or with ISOMER_WARM_UP = "off"', async () => {
    const worker = createWorker(builtInWorkerOptions());
    expect(await engineWork(() => workerFetch(worker, '/render/slack', jsonPost(slide)))).toEqual({
      draws: 0,
      measures: 0,
    });
    // Closed by default: the refused request warms nothing.
    const closed = createWorker(builtInWorkerOptions());
    expect(await engineWork(() => workerFetch(closed, '/tools', {}, {}))).toEqual({ draws: 0, measures: 0 });
    const off = createWorker(builtInWorkerOptions());
    const env = { ...OPEN_ENV, ISOMER_WARM_UP: 'off' };
    expect(await engineWork(() => workerFetch(off, '/tools', {}, env))).toEqual({ draws: 0, measures: 0 });
  });

  it('answers the announcing request before the warm-up draws', async () => {
    const worker = createWorker(builtInWorkerOptions());
    let pending: Promise<unknown> | undefined;
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => {
        pending = promise;
      },
      passThroughOnException: () => {},
    };
    const work = await engineWork(async () => {
      const response = await worker.fetch(new Request('http://isomer.test/tools'), OPEN_ENV, ctx);
      expect(response.status).toBe(200);
    });
    // Answered with nothing laid out or drawn: the warm-up waits for a timer, after the answer.
    expect(work).toEqual({ draws: 0, measures: 0 });
    expect((await engineWork(() => pending!)).draws).toBe(1);
  });
});
