/**
 * The render route group: `GET /formats` lists every format this Worker serves, and
 * `POST /render/{format}` checks a composition, or a deck (a JSON array body), and answers the
 * drawn output itself under its own Content-Type, through the renderer the tools use. A deck is
 * one output (text, a page, a PDF, a message); a format drawn a slide at a time (PNG, WebP, SVG)
 * answers the slide `?slide=` names. A chat format may carry stored pictures (`?image=`), and
 * `?layout=true` reports the layout findings in a header.
 */
import { Hono } from 'hono';
import type { Composition } from '../../core/model/composition.ts';
import type { RenderedDeck, RenderedOutput } from '../../core/tools/render.ts';
import type { IsomerToolsFormat } from '../../core/tools/types.ts';
import { FORMAT_OPTIONS, isBuiltInFormat, type ServedFormat } from '../../core/formats.ts';
import type { ChatHost } from '../../core/chat-hosts/host.ts';
import type { ImagePlacement, Picture } from '../../core/chat-hosts/picture.ts';
import { readJsonBody } from '../body.ts';
import { checkedBody } from '../checked-composition.ts';
import type { WorkerConfig, WorkerConfigEnv } from '../config.ts';
import { BASE_HEADERS, boundText, clientGone, clientLeft, errorResponse, jsonResponse, signalOf } from '../errors.ts';
import { badSlide, parseQuery } from '../query.ts';
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
 * Whether a format draws a deck one slide at a time (no `renderDeck` of its own and not the
 * runtime's: PNG, WebP, SVG), so one HTTP answer can carry only one of its slides.
 */
export function drawsPerSlide(formats: Readonly<Record<string, IsomerToolsFormat>>, format: string): boolean {
  return !isBuiltInFormat(format) && Object.hasOwn(formats, format) && formats[format]!.renderDeck === undefined;
}

/** Refuses `?slide=` on a single composition: there is nothing to choose from. */
function slideOnSingle(): Response {
  return errorResponse(
    'INVALID_QUERY',
    'slide applies to a deck (a JSON array body) only; this body is one composition.',
    {
      parameter: 'slide',
    },
  );
}

/** A deck of several slides in a format drawn a slide at a time: which slide, or the routes that take them all. */
function slideRequired(format: string, count: number): Response {
  return errorResponse(
    'INVALID_QUERY',
    `A ${format} answer is one slide: name it with slide=1 to ${count}, store every slide with ` +
      `POST /images/${format}, or draw the whole deck as one document with POST /render/pdf.`,
    { parameter: 'slide', slides: count },
  );
}

/**
 * `POST /render/{format}`: checks the composition or deck and draws it through the renderer the
 * tools use (`config.renderer`), then answers with the output itself under its own Content-Type.
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
  // An image, or a message with a stored picture, is drawn: counted before the body is read (a
  // deck's further slides once it is read). The layout check counts itself, slide by slide.
  const draws = isImageFormat(format) || query.image !== undefined;
  if (draws) {
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
  const checked = await meter.time('validate', () => checkedBody(own.renderer, body.value, signal, query.layout));
  if (meter.refusal) return rateLimitedResponse(meter.refusal);
  if (checked instanceof Response) return checked;
  const { copies, deck } = checked;
  const { slide } = query;
  if (slide !== undefined && !deck) return slideOnSingle();
  if (slide !== undefined && slide > copies.length) return badSlide(copies.length);
  if (deck && slide === undefined && copies.length > 1 && drawsPerSlide(own.formats, format))
    return slideRequired(format, copies.length);
  // The whole deck as one answer, or one composition (a lone one, or the slide `?slide=` names).
  const whole = deck && slide === undefined;
  const drawn = whole ? copies : [copies[(slide ?? 1) - 1]!];
  if (draws) {
    const refusal = await meter.drawing(drawn.length);
    if (refusal) return rateLimitedResponse(refusal);
  }
  // Only asked-for findings are reported: the header is absent otherwise, and `[]` means it fits.
  const findings: Record<string, string> = query.layout ? { [LAYOUT_HEADER]: layoutHeader(checked.layout) } : {};
  const { heading, theme, scale } = query;
  const options = {
    ...(theme ? { theme } : {}),
    ...(scale !== undefined ? { scale } : {}),
    ...(signal ? { signal } : {}),
  };
  if (query.image !== undefined && store) {
    const chatHost = config.registry.find((listed) => listed.name === format)!.host!;
    const messages: unknown[] = [];
    for (const copy of drawn) {
      // A storage fault leaves that picture out (logged); the message still goes.
      const picture = await storedPicture(config, store, env, request, copy, options, { formats: own.formats, meter });
      if (signal?.aborted) return clientGone();
      messages.push(picturedMessage(config, chatHost, copy, heading, picture, query.image));
    }
    const message = whole ? chatHost.deck(messages) : messages[0];
    return textBody(JSON.stringify(message), chatHost.mimeType, findings);
  }
  let output: RenderedOutput;
  try {
    // The request's formats time their own draws; the runtime's surfaces are timed here.
    const drawOptions = { ...options, heading };
    const draw = async (): Promise<RenderedOutput> =>
      whole
        ? onlyOutput(await own.renderer.renderDeck(copies, format, drawOptions))
        : own.renderer.render(drawn[0]!, format, drawOptions);
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

/** A deck's one output; a format drawn per slide reaches here with a one-slide deck only. */
function onlyOutput(rendered: RenderedDeck): RenderedOutput {
  return 'slides' in rendered ? rendered.slides[0]! : rendered;
}

/** The findings as a JSON array of strings, ASCII only (a header carries no other bytes). */
function layoutHeader(findings: readonly string[]): string {
  return JSON.stringify(findings).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
