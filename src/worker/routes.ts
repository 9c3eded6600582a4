import type * as z from 'zod';
import { type Composition, RENDER_THEMES, type RenderTheme } from '../core/model/composition.ts';
import { predicateFor } from '../core/model/messages.ts';
import { formatPath } from '../core/model/validate.ts';
import type { WorkerCaller } from './auth.ts';
import { readJsonBody } from './body.ts';
import type { WorkerConfig } from './config.ts';
import type { RenderedOutput } from '../core/tools/render.ts';
import { BASE_HEADERS, boundText, clientGone, clientLeft, errorResponse, jsonResponse, signalOf } from './errors.ts';
import { FORMAT_OPTIONS, type ServedFormat } from '../core/formats.ts';
import type { ChatHost } from '../core/chat-hosts/host.ts';
import { IMAGE_PLACEMENTS, type ImagePlacement, type Picture } from '../core/chat-hosts/picture.ts';
import {
  errorText,
  storableFormats,
  storeRendered,
  imageStore,
  ImageRenderError,
  imageUrl,
  notConfigured,
  storedPicture,
  type ImageStoreEnv,
} from './images.ts';

/**
 * A pictured host's message with the picture in it (or alone without the text when `only`): a
 * surface host is drawn by the runtime (Slack), the others build from the Markdown tree.
 */
function picturedMessage(
  config: WorkerConfig,
  host: ChatHost,
  copy: Composition,
  heading: boolean,
  picture: Picture | undefined,
  placement: ImagePlacement,
): unknown {
  const message =
    host.from === 'surface'
      ? config.runtime.surfaces[host.name as 'slack'].render(copy, { heading })
      : config.chat[host.name]!.build(copy, { heading });
  return picture && host.picture ? host.picture(message, picture, placement) : message;
}
/**
 * The JSON-over-HTTP routes. Each one translates: read and check the request, call the library,
 * answer with its result. None re-implements a tool.
 */

const MAX_ISSUES = 20;

/** A schema failure as `{ path, message }` findings in the library's predicate style, bounded. */
function inputIssues(
  schema: z.ZodType,
  value: unknown,
): { ok: true; data: unknown } | { ok: false; response: Response } {
  const parsed = schema.safeParse(value, { error: predicateFor, reportInput: true });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => ({ path: boundText(formatPath(issue.path), 120), message: boundText(issue.message) }));
  const first = issues[0]!;
  const summary = `${first.path === '' ? 'The input' : first.path} ${first.message}`;
  return {
    ok: false,
    response: errorResponse('INVALID_INPUT', summary, {
      issues,
      ...(parsed.error.issues.length > MAX_ISSUES ? { more: parsed.error.issues.length - MAX_ISSUES } : {}),
    }),
  };
}

export function listTools(config: WorkerConfig): Response {
  return jsonResponse({ tools: config.toolSummaries() });
}

export async function callTool(
  config: WorkerConfig,
  caller: WorkerCaller,
  name: string,
  request: Request,
): Promise<Response> {
  const tool = config.toolsFor(caller).find((candidate) => candidate.name === name);
  if (!tool)
    return errorResponse('TOOL_NOT_FOUND', 'No tool has that name; GET /tools lists them.', {
      tools: config.toolSummaries().map((summary) => summary.name),
    });
  const signal = signalOf(request);
  if (await clientLeft(signal)) return clientGone();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const input = inputIssues(tool.inputSchema, body.value);
  if (!input.ok) return input.response;
  // The handler never rejects by contract; a failed call is a 200 with isError, as on MCP.
  const result = await tool.handler(input.data as never, signal ? { signal } : {});
  return signal?.aborted ? clientGone() : jsonResponse(result);
}

export function listResources(config: WorkerConfig): Response {
  return jsonResponse({
    resources: config.resources.map(({ name, uri, title, description, mimeType }) => ({
      name,
      uri,
      title,
      description,
      mimeType,
    })),
  });
}

export function readResource(config: WorkerConfig, name: string): Response {
  const resource = config.resources.find((candidate) => candidate.name === name);
  if (!resource)
    return errorResponse('RESOURCE_NOT_FOUND', 'No resource has that name; GET /resources lists them.', {
      resources: config.resources.map((entry) => entry.name),
    });
  const contentType =
    resource.mimeType === 'application/json' ? 'application/json' : `${resource.mimeType}; charset=utf-8`;
  return new Response(resource.read(), { headers: { 'content-type': contentType, ...BASE_HEADERS } });
}

export function listPrompts(config: WorkerConfig): Response {
  return jsonResponse({ prompts: config.promptSummaries() });
}

export async function getPrompt(config: WorkerConfig, name: string, request: Request): Promise<Response> {
  const prompt = config.prompts.find((candidate) => candidate.name === name);
  if (!prompt)
    return errorResponse('PROMPT_NOT_FOUND', 'No prompt has that name; GET /prompts lists them.', {
      prompts: config.prompts.map((entry) => entry.name),
    });
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const args = inputIssues(prompt.argsSchema, body.value);
  if (!args.ok) return args.response;
  const text = prompt.build(args.data as never);
  return jsonResponse({
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  });
}

