/**
 * docs/adding-a-host.md, followed step by step: Mattermost as a folder written the documented way
 * (`test/support/chat-hosts/mattermost/`, declared with `defineHost`) and its line in the registry
 * (`[...BUILT_IN_HOSTS, mattermostHost]`, as `registry.ts` lists the built-in ones). It must reach
 * the format registry, `isomer_render`, `POST /render/mattermost`, the OpenAPI document, the
 * `?image=` rule, the README's table check and the chat sweep.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { createChatFormats } from '../../../src/chat/index.ts';
import { formatRegistry } from '../../../src/core/formats.ts';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { builtInWorkerOptions } from '../../../src/built-in/options.ts';
import { createWorker, createWorkerConfig } from '../../../src/worker/index.ts';
import { ANONYMOUS_CALLER } from '../../../src/worker/auth.ts';
import { cases, placements, sweep } from '../../support/chat-sweep.ts';
import { formatTable, readmeFormatTable } from '../../support/format-table.ts';
import { mattermostHost } from '../../support/chat-hosts/mattermost/index.ts';
import { previewSlide, slidesRuntime } from '../../support/slides.ts';
import { call, textOf } from '../../support/tool-fixtures.ts';
import { jsonPost, workerFetch } from '../../worker/support.ts';

// Step 2: the registry line.
const hosts = [...BUILT_IN_HOSTS, mattermostHost];
const options = { ...builtInWorkerOptions(), hosts };
const worker = createWorker(options);
const config = createWorkerConfig(options);

const slide = previewSlide({ type: 'slideBulletList', items: ['Ship the **migration**', 'Ping @channel'] });
const MIME = 'application/vnd.isomer-edge.mattermost+json';

const post = (path: string, body: unknown): Promise<Response> => workerFetch(worker, path, jsonPost(body));
const get = (path: string): Promise<Response> => workerFetch(worker, path);

describe('a chat host added by the documented steps', () => {
  it('is in the format registry, after the built-in hosts, with its media type and no picture', () => {
    const entries = formatRegistry(hosts);
    expect(entries.map((entry) => entry.name).slice(-2)).toEqual(['telegram', 'mattermost']);
    expect(entries.at(-1)).toMatchObject({ mimeType: MIME, from: 'markdown', picture: false, hosted: false });
    expect(config.registry.map((entry) => entry.name)).toContain('mattermost');
  });

  it('is a format isomer_render lists and draws', async () => {
    const tools = [...config.toolsFor(ANONYMOUS_CALLER)];
    const render = tools.find((tool) => tool.name === 'isomer_render')!;
    expect(render.description).toContain('`mattermost`');
    const answer = textOf(await call(tools, 'isomer_render', { composition: slide, format: 'mattermost' }));
    const direct = createChatFormats({ runtime: slidesRuntime, heading: false, hosts: [mattermostHost] }).mattermost!;
    expect(answer).toContain(direct.render(slide));
  });

  it('answers POST /render/mattermost with its payload under its media type', async () => {
    const response = await post('/render/mattermost', slide);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${MIME}; charset=utf-8`);
    const text = await response.text();
    expect(text).toContain('Ship the **migration**');
    // The mention is broken, as the host's converter promises.
    expect(text).not.toMatch(/@channel/);
  });

  it('has its own OpenAPI operation and payload schema, and no image parameter', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<
        string,
        {
          post: {
            operationId: string;
            parameters: { name: string }[];
            responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
          };
        }
      >;
      components: { schemas: Record<string, unknown> };
    };
    const operation = doc.paths['/render/mattermost']!.post;
    expect(operation.operationId).toBe('renderMattermost');
    expect(operation.parameters.map((parameter) => parameter.name)).not.toContain('image');
    const root = mattermostHost.payload.root;
    expect(operation.responses['200']!.content![MIME]!.schema.$ref).toBe(`#/components/schemas/${root}`);
    expect(doc.components.schemas[root]).toBeDefined();
  });

  it('is listed by GET /formats with its title and the options its route reads', async () => {
    const { formats } = (await (await get('/formats')).json()) as { formats: { name: string }[] };
    expect(formats.at(-1)).toEqual({
      name: 'mattermost',
      title: 'Mattermost',
      mimeType: MIME,
      picture: false,
      hosted: false,
      options: ['heading', 'layout'],
    });
  });

  it('reads ?heading=false: the message has no title then', async () => {
    const named = { ...slide, title: 'Said by the title alone' };
    expect(await (await post('/render/mattermost?heading=true', named)).text()).toContain('Said by the title alone');
    expect(await (await post('/render/mattermost?heading=false', named)).text()).not.toContain('Said by the title');
  });

  it('refuses ?image= (it takes no picture), naming the formats that do', async () => {
    const response = await post('/render/mattermost?image=above', slide);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('image applies to the slack, teams, googlechat formats only');
  });

  it('fails the README check until its row is in the format table', () => {
    const readme = Object.values(
      import.meta.glob('../../../README.md', { query: '?raw', import: 'default', eager: true }) as Record<
        string,
        string
      >,
    )[0]!;
    const table = formatTable(formatRegistry(hosts));
    expect(table).toContain(
      `| \`mattermost\` | Mattermost | \`${MIME}\` | the Markdown content tree |  |  | \`heading\`, \`layout\` |`,
    );
    expect(readmeFormatTable(readme)).not.toBe(table);
    expect(readmeFormatTable(readme)).toBe(formatTable(formatRegistry()));
  });

  it('passes the chat sweep: hostile strings in every field of every example and fixture', async () => {
    const hostChecks = await mattermostHost.checks();
    const chat = config.chat;
    const tally = sweep(hostChecks, (composition) => chat.mattermost!.build(composition));
    console.log(
      `chat sweep mattermost: ${tally.compositions} compositions, ${tally.payloads} hostile strings checked, ` +
        `${tally.problems.length} problems`,
    );
    expect(tally.problems.slice(0, 10)).toEqual([]);
    expect(tally.compositions).toBe(placements.length);
    expect(placements.length).toBeGreaterThan(cases.length * 10);
  }, 120_000);
});
