// A consumer's Worker: the slides vocabulary from the package, plus a view of its own.
import { defineView } from 'isomer-edge';
import { slidesWorkerOptions } from 'isomer-edge/built-in';
import { createWorker, type WorkerCaller } from 'isomer-edge/worker';
import * as z from 'zod';

const release = defineView<WorkerCaller, { version: string; notes: string[] }>({
  id: 'release-notes',
  title: 'Release notes',
  answers: ['What shipped in this release?'],
  input: z.object({ version: z.string().min(1).max(20), notes: z.array(z.string().min(1).max(200)).min(1).max(6) }),
  build: ({ input }) => ({
    type: 'view',
    title: `Release ${input.version}`,
    body: [
      {
        type: 'slideFrame',
        body: [
          { type: 'slideHeading', title: `Release ${input.version}` },
          { type: 'slideBulletList', items: input.notes },
        ],
      },
    ],
  }),
});

export default createWorker(slidesWorkerOptions({ views: [release] }));
