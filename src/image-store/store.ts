/**
 * Stored images: renders stored once in an R2-like bucket under a key nobody can guess or forge,
 * so a chat client that only shows pictures from public URLs (Slack's `image` block) can show a
 * slide. Nothing here needs the Worker: any `{ get, put, delete, list }` store with R2's shapes fits.
 */

/** What the bucket reports of a stored object (R2's `R2Object` fits). */
export interface ImageBucketObject {
  key: string;
  size: number;
  uploaded: Date;
  httpMetadata?: { contentType?: string };
  customMetadata?: Record<string, string>;
}

/** A stored object with its bytes (R2's `R2ObjectBody` fits). */
export interface ImageBucketBody extends ImageBucketObject {
  body: ReadableStream;
}

/** The four calls the image store makes; an R2 binding (`env.IMAGES`) is one. */
export interface ImageBucket {
  get(key: string): Promise<ImageBucketBody | null>;
  put(
    key: string,
    value: ArrayBuffer | ArrayBufferView | string,
    options?: { httpMetadata?: { contentType?: string }; customMetadata?: Record<string, string> },
  ): Promise<unknown>;
  delete(keys: string | string[]): Promise<void>;
  list(options?: {
    prefix?: string;
    cursor?: string;
    limit?: number;
    include?: ('httpMetadata' | 'customMetadata')[];
  }): Promise<{ objects: ImageBucketObject[]; truncated: boolean; cursor?: string }>;
  /** Used when present (R2 has it) to find a stored image without reading its bytes. */
  head?(key: string): Promise<ImageBucketObject | null>;
}

/** One image as `POST /images/{format}` reports it. */
export interface StoredImageInfo {
  /** The content-addressed key: 43 base64url characters (HMAC-SHA-256). */
  key: string;
  /** `<key>.<format>`: the path under `/images/` that serves it. */
  file: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  /** False when an earlier request had stored it: nothing was rendered this time. */
  rendered: boolean;
}

export interface StoreImageInput {
  /** The checked composition (what validation returned), so equal input hashes equally. */
  composition: unknown;
  /** The format's name, also the URL's extension: `png`, `webp`, `svg`, `pdf`. */
  format: string;
  mimeType: string;
  theme?: string;
  scale?: number;
  /** The output size in pixels, asked only when it has to render. */
  size(): { width: number; height: number };
  render(): Promise<Uint8Array | string> | Uint8Array | string;
  /**
   * The caller's interest: aborted, `store` rejects with its reason before rendering and before any
   * write, so nothing is drawn or stored for a caller that has gone (a write once started completes).
   */
  signal?: AbortSignal;
}

export interface ImageStoreOptions {
  bucket: ImageBucket;
  /** The HMAC key: a secret string (`ISOMER_IMAGE_KEY`) or an HMAC-SHA-256 `CryptoKey` (or its promise). */
  secret: string | CryptoKey | Promise<CryptoKey>;
  /** The renderer's version; a new one gives every image a new key, so old renders are never served for new. */
  version: string;
  /** Days an image lives; `expire` deletes older ones. Default {@link DEFAULT_IMAGE_TTL_DAYS}. */
  ttlDays?: number;
  /** Object key prefix in the bucket. Default `images/`. */
  prefix?: string;
  /** Current time in ms; tests pass their own. Default `Date.now`. */
  now?: () => number;
}

export interface StoredImage {
  body: ReadableStream;
  mimeType: string;
  bytes: number;
  /** When it was stored (ms since the epoch); it expires `ttlDays` later. */
  created: number;
}

export interface ImageStore {
  /** Renders and stores the image unless the same input is stored already. Throws when the bucket does. */
  store(input: StoreImageInput): Promise<StoredImageInfo>;
  /** The stored image for `key` under `format`, or `null` (unknown key, wrong format). Throws when the bucket does. */
  read(key: string, format: string): Promise<StoredImage | null>;
  /** Deletes every image stored more than `ttlDays` before `now`; returns the counts. */
  expire(now?: number): Promise<{ deleted: number; kept: number }>;
  readonly ttlDays: number;
}

