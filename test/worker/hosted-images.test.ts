import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLACK_ELIDED_NOTE } from '../../src/core/chat-hosts/slack/notes.ts';
import { SLACK_LIMITS } from '../../src/core/chat-hosts/slack/limits.ts';
import { TEAMS_LIMITS } from '../../src/core/chat-hosts/teams/limits.ts';
import { createImageStore, slackImageMessage, teamsImageMessage } from '../../src/image-store/index.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, createWorkerConfig, type WorkerEnv } from '../../src/worker/index.ts';
import { limitViolations, linkViolations } from '../../src/core/chat-hosts/slack/checks.ts';
import { BASE, slide } from './support.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      IMAGES: R2Bucket;
    }
  }
}

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

/** The real PNG renderer, counted: a second answer that renders nothing leaves the count alone. */
function countingWorker() {
  const options = builtInWorkerOptions();
  const real = createWorkerConfig(options).formats.png!;
  const counter = { renders: 0 };
  const worker = createWorker({
    ...options,
    formats: {
      ...options.formats,
      png: {
        mimeType: real.mimeType,
        render: (composition, renderOptions) => {
          counter.renders += 1;
          return real.render(composition, renderOptions);
        },
      },
    },
  });
  return { worker, counter };
}

const defaultWorker = createWorker(builtInWorkerOptions());
const IMAGES_ENV = (): WorkerEnv => ({ IMAGES: env.IMAGES, ISOMER_AUTH: 'none' });

