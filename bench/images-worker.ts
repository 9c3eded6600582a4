/**
 * The Worker `bench/images.ts` bundles and runs in workerd: the slides runtime plus the image
 * formats, with routes that render once (to fetch bytes) or many times (to time renders inside the
 * isolate, where the request's own dispatch does not count).
 */
import { Renderer } from '@takumi-rs/wasm';
import { instantiateTakumi, registeredFaces, takumiEngine } from '../src/images/engine/engine.ts';
import { BUNDLED_FONTS, facesFor, type ImageFontFace } from '../src/images/fonts/fonts.ts';
import { createImageFormats, createLayoutCheck, engineMemoryBytes, type ImageBytes } from '../src/images/index.ts';
import { toImageDocument } from '../src/images/engine/markup.ts';
import { encodePng } from './png-encode.ts';
import { deflateSync } from 'node:zlib';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const formats = createImageFormats({ snapshot: runtime.surfaces.snapshot! });
const layout = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
// Every face registered on the first image, as before faces were chosen per image: a list of its own
// (the engine narrows only `BUNDLED_FONTS`), so the two can be compared in one run.
const EVERY_FACE: readonly ImageFontFace[] = [...BUNDLED_FONTS];
const everyFaceFormats = createImageFormats({ snapshot: runtime.surfaces.snapshot!, fonts: EVERY_FACE });

/**
 * The first image on a fresh isolate, part by part, as `formats.png.render` runs them: instantiate
 * the WebAssembly, read the snapshot into a takumi tree, register the faces (each timed), lay out
 * (`measure`), draw and encode the PNG. `every` registers all bundled faces instead of the needed.
 */
function firstImageParts(composition: unknown, scale: number, every: boolean) {
  const clock = () => performance.now();
  let start = clock();
  instantiateTakumi();
  const instantiateMs = clock() - start;
  start = clock();
  const image = runtime.surfaces.snapshot!.render(composition);
  const document = toImageDocument(image.html, image.css);
  const fonts = every ? EVERY_FACE : BUNDLED_FONTS;
  const faces = facesFor(fonts, [document]);
  const prepareMs = clock() - start;
  const faceMs: number[] = [];
  for (const face of faces) {
    start = clock();
    takumiEngine(fonts, [face]);
    faceMs.push(clock() - start);
  }
  const engine = takumiEngine(fonts, faces);
  const size = { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
  start = clock();
  engine.measure(document.node, { ...size, css: document.css, devicePixelRatio: scale });
  const layoutMs = clock() - start;
  start = clock();
  const png = engine.render(document.node, { ...size, css: document.css, devicePixelRatio: scale, format: 'png' });
  const encodeMs = clock() - start;
  return {
    instantiateMs,
    prepareMs,
    faceMs,
    layoutMs,
    encodeMs,
    faces: registeredFaces(fonts).length,
    bytes: png.length,
  };
}

/**
 * Time to register one font file on a fresh renderer, what its format costs to decode: the first
 * time in the isolate (V8 compiling the decoder's code included) and the median of `runs`.
 */
function registrationMs(data: Uint8Array, runs: number): { firstMs: number; ms: number } {
  instantiateTakumi();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const inner = (new Renderer() as unknown as { inner: { registerFont(font: unknown): void; free(): void } }).inner;
    const start = performance.now();
    inner.registerFont({ name: 'Probe', data, weight: 400, style: 'normal' });
    times.push(performance.now() - start);
    inner.free();
  }
  const firstMs = times[0]!;
  return { firstMs, ms: times.sort((a, b) => a - b)[Math.floor(runs / 2)]! };
}

/**
 * One PNG of the composition by each encoder, timed `runs` times: takumi's own (`takumi`), takumi's
 * RGBA pixels alone (`raw`, the drawing without any encoding), those pixels through `encodePng`
 * with `CompressionStream` (`js`) or with node:zlib at level 1 (`js-zlib1`). Returns the times and
 * the bytes of one picture.
 */
