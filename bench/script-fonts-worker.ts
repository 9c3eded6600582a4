/**
 * The Worker `bench/script-fonts.ts` runs in workerd: the slides runtime and the image formats,
 * with the script fonts fetched from `http://fonts.bench/`, which the bench answers from
 * `build/playground/fonts/` (Miniflare's outbound handler), as the real Worker reads them from its
 * static assets. It counts what the isolate read, so the first image's font traffic can be told
 * apart from its drawing. `scriptFontsWorker` builds the same Worker over other font files: the
 * bench's bundled variant hands it the files as Data modules, already in memory.
 */
import { createImageFormats, type FontFiles } from '../src/images/index.ts';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';

/** The bench Worker reading its script fonts through `read`, counting the files it was given. */
export function scriptFontsWorker(read: FontFiles): { fetch(request: Request): Promise<Response> } {
  const fetched = { files: 0, bytes: 0 };
  const fontFiles: FontFiles = async (file) => {
    const bytes = await read(file);
    if (!bytes) return undefined;
    fetched.files++;
    fetched.bytes += bytes.byteLength;
    return bytes;
  };
  const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
  const formats = createImageFormats({ snapshot: runtime.surfaces.snapshot!, fontFiles });
  return {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      if (url.pathname === '/noop') return new Response('ok');
      const body: unknown = await request.json();
      const scale = Number(url.searchParams.get('scale') ?? '1');
      const runs = Number(url.searchParams.get('runs') ?? '1');
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        bytes = (await formats.png.render(body, { scale })).byteLength;
        times.push(performance.now() - start);
      }
      return Response.json({ times, bytes, fetched });
    },
  };
}

// Pure, so a bundle that imports only `scriptFontsWorker` leaves this Worker (and its runtime) out.
export default /* @__PURE__ */ scriptFontsWorker(async (file) => {
  const response = await fetch(`http://fonts.bench/${file}`);
  return response.ok ? response.arrayBuffer() : undefined;
});
