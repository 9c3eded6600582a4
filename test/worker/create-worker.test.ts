import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineView } from '../../src/index.ts';
import { createWorker, summarySlideView, type WorkerCaller, type WorkerEnv } from '../../src/worker/index.ts';
import { BASE } from './support.ts';

/** The README's example: a deployer's own view, typed input, the caller's context as a default. */
const incident = defineView<WorkerCaller, { service: string; status: 'degraded' | 'down'; notes: string[] }>({
  id: 'incident-status',
  title: 'Incident status',
  answers: ['What is the status of the incident?', 'Is the service down?'],
  input: z.object({
    service: z.string().min(1).max(80),
    status: z.enum(['degraded', 'down']),
    notes: z.array(z.string().min(1).max(200)).min(1).max(6),
  }),
  build: ({ context, input }) => ({
    type: 'view',
    title: `${input.service} is ${input.status}`,
    body: [
      {
        type: 'slideFrame',
        brand: typeof context.context.brand === 'string' ? context.context.brand : 'Status',
        body: [
          { type: 'slideHeading', title: `${input.service} is **${input.status}**` },
          { type: 'slideBulletList', items: input.notes, marker: 'x' },
        ],
      },
    ],
  }),
});

async function call(
  worker: ReturnType<typeof createWorker>,
  path: string,
  body?: unknown,
  env: WorkerEnv = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const init: RequestInit =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const answer = async (response: Response) =>
  JSON.parse(((await response.json()) as { content: { text: string }[] }).content[0]!.text);

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation((message: unknown) => void logged.push(String(message)));
});
afterEach(() => vi.restoreAllMocks());

describe('createWorker({ views })', () => {
  it('serves a deployer’s views after the sample', async () => {
    const worker = createWorker({ views: [incident] });
    const views = await answer(await call(worker, '/tools/isomer_list_views', {}));
    expect(views.map((view: { id: string }) => view.id)).toEqual(['summary-slide', 'incident-status']);
    expect(views[1].inputSchema.properties.status.enum).toEqual(['degraded', 'down']);
    const built = await answer(
      await call(worker, '/tools/isomer_request_view', {
        id: 'incident-status',
        input: { service: 'Checkout', status: 'down', notes: ['Payments fail'] },
      }),
    );
    expect(built.valid).toBe(true);
    expect(built.composition.body[0].brand).toBe('Status');
    const guide = await (await call(worker, '/tools/isomer_authoring_guide', {})).text();
    expect(guide).toContain('incident-status');
  });

  it('gives the views the caller’s context', async () => {
    const worker = createWorker({ views: [incident] });
    const env = {
      ISOMER_TOKENS: JSON.stringify({
        tok_status_page_0123456789: { caller: 'status-page', context: { brand: 'Acme Status' } },
      }),
    };
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${BASE}/tools/isomer_request_view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer tok_status_page_0123456789' },
        body: JSON.stringify({ id: 'incident-status', input: { service: 'API', status: 'degraded', notes: ['Slow'] } }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect((await answer(response)).composition.body[0].brand).toBe('Acme Status');
  });

  it('drops the sample view with sampleViews: false, and the view tools with no views at all', async () => {
    const only = await answer(
      await call(createWorker({ sampleViews: false, views: [incident] }), '/tools/isomer_list_views', {}),
    );
    expect(only.map((view: { id: string }) => view.id)).toEqual(['incident-status']);
    const { tools } = (await (await call(createWorker({ sampleViews: false }), '/tools')).json()) as {
      tools: { name: string }[];
    };
    expect(tools.map((tool) => tool.name)).toEqual([
      'isomer_authoring_guide',
      'isomer_describe_primitives',
      'isomer_validate',
      'isomer_render',
    ]);
  });

  it('answers 500 INTERNAL_ERROR for a configuration error, such as a duplicate view id', async () => {
    const response = await call(createWorker({ views: [summarySlideView] }), '/tools');
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INTERNAL_ERROR');
    expect(logged.some((message) => message.includes('already registered'))).toBe(true);
  });

  it('keeps /healthz up even when the configuration cannot be built', async () => {
    expect((await call(createWorker({ views: [summarySlideView] }), '/healthz')).status).toBe(200);
  });
});
