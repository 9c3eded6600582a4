import { describe, expect, it } from 'vitest';
import { json, mcpModern, post, rpcMessage, slide } from './support.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('images from the Worker', () => {
  it('POST /render/png answers a 1920×1080 PNG, and ?scale=0.6667 a 1280×720 one', async () => {
    const full = await post('/render/png', slide());
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(bytes)).toEqual([1920, 1080]);
    const small = new Uint8Array(await (await post('/render/png?scale=0.6667', slide())).arrayBuffer());
    expect(pngSize(small)).toEqual([1280, 720]);
  });

  it('refuses a scale outside (0, 4/3] as a bad query', async () => {
    for (const scale of ['0', '-1', '2', 'abc', '1e3', 'NaN']) {
      const response = await post(`/render/png?scale=${scale}`, slide());
      expect(response.status, scale).toBe(400);
      expect((await json(response)).error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'scale' });
    }
  });

  it('answers WebP, SVG and PDF with their types, and light and dark differ', async () => {
    const webp = new Uint8Array(await (await post('/render/webp', slide())).arrayBuffer());
    expect(new TextDecoder().decode(webp.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(webp.slice(8, 12))).toBe('WEBP');
    const svg = await post('/render/svg?theme=dark', slide());
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const markup = await svg.text();
    expect(markup.startsWith('<svg')).toBe(true);
    const light = await (await post('/render/svg?theme=light', slide())).text();
    expect(light).not.toBe(markup);
    const pdf = await post('/render/pdf', slide());
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('isomer_render answers an image block over HTTP and over MCP', async () => {
    const http = await json(await post('/tools/isomer_render', { composition: slide(), format: 'png' }));
    expect(http.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(atob(http.content[0].data).slice(1, 4)).toBe('PNG');
    const { result } = await rpcMessage(
      await mcpModern('tools/call', { name: 'isomer_render', arguments: { composition: slide(), format: 'pdf' } }),
    );
    expect(result.content[0]).toMatchObject({
      type: 'resource',
      resource: { uri: 'isomer://render/pdf', mimeType: 'application/pdf' },
    });
  });

  it('validates before drawing: an invalid composition is a 422, never an image', async () => {
    const response = await post('/render/png', { type: 'view', body: [{ type: 'slideHeading', title: 'No frame' }] });
    expect(response.status).toBe(422);
    expect((await json(response)).errors[0]).toContain('slideFrame');
  });
});
