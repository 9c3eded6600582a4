import { describe, expect, it, vi } from 'vitest';
import type { Composition, RenderTheme } from '../../src/index.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, createWorkerConfig, type WorkerEnv } from '../../src/worker/index.ts';
import { checkComposition } from '../../src/core/tools/check.ts';
import { unescapedSlackSyntax } from '../../src/core/chat-hosts/slack/checks.ts';
import { json, post, postRaw, slide, DEFAULT_FORMATS, workerFetch } from './support.ts';

describe('POST /render/{format}', () => {
  it('answers each runtime format with its own Content-Type', async () => {
    const expected: Record<string, string> = {
      text: 'text/plain; charset=utf-8',
      markdown: 'text/markdown; charset=utf-8',
      html: 'text/html; charset=utf-8',
      slack: 'application/json',
    };
    for (const [format, contentType] of Object.entries(expected)) {
      const response = await post(`/render/${format}`, slide());
      expect(response.status, format).toBe(200);
      expect(response.headers.get('content-type'), format).toBe(contentType);
      const body = await response.text();
      expect(body, format).toContain('Refunds settle in');
    }
  });

  it('draws the same output as the isomer_render tool', async () => {
    for (const format of ['text', 'markdown', 'html', 'slack']) {
      const tool = await json(await post('/tools/isomer_render', { composition: slide(), format }));
      const route = await (await post(`/render/${format}`, slide())).text();
      expect(format === 'slack' ? JSON.parse(route) : route, format).toEqual(
        format === 'slack' ? JSON.parse(tool.content[0].text) : tool.content[0].text,
      );
    }
  });

  it(
    'serves HTML under a policy that allows inline styles, ' + 'https and data images and fonts, and no script',
    async () => {
      const response = await post('/render/html', slide());
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:;" +
          " font-src https: data:; base-uri 'none'; form-action 'none'; sandbox",
      );
    },
  );

  it('serves a whole HTML5 page, titled from the composition, as the library builds it', async () => {
    const composition = slide({ title: 'Refunds <fast> & "final"' });
    const response = await post('/render/html', composition);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await response.text();
    expect(page.startsWith('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(page).toContain('<title>Refunds &lt;fast&gt; &amp; &quot;final&quot;</title>');
    expect(page).toMatch(/<style>[^<]+<\/style><\/head><body><section class="isomer framed"[^>]*><div>/);
    expect(page.endsWith('</section></body></html>')).toBe(true);
    const { runtime, frame } = createWorkerConfig(builtInWorkerOptions());
    const checked = checkComposition(runtime, frame, composition).composition!;
    expect(page).toBe(runtime.surfaces.html.render(checked, { heading: false }).document);
  });

  it('takes theme and heading from the query', async () => {
    expect(await (await post('/render/html?theme=dark', slide())).text()).toMatch(
      /<body><section[^>]* data-theme="dark"/,
    );
    expect(await (await post('/render/html', slide())).text()).not.toMatch(/<section[^>]* data-theme=/);
    const titled = await (await post('/render/markdown?heading=true', slide({ title: 'Composition title' }))).text();
    const untitled = await (await post('/render/markdown?heading=false', slide({ title: 'Composition title' }))).text();
    expect(titled.startsWith('# Composition title')).toBe(true);
    expect(titled.length).toBeGreaterThan(untitled.length);
  });

  it('answers 400 for a bad theme or heading', async () => {
    const theme = await post('/render/html?theme=%3Cscript%3E', slide());
    expect(theme.status).toBe(400);
    const body = await json(theme);
    expect(body.error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'theme' });
    expect(JSON.stringify(body)).not.toContain('script');
    expect((await json(await post('/render/text?heading=yes', slide()))).error).toMatchObject({
      code: 'INVALID_QUERY',
      parameter: 'heading',
    });
  });

  it('answers 422 with the tools’ error strings for an invalid composition', async () => {
    const frame = slide().body[0]!;
    const invalid = [
      { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] },
      { type: 'view', body: [frame, frame] },
      { type: 'view', body: [{ type: 'slideHeading', title: 'Outside any frame' }] },
      { type: 'nope' },
    ];
    for (const composition of invalid) {
      const response = await post('/render/slack', composition);
      expect(response.status).toBe(422);
      const body = await json(response);
      expect(body.error.code).toBe('COMPOSITION_INVALID');
      expect(body.valid).toBe(false);
      const validate = JSON.parse((await json(await post('/tools/isomer_validate', { composition }))).content[0].text);
      expect(body.errors).toEqual(validate.errors);
      expect(body.errors.length).toBeGreaterThan(0);
    }
    const missing = await json(await post('/render/text', invalid[0]));
    expect(missing.errors).toEqual(['body[0].body[0].title (in slideHeading) is required']);
    const twoFrames = await json(await post('/render/text', invalid[1]));
    expect(twoFrames.errors[0]).toContain('exactly one "slideFrame"');
  });

  it('answers 404 for an unknown format, listing the known ones', async () => {
    const response = await post('/render/gif', slide());
    expect(response.status).toBe(404);
    expect((await json(response)).error).toMatchObject({
      code: 'FORMAT_NOT_FOUND',
      formats: DEFAULT_FORMATS,
    });
  });

  it('answers 405 to GET and 415 to a non-JSON body', async () => {
    const get = await fetchWorker('/render/text', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await postRaw('/render/text', JSON.stringify(slide()), { 'content-type': 'text/plain' })).status).toBe(415);
  });
});

