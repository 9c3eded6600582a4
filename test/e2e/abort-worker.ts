/**
 * The Worker the abandoned-request fault test runs under `wrangler dev`: the built-in one, plus
 * `GET /__test/draws`, the engine's draw count in this isolate, so the test counts what was drawn
 * rather than inferring it from timing. Test-only: the deployed Worker has no such route.
 */
import { engineDrawCount } from '../../src/images/index.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker } from '../../src/worker/index.ts';

const worker = createWorker(builtInWorkerOptions());

export default {
  fetch: (request: Request, env: Parameters<typeof worker.fetch>[1], ctx: Parameters<typeof worker.fetch>[2]) =>
    new URL(request.url).pathname === '/__test/draws'
      ? Response.json({ draws: engineDrawCount() })
      : worker.fetch(request, env, ctx),
  scheduled: worker.scheduled,
};
