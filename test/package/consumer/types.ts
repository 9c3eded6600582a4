// Type-checked by test/package/run.ts against the installed package: the public API as a consumer
// writes it, with strict settings and the library's own declaration files checked too.
import {
  type Composition,
  createIsomerRuntime,
  createIsomerTools,
  definePrimitive,
  definePrimitivePack,
  defineView,
  html,
  type IsomerTool,
  md,
  type ValidationError,
} from 'isomer-edge';
import { createImageFormats, type ImageBytes } from 'isomer-edge/images';
import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
import { createWorker, type IsomerWorker, type WorkerCaller } from 'isomer-edge/worker';
import * as z from 'zod';

const metric = definePrimitive({
  type: 'metric',
  schema: z.object({ type: z.literal('metric'), label: z.string().min(1), value: z.string().min(1) }),
  catalog: { purpose: 'One number and what it measures.', useWhen: ['A KPI.'], avoidWhen: ['A trend.'] },
  examples: [{ type: 'metric', label: 'Uptime', value: '99.98%' }],
  renderers: {
    html: (node) => html`<p>${node.label}: <b>${node.value}</b></p>`,
    text: (node) => `${node.label}: ${node.value}`,
    markdown: (node) => md.content(md.paragraph(`${node.label}: ${node.value}`)),
  },
});
const ops = definePrimitivePack({ id: 'ops', primitives: [metric] });
const uptime = defineView<WorkerCaller, { service: string }>({
  id: 'uptime',
  title: 'Uptime',
  answers: ['What is the uptime?'],
  input: z.object({ service: z.string() }),
  build: ({ input }): Composition => ({
    type: 'view',
    title: input.service,
    body: [{ type: 'metric', label: 'Uptime', value: '1' }],
  }),
});

export const opsWorker: IsomerWorker = createWorker({ packs: [ops], views: [uptime] });

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
export const errors: readonly ValidationError[] = runtime.validate({ type: 'view', body: [] }).errors;
export const tools: readonly IsomerTool[] = createIsomerTools({ runtime, frame: slideDeckFrame, heading: false });
const images = createImageFormats({ snapshot: runtime.surfaces.snapshot! });
export const png: Promise<ImageBytes> = images.png.render({ type: 'view', body: [] }, { scale: 0.5 });