async function send(
  path: string,
  init: RequestInit = {},
  bindings: WorkerEnv = IMAGES_ENV(),
  worker = defaultWorker,
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${BASE}${path}`, init), bindings, ctx);
  // Cache writes are waitUntil work: let them land before the next request.
  await waitOnExecutionContext(ctx);
  return response;
}

const postJson = (path: string, body: unknown, bindings?: WorkerEnv, worker?: typeof defaultWorker) =>
  send(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    bindings,
    worker,
  );

/** `{ url, … }` from `POST /images/{format}`, and the key and path inside the URL. */
async function stored(response: Response) {
  expect(response.status).toBe(200);
  const answer = (await response.json()) as {
    url: string;
    mimeType: string;
    width: number;
    height: number;
    bytes: number;
  };
  const path = new URL(answer.url).pathname;
  const key = /^\/images\/([A-Za-z0-9_-]{43})\.\w+$/.exec(path)?.[1];
  expect(key, answer.url).toBeDefined();
  return { ...answer, path, key: key! };
}

/** An R2 binding whose every call fails, as R2 does in an outage. */
const failingBucket = {
  get: () => Promise.reject(new Error('R2 is down (get)')),
  head: () => Promise.reject(new Error('R2 is down (head)')),
  put: () => Promise.reject(new Error('R2 is down (put)')),
  delete: () => Promise.reject(new Error('R2 is down (delete)')),
  list: () => Promise.reject(new Error('R2 is down (list)')),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stored images: storage', () => {
  it('stores the same composition once, and the second answer renders nothing', async () => {
    const { worker, counter } = countingWorker();
    const first = await stored(await postJson('/images/png?scale=0.5', slide({ title: 'Once' }), undefined, worker));
    expect(counter.renders).toBe(1);
    expect(first).toMatchObject({ mimeType: 'image/png', width: 960, height: 540 });
    const object = await env.IMAGES.head(`images/${first.key}`);
    expect(object?.size).toBe(first.bytes);
    const uploaded = object!.uploaded.getTime();

    // Key order in the body changes nothing: the key is over canonical JSON of the checked composition.
    const reordered = Object.fromEntries(Object.entries(slide({ title: 'Once' })).reverse());
    const second = await stored(await postJson('/images/png?scale=0.5', reordered, undefined, worker));
    expect(second).toEqual(first);
    expect(counter.renders).toBe(1);
    const listed = await env.IMAGES.list({ prefix: 'images/' });
    expect(listed.objects.filter((entry) => entry.key === `images/${first.key}`)).toHaveLength(1);
    expect((await env.IMAGES.head(`images/${first.key}`))!.uploaded.getTime()).toBe(uploaded);
  });

  it('gives a different theme, scale or format a different key', async () => {
    const { worker } = countingWorker();
    const composition = slide({ title: 'Keys' });
    const keys = await Promise.all(
      ['/images/png', '/images/png?theme=dark', '/images/png?scale=0.5', '/images/webp'].map(
        async (path) => (await stored(await postJson(path, composition, undefined, worker))).key,
      ),
    );
    expect(new Set(keys).size).toBe(4);
  });

  it('serves the stored bytes publicly with their type, a strong ETag and an immutable lifetime', async () => {
    const tokens = { ISOMER_TOKENS: JSON.stringify({ tok_hosted_images_0001: { caller: 'bot' } }) };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Storing needs the token; fetching does not (Slack sends none).
    const refused = await postJson('/images/svg', slide(), { ...IMAGES_ENV(), ...tokens });
    expect(refused.status).toBe(401);
    const image = await stored(
      await send(
        '/images/svg?theme=dark',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer tok_hosted_images_0001' },
          body: JSON.stringify(slide()),
        },
        { ...IMAGES_ENV(), ...tokens },
      ),
    );
    expect(image.mimeType).toBe('image/svg+xml');
    const response = await send(image.path, {}, { ...IMAGES_ENV(), ...tokens });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('etag')).toBe(`"${image.key}"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await response.text();
    expect(body.startsWith('<svg')).toBe(true);
    expect(new TextEncoder().encode(body).byteLength).toBe(image.bytes);

    const again = await send(image.path, { headers: { 'if-none-match': `"${image.key}"` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(`"${image.key}"`);
    expect(await again.text()).toBe('');
  });

  it('answers 404 for a forged, altered or malformed key and for the wrong extension', async () => {
    const image = await stored(await postJson('/images/png', slide({ title: 'Forgery' })));
    const flipped = image.key.startsWith('A') ? `B${image.key.slice(1)}` : `A${image.key.slice(1)}`;
    for (const path of [
      `/images/${flipped}.png`,
      `/images/${'x'.repeat(43)}.png`,
      `/images/${image.key.slice(0, 42)}.png`,
      `/images/${image.key}.webp`,
      `/images/${image.key}.gif`,
      `/images/${image.key}`,
      `/images/..%2F${image.key}.png`,
    ]) {
      const response = await send(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as any).error.code, path).toMatch(/^(IMAGE_NOT_FOUND|NOT_FOUND)$/);
    }
    expect((await send(image.path)).status).toBe(200);
  });

  it('answers repeats from the edge cache, without reaching R2', async () => {
    const image = await stored(await postJson('/images/png', slide({ title: 'Cached' })));
    expect((await send(image.path)).status).toBe(200);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cached = await send(image.path, {}, { IMAGES: failingBucket, ISOMER_AUTH: 'none' });
    expect(cached.status).toBe(200);
    expect(cached.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect([...new Uint8Array(await cached.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('answers 501 IMAGES_NOT_CONFIGURED without the IMAGES binding', async () => {
    for (const response of [
      await postJson('/images/png', slide(), { ISOMER_AUTH: 'none' }),
      await postJson('/render/slack?image=above', slide(), { ISOMER_AUTH: 'none' }),
      await send(`/images/${'A'.repeat(43)}.png`, {}, { ISOMER_AUTH: 'none' }),
    ]) {
      expect(response.status).toBe(501);
      expect(((await response.json()) as any).error.code).toBe('IMAGES_NOT_CONFIGURED');
    }
  });

  it('checks the query and the composition as the render routes do', async () => {
    const bad = await postJson('/images/png?scale=3', slide());
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'scale' });
    const invalid = await postJson('/images/png', { type: 'view', body: [{ type: 'noSuchThing' }] });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as any).error.code).toBe('COMPOSITION_INVALID');
    const unknown = await postJson('/images/gif', slide());
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe('FORMAT_NOT_FOUND');
    const wrongFormat = await postJson('/render/png?image=above', slide());
    expect(((await wrongFormat.json()) as any).error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'image' });
  });
});