export const DEFAULT_IMAGE_TTL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 HMAC bytes as unpadded base64url. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * JSON with every object's keys sorted, so equal values give equal text whatever their key order.
 * @example
 * ```ts
 * import { canonicalJson } from 'isomer-edge/image-store';
 *
 * canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }); // '{"a":[{"c":3,"d":2}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A random HMAC key that lives as long as the value: URLs signed with it die with the process.
 * @example
 * ```ts
 * import { createImageStore, randomImageSecret, type ImageBucket } from 'isomer-edge/image-store';
 *
 * declare const bucket: ImageBucket;
 * const host = createImageStore({ bucket, secret: randomImageSecret(), version: 'dev' });
 * ```
 */
export async function randomImageSecret(): Promise<CryptoKey> {
  return (await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, false, [
    'sign',
  ])) as CryptoKey;
}

async function importSecret(secret: string | CryptoKey | Promise<CryptoKey>): Promise<CryptoKey> {
  if (typeof secret !== 'string') return secret;
  if (secret === '') throw new Error('isomer-edge: the image key secret is empty');
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

/** The older of the two ages: R2's `uploaded`, and the `created` stamp the image store writes (which a copy keeps). */
function createdAt(object: ImageBucketObject): number {
  const stamped = Number(object.customMetadata?.created);
  const uploaded = object.uploaded.getTime();
  return Number.isFinite(stamped) && stamped > 0 ? Math.min(stamped, uploaded) : uploaded;
}

/**
 * The image store over a bucket. Keys are HMAC-SHA-256 over the canonical JSON of the checked
 * composition, format, theme, scale and renderer version: the same input is rendered and stored
 * once, and without the secret nobody can list or forge a URL.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createImageFormats } from 'isomer-edge/images';
 * import { createImageStore, type ImageBucket } from 'isomer-edge/image-store';
 *
 * declare const env: { IMAGES: ImageBucket; ISOMER_IMAGE_KEY: string };
 * declare const composition: unknown;
 * const formats = createImageFormats({ snapshot: runtime.surfaces.snapshot!, scale: 2 / 3 });
 * const host = createImageStore({ bucket: env.IMAGES, secret: env.ISOMER_IMAGE_KEY, version: '0.1.0' });
 * const image = await host.store({
 *   composition,
 *   format: 'png',
 *   mimeType: 'image/png',
 *   scale: 2 / 3,
 *   size: () => ({ width: 1280, height: 720 }),
 *   render: () => formats.png.render(composition, { scale: 2 / 3 }),
 * });
 * const url = `https://images.example/images/${image.file}`;
 * ```
 */
export function createImageStore(options: ImageStoreOptions): ImageStore {
  const { bucket, version } = options;
  const prefix = options.prefix ?? 'images/';
  const ttlDays = options.ttlDays ?? DEFAULT_IMAGE_TTL_DAYS;
  if (!(Number.isFinite(ttlDays) && ttlDays > 0)) throw new RangeError(`ttlDays must be above 0, got ${ttlDays}`);
  const ttlMs = ttlDays * DAY_MS;
  const now = options.now ?? Date.now;
  let key: Promise<CryptoKey> | undefined;

  const sign = async (input: StoreImageInput): Promise<string> => {
    key ??= importSecret(options.secret);
    const text = canonicalJson({
      composition: input.composition,
      format: input.format,
      theme: input.theme ?? null,
      scale: input.scale ?? null,
      version,
    });
    const mac = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(text));
    return base64url(new Uint8Array(mac));
  };

  const find = async (objectKey: string): Promise<ImageBucketObject | null> => {
    if (bucket.head) return bucket.head(objectKey);
    const object = await bucket.get(objectKey);
    await object?.body.cancel();
    return object;
  };

  const describe = (hash: string, format: string, object: ImageBucketObject, rendered: boolean): StoredImageInfo => ({
    key: hash,
    file: `${hash}.${format}`,
    mimeType: object.httpMetadata?.contentType ?? 'application/octet-stream',
    width: Number(object.customMetadata?.width ?? 0),
    height: Number(object.customMetadata?.height ?? 0),
    bytes: object.size,
    rendered,
  });

  return {
    ttlDays,
    async store(input) {
      const { signal } = input;
      signal?.throwIfAborted();
      const hash = await sign(input);
      const objectKey = `${prefix}${hash}`;
      const existing = await find(objectKey);
      // A link handed out now should live a whole TTL: an image past half its life is stored again
      // (a copy, not a render), which restarts its clock.
      if (existing && now() - createdAt(existing) < ttlMs / 2) return describe(hash, input.format, existing, false);
      if (existing) {
        const old = await bucket.get(objectKey);
        if (old) {
          const bytes = await new Response(old.body).arrayBuffer();
          const metadata = { ...old.customMetadata, created: String(now()) };
          signal?.throwIfAborted();
          await bucket.put(objectKey, bytes, {
            httpMetadata: { contentType: input.mimeType },
            customMetadata: metadata,
          });
          return describe(hash, input.format, { ...old, customMetadata: metadata }, false);
        }
      }
      signal?.throwIfAborted();
      const { width, height } = input.size();
      const output = await input.render();
      signal?.throwIfAborted();
      const customMetadata = {
        format: input.format,
        width: String(width),
        height: String(height),
        created: String(now()),
      };
      await bucket.put(objectKey, output, { httpMetadata: { contentType: input.mimeType }, customMetadata });
      const bytes = typeof output === 'string' ? new TextEncoder().encode(output).byteLength : output.byteLength;
      return {
        key: hash,
        file: `${hash}.${input.format}`,
        mimeType: input.mimeType,
        width,
        height,
        bytes,
        rendered: true,
      };
    },
    async read(hash, format) {
      if (!KEY_PATTERN.test(hash)) return null;
      const object = await bucket.get(`${prefix}${hash}`);
      if (object === null) return null;
      if (object.customMetadata?.format !== format) {
        await object.body.cancel();
        return null;
      }
      return {
        body: object.body,
        mimeType: object.httpMetadata?.contentType ?? 'application/octet-stream',
        bytes: object.size,
        created: createdAt(object),
      };
    },
    async expire(at = now()) {
      let deleted = 0;
      let kept = 0;
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, include: ['customMetadata'], ...(cursor ? { cursor } : {}) });
        const old = page.objects.filter((object) => at - createdAt(object) > ttlMs).map((object) => object.key);
        kept += page.objects.length - old.length;
        if (old.length > 0) await bucket.delete(old);
        deleted += old.length;
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return { deleted, kept };
    },
  };
}
