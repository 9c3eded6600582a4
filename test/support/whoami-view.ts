/**
 * `whoami`: a view that shows who is asking, so a test can read what reached `hostContext`: the
 * caller as the heading, each context entry as a `key: JSON` bullet.
 */
import { defineView } from '../../src/index.ts';
import type { WorkerCaller } from '../../src/worker/index.ts';

export const whoamiView = defineView<WorkerCaller, unknown>({
  id: 'whoami',
  title: 'Who am I',
  answers: ['Who am I?'],
  build: ({ context }) => ({
    type: 'view',
    body: [
      {
        type: 'slideFrame',
        body: [
          { type: 'slideHeading', title: context.caller },
          {
            type: 'slideBulletList',
            items: Object.entries(context.context).map(([key, value]) => `${key}: ${JSON.stringify(value)}`),
          },
        ],
      },
    ],
  }),
});

/** The identity a `whoami` composition shows. */
export function shownIdentity(composition: any): { caller: string; context: string[] } {
  const frame = composition.body[0];
  return { caller: frame.body[0].title, context: frame.body[1].items };
}
