/** The Worker entry: the built-in default configuration. Deployers write their own with `createWorker`. */
import { createWorker } from './worker/app.ts';

export default createWorker();