describe('hostile compositions through the routes', () => {
  const mentions = '<!channel> <!here> <@U123> <#C42|general> <https://evil.example|click me>';

  it('never lets Slack mention or link syntax through where Slack parses it', async () => {
    const composition = slide({
      title: `${mentions} title`,
      lede: `${mentions} lede`,
      points: [`${mentions} point`],
      brand: '<!everyone>',
    });
    const routed = JSON.parse(await (await post('/render/slack', composition)).text());
    expect(unescapedSlackSyntax(routed)).toEqual([]);
    expect(routed.text).toContain('&lt;!channel&gt;');
    const tool = JSON.parse(
      (await json(await post('/tools/isomer_render', { composition, format: 'slack' }))).content[0].text,
    );
    expect(unescapedSlackSyntax(tool)).toEqual([]);
  });

  it('refuses javascript: URLs and escapes markup on every surface', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
    ]) {
      const response = await post('/render/html', slide({ url }));
      expect(response.status, url).toBe(422);
      expect((await json(response)).errors, url).toEqual([
        'body[0].url (in slideFrame) must be an absolute https or http URL',
      ]);
    }
    const composition = slide({
      title: '<script>alert(1)</script><img src=x onerror=alert(1)>',
      points: ['[x](javascript:alert(1))', '<a href="javascript:alert(1)">y</a>'],
    });
    const html = await (await post('/render/html', composition)).text();
    expect(html).not.toMatch(/<script|<img|<a href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    const markdown = await (await post('/render/markdown', composition)).text();
    // Brackets arrive escaped, so no link forms.
    expect(markdown).toContain('\\[x\\](javascript:alert(1))');
    expect(markdown).not.toMatch(/(?<!\\)\]\(javascript:/i);
  });
});

/** Calls a fresh Worker directly, so a test can give it its own bindings and options. */
const fetchWorker = (
  path: string,
  init: RequestInit = {},
  worker = createWorker(builtInWorkerOptions()),
  env: WorkerEnv = { ISOMER_AUTH: 'none' },
): Promise<Response> => workerFetch(worker, path, init, env);

describe('host formats', () => {
  const seen: { theme?: RenderTheme; title?: string }[] = [];
  const worker = createWorker({
    ...builtInWorkerOptions(),
    formats: {
      svg: {
        mimeType: 'image/svg+xml',
        render: (composition: Composition) =>
          `<svg xmlns="http://www.w3.org/2000/svg"><title>${composition.title?.length}</title></svg>`,
      },
      pdf: {
        mimeType: 'application/pdf',
        render: (composition, { theme }) => {
          seen.push({ ...(theme ? { theme } : {}), ...(composition.title ? { title: composition.title } : {}) });
          return new TextEncoder().encode('%PDF-1.7\n');
        },
      },
      broken: {
        mimeType: 'image/png',
        render: () => {
          throw new Error('renderer exploded while drawing <!channel> SECRET');
        },
      },
    },
  });
  const render = (format: string, query = '', body: unknown = slide()) =>
    fetchWorker(
      `/render/${format}${query}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      worker,
    );

  it('serves a string format as UTF-8 with its MIME type', async () => {
    const response = await render('svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toContain('<svg');
  });

  it('serves bytes as they are, and passes the theme and the checked copy', async () => {
    const response = await render('pdf', '?theme=dark');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('%PDF-1.7\n');
    expect(seen.at(-1)).toEqual({ theme: 'dark', title: 'Refunds settle in two days' });
  });

  it('answers 500 RENDER_FAILED without the renderer’s message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await render('broken');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('RENDER_FAILED');
    expect(text).not.toContain('SECRET');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('offers the host formats to the tools and the OpenAPI document', async () => {
    const { tools } = (await (await fetchWorker('/tools', {}, worker)).json()) as {
      tools: { name: string; inputSchema: { properties: { format?: { enum: string[] } } } }[];
    };
    expect(tools.find((tool) => tool.name === 'isomer_render')!.inputSchema.properties.format!.enum).toEqual([
      ...DEFAULT_FORMATS,
      'broken',
    ]);
    const doc = (await (await fetchWorker('/openapi.json', {}, worker)).json()) as any;
    expect(doc.paths['/render/{format}'].post.responses['200'].content).toHaveProperty('application/pdf');
  });

  it('answers 500 when a host format shadows a runtime format (a configuration error)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const shadowing = createWorker({
      ...builtInWorkerOptions(),
      formats: { html: { mimeType: 'text/html', render: () => '' } },
    });
    const response = await fetchWorker('/tools', {}, shadowing);
    expect(response.status).toBe(500);
    expect(((await response.json()) as any).error.code).toBe('INTERNAL_ERROR');
    expect(
      error.mock.calls.some(
        // The exception's line is an object (`request-log.ts`): its text is read as JSON.
        ([message]) =>
          JSON.stringify(message).includes('DUPLICATE_FORMAT') || JSON.stringify(message).includes('shadow'),
      ),
    ).toBe(true);
    error.mockRestore();
  });
});
