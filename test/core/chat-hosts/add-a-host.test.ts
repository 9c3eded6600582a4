/**
 * docs/adding-a-host.md, followed step by step: Zulip as a folder written the documented way
 * (`test/support/chat-hosts/zulip/`: limits, a message with a dialect declaration, schema, checks,
 * index) and its one registry line (`[...BUILT_IN_HOSTS, zulipHost]`, as `registry.ts` lists the
 * built-in ones), handed to the Worker through its `hosts` option. Nothing else is written for it,
 * and it must be found everywhere a built-in host is: the format registry, `isomer_render`,
 * `POST /render/zulip`, the OpenAPI document, `GET /formats`, the playground's tabs, the `?image=`
 * rule, the format table check (docs/http.md) and every chat suite and sweep.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { formatTabs, readFormats } from '../../../playground/src/format-tabs.ts';
import { createChatFormats } from '../../../src/chat/index.ts';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { formatRegistry } from '../../../src/core/formats.ts';
import { builtInWorkerOptions } from '../../../src/built-in/options.ts';
import { createWorker, createWorkerConfig } from '../../../src/worker/index.ts';
import { ANONYMOUS_CALLER } from '../../../src/worker/auth.ts';
import { deckSuite } from '../../support/chat-host-suites/deck.ts';
import { fixtureSuite } from '../../support/chat-host-suites/fixtures.ts';
import { underTest } from '../../support/chat-host-suites/host.ts';
import { hostileSuite } from '../../support/chat-host-suites/hostile.ts';
import { limitSuite } from '../../support/chat-host-suites/limits.ts';
import { linkSuite } from '../../support/chat-host-suites/links.ts';
import { mentionSuite } from '../../support/chat-host-suites/mentions.ts';
import { zulipHost } from '../../support/chat-hosts/zulip/index.ts';
import { cases, placements, sweep } from '../../support/chat-sweep.ts';
import { formatTable, readmeFormatTable } from '../../support/format-table.ts';
import { previewSlide, slidesRuntime } from '../../support/slides.ts';
import { call, textOf } from '../../support/tool-fixtures.ts';
import { jsonPost, workerFetch } from '../../worker/support.ts';

// Step 2: the registry line.
const hosts = [...BUILT_IN_HOSTS, zulipHost];
const options = { ...builtInWorkerOptions(), hosts };
const worker = createWorker(options);
const config = createWorkerConfig(options);

const slide = previewSlide({ type: 'slideBulletList', items: ['Ship the **migration**', 'Ping @all'] });
const MIME = 'application/vnd.isomer-edge.zulip+json';

const post = (path: string, body: unknown): Promise<Response> => workerFetch(worker, path, jsonPost(body));
const get = (path: string): Promise<Response> => workerFetch(worker, path);

describe('a chat host added by the documented steps', () => {
  it('is in the format registry, after the built-in formats, with its media type and no picture', () => {
    const entries = formatRegistry(hosts);
    expect(entries.map((entry) => entry.name)).toEqual([...formatRegistry().map((entry) => entry.name), 'zulip']);
    expect(entries.at(-1)).toMatchObject({ mimeType: MIME, from: 'markdown', picture: false, hosted: false });
    expect(config.registry.map((entry) => entry.name)).toContain('zulip');
  });

  it('is a format isomer_render lists, takes and draws', async () => {
    const tools = [...config.toolsFor(ANONYMOUS_CALLER)];
    const render = tools.find((tool) => tool.name === 'isomer_render')!;
    expect(render.description).toContain('`zulip`');
    expect(render.inputSchema.safeParse({ composition: slide, format: 'zulip' }).success).toBe(true);
    expect(render.inputSchema.safeParse({ composition: slide, format: 'zulipx' }).success).toBe(false);
    const answer = textOf(await call(tools, 'isomer_render', { composition: slide, format: 'zulip' }));
    const direct = createChatFormats({ runtime: slidesRuntime, heading: false, hosts: [zulipHost] }).zulip!;
    expect(answer).toContain(direct.render(slide));
  });

  it('answers POST /render/zulip with its payload under its media type', async () => {
    const response = await post('/render/zulip', slide);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${MIME}; charset=utf-8`);
    const { messages } = (await response.json()) as { messages: { content: string }[] };
    expect(messages[0]!.content).toContain('Ship the **migration**');
    // The wildcard mention is broken, as the host's converter promises and its checks confirm.
    expect(messages[0]!.content).toContain('@\u200B');
    expect((await zulipHost.checks()).liveMentions({ messages })).toEqual([]);
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
    const operation = doc.paths['/render/zulip']!.post;
    expect(operation.operationId).toBe('renderZulip');
    expect(operation.parameters.map((parameter) => parameter.name)).not.toContain('image');
    const root = zulipHost.payload.root;
    expect(operation.responses['200']!.content![MIME]!.schema.$ref).toBe(`#/components/schemas/${root}`);
    expect(doc.components.schemas[root]).toMatchObject({ type: 'object', required: ['messages'] });
  });

  it('is listed by GET /formats with its title and the options its route reads', async () => {
    const { formats } = (await (await get('/formats')).json()) as { formats: { name: string }[] };
    expect(formats.at(-1)).toEqual({
      name: 'zulip',
      title: 'Zulip',
      mimeType: MIME,
      picture: false,
      hosted: false,
      options: ['heading', 'layout'],
    });
  });

  it('gets a playground tab: the page builds one per format of GET /formats, in its order', async () => {
    const formats = readFormats(await (await get('/formats')).json());
    const tabs = formatTabs(formats);
    expect(tabs.map((tab) => tab.name)).toEqual(config.registry.map((entry) => entry.name));
    expect(tabs.at(-1)).toEqual({ name: 'zulip', title: 'Zulip', id: 'tab-zulip', panel: 'panel-zulip' });
  });

  it('reads ?heading=false: the message has no title then', async () => {
    const named = { ...slide, title: 'Said by the title alone' };
    expect(await (await post('/render/zulip?heading=true', named)).text()).toContain('Said by the title alone');
    expect(await (await post('/render/zulip?heading=false', named)).text()).not.toContain('Said by the title');
  });

  it('refuses ?image= (it takes no picture), naming the formats that do', async () => {
    const response = await post('/render/zulip?image=above', slide);
    expect(response.status).toBe(400);
    const takers = formatRegistry(hosts).filter((entry) => entry.picture);
    expect(takers.length).toBeGreaterThan(0);
    expect(await response.text()).toContain(
      `image applies to the ${takers.map((entry) => entry.name).join(', ')} formats only`,
    );
  });

  it('fails the format table check until its row is in the table docs/http.md holds', () => {
    const page = Object.values(
      import.meta.glob('../../../docs/http.md', { query: '?raw', import: 'default', eager: true }) as Record<
        string,
        string
      >,
    )[0]!;
    const table = formatTable(formatRegistry(hosts));
    expect(table).toContain(
      `| \`zulip\` | Zulip | \`${MIME}\` | the Markdown content tree |  |  | \`heading\`, \`layout\` |`,
    );
    expect(readmeFormatTable(page)).not.toBe(table);
    expect(readmeFormatTable(page)).toBe(formatTable(formatRegistry()));
  });

  it('passes the chat sweep: hostile strings in every field of every example and fixture', async () => {
    const hostChecks = await zulipHost.checks();
    const chat = config.chat;
    const tally = sweep(hostChecks, (composition) => chat.zulip!.build(composition));
    console.log(
      `chat sweep zulip: ${tally.compositions} compositions, ${tally.payloads} hostile strings checked, ` +
        `${tally.problems.length} problems`,
    );
    expect(tally.problems.slice(0, 10)).toEqual([]);
    expect(tally.compositions).toBe(placements.length);
    expect(placements.length).toBeGreaterThan(cases.length * 10);
  }, 120_000);
});

// Every suite a built-in host runs, on the added host: limits, hostile text, mentions, links, fixtures, decks.
const zulip = await underTest(zulipHost);
describe('the chat suites, on the added host', () => {
  limitSuite(zulip);
  hostileSuite(zulip);
  mentionSuite(zulip);
  linkSuite(zulip);
  fixtureSuite(zulip);
  deckSuite(zulip);
});
