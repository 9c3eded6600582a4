/** The Worker the sign-in checks run under `wrangler dev`: the built-in one, plus the `whoami` view. */
import { slidesWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker } from '../../src/worker/index.ts';
import { whoamiView } from '../support/whoami-view.ts';

export default createWorker(slidesWorkerOptions({ views: [whoamiView] }));