/**
 * Untrusted markup served as a page: inline styles, and images and fonts from https: or data: URLs;
 * no script, no other fetch, no form or base URL, and a sandbox (an opaque origin).
 */
const HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:;" +
  " font-src https: data:; base-uri 'none'; form-action 'none'; sandbox";

/** The largest `scale` a render route accepts (2560×1440 from the 1920×1080 slide canvas). */
export const MAX_RENDER_SCALE = 4 / 3;

function parseQuery(
  url: URL,
  fallbackHeading: boolean,
): { theme?: RenderTheme; heading: boolean; scale?: number; image?: ImagePlacement; layout: boolean } | Response {
  const image = url.searchParams.get('image');
  if (image !== null && !(IMAGE_PLACEMENTS as readonly string[]).includes(image))
    return errorResponse('INVALID_QUERY', `image must be one of ${IMAGE_PLACEMENTS.join(', ')}.`, {
      parameter: 'image',
    });
  const theme = url.searchParams.get('theme');
  const heading = url.searchParams.get('heading');
  const scale = url.searchParams.get('scale');
  if (theme !== null && !(RENDER_THEMES as readonly string[]).includes(theme)) {
    return errorResponse('INVALID_QUERY', `theme must be one of ${RENDER_THEMES.join(', ')}.`, { parameter: 'theme' });
  }
  if (heading !== null && heading !== 'true' && heading !== 'false')
    return errorResponse('INVALID_QUERY', 'heading must be true or false.', { parameter: 'heading' });
  const layout = url.searchParams.get('layout');
  if (layout !== null && layout !== 'true' && layout !== 'false')
    return errorResponse('INVALID_QUERY', 'layout must be true or false.', { parameter: 'layout' });
  const factor = scale === null ? undefined : Number(scale);
  if (factor !== undefined && !(/^\d*\.?\d+$/.test(scale!) && factor > 0 && factor <= MAX_RENDER_SCALE)) {
    return errorResponse(
      'INVALID_QUERY',
      `scale must be a number above 0 and at most ${MAX_RENDER_SCALE.toFixed(4)} (0.6667 draws a 1280×720 slide).`,
      { parameter: 'scale' },
    );
  }
  return {
    ...(theme !== null ? { theme: theme as RenderTheme } : {}),
    heading: heading === null ? fallbackHeading : heading === 'true',
    layout: layout === 'true',
    ...(factor !== undefined ? { scale: factor } : {}),
    ...(image !== null ? { image: image as ImagePlacement } : {}),
  };
}

/**
 * A query option the format does not read, refused as `?image=` always was: an option that would
 * change nothing is a caller's mistake worth naming. The registry says what each format reads.
 */
function unreadOption(config: WorkerConfig, format: ServedFormat, query: URLSearchParams): Response | undefined {
  const option = FORMAT_OPTIONS.find((name) => query.has(name) && !format.options.includes(name));
  if (!option) return undefined;
  const readers = config.served.filter((served) => served.options.includes(option)).map((served) => served.name);
  return errorResponse('INVALID_QUERY', `${option} applies to the ${readers.join(', ')} formats only.`, {
    parameter: option,
  });
}

/**
 * `GET /formats`: every format this Worker serves, with its media type, whether its messages can
 * carry a stored picture, whether `/images` stores it, and the query options its route reads
 * (`layout` says whether the layout check is on at all).
 */
export function listFormats(config: WorkerConfig): Response {
  return jsonResponse({ layout: config.layout, formats: config.served });
}

/** The checked composition, or the 422 that lists what to repair (a 499 when the client has gone). */
async function checkedComposition(
  config: WorkerConfig,
  value: unknown,
  signal: AbortSignal | undefined,
  layout = false,
): Promise<{ copy: Composition; layout: readonly string[] } | Response> {
  if (signal?.aborted) return clientGone();
  let check: Awaited<ReturnType<WorkerConfig['renderer']['check']>>;
  try {
    check = await config.renderer.check(value, { layout, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) return clientGone();
    throw error;
  }
  if (check.valid && check.composition !== undefined) return { copy: check.composition, layout: check.layout };
  return jsonResponse(
    {
      error: {
        code: 'COMPOSITION_INVALID',
        message: 'The composition is invalid: repair each error and send it again.',
      },
      valid: false,
      errors: check.errors,
    },
    422,
  );
}

function textBody(body: string, contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { headers: { 'content-type': contentType, ...BASE_HEADERS, ...extra } });
}

/**
 * `POST /render/{format}`: checks the composition and draws it through the renderer the tools use
 * (`config.renderer`), then answers with the output itself under its own Content-Type.
 */