async function timeEncoder(composition: unknown, scale: number, encoder: string, runs: number) {
  const image = runtime.surfaces.snapshot!.render(composition);
  const document = toImageDocument(image.html, image.css);
  const engine = takumiEngine(BUNDLED_FONTS, facesFor(BUNDLED_FONTS, [document]));
  const size = { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
  const options = { ...size, css: document.css, devicePixelRatio: scale };
  const once = async (): Promise<Uint8Array> => {
    if (encoder === 'takumi') return engine.render(document.node, { ...options, format: 'png' });
    const rgba = engine.render(document.node, { ...options, format: 'raw' });
    if (encoder === 'raw') return rgba;
    // node:zlib's level 1 (workerd's nodejs_compat); `CompressionStream` has no level to choose.
    if (encoder === 'js-zlib1')
      return encodePng(rgba, size.width, size.height, (rows) => deflateSync(rows, { level: 1 }));
    return encodePng(rgba, size.width, size.height);
  };
  const bytes = (await once()).length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  return { times, bytes };
}

type Format = keyof typeof formats;

function isFormat(name: string | null): name is Format {
  return name === 'png' || name === 'webp' || name === 'svg' || name === 'pdf';
}

async function renderOnce(
  format: Format,
  composition: unknown,
  theme: 'light' | 'dark' | undefined,
  scale: number | undefined,
): Promise<ImageBytes | string> {
  const options = { ...(theme ? { theme } : {}), ...(scale ? { scale } : {}) };
  return formats[format].render(composition, options);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/noop') return new Response('ok');
    if (url.pathname === '/memory') return Response.json({ wasmBytes: engineMemoryBytes() });
    if (url.pathname === '/register')
      return Response.json(registrationMs(new Uint8Array(await request.arrayBuffer()), 9));
    const format = url.searchParams.get('format');
    const theme = url.searchParams.get('theme') === 'dark' ? 'dark' : undefined;
    const scale = url.searchParams.has('scale') ? Number(url.searchParams.get('scale')) : undefined;
    const body: unknown = request.method === 'POST' ? await request.json() : undefined;
    try {
      if (url.pathname === '/layout') {
        // A fresh copy per run, so each one measures (the check caches per composition object),
        // then the same copy again: what a second look at one composition costs.
        // `same=1`: the same content each run (the check's content cache answers from the second on);
        // otherwise each copy differs by its title, so each one is laid out.
        const runs = Number(url.searchParams.get('runs') ?? '15');
        const same = url.searchParams.get('same') === '1';
        const times: number[] = [];
        const cached: number[] = [];
        let findings = 0;
        for (let i = 0; i < runs; i++) {
          const copy = structuredClone(body) as Record<string, unknown>;
          if (!same) copy.title = `Run ${i} ${Math.random()}`;
          let start = performance.now();
          findings = layout.check(copy, theme ? { theme } : {}).length;
          times.push(performance.now() - start);
          start = performance.now();
          layout.check(copy, theme ? { theme } : {});
          cached.push(performance.now() - start);
        }
        return Response.json({ times, cached, findings });
      }
      if (url.pathname === '/time-encoder')
        return Response.json(
          await timeEncoder(
            body,
            scale ?? 1,
            url.searchParams.get('encoder') ?? 'takumi',
            Number(url.searchParams.get('runs') ?? '15'),
          ),
        );
      if (url.pathname === '/first-image')
        return Response.json(firstImageParts(body, scale ?? 1, url.searchParams.get('faces') === 'all'));
      if (url.pathname === '/deck') {
        const pdf = await formats.pdf.renderDeck(body as unknown[], theme ? { theme } : {});
        return new Response(pdf, { headers: { 'content-type': 'application/pdf' } });
      }
      if (!isFormat(format)) return new Response('unknown format', { status: 400 });
      if (url.pathname === '/render') {
        const output =
          url.searchParams.get('faces') === 'all'
            ? await everyFaceFormats[format].render(body, { ...(theme ? { theme } : {}), ...(scale ? { scale } : {}) })
            : await renderOnce(format, body, theme, scale);
        return new Response(output, { headers: { 'content-type': formats[format].mimeType } });
      }
      if (url.pathname === '/time-deck') {
        // A deck: the PDF as one document, any other format one picture per slide, in order.
        const runs = Number(url.searchParams.get('runs') ?? '5');
        const slides = body as unknown[];
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          if (format === 'pdf') await formats.pdf.renderDeck(slides, theme ? { theme } : {});
          else for (const slide of slides) await renderOnce(format, slide, theme, scale);
          times.push(performance.now() - start);
        }
        return Response.json({ times });
      }
      if (url.pathname === '/time') {
        const runs = Number(url.searchParams.get('runs') ?? '15');
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          await renderOnce(format, body, theme, scale);
          times.push(performance.now() - start);
        }
        return Response.json({ times });
      }
    } catch (error) {
      return new Response(error instanceof Error ? `${error.name}: ${error.message}` : String(error), { status: 500 });
    }
    return new Response('not found', { status: 404 });
  },
};
