/**
 * The Worker `bench/images.ts` bundles and runs in workerd: the slides runtime plus the image
 * formats, with routes that render once (to fetch bytes) or many times (to time renders inside the
 * isolate, where the request's own dispatch does not count).
 */
import { createImageFormats, engineMemoryBytes, type ImageBytes } from '../src/formats/index.ts';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/slides.ts';

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const formats = createImageFormats({ snapshot: runtime.surfaces.snapshot! });

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
    const format = url.searchParams.get('format');
    const theme = url.searchParams.get('theme') === 'dark' ? 'dark' : undefined;
    const scale = url.searchParams.has('scale') ? Number(url.searchParams.get('scale')) : undefined;
    const body: unknown = request.method === 'POST' ? await request.json() : undefined;
    try {
      if (url.pathname === '/deck') {
        const pdf = await formats.pdf.renderDeck(body as unknown[], theme ? { theme } : {});
        return new Response(pdf, { headers: { 'content-type': 'application/pdf' } });
      }
      if (!isFormat(format)) return new Response('unknown format', { status: 400 });
      if (url.pathname === '/render') {
        const output = await renderOnce(format, body, theme, scale);
        return new Response(output, { headers: { 'content-type': formats[format].mimeType } });
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
