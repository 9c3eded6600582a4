/**
 * The format registry drives the render route's query: `GET /formats` lists what each format reads,
 * the route takes exactly those options and refuses the rest, naming the formats that read them.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../src/chat/index.ts';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { FORMAT_OPTIONS, FORMATS } from '../../src/core/formats.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker } from '../../src/worker/index.ts';
import { slidesRuntime } from '../support/slides.ts';
import { DEFAULT_FORMATS, get, json, jsonPost, post, slide, workerFetch } from './support.ts';

/** The slide's own heading says something else, so only the composition's title can show this. */
const named = { ...slide(), title: 'Said by the title alone' };

/** A value each option accepts, so only "does this format read it" decides the answer. */
const VALID: Record<(typeof FORMAT_OPTIONS)[number], string> = {
  theme: 'dark',
  heading: 'true',
  scale: '0.5',
  image: 'above',
  layout: 'true',
};

interface Listed {
  name: string;
  title: string;
  mimeType: string;
  picture: boolean;
  hosted: boolean;
  options: string[];
}

const listed = async (): Promise<{ layout: boolean; formats: Listed[] }> => json(await get('/formats'));

describe('GET /formats', () => {
  it('lists every format served, in the order the tools list them, as the registry declares it', async () => {
    const { layout, formats } = await listed();
    expect(layout).toBe(true);
    expect(formats.map((format) => format.name)).toEqual(DEFAULT_FORMATS);
    for (const format of formats) {
      const entry = FORMATS.find((declared) => declared.name === format.name)!;
      expect(format).toEqual({
        name: entry.name,
        title: entry.title,
        mimeType: entry.mimeType,
        picture: entry.picture,
        hosted: entry.hosted,
        options: [...entry.options],
      });
    }
    for (const host of BUILT_IN_HOSTS)
      expect(formats.find((format) => format.name === host.name)?.title).toBe(host.title);
  });

  it('lists a host format given in code with every option but a picture, and says when layout is off', async () => {
    const worker = createWorker({
      ...builtInWorkerOptions(),
      layout: false,
      formats: { csv: { mimeType: 'text/csv', render: (composition) => `title\n${composition.title}` } },
    });
    const body = await json(await workerFetch(worker, '/formats'));
    expect(body.layout).toBe(false);
    expect(body.formats.at(-1)).toEqual({
      name: 'csv',
      title: 'csv',
      mimeType: 'text/csv',
      picture: false,
      hosted: false,
      options: ['theme', 'heading', 'scale', 'layout'],
    });
    const refused = await workerFetch(worker, '/render/csv?image=above', jsonPost(slide()));
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.parameter).toBe('image');
    const drawn = await workerFetch(worker, '/render/csv?theme=dark&heading=false', jsonPost(slide()));
    expect(drawn.status).toBe(200);
    expect(await drawn.text()).toBe('title\nRefunds settle in two days');
  });
});

describe('POST /render/{format} reads the options its format declares', () => {
  const unread = FORMATS.flatMap((format) =>
    FORMAT_OPTIONS.filter((option) => !format.options.includes(option)).map((option) => ({ format, option })),
  );

  it('refuses each option a format does not read, naming the formats that read it', async () => {
    // 4 page/image formats miss `image`, text/Markdown miss `theme` and `scale`, and so on: dozens of pairs.
    expect(unread.length).toBeGreaterThan(20);
    for (const { format, option } of unread) {
      const response = await post(`/render/${format.name}?${option}=${VALID[option]}`, slide());
      expect(response.status, `${format.name}?${option}`).toBe(400);
      const readers = FORMATS.filter((entry) => entry.options.includes(option)).map((entry) => entry.name);
      expect(await json(response), `${format.name}?${option}`).toEqual({
        error: {
          code: 'INVALID_QUERY',
          message: `${option} applies to the ${readers.join(', ')} formats only.`,
          parameter: option,
          requestId: response.headers.get('x-request-id'),
        },
      });
    }
  });

  it('takes every option a format reads (but a picture, which needs the bucket)', async () => {
    for (const format of FORMATS) {
      const query = format.options
        .filter((option) => option !== 'image')
        .map((option) => `${option}=${VALID[option]}`)
        .join('&');
      const response = await post(`/render/${format.name}?${query}`, slide());
      expect(response.status, `${format.name}?${query}`).toBe(200);
      expect(response.headers.get('content-type')).toContain(format.mimeType.split(';')[0]);
      await response.arrayBuffer();
    }
  });

  it('gives each chat host `heading`: the title heads the message only when asked', async () => {
    const hosts = FORMATS.filter((format) => format.host);
    expect(hosts.map((format) => format.name)).toEqual(BUILT_IN_HOSTS.map((host) => host.name));
    for (const { name } of hosts) {
      const titled = await (await post(`/render/${name}?heading=true`, named)).text();
      const bare = await (await post(`/render/${name}?heading=false`, named)).text();
      expect(titled, name).toContain('Said by the title alone');
      expect(bare, name).not.toContain('Said by the title alone');
      expect(bare, name).toContain('not five');
    }
  });

  it('lets a library caller choose the heading per call, over the formats’ default', () => {
    const chat = createChatFormats({ runtime: slidesRuntime, heading: false });
    for (const name of CHAT_FORMAT_NAMES) {
      expect(JSON.stringify(chat[name].build(named)), name).not.toContain('Said by the title alone');
      expect(JSON.stringify(chat[name].build(named, { heading: true })), name).toContain('Said by the title alone');
      expect(chat[name].render(named, { heading: true }), name).toContain('Said by the title alone');
    }
  });
});
