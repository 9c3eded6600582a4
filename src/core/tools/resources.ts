/**
 * The two resources and one prompt of the tools: the guide as `isomer://authoring-guide`, the whole
 * composition JSON Schema as `isomer://composition-schema` (both read live), and the `compose`
 * prompt, the guide followed by the user's request.
 */
import * as z from 'zod';
import { buildIsomerAuthoringGuide } from './guide.ts';
import { ISOMER_AUTHORING_GUIDE_URI, ISOMER_COMPOSE_PROMPT, ISOMER_COMPOSITION_SCHEMA_URI } from './names.ts';
import type { IsomerGuideOptions } from './types.ts';

export interface IsomerResource {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: 'text/markdown' | 'application/json';
  /** Read live: a view registered later shows up on the next read. */
  read(): string;
}

export interface IsomerPrompt<TArgs extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  argsSchema: TArgs;
  build(args: z.output<TArgs>): string;
}

/**
 * The guide (`isomer://authoring-guide`, Markdown) and the whole composition JSON Schema
 * (`isomer://composition-schema`), in that order.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createIsomerResources } from 'isomer-edge';
 * import { SLIDES_GUIDE } from 'isomer-edge/slides';
 *
 * const [guide, schema] = createIsomerResources({ runtime, guide: SLIDES_GUIDE });
 * ```
 */
export function createIsomerResources(options: IsomerGuideOptions): IsomerResource[] {
  return [
    {
      name: 'isomer-authoring-guide',
      uri: ISOMER_AUTHORING_GUIDE_URI,
      title: 'Isomer authoring guide',
      description:
        'How to write a composition for this host: guide, rules, registered views ' +
        'and the primitive index. The same text as the isomer_authoring_guide tool.',
      mimeType: 'text/markdown',
      read: () => buildIsomerAuthoringGuide(options),
    },
    {
      name: 'isomer-composition-schema',
      uri: ISOMER_COMPOSITION_SCHEMA_URI,
      title: 'Composition JSON Schema',
      description:
        'The whole composition JSON Schema, every primitive included. It is large: a model should ' +
        'read the guide’s index and call isomer_describe_primitives for the types it needs instead.',
      mimeType: 'application/json',
      read: () => JSON.stringify(options.runtime.getAuthoringContext().schema),
    },
  ];
}

const composeArgs = z.object({
  request: z.string().optional().describe('What the view should show, in the user’s words.'),
});

/**
 * `compose`: the guide, followed by `## Request` when a request is given.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createIsomerPrompts } from 'isomer-edge';
 * import { SLIDES_GUIDE, SLIDES_RULES } from 'isomer-edge/slides';
 *
 * const [compose] = createIsomerPrompts({ runtime, guide: SLIDES_GUIDE, rules: SLIDES_RULES });
 * ```
 */
export function createIsomerPrompts(options: IsomerGuideOptions): IsomerPrompt<typeof composeArgs>[] {
  return [
    {
      name: ISOMER_COMPOSE_PROMPT,
      title: 'Compose a view',
      description:
        'The authoring guide as one message, optionally followed by the request to answer with a composition.',
      argsSchema: composeArgs,
      build: ({ request }) => {
        const guide = buildIsomerAuthoringGuide(options);
        return request === undefined ? guide : `${guide}\n\n## Request\n\n${request}`;
      },
    },
  ];
}