export async function renderComposition(
  config: WorkerConfig,
  format: string,
  request: Request,
  env?: ImageStoreEnv,
): Promise<Response> {
  const entry = config.served.find((served) => served.name === format);
  if (!entry) return errorResponse('FORMAT_NOT_FOUND', 'No format has that name.', { formats: config.formatNames });
  const url = new URL(request.url);
  const query = parseQuery(url, config.heading);
  if (query instanceof Response) return query;
  const unread = unreadOption(config, entry, url.searchParams);
  if (unread) return unread;
  // `?image=` puts a stored picture of the slide in a chat message: it needs the bucket and PNG.
  const host = query.image !== undefined ? imageStore(env) : undefined;
  if (query.image !== undefined && (!host || !storableFormats(config).includes('png'))) return notConfigured();
  const signal = signalOf(request);
  if (await clientLeft(signal)) return clientGone();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  if (query.layout && !config.layout)
    return errorResponse('INVALID_QUERY', 'layout=true needs the layout check, which this Worker has turned off.', {
      parameter: 'layout',
    });
  const checked = await checkedComposition(config, body.value, signal, query.layout);
  if (checked instanceof Response) return checked;
  const { copy } = checked;
  // Only asked-for findings are reported: the header is absent otherwise, and `[]` means it fits.
  const findings: Record<string, string> = query.layout ? { [LAYOUT_HEADER]: layoutHeader(checked.layout) } : {};
  const { heading, theme, scale } = query;
  const options = {
    ...(theme ? { theme } : {}),
    ...(scale !== undefined ? { scale } : {}),
    ...(signal ? { signal } : {}),
  };
  if (query.image !== undefined && host) {
    // A storage fault leaves the picture out (logged); the message still goes.
    const picture = await storedPicture(config, host, env, request, copy, options);
    if (signal?.aborted) return clientGone();
    const chatHost = config.registry.find((listed) => listed.name === format)!.host!;
    const message = picturedMessage(config, chatHost, copy, heading, picture, query.image);
    return textBody(JSON.stringify(message), chatHost.mimeType, findings);
  }
  let output: RenderedOutput;
  try {
    output = await config.renderer.render(copy, format, { ...options, heading });
  } catch (error) {
    if (signal?.aborted) return clientGone();
    // The detail goes to the log only: a renderer's message may quote the composition.
    console.warn(`isomer-edge render ${format}: ${boundText(error instanceof Error ? error.message : String(error))}`);
    return errorResponse('RENDER_FAILED', `The ${format} renderer failed.`);
  }
  const { mimeType } = output;
  const served = 'json' in output ? JSON.stringify(output.json) : 'text' in output ? output.text : output.bytes;
  // Text says its charset; JSON has none to say (RFC 8259), and bytes carry their own.
  const contentType = 'text' in output && !/charset=/i.test(mimeType) ? `${mimeType}; charset=utf-8` : mimeType;
  // Markup a browser could open (HTML, SVG) runs under a policy that allows no script.
  const extra: Record<string, string> = /svg|html/i.test(mimeType) ? { 'content-security-policy': HTML_POLICY } : {};
  return new Response(served as BodyInit, {
    headers: { 'content-type': contentType, ...BASE_HEADERS, ...extra, ...findings },
  });
}

/** `POST /render/{format}?layout=true` answers the layout findings in this header. */
export const LAYOUT_HEADER = 'isomer-layout-warnings';

/** The findings as a JSON array of strings, ASCII only (a header carries no other bytes). */
function layoutHeader(findings: readonly string[]): string {
  return JSON.stringify(findings).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `POST /images/{format}`: checks the composition as the render route does, stores the image once
 * under its content-addressed key, and answers where it is: `{ url, mimeType, width, height, bytes }`.
 */
export async function storeImage(
  config: WorkerConfig,
  format: string,
  request: Request,
  env: ImageStoreEnv | undefined,
): Promise<Response> {
  const formats = storableFormats(config);
  if (!formats.includes(format))
    return errorResponse('FORMAT_NOT_FOUND', 'No image format has that name.', { formats });
  // theme and scale as on the render routes; heading and image mean nothing to a stored image.
  const query = parseQuery(new URL(request.url), config.heading);
  if (query instanceof Response) return query;
  const host = imageStore(env);
  if (!host) return notConfigured();
  const signal = signalOf(request);
  if (await clientLeft(signal)) return clientGone();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const checked = await checkedComposition(config, body.value, signal);
  if (checked instanceof Response) return checked;
  const { copy } = checked;
  try {
    const image = await storeRendered(config, host, copy, format, {
      ...(query.theme ? { theme: query.theme } : {}),
      ...(query.scale !== undefined ? { scale: query.scale } : {}),
      ...(signal ? { signal } : {}),
    });
    const { mimeType, width, height, bytes } = image;
    return jsonResponse({ url: imageUrl(env, request, image.file), mimeType, width, height, bytes });
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
