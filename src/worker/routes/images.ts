/**
 * The image store's Worker side, one route group: `POST /images/{format}` stores a checked
 * composition's image (or each slide's of a deck) once under its content-addressed key, the public `GET /images/{key}.{format}`
 * serves it (through the edge cache), and the expiry the cron calls deletes what is past its TTL.
 * The render route's `?image=` pictures are stored here too (`storedPicture`), all over the `IMAGES`
 * R2 binding, built into an image store once per bucket.
 */
import { type Context, Hono } from 'hono';
import type { Composition, RenderTheme } from '../../core/model/composition.ts';
import { IMAGE_FORMAT_NAMES } from '../../core/formats.ts';
import {
  createImageStore,
  DEFAULT_IMAGE_TTL_DAYS,
  randomImageSecret,
  type StoredImageInfo,
  type ImageBucket,
  type ImageStore,
  type StoredImage,
} from '../../image-store/store.ts';
import { readJsonBody } from '../body.ts';
import { checkedBody } from '../checked-composition.ts';
import { RENDERER_VERSION, type WorkerConfig, type WorkerConfigEnv } from '../config.ts';
import { boundText, clientGone, clientLeft, errorResponse, jsonResponse, signalOf } from '../errors.ts';
import { parseQuery } from '../query.ts';
import type { WorkerCaller } from '../caller.ts';
import type { IsomerToolsFormat } from '../../core/tools/types.ts';
import { rateLimitedResponse } from '../rate-limits.ts';
import type { RequestMeter } from '../request-meter.ts';
import type { ConfigFor, RouteEnv } from './route-group.ts';

type ImageRouteEnv = RouteEnv<ImageStoreEnv & WorkerConfigEnv>;

/** The image routes; the stored images themselves are public (see `isPublicImage`). */
export function imageRoutes(configFor: ConfigFor): Hono<ImageRouteEnv> {
  const routes = new Hono<ImageRouteEnv>();
  routes.get('/images/:file', (c) => serveImage(c.env, c.req.raw, c.req.param('file'), waitUntilOf(c)));
  routes.post('/images/:file', (c) =>
    storeImage(configFor(c.env), c.req.param('file'), c.req.raw, c.env, c.get('meter'), c.get('caller')),
  );
  return routes;
}

/** `GET /images/{key}.{format}` (and HEAD): outside the token check, inside the origin policy. */
export function isPublicImage(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/images\/[^/]+$/.test(path);
}

/** The request's `waitUntil`; without an execution context the work runs unwatched. */
function waitUntilOf(c: Context<ImageRouteEnv>): (promise: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return () => {};
  }
}

/** The bindings the image store reads. */
export interface ImageStoreEnv {
  /** The R2 bucket (`[[r2_buckets]] binding = "IMAGES"`); without it the image store is off (501). */
  IMAGES?: ImageBucket;
  /** Secret: the HMAC key of image URLs. Unset: a random key per isolate (logged once). */
  ISOMER_IMAGE_KEY?: string;
  /** Days a stored image lives before the cron deletes it. Default 30. */
  ISOMER_IMAGE_TTL_DAYS?: string;
  /** The origin image URLs start with (`https://images.example`); default the request's own. */
  ISOMER_PUBLIC_URL?: string;
}

/** What a browser or Slack may cache a stored image for: its bytes never change under its key. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The scale of a Slack picture: 1280×720 from the 1920×1080 slide. */
export const SLACK_IMAGE_SCALE = 2 / 3;

/** The formats the image store keeps: the registry's hosted ones, when the snapshot surface draws. */
export function storableFormats(config: WorkerConfig): string[] {
  return config.runtime.surfaces.snapshot
    ? config.registry.filter((entry) => entry.hosted).map((entry) => entry.name)
    : [];
}

let isolateSecret: Promise<CryptoKey> | undefined;
const stores = new WeakMap<ImageBucket, Map<string, ImageStore>>();

