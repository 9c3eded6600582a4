/**
 * isomer-edge/built-in: the configuration the Worker serves out of the box — the slides pack with
 * its deck frame, guide and rules, and the sample view — for `createWorker` from `isomer-edge/worker`.
 * `slidesWorkerOptions({ packs })` adds a deployer's own packs to it.
 */
export {
  builtInWorkerOptions,
  slidesWorkerOptions,
  summarySlideView,
  SAMPLE_VIEWS,
  type SlidesWorkerOptions,
} from './options.ts';
