/**
 * The render route group: `GET /formats` lists every format this Worker serves, and
 * `POST /render/{format}` checks a composition and answers the drawn output itself under its own
 * Content-Type, through the renderer the tools use. A chat format may carry a stored picture
 * (`?image=`), and `?layout=true` reports the layout findings in a header.
 */
import { Hono } from 'hono';
import type { Composition } from '../../core/model/composition.ts';
import type { RenderedOutput } from '../../core/tools/render.ts';
import { FORMAT_OPTIONS, type ServedFormat } from '../../core/formats.ts';
import type { ChatHost } from '../../core/chat-hosts/host.ts';
import type { ImagePlacement, Picture } from '../../core/chat-hosts/picture.ts';
import { readJsonBody } from '../body.ts';
import { checkedComposition } from '../checked-composition.ts';
import type { WorkerConfig, WorkerConfigEnv } from '../config.ts';
import { BASE_HEADERS, boundText, clientGone, clientLeft, errorResponse, jsonResponse, signalOf } from '../errors.ts';
import { parseQuery } from '../query.ts';
import { type ImageStoreEnv, imageStore, notConfigured, storableFormats, storedPicture } from './images.ts';
import type { WorkerCaller } from '../caller.ts';
import { rateLimitedResponse } from '../rate-limits.ts';
import { isImageFormat, type RequestMeter } from '../request-meter.ts';
import type { ConfigFor, RouteEnv } from './route-group.ts';

type RenderRouteEnv = RouteEnv<ImageStoreEnv & WorkerConfigEnv>;

/** The formats list and the render route over the deployment's configuration. */
export function renderRoutes(configFor: ConfigFor): Hono<RenderRouteEnv> {
  const routes = new Hono<RenderRouteEnv>();
  routes.get('/formats', (c) => listFormats(configFor(c.env)));
  routes.post('/render/:format', (c) =>
    renderComposition(configFor(c.env), c.req.param('format'), c.req.raw, c.env, c.get('meter'), c.get('caller')),
  );
  return routes;
}

/** `POST /render/{format}?layout=true` answers the layout findings in this header. */
export const LAYOUT_HEADER = 'isomer-layout-warnings';

/**
 * Untrusted markup served as a page: inline styles, and images and fonts from https: or data: URLs;
 * no script, no other fetch, no form or base URL, and a sandbox (an opaque origin).
 */
const HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:;" +
  " font-src https: data:; base-uri 'none'; form-action 'none'; sandbox";

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
function listFormats(config: WorkerConfig): Response {
  return jsonResponse({ layout: config.layout, formats: config.served });
}

function textBody(body: string, contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { headers: { 'content-type': contentType, ...BASE_HEADERS, ...extra } });
}

/**
 * `POST /render/{format}`: checks the composition and draws it through the renderer the tools use
 * (`config.renderer`), then answers with the output itself under its own Content-Type.
 */
async function renderComposition(
  config: WorkerConfig,
  format: string,
  request: Request,
  env: ImageStoreEnv | undefined,
  meter: RequestMeter,
  caller: WorkerCaller,
): Promise<Response> {
  const entry = config.served.find((served) => served.name === format);
  if (!entry) return errorResponse('FORMAT_NOT_FOUND', 'No format has that name.', { formats: config.formatNames });
  meter.format = format;
  const url = new URL(request.url);
  const query = parseQuery(url, config.heading);
  if (query instanceof Response) return query;
  const unread = unreadOption(config, entry, url.searchParams);
  if (unread) return unread;
  // `?image=` puts a stored picture of the slide in a chat message: it needs the bucket and PNG.
  const store = query.image !== undefined ? imageStore(env) : undefined;
  if (query.image !== undefined && (!store || !storableFormats(config).includes('png'))) return notConfigured();
  // An image, or a message with a stored picture, is drawn: counted before the body is read. (The
  // layout check counts itself, when it lays a valid slide out.)
  if (isImageFormat(format) || query.image !== undefined) {
    const refusal = await meter.drawing();
    if (refusal) return rateLimitedResponse(refusal);
  }
  const signal = signalOf(request);
  if (await clientLeft(signal)) return clientGone();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  if (query.layout && !config.layout)
    return errorResponse('INVALID_QUERY', 'layout=true needs the layout check, which this Worker has turned off.', {
      parameter: 'layout',
    });
  const own = config.forRequest(caller, meter);
  const checked = await meter.time('validate', () =>
    checkedComposition(own.renderer, body.value, signal, query.layout),
  );
  if (meter.refusal) return rateLimitedResponse(meter.refusal);
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
  if (query.image !== undefined && store) {
    // A storage fault leaves the picture out (logged); the message still goes.
    const picture = await storedPicture(config, store, env, request, copy, options, { formats: own.formats, meter });
    if (signal?.aborted) return clientGone();
    const chatHost = config.registry.find((listed) => listed.name === format)!.host!;
    const message = picturedMessage(config, chatHost, copy, heading, picture, query.image);
    return textBody(JSON.stringify(message), chatHost.mimeType, findings);
  }
  let output: RenderedOutput;
  try {
    // The request's formats time their own draws; the runtime's surfaces are timed here.
    const draw = () => own.renderer.render(copy, format, { ...options, heading });
    output = Object.hasOwn(own.formats, format) ? await draw() : await meter.time('draw', draw);
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

/** The findings as a JSON array of strings, ASCII only (a header carries no other bytes). */
function layoutHeader(findings: readonly string[]): string {
  return JSON.stringify(findings).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