function log(message: string): void {
  console.warn(`isomer-edge images: ${boundText(message, 400)}`);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function ttlDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_IMAGE_TTL_DAYS;
  const days = Number(value);
  if (Number.isFinite(days) && days > 0) return days;
  log(`ISOMER_IMAGE_TTL_DAYS is not a positive number; using ${DEFAULT_IMAGE_TTL_DAYS} days.`);
  return DEFAULT_IMAGE_TTL_DAYS;
}

/** The image store over this env's bucket and settings, built once per bucket; `undefined` without a bucket. */
export function imageStore(env: ImageStoreEnv | undefined): ImageStore | undefined {
  const bucket = env?.IMAGES;
  if (!bucket) return undefined;
  const secret = env.ISOMER_IMAGE_KEY || undefined;
  const days = ttlDays(env.ISOMER_IMAGE_TTL_DAYS);
  const settings = `${days}\u0000${secret ?? ''}`;
  const byBucket = stores.get(bucket) ?? new Map<string, ImageStore>();
  stores.set(bucket, byBucket);
  let store = byBucket.get(settings);
  if (!store) {
    if (!secret && !isolateSecret) {
      isolateSecret = randomImageSecret();
      log(
        'ISOMER_IMAGE_KEY is not set, so image keys come from a random key that lives as long as this ' +
          'isolate: another isolate stores the same image again under another URL (wrangler secret put ' +
          'ISOMER_IMAGE_KEY).',
      );
    }
    store = createImageStore({ bucket, secret: secret ?? isolateSecret!, version: RENDERER_VERSION, ttlDays: days });
    byBucket.set(settings, store);
  }
  return store;
}

export function notConfigured(): Response {
  return errorResponse(
    'IMAGES_NOT_CONFIGURED',
    'The image store is off: this Worker has no IMAGES R2 bucket binding (see docs/chat-hosts.md, "The image store").',
  );
}

/** The absolute URL of a stored image. */
export function imageUrl(env: ImageStoreEnv | undefined, request: Request, file: string): string {
  const base = env?.ISOMER_PUBLIC_URL?.trim().replace(/\/+$/, '') || new URL(request.url).origin;
  return `${base}/images/${file}`;
}

/** A renderer's failure, told apart from the bucket's: one is a 500, the other a 503. */
export class ImageRenderError extends Error {
  override name = 'ImageRenderError';
}

/**
 * Stores `format` of a checked composition (rendering it only when it is not stored yet), drawn by
 * `formats` (the request's, which time the draw) and timed as `store` on the request's meter.
 */
export function storeRendered(
  config: WorkerConfig,
  store: ImageStore,
  composition: Composition,
  format: string,
  options: { theme?: RenderTheme; scale?: number; signal?: AbortSignal },
  request?: { formats: Readonly<Record<string, IsomerToolsFormat>>; meter: RequestMeter },
): Promise<StoredImageInfo> {
  const renderer = (request?.formats ?? config.formats)[format]!;
  const { theme, signal } = options;
  // A PDF page keeps the canvas size whatever the scale, so the scale would only split its key.
  const scale = format === 'pdf' ? undefined : options.scale;
  const stored = () =>
    store.store({
      composition,
      format,
      mimeType: renderer.mimeType,
      ...(theme ? { theme } : {}),
      ...(scale !== undefined ? { scale } : {}),
      ...(signal ? { signal } : {}),
      size: () => {
        const canvas = config.runtime.surfaces.snapshot!.render(composition, theme ? { theme } : {});
        const factor = scale ?? 1;
        return {
          width: Math.max(1, Math.round(canvas.width * factor)),
          height: Math.max(1, Math.round(canvas.height * factor)),
        };
      },
      render: async () => {
        try {
          return await renderer.render(composition, {
            ...(theme ? { theme } : {}),
            ...(scale !== undefined ? { scale } : {}),
            ...(signal ? { signal } : {}),
          });
        } catch (error) {
          // A caller that has gone is not a renderer failure.
          if (signal?.aborted) throw error;
          throw new ImageRenderError(errorText(error));
        }
      },
    });
  return request ? request.meter.time('store', stored) : stored();
}

