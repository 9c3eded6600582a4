/**
 * `bench/images.ts`'s reference for start-up: the same runtime and slides pack as
 * `images-worker.ts`, without the image formats, so the difference is what the formats add.
 */
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });

export default {
  fetch(): Response {
    return new Response(runtime.primitives.length > 0 ? 'ok' : 'empty');
  },
};
