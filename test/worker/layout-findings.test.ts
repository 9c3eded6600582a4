import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { builtInWorkerOptions, slidesWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker } from '../../src/worker/index.ts';
import { LAYOUT_HEADER } from '../../src/worker/routes/render.ts';
import { createIsomerRuntime, createIsomerTools } from '../../src/index.ts';
import { createLayoutCheck } from '../../src/images/index.ts';
import { slideDeckFrame, slidesPack } from '../../src/packs/slides/index.ts';
import overflowing from '../fixtures/overflow/list-long-bodies.json';
import wellFormed from '../fixtures/compositions/deck-content-slide.json';
import { BASE, jsonPost, post, workerFetch } from './support.ts';

type Result = { content: { type: string; text: string }[]; isError?: boolean };

const toolAnswer = async (response: Response): Promise<Result> => (await response.json()) as Result;

function layoutLines(warnings: readonly string[]): string[] {
  return warnings.filter((warning) => warning.startsWith('layout: '));
}

describe('layout findings in the default Worker', () => {
  it('isomer_validate keeps valid: true and adds each finding as a `layout:` warning with a path and a repair', async () => {
    const answer = await toolAnswer(await post('/tools/isomer_validate', { composition: overflowing }));
    const { valid, errors, warnings } = JSON.parse(answer.content[0]!.text);
    expect(valid).toBe(true);
    expect(errors).toEqual([]);
    const layout = layoutLines(warnings);
    expect(layout.length).toBeGreaterThan(0);
    // `<path> (in <type>) <message>`, naming the node inside the slide and what to do.
    expect(layout[0]).toMatch(/^layout: body\[0\]\.body\[1\]\S* \(in slideList\) .*\d+ (px|lines?)/);
    expect(layout.join('\n')).toMatch(/shorten `[^`]+` to about \d+ characters|move part of it to another slide/);
  });

  it('a well-formed slide validates with no layout warning', async () => {
    const answer = await toolAnswer(await post('/tools/isomer_validate', { composition: wellFormed }));
    expect(layoutLines(JSON.parse(answer.content[0]!.text).warnings)).toEqual([]);
  });

  it('isomer_render draws the output, then a block listing what does not fit', async () => {
    const answer = await toolAnswer(await post('/tools/isomer_render', { composition: overflowing, format: 'text' }));
    expect(answer.isError).toBeUndefined();
    expect(answer.content).toHaveLength(2);
    expect(answer.content[0]!.text).toContain('dock-planner');
    expect(answer.content[1]!.text).toMatch(/^Layout warnings: the composition is valid and was rendered/);
    expect(answer.content[1]!.text).toMatch(/\n- body\[0\]\.body\[1\]\S* \(in slideList\) /);
    const fits = await toolAnswer(await post('/tools/isomer_render', { composition: wellFormed, format: 'text' }));
    expect(fits.content).toHaveLength(1);
  });

  it('the authoring guide tells the agent about `layout:` warnings and what to do with them', async () => {
    const guide = await (await fetchGet('/resources/isomer-authoring-guide')).text();
    expect(guide).toContain('a warning that starts with `layout:` names a part that does not fit');
    expect(guide).toMatch(/shorten that field .* or move part to another slide/);
    const off = createWorker(slidesWorkerOptions({ layout: false }));
    const ctx = createExecutionContext();
    const offGuide = await (
      await off.fetch(new Request(`${BASE}/resources/isomer-authoring-guide`) as never, { ISOMER_AUTH: 'none' }, ctx)
    ).text();
    expect(offGuide).toContain('## Before you write');
    expect(offGuide).not.toContain('`layout:`');
  });

  it('the tool descriptions tell the agent what `layout:` warnings are', async () => {
    const { tools } = (await (await fetchGet('/tools')).json()) as { tools: { name: string; description: string }[] };
    for (const name of ['isomer_validate', 'isomer_render'])
      expect(tools.find((tool) => tool.name === name)!.description).toContain('`layout:`');
  });

  it('POST /render/{format}?layout=true answers the findings in a header; without it, no header and no check', async () => {
    const asked = await post('/render/markdown?layout=true', overflowing);
    expect(asked.status).toBe(200);
    const findings = JSON.parse(asked.headers.get(LAYOUT_HEADER)!) as string[];
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]).toMatch(/^body\[0\]\.body\[1\]\S* \(in slideList\) /);
    expect(await asked.text()).toContain('dock-planner');
    const fits = await post('/render/markdown?layout=true', wellFormed);
    expect(JSON.parse(fits.headers.get(LAYOUT_HEADER)!)).toEqual([]);
    const plain = await post('/render/markdown', overflowing);
    expect(plain.headers.has(LAYOUT_HEADER)).toBe(false);
    const wrong = await post('/render/markdown?layout=yes', overflowing);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      'layout must be true or false.',
    );
  });
});

async function fetchGet(path: string): Promise<Response> {
  const { SELF } = await import('cloudflare:test');
  return SELF.fetch(`${BASE}${path}`);
}

describe('turning it off, and the library default', () => {
  const call = (worker: ReturnType<typeof createWorker>, path: string, body: unknown): Promise<Response> =>
    workerFetch(worker, path, jsonPost(body));

  it('a deployment with layout: false answers no layout warnings, and refuses ?layout=true with a reason', async () => {
    const worker = createWorker(slidesWorkerOptions({ layout: false }));
    const answer = await toolAnswer(await call(worker, '/tools/isomer_validate', { composition: overflowing }));
    expect(layoutLines(JSON.parse(answer.content[0]!.text).warnings)).toEqual([]);
    const refused = await call(worker, '/render/text?layout=true', overflowing);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/turned off/);
  });

  it('ISOMER_LAYOUT_CHECK = "off" in the bindings turns the check off for the deployment; "on" keeps it', async () => {
    const call = async (env: Record<string, string>, path: string, body: unknown) => {
      const worker = createWorker(builtInWorkerOptions());
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`${BASE}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }) as Request<unknown, IncomingRequestCfProperties>,
        { ISOMER_AUTH: 'none', ...env },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response;
    };
    const warnings = async (env: Record<string, string>) =>
      layoutLines(
        JSON.parse(
          (await toolAnswer(await call(env, '/tools/isomer_validate', { composition: overflowing }))).content[0]!.text,
        ).warnings,
      );
    expect(await warnings({ ISOMER_LAYOUT_CHECK: 'off' })).toEqual([]);
    expect((await warnings({ ISOMER_LAYOUT_CHECK: 'on' })).length).toBeGreaterThan(0);
    expect((await warnings({})).length).toBeGreaterThan(0);
    // A value that is neither keeps the check as configured (and says so in the log).
    expect((await warnings({ ISOMER_LAYOUT_CHECK: 'of' })).length).toBeGreaterThan(0);
    const refused = await call({ ISOMER_LAYOUT_CHECK: 'OFF' }, '/render/text?layout=true', overflowing);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/turned off/);
  });

  it('the library adds findings only when given a layout check', async () => {
    const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
    const validate = (tools: ReturnType<typeof createIsomerTools>) =>
      tools.find((tool) => tool.name === 'isomer_validate')!.handler({ composition: overflowing });
    const without = await validate(createIsomerTools({ runtime, frame: slideDeckFrame }));
    expect(layoutLines(JSON.parse((without.content[0] as { text: string }).text).warnings)).toEqual([]);
    const layout = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
    const withCheck = await validate(createIsomerTools({ runtime, frame: slideDeckFrame, layout }));
    expect(layoutLines(JSON.parse((withCheck.content[0] as { text: string }).text).warnings).length).toBeGreaterThan(0);
  });
});