/**
 * The hosted PNG for `POST /render/slack?image=…` (and teams), or `undefined` when rendering or storing
 * failed (logged): the message then goes out as text alone, so a storage fault never loses it.
 */
export async function storedPicture(
  config: WorkerConfig,
  store: ImageStore,
  env: ImageStoreEnv | undefined,
  request: Request,
  composition: Composition,
  options: { theme?: RenderTheme; scale?: number; signal?: AbortSignal },
  metered?: { formats: Readonly<Record<string, IsomerToolsFormat>>; meter: RequestMeter },
): Promise<{ url: string; altText: string } | undefined> {
  try {
    const image = await storeRendered(
      config,
      store,
      composition,
      'png',
      { ...options, scale: options.scale ?? SLACK_IMAGE_SCALE },
      metered,
    );
    return {
      url: imageUrl(env, request, image.file),
      altText: config.runtime.surfaces.text.render(composition, { heading: true }),
    };
  } catch (error) {
    // Nobody is waiting for the message: nothing to say.
    if (!options.signal?.aborted) log(`the picture was left out, sending the text only: ${errorText(error)}`);
    return undefined;
  }
}

/** The Cache API's default cache, where the runtime has one (workerd does; Node does not). */
function defaultCache(): ImageCache | undefined {
  return (globalThis as { caches?: { default?: ImageCache } }).caches?.default;
}

interface ImageCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

const FILE_PATTERN = /^([A-Za-z0-9_-]+)\.([a-z]+)$/;

function matchesEtag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * `GET /images/{key}.{format}`: public, immutable bytes. The edge cache answers repeats so they
 * never reach R2; an unknown key, or a format other than the stored one, is a 404.
 */
