import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../../src/core/runtime/runtime.ts';
import { definePrimitive } from '../../../src/core/model/primitive.ts';
import { definePrimitivePack } from '../../../src/core/model/pack.ts';
import { html } from '../../../src/core/model/markup.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { createIsomerTools } from '../../../src/core/tools/tools.ts';

/** A pack whose one primitive counts how often its schema runs: once per validation. */
function countingRuntime() {
  const counter = { runs: 0 };
  const counted = definePrimitive({
    type: 'counted',
    schema: z.object({
      type: z.literal('counted'),
      text: z.string().refine(() => {
        counter.runs++;
        return true;
      }),
    }),
    catalog: {
      purpose: 'Counts its validations.',
      useWhen: ['Testing.'],
      avoidWhen: ['Anything else.'],
      example: { type: 'counted', text: 'one' },
    },
    examples: [{ type: 'counted', text: 'one' }],
    renderers: {
      html: (node) => html`<p>${node.text}</p>`,
      text: (node) => node.text,
      markdown: (node) => md.content(md.paragraph(node.text)),
    },
  });
  const pack = definePrimitivePack({ id: 'counting', primitives: [counted] });
  return { runtime: createIsomerRuntime({ packs: [pack] }), counter };
}

const composition = () => ({ type: 'view', title: 'Counted', body: [{ type: 'counted', text: 'one' }] });

describe('a checked copy is validated once', () => {
  it('every surface draws the copy validate returned without validating it again', () => {
    const { runtime, counter } = countingRuntime();
    const checked = runtime.validate(composition());
    expect(checked.valid).toBe(true);
    expect(counter.runs).toBe(1);
    const copy = checked.composition!;
    expect(runtime.surfaces.text.render(copy)).toBe('COUNTED\n\none');
    runtime.surfaces.markdown.render(copy);
    runtime.surfaces.html.render(copy);
    runtime.surfaces.slack.render(copy);
    expect(counter.runs).toBe(1);
    // The caller's own object is never trusted: it is validated as before.
    runtime.surfaces.text.render(composition());
    expect(counter.runs).toBe(2);
  });

  it('the checked copy is frozen all the way down, so nothing can change it after the check', () => {
    const { runtime } = countingRuntime();
    const copy = runtime.validate(composition()).composition!;
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.body)).toBe(true);
    expect(Object.isFrozen(copy.body[0])).toBe(true);
    expect(() => (copy.body as unknown[]).push({ type: 'counted', text: 42 })).toThrow(TypeError);
    expect(() => {
      (copy.body[0] as unknown as { text: unknown }).text = { evil: true };
    }).toThrow(TypeError);
  });

  it('an invalid copy is not remembered: rendering it validates (and refuses) it', () => {
    const { runtime } = countingRuntime();
    const result = runtime.validate({ type: 'view', body: [{ type: 'counted', text: 7 }] });
    expect(result.valid).toBe(false);
    expect(Object.isFrozen(result.composition)).toBe(false);
    expect(() => runtime.surfaces.text.render(result.composition)).toThrow(/must be a string/);
  });

  it('isomer_render validates a request once, whatever format draws it', async () => {
    const { runtime, counter } = countingRuntime();
    const render = createIsomerTools({ runtime }).find((tool) => tool.name === 'isomer_render')!;
    for (const format of ['text', 'markdown', 'html', 'slack']) {
      const before = counter.runs;
      const result = await render.handler({ composition: composition(), format });
      expect(result.isError).toBeUndefined();
      expect(counter.runs - before).toBe(1);
    }
  });
});