describe('stored images: Slack with the picture', () => {
  it('?image=above puts a 1280×720 hosted PNG first, then the text blocks, within every Slack limit', async () => {
    const response = await postJson('/render/slack?image=above', slide({ title: 'Pictured' }));
    expect(response.status).toBe(200);
    const message = (await response.json()) as any;
    const plain = (await (await postJson('/render/slack', slide({ title: 'Pictured' }))).json()) as any;
    expect(message.blocks[0]).toMatchObject({ type: 'image' });
    expect(message.blocks.slice(1)).toEqual(plain.blocks);
    expect(message.text).toBe(plain.text);
    expect(limitViolations(message)).toEqual([]);
    expect(linkViolations(message)).toEqual([]);
    const { image_url: url, alt_text: alt } = message.blocks[0];
    expect(url.startsWith(`${BASE}/images/`)).toBe(true);
    expect(url.endsWith('.png')).toBe(true);
    expect(alt).toContain('Pictured');
    const picture = await send(new URL(url).pathname);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await picture.arrayBuffer()))).toEqual([1280, 720]);
  });

  it('?image=only sends the picture alone, the text kept as the fallback', async () => {
    const message = (await (await postJson('/render/slack?image=only', slide())).json()) as any;
    const plain = (await (await postJson('/render/slack', slide())).json()) as any;
    expect(message.blocks).toHaveLength(1);
    expect(message.blocks[0].type).toBe('image');
    expect(message.text).toBe(plain.text);
    expect(limitViolations(message)).toEqual([]);
  });

  it('builds the URL from ISOMER_PUBLIC_URL when it is set', async () => {
    const response = await postJson('/render/slack?image=above', slide(), {
      ...IMAGES_ENV(),
      ISOMER_PUBLIC_URL: 'https://images.example.com/',
    });
    const { blocks } = (await response.json()) as any;
    expect(blocks[0].image_url).toMatch(/^https:\/\/images\.example\.com\/images\/[A-Za-z0-9_-]{43}\.png$/);
  });

  it('fits the picture into the block limit and clamps alt text', () => {
    const section = (n: number) => ({ type: 'section', text: { type: 'mrkdwn', text: `Block ${n}` } });
    const note = { type: 'context', elements: [{ type: 'mrkdwn', text: SLACK_ELIDED_NOTE(7) }] };
    const full = { text: 'fallback', blocks: [...Array.from({ length: 49 }, (_, n) => section(n)), note], assets: [] };
    const image = { url: 'https://images.example/images/k.png', altText: 'word '.repeat(1000) };
    const fitted = slackImageMessage(full, image, 'above');
    expect(fitted.blocks).toHaveLength(SLACK_LIMITS.blocksPerMessage);
    expect(fitted.blocks.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: SLACK_ELIDED_NOTE(8) }],
    });
    expect(fitted.blocks.at(-2)).toEqual(section(47));
    expect(String(fitted.blocks[0]!.alt_text).length).toBeLessThanOrEqual(SLACK_LIMITS.imageAltTextChars);
    expect(limitViolations(fitted)).toEqual([]);
    const fifty = { text: 'fallback', blocks: Array.from({ length: 50 }, (_, n) => section(n)), assets: [] };
    expect(slackImageMessage(fifty, image, 'above').blocks.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: SLACK_ELIDED_NOTE(2) }],
    });
    const blank = slackImageMessage({ text: 't', blocks: [], assets: [] }, { ...image, altText: ' \n ' }, 'only');
    expect(blank.blocks[0]!.alt_text).toBe('Image');
  });
});