export async function serveImage(
  env: ImageStoreEnv | undefined,
  request: Request,
  file: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response> {
  const store = imageStore(env);
  if (!store) return notConfigured();
  const match = FILE_PATTERN.exec(file);
  const notFound = () => errorResponse('IMAGE_NOT_FOUND', 'No stored image has that key and format.');
  if (!match || !(IMAGE_FORMAT_NAMES as readonly string[]).includes(match[2]!)) return notFound();
  const [, key, format] = match as unknown as [string, string, string];
  const etag = `"${key}"`;
  const headers = { etag, 'cache-control': IMAGE_CACHE_CONTROL, 'x-content-type-options': 'nosniff' };
  const cacheKey = new Request(new URL(`/images/${file}`, request.url).href);
  const cache = defaultCache();
  let response = await cache?.match(cacheKey).catch(() => undefined);
  if (!response) {
    let stored: StoredImage | null;
    try {
      stored = await store.read(key, format);
    } catch (error) {
      log(`reading ${file} from the IMAGES bucket failed: ${errorText(error)}`);
      return errorResponse('IMAGE_STORAGE_FAILED', 'The image store failed; try again.');
    }
    if (stored === null) return notFound();
    response = new Response(stored.body, {
      headers: {
        ...headers,
        'content-type': stored.mimeType,
        'content-length': String(stored.bytes),
        // SVG is markup: never a page that runs anything.
        ...(/svg/i.test(stored.mimeType) ? { 'content-security-policy': IMAGE_SVG_POLICY } : {}),
      },
    });
    if (cache) {
      // The edge copy lives until the image expires, not a year: after that R2 decides.
      const left = Math.floor((stored.created + store.ttlDays * 86_400_000 - Date.now()) / 1000);
      if (left > 60) {
        const copy = new Response(response.clone().body, response);
        copy.headers.set('cache-control', `public, max-age=${left}`);
        waitUntil(cache.put(cacheKey, copy).catch((error) => log(`caching ${file} failed: ${errorText(error)}`)));
      }
    }
  } else {
    response = new Response(response.body, response);
    response.headers.set('cache-control', IMAGE_CACHE_CONTROL);
  }
  if (matchesEtag(request.headers.get('if-none-match'), etag)) {
    await response.body?.cancel();
    return new Response(null, { status: 304, headers });
  }
  return response;
}

/** An image is never a document: no script, no fetch, inline styles only. */
const IMAGE_SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox";

/** The cron: deletes images older than the TTL. Rethrows a bucket failure so the run shows as failed. */
export async function expireImages(env: ImageStoreEnv | undefined, scheduledTime: number): Promise<void> {
  const store = imageStore(env);
  if (!store) {
    log('the expiry cron ran, but there is no IMAGES bucket binding; nothing to expire.');
    return;
  }
  try {
    const { deleted, kept } = await store.expire(scheduledTime);
    console.log(`isomer-edge images: expiry deleted ${deleted} and kept ${kept} (TTL ${store.ttlDays} days).`);
  } catch (error) {
    log(`expiry failed: ${errorText(error)}`);
    throw error;
  }
}

/**
 * `POST /images/{format}`: checks the composition as the render route does, stores the image once
 * under its content-addressed key, and answers where it is: `{ url, mimeType, width, height, bytes }`.
 * A deck (a JSON array body) stores each slide's image, in order, and answers `{ images: [...] }`.
 */
async function storeImage(
  config: WorkerConfig,
  format: string,
  request: Request,
  env: ImageStoreEnv | undefined,
  meter: RequestMeter,
  caller: WorkerCaller,
): Promise<Response> {
  const formats = storableFormats(config);
  if (!formats.includes(format))
    return errorResponse('FORMAT_NOT_FOUND', 'No image format has that name.', { formats });
  meter.format = format;
  // theme and scale as on the render routes; heading and image mean nothing to a stored image.
  const query = parseQuery(new URL(request.url), config.heading);
  if (query instanceof Response) return query;
  // Every slide of a deck is stored: there is no one slide to pick.
  if (query.slide !== undefined)
    return errorResponse(
      'INVALID_QUERY',
      'slide applies to POST /render/{format}; POST /images/{format} stores every slide of a deck.',
      { parameter: 'slide' },
    );
  const store = imageStore(env);
  if (!store) return notConfigured();
  // Every stored image may be drawn: counted against the drawing limit before the body is read.
  const refusal = await meter.drawing();
  if (refusal) return rateLimitedResponse(refusal);
  const signal = signalOf(request);
  if (await clientLeft(signal)) return clientGone();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const own = config.forRequest(caller, meter);
  const checked = await meter.time('validate', () => checkedBody(own.renderer, body.value, signal));
  if (checked instanceof Response) return checked;
  // One drawing unit per slide, all counted before the first is drawn: a deck over the limit draws nothing.
  const refused = await meter.drawing(checked.copies.length);
  if (refused) return rateLimitedResponse(refused);
  try {
    const options = {
      ...(query.theme ? { theme: query.theme } : {}),
      ...(query.scale !== undefined ? { scale: query.scale } : {}),
      ...(signal ? { signal } : {}),
    };
    const images: { url: string; mimeType: string; width: number; height: number; bytes: number }[] = [];
    for (const copy of checked.copies) {
      signal?.throwIfAborted();
      const image = await storeRendered(config, store, copy, format, options, { formats: own.formats, meter });
      const { mimeType, width, height, bytes } = image;
      images.push({ url: imageUrl(env, request, image.file), mimeType, width, height, bytes });
    }
    return jsonResponse(checked.deck ? { images } : images[0]);
  } catch (error) {
    if (signal?.aborted) return clientGone();
    if (error instanceof ImageRenderError) {
      console.warn(`isomer-edge images: rendering ${format} failed: ${boundText(error.message)}`);
      return errorResponse('RENDER_FAILED', `The ${format} renderer failed.`);
    }
    console.warn(`isomer-edge images: storing ${format} in the IMAGES bucket failed: ${boundText(errorText(error))}`);
    return errorResponse('IMAGE_STORAGE_FAILED', 'The image store failed; the image was not stored. Try again.');
  }
}
