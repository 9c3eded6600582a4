/**
 * The built-in Worker configuration: the slides pack with its frame, guide and rules, and the
 * sample view, which `src/built-in/main.ts` serves. A built-in pack joins the Worker here
 * (docs/packs.md); a deployer's own packs go through `slidesWorkerOptions({ packs })`.
 */
import * as z from 'zod';
import { slidesPack } from '../packs/slides/index.ts';
import { defineView, type RegisteredView } from '../core/runtime/views.ts';
import type { WorkerCaller } from '../worker/caller.ts';
import type { WorkerOptions } from '../worker/config.ts';

const summaryInput = z.strictObject({
  title: z.string().min(1).max(120).describe('The slide’s claim, as a sentence.'),
  points: z.array(z.string().min(1).max(200)).min(1).max(6).describe('One to six short supporting points.'),
  brand: z.string().min(1).max(60).optional().describe('Footer brand; defaults to the caller’s configured brand.'),
});

/** A caller's `context.brand`, when their token configures one as a short string. */
function callerBrand(caller: WorkerCaller | undefined): string | undefined {
  const brand = caller?.context.brand;
  return typeof brand === 'string' && brand.length > 0 && brand.length <= 60 ? brand : undefined;
}

/**
 * `summary-slide`: one content slide (a heading and up to six bullets) built from typed input, so
 * an agent answering "summarize this as a slide" never composes by hand. The footer brand falls
 * back to the caller's context, which shows `hostContext` reaching a view.
 */
export const summarySlideView: RegisteredView<WorkerCaller, z.output<typeof summaryInput>> = defineView<
  WorkerCaller,
  z.output<typeof summaryInput>
>({
  id: 'summary-slide',
  title: 'Summary slide',
  description: 'One 16:9 content slide: a claim as the heading and one to six supporting points.',
  answers: ['Summarize this as a slide', 'Make a slide with these points', 'Show the key takeaways'],
  input: summaryInput,
  build: ({ context, input }) => {
    const brand = input.brand ?? callerBrand(context);
    return {
      type: 'view',
      title: input.title,
      body: [
        {
          type: 'slideFrame',
          logo: false,
          ...(brand ? { brand } : {}),
          body: [
            { type: 'slideHeading', title: input.title },
            { type: 'slideBulletList', items: input.points },
          ],
        },
      ],
    };
  },
});

/** The views the built-in configuration registers. */
export const SAMPLE_VIEWS: readonly RegisteredView<WorkerCaller>[] = [summarySlideView];

/** What `slidesWorkerOptions` takes: any Worker option, and whether to register the sample view. */
export interface SlidesWorkerOptions extends Partial<WorkerOptions> {
  /** Register `summary-slide` before `views`. Default `true`. */
  sampleViews?: boolean;
}

/**
 * The slides pack as a Worker: the pack (which brings its deck frame, guide and rules), titles left
 * to the slides (a slide draws its own), the image formats, and the sample view. `packs` are served
 * after the slides pack, each with its own guide section, rules and frame; `views` are registered
 * after the sample; any other option given replaces the built-in one (`guide` and `rules` replace
 * the packs' own).
 * @example
 * ```ts
 * import { defineView } from 'isomer-edge';
 * import { slidesWorkerOptions } from 'isomer-edge/built-in';
 * import { createWorker, type WorkerCaller } from 'isomer-edge/worker';
 *
 * const incidentView = defineView<WorkerCaller, unknown>({
 *   id: 'incident',
 *   title: 'Incident',
 *   answers: ['What is the incident status?'],
 *   build: () => ({
 *     type: 'view',
 *     body: [{ type: 'slideFrame', body: [{ type: 'slideHeading', title: 'All clear' }] }],
 *   }),
 * });
 * export default createWorker(slidesWorkerOptions({ views: [incidentView] }));
 * ```
 */
export function slidesWorkerOptions(options: SlidesWorkerOptions = {}): WorkerOptions {
  const { sampleViews = true, views = [], packs = [], ...rest } = options;
  return {
    heading: false,
    ...rest,
    packs: [slidesPack, ...packs],
    views: [...(sampleViews ? SAMPLE_VIEWS : []), ...views],
  };
}

/**
 * The built-in configuration: what `src/built-in/main.ts` serves and the tests check, so the two never
 * drift apart.
 * @example
 * ```ts
 * import { builtInWorkerOptions } from 'isomer-edge/built-in';
 * import { createWorker } from 'isomer-edge/worker';
 *
 * export default createWorker(builtInWorkerOptions());
 * ```
 */
export function builtInWorkerOptions(): WorkerOptions {
  return slidesWorkerOptions();
}
