/**
 * One draw for callers that ask for the same picture at once (a chat bot that times out and retries,
 * a client that gives up and asks again): the draw is shared while queued or running, each caller
 * gets its own bytes, and it stops only when every caller has left. The engine's own draw counter
 * is what is observed.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createImageFormats, engineDrawCount } from '../../src/images/index.ts';
import { drawInTurn, sharedDraws } from '../../src/images/engine/draw-turn.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { slidesRuntime } from '../support/slides.ts';
import { jsonPost, slide, workerFetch } from './support.ts';

const worker = createWorker(builtInWorkerOptions());
const formats = createImageFormats({ snapshot: slidesRuntime.surfaces.snapshot! });
const gone = () => new DOMException('the client has gone', 'AbortError');

/** A request to the Worker carrying `signal` as its own (what workerd hands a handler). */
const send = (path: string, body: unknown, signal: AbortSignal): Promise<Response> =>
  workerFetch(worker, path, { ...jsonPost(body), signal }, {
    IMAGES: env.IMAGES,
    ISOMER_AUTH: 'none',
  } satisfies WorkerEnv);

describe('the same picture asked for at once', () => {
  it('is drawn once for five requests through POST /render/png, each answered the same bytes', async () => {
    // Drawn once first, so the engine's first-use work is not what the five share.
    const composition = slide({ title: 'Asked for five times' });
    await (await send('/render/png', slide({ title: 'Warm the engine' }), new AbortController().signal)).arrayBuffer();
    const before = engineDrawCount();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send('/render/png', composition, new AbortController().signal)),
    );
    const bodies = await Promise.all(responses.map(async (response) => new Uint8Array(await response.arrayBuffer())));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(engineDrawCount()).toBe(before + 1);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]!.byteLength).toBeGreaterThan(1000);
  });

  it('is drawn once per distinct output: another scale, theme or format is its own draw', async () => {
    const composition = slide({ title: 'Three outputs' });
    const live = () => ({ signal: new AbortController().signal });
    const before = engineDrawCount();
    const [small, dark, webp, again] = await Promise.all([
      formats.png.render(composition, { ...live(), scale: 0.5 }),
      formats.png.render(composition, { ...live(), scale: 0.5, theme: 'dark' }),
      formats.webp.render(composition, { ...live(), scale: 0.5 }),
      formats.png.render(composition, { ...live(), scale: 0.5 }),
    ]);
    expect(engineDrawCount()).toBe(before + 3);
    expect(again).toEqual(small);
    expect(again).not.toBe(small);
    expect(dark).not.toEqual(small);
    expect(webp).not.toEqual(small);
  });

  it('goes on for a caller still waiting when another leaves, and gives each its own buffer', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const drawn: string[] = [];
    const draw = () => {
      drawn.push('drawn');
      return new Uint8Array([1, 2, 3]);
    };
    const own = (bytes: Uint8Array) => bytes.slice();
    const draws = sharedDraws();
    const work = (signal: AbortSignal | undefined) => drawInTurn(signal, draw);
    const leaving = draws.draw('one leaves', first.signal, work, own);
    const staying = draws.draw('one leaves', second.signal, work, own);
    first.abort(gone());
    await expect(leaving).rejects.toThrow('the client has gone');
    const bytes = await staying;
    expect([...bytes]).toEqual([1, 2, 3]);
    expect(bytes).not.toBe(await draws.draw('again', second.signal, async () => bytes, own));
    expect(drawn).toEqual(['drawn']);
    expect(draws.running).toBe(0);
  });

  it('never starts when every caller has left while it was queued', async () => {
    const callers = [new AbortController(), new AbortController(), new AbortController()];
    const drawn: string[] = [];
    const draws = sharedDraws();
    const waits = callers.map((caller) =>
      draws.draw('all leave', caller.signal, (signal) =>
        drawInTurn(signal, () => {
          drawn.push('drawn');
          return 'picture';
        }),
      ),
    );
    for (const caller of callers) caller.abort(gone());
    for (const wait of waits) await expect(wait).rejects.toThrow('the client has gone');
    // One more turn: the queued draw's own turn has come and gone.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(drawn).toEqual([]);
    expect(draws.running).toBe(0);
  });

  it('hands every caller the failure of a draw that fails, and is asked for afresh afterwards', async () => {
    const draws = sharedDraws();
    const failing = async (): Promise<string> => {
      throw new Error('the engine failed');
    };
    const waits = [0, 1].map(() => draws.draw('fails', new AbortController().signal, failing));
    for (const wait of waits) await expect(wait).rejects.toThrow('the engine failed');
    await expect(draws.draw('fails', new AbortController().signal, async () => 'fine')).resolves.toBe('fine');
  });
});
