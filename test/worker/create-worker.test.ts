import { createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineView, definePrimitive, definePrimitivePack, html, md } from '../../src/index.ts';
import { slidesPack } from '../../src/packs/slides/index.ts';
import { builtInWorkerOptions, slidesWorkerOptions, summarySlideView } from '../../src/built-in/options.ts';
import { fixtureCardsPack } from '../support/packs/fixture-cards.ts';
import { createWorker, type WorkerCaller, type WorkerEnv } from '../../src/worker/index.ts';
import { RUNTIME_FORMATS } from '../../src/core/tools/names.ts';
import { BASE, jsonPost, workerFetch } from './support.ts';

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
  env: WorkerEnv = { ISOMER_AUTH: 'none' },
): Promise<Response> {
  return workerFetch(worker, path, body === undefined ? {} : jsonPost(body), env);
}

const answer = async (response: Response) =>
  JSON.parse(((await response.json()) as { content: { text: string }[] }).content[0]!.text);

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // Strings as they are; the exception's line (an object, `request-log.ts`) as JSON.
  vi.spyOn(console, 'error').mockImplementation(
    (message: unknown) => void logged.push(typeof message === 'string' ? message : JSON.stringify(message)),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('createWorker(slidesWorkerOptions({ views }))', () => {
  it('serves a deployer’s views after the sample', async () => {
    const worker = createWorker(slidesWorkerOptions({ views: [incident] }));
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
    const worker = createWorker(slidesWorkerOptions({ views: [incident] }));
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
      await call(
        createWorker(slidesWorkerOptions({ sampleViews: false, views: [incident] })),
        '/tools/isomer_list_views',
        {},
      ),
    );
    expect(only.map((view: { id: string }) => view.id)).toEqual(['incident-status']);
    const { tools } = (await (
      await call(createWorker(slidesWorkerOptions({ sampleViews: false })), '/tools')
    ).json()) as {
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
    const response = await call(createWorker(slidesWorkerOptions({ views: [summarySlideView] })), '/tools');
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INTERNAL_ERROR');
    expect(logged.some((message) => message.includes('already registered'))).toBe(true);
  });

  it('adds packs after the slides pack rather than replacing it', () => {
    expect(slidesWorkerOptions({ packs: [fixtureCardsPack] }).packs).toEqual([slidesPack, fixtureCardsPack]);
    expect(slidesWorkerOptions().packs).toEqual([slidesPack]);
  });

  it('is what the Worker entry serves, as builtInWorkerOptions()', async () => {
    const entry = await (await SELF.fetch(`${BASE}/resources/isomer-authoring-guide`)).text();
    const built = await (await call(createWorker(builtInWorkerOptions()), '/resources/isomer-authoring-guide')).text();
    expect(entry).toBe(built);
    expect(await (await SELF.fetch(`${BASE}/tools`)).json()).toEqual(
      await (await call(createWorker(builtInWorkerOptions()), '/tools')).json(),
    );
  });

  it('keeps /healthz up even when the configuration cannot be built', async () => {
    expect((await call(createWorker(slidesWorkerOptions({ views: [summarySlideView] })), '/healthz')).status).toBe(200);
  });
});

const IMAGES = ['png', 'webp', 'svg', 'pdf'];

/** A deployer's own vocabulary: one primitive, in a pack, and a view that builds with it. */
const metric = definePrimitive({
  type: 'metric',
  schema: z.object({ type: z.literal('metric'), label: z.string().min(1), value: z.string().min(1) }),
  catalog: { purpose: 'One number and what it measures.', useWhen: ['A KPI.'], avoidWhen: ['A trend.'] },
  examples: [{ type: 'metric', label: 'Uptime', value: '99.98%' }],
  renderers: {
    html: (node) => html`<p class="metric">${node.label}: <b>${node.value}</b></p>`,
    text: (node) => `${node.label}: ${node.value}`,
    markdown: (node) => md.content(md.paragraph(`${node.label}: ${node.value}`)),
  },
});
const opsPack = definePrimitivePack({ id: 'ops', primitives: [metric] });
const uptime = defineView<WorkerCaller, { service: string }>({
  id: 'uptime',
  title: 'Uptime',
  answers: ['What is the uptime?'],
  input: z.object({ service: z.string().min(1).max(80) }),
  build: ({ input }) => ({
    type: 'view',
    title: `${input.service} uptime`,
    body: [{ type: 'metric', label: 'Uptime', value: '99.98%' }],
  }),
});

describe('createWorker({ packs, views }): a Worker over a deployer’s own pack', () => {
  const worker = createWorker({ packs: [opsPack], views: [uptime], guide: 'Show operations numbers.' });

  it('serves the pack’s primitives and the view, and nothing of the slides pack', async () => {
    const built = await answer(
      await call(worker, '/tools/isomer_request_view', { id: 'uptime', input: { service: 'API' } }),
    );
    expect(built).toMatchObject({ valid: true, composition: { title: 'API uptime' } });
    const markdown = await call(worker, '/render/markdown', built.composition);
    expect(markdown.status).toBe(200);
    // No frame draws a title here, so the surfaces do unless asked not to.
    expect(await markdown.text()).toBe('# API uptime\n\nUptime: 99.98%');
    const slide = await answer(
      await call(worker, '/tools/isomer_validate', {
        composition: { type: 'view', body: [{ type: 'slideFrame', body: [] }] },
      }),
    );
    expect(slide.valid).toBe(false);
    const guide = await (await call(worker, '/tools/isomer_authoring_guide', {})).text();
    expect(guide).toContain('Show operations numbers.');
    expect(guide).not.toContain('slideFrame');
  });

  it('offers no image formats without a frame, and refuses images: true without one', async () => {
    const formatsOf = async (of: ReturnType<typeof createWorker>) =>
      ((await (await call(of, '/tools')).json()) as { tools: { name: string; inputSchema: any }[] }).tools.find(
        (tool) => tool.name === 'isomer_render',
      )!.inputSchema.properties.format.enum as string[];
    // The image formats draw a frame: this Worker has none, the slides Worker has the deck.
    expect(await formatsOf(worker)).toEqual(expect.arrayContaining([...RUNTIME_FORMATS]));
    expect(await formatsOf(createWorker(slidesWorkerOptions()))).toEqual(expect.arrayContaining(IMAGES));
    for (const image of IMAGES) expect(await formatsOf(worker)).not.toContain(image);
    expect((await call(worker, '/render/png', { type: 'view', body: [] })).status).toBe(404);
    const broken = await call(createWorker({ packs: [opsPack], images: true }), '/tools');
    expect(broken.status).toBe(500);
    expect(logged.some((message) => message.includes('image formats draw a frame'))).toBe(true);
  });
});
