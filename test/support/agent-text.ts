/**
 * The size of what an agent reads with the slides pack: tools/list, the guide, the whole schema,
 * and the one-type describe answers. Sizes are UTF-16 code units (JavaScript string length).
 */
import * as z from 'zod';
import { buildIsomerAuthoringGuide, createIsomerRuntime, createIsomerTools, defineView } from '../../src/index.ts';
import { SLIDES_GUIDE, SLIDES_RULES, slideDeckFrame, slidesPack } from '../../src/packs/slides/index.ts';
import { createLayoutCheck } from '../../src/images/index.ts';

export async function measureAgentText() {
  const view = defineView({
    id: 'summary-slide',
    title: 'Summary slide',
    answers: ['Summarise this as a slide'],
    input: z.object({ title: z.string(), points: z.array(z.string()) }),
    build: () => ({ type: 'view', body: [] }) as never,
  });
  const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame }, views: [view] });
  const tools = createIsomerTools({
    runtime,
    guide: SLIDES_GUIDE,
    rules: SLIDES_RULES,
    frame: slideDeckFrame,
    heading: false,
    // As the Worker's default configuration: the layout check is on (its engine starts on first use).
    layout: createLayoutCheck({ snapshot: runtime.surfaces.snapshot! }),
  });
  const toolsList = JSON.stringify(
    tools.map(({ name, title, description, inputSchema }) => ({
      name,
      title,
      description,
      inputSchema: z.toJSONSchema(inputSchema),
    })),
  );
  const guide = buildIsomerAuthoringGuide({ runtime, guide: SLIDES_GUIDE, rules: SLIDES_RULES, layout: true });
  const schema = JSON.stringify(runtime.getAuthoringContext().schema);
  const describe = tools.find((tool) => tool.name === 'isomer_describe_primitives')!;
  const answers: { type: string; length: number }[] = [];
  for (const { type } of runtime.primitives) {
    const result = await describe.handler({ types: [type] });
    answers.push({ type, length: (result.content[0] as { text: string }).text.length });
  }
  answers.sort((a, b) => b.length - a.length);
  const unknown = await describe.handler({ types: ['x'.repeat(200), 'a\n## Injected'] });
  return {
    unknownType: (unknown.content[0] as { text: string }).text.length,
    toolsList: toolsList.length,
    guide: guide.length,
    schema: schema.length,
    largestDescribe: answers[0]!,
    smallestDescribe: answers.at(-1)!,
  };
}