describe('stored images: Teams with the picture', () => {
  it('?image=above puts the hosted PNG first in the Adaptive Card, then the card as the teams format draws it', async () => {
    const response = await postJson('/render/teams?image=above', slide({ title: 'Pictured' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.isomer-edge.teams+json');
    const message = (await response.json()) as any;
    const plain = (await (await postJson('/render/teams', slide({ title: 'Pictured' }))).json()) as any;
    const [picture, ...rest] = message.attachments[0].content.body;
    expect(rest).toEqual(plain.attachments[0].content.body);
    expect(picture).toMatchObject({ type: 'Image' });
    expect(picture.altText).toContain('Pictured');
    expect(picture.url.startsWith(`${BASE}/images/`)).toBe(true);
    const png = await send(new URL(picture.url).pathname);
    expect(pngSize(new Uint8Array(await png.arrayBuffer()))).toEqual([1280, 720]);
  });

  it('?image=only sends a card holding the picture alone; a failing bucket sends the card without it', async () => {
    const only = (await (await postJson('/render/teams?image=only', slide())).json()) as any;
    expect(only.attachments[0].content.body.map((element: { type: string }) => element.type)).toEqual(['Image']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fallback = (await (
      await postJson('/render/teams?image=above', slide(), { IMAGES: failingBucket, ISOMER_AUTH: 'none' })
    ).json()) as any;
    const plain = (await (await postJson('/render/teams', slide())).json()) as any;
    expect(fallback).toEqual(plain);
    expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(/picture was left out/);
  });

  it('puts the picture first in a Google Chat card too, as an image widget in a section of its own', async () => {
    const response = await postJson('/render/googlechat?image=above', slide({ title: 'Pictured' }));
    expect(response.status).toBe(200);
    const message = (await response.json()) as any;
    const plain = (await (await postJson('/render/googlechat', slide({ title: 'Pictured' }))).json()) as any;
    const [picture, ...rest] = message.cardsV2[0].card.sections;
    expect(rest).toEqual(plain.cardsV2[0].card.sections);
    expect(picture.widgets).toHaveLength(1);
    expect(picture.widgets[0].image.altText).toContain('Pictured');
    const png = await send(new URL(picture.widgets[0].image.imageUrl).pathname);
    expect(pngSize(new Uint8Array(await png.arrayBuffer()))).toEqual([1280, 720]);
    const only = (await (await postJson('/render/googlechat?image=only', slide())).json()) as any;
    expect(only.cardsV2[0].card.sections).toHaveLength(1);
    const discord = await postJson('/render/discord?image=above', slide());
    expect(discord.status).toBe(400);
    expect(((await discord.json()) as any).error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'image' });
  });

  it("keeps the card within Teams' size limit when the picture is added", () => {
    const long = { type: 'TextBlock', text: 'x'.repeat(900) };
    const card = {
      type: 'message' as const,
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive' as const,
          content: {
            type: 'AdaptiveCard' as const,
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            version: '1.5' as const,
            body: Array.from({ length: 30 }, () => long),
            msteams: { width: 'Full' as const },
          },
        },
      ] as const,
    };
    const pictured = teamsImageMessage(
      card as unknown as Parameters<typeof teamsImageMessage>[0],
      { url: 'https://i.example/a.png', altText: 'y'.repeat(5000) },
      'above',
    );
    expect(new TextEncoder().encode(JSON.stringify(pictured)).length).toBeLessThanOrEqual(TEAMS_LIMITS.messageBytes);
    const body = pictured.attachments[0].content.body;
    expect(body[0]).toMatchObject({ type: 'Image' });
    expect((body[0]!.altText as string).length).toBeLessThanOrEqual(SLACK_LIMITS.imageAltTextChars);
    expect(body.length).toBeLessThan(31);
  });
});

describe('stored images: faults', () => {
  it('a failing bucket never loses the Slack message: text blocks alone, and a log line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await postJson('/render/slack?image=above', slide(), {
      IMAGES: failingBucket,
      ISOMER_AUTH: 'none',
    });
    expect(response.status).toBe(200);
    const message = (await response.json()) as any;
    const plain = (await (await postJson('/render/slack', slide())).json()) as any;
    expect(message).toEqual(plain);
    expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(/picture was left out.*R2 is down/);
  });

  it('POST /images and GET /images answer 503 IMAGE_STORAGE_FAILED when R2 throws, and log why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const post = await postJson('/images/png', slide({ title: 'Outage' }), {
      IMAGES: failingBucket,
      ISOMER_AUTH: 'none',
    });
    expect(post.status).toBe(503);
    expect(((await post.json()) as any).error.code).toBe('IMAGE_STORAGE_FAILED');
    const get = await send(`/images/${'Q'.repeat(43)}.png`, {}, { IMAGES: failingBucket, ISOMER_AUTH: 'none' });
    expect(get.status).toBe(503);
    expect(((await get.json()) as any).error.code).toBe('IMAGE_STORAGE_FAILED');
    const logged = warn.mock.calls.map((call) => String(call[0])).join('\n');
    expect(logged).toMatch(/storing png in the IMAGES bucket failed: .*R2 is down \(head\)/);
    expect(logged).toMatch(/reading Q+\.png from the IMAGES bucket failed: .*R2 is down \(get\)/);
  });
});

