/** The slides pack: `slidesPack`, `slideDeckFrame`, the guide and rules, and the Worker configuration. */
export * from '../core/packs/slides/index.ts';
export {
  builtInWorkerOptions,
  slidesWorkerOptions,
  summarySlideView,
  SAMPLE_VIEWS,
  type SlidesWorkerOptions,
} from './worker.ts';
