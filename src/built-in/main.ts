/** The Worker entry: the built-in configuration (the slides pack and the sample view). */
import { builtInWorkerOptions } from './options.ts';
import { createWorker } from '../worker/create-worker.ts';

export default createWorker(builtInWorkerOptions());
