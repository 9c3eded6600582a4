/** The Worker entry: the built-in configuration (the slides pack and the sample view). */
import { slidesWorkerOptions } from './slides-worker.ts';
import { createWorker } from './worker/app.ts';

export default createWorker(slidesWorkerOptions());