describe('stored images: expiry', () => {
  const DAY = 86_400_000;

  async function runCron(scheduledTime: number, bindings: WorkerEnv = IMAGES_ENV()): Promise<void> {
    const ctx = createExecutionContext();
    await defaultWorker.scheduled(createScheduledController({ scheduledTime, cron: '17 3 * * *' }), bindings, ctx);
    await waitOnExecutionContext(ctx);
  }

  it('deletes images older than the TTL and keeps newer ones', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Miniflare stamps `uploaded` itself, so an old image is one whose `created` stamp is old.
    await env.IMAGES.put('images/old-image', 'old', {
      customMetadata: { format: 'png', created: String(Date.now() - 31 * DAY) },
    });
    const fresh = await stored(await postJson('/images/png', slide({ title: 'Fresh' })));
    await runCron(Date.now());
    expect(await env.IMAGES.head('images/old-image')).toBeNull();
    expect(await env.IMAGES.head(`images/${fresh.key}`)).not.toBeNull();
    expect(log.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(/expiry deleted [1-9]\d* and kept/);

    // `uploaded` counts too: a month and a day on, the fresh image is old.
    await runCron(Date.now() + 31 * DAY);
    expect(await env.IMAGES.head(`images/${fresh.key}`)).toBeNull();
  });

  it('reads the TTL from ISOMER_IMAGE_TTL_DAYS', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const fresh = await stored(await postJson('/images/png', slide({ title: 'Short-lived' })));
    await runCron(Date.now() + 2 * DAY, { ...IMAGES_ENV(), ISOMER_IMAGE_TTL_DAYS: '3' });
    expect(await env.IMAGES.head(`images/${fresh.key}`)).not.toBeNull();
    await runCron(Date.now() + 4 * DAY, { ...IMAGES_ENV(), ISOMER_IMAGE_TTL_DAYS: '3' });
    expect(await env.IMAGES.head(`images/${fresh.key}`)).toBeNull();
  });

  it('stores an image anew (a copy, no render) when it is handed out past half its life', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    let renders = 0;
    const host = createImageStore({
      bucket: env.IMAGES,
      secret: 'test-secret',
      version: 't',
      ttlDays: 30,
      now: () => now,
    });
    const input = {
      composition: { type: 'view', body: [] },
      format: 'svg',
      mimeType: 'image/svg+xml',
      size: () => ({ width: 4, height: 3 }),
      render: () => {
        renders += 1;
        return '<svg/>';
      },
    };
    const first = await host.store(input);
    const created = () => env.IMAGES.head(`images/${first.key}`).then((object) => object!.customMetadata!.created);
    expect(await created()).toBe(String(now));
    now += 14 * DAY;
    expect(await host.store(input)).toMatchObject({ key: first.key, rendered: false, width: 4, height: 3 });
    expect(await created()).toBe(Date.parse('2026-01-01T00:00:00Z').toString());
    now += 2 * DAY;
    expect(await host.store(input)).toMatchObject({ key: first.key, rendered: false, bytes: 6 });
    expect(await created()).toBe(String(now));
    expect(renders).toBe(1);
    expect(await new Response((await host.read(first.key, 'svg'))!.body).text()).toBe('<svg/>');
    expect(await host.read(first.key, 'png')).toBeNull();
  });

  it('a failing bucket fails the cron run, with a log line saying why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(runCron(Date.now(), { IMAGES: failingBucket, ISOMER_AUTH: 'none' })).rejects.toThrow(
      'R2 is down (list)',
    );
    expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(/expiry failed: .*R2 is down/);
  });
});
