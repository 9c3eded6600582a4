/**
 * Per-operation times of the composition core on V8 (Node 22, the engine workerd runs), with
 * Zod's JIT off as in workerd: parse, validate and each surface on a representative one-slide
 * composition, and every surface on the largest reference fixture.
 */
import * as z from 'zod';
import { createIsomerRuntime } from '../src/index.ts';
import { createCompositionRenderer } from '../src/core/tools/render.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { readFixtures } from '../scripts/preview.ts';
import { benchComposition } from './http.ts';
import { measure, type Measurement } from './measure.ts';

// workerd refuses code generation, so Zod runs without its JIT there: measure that path.
z.config({ jitless: true });

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const { text, markdown, html, slack, snapshot } = runtime.surfaces;
const renderer = createCompositionRenderer({ runtime, frame: slideDeckFrame, heading: false });

/**
 * A render request as the tools and routes served it until the one render path: `parse`, then
 * `validate` on the parsed copy, then a surface that validated its input again (three passes).
 */
function threeValidations(composition: unknown, draw: (value: unknown) => unknown): void {
  const parsed = runtime.parse(composition);
  const checked = runtime.validate(parsed.composition);
  if (checked.valid) slideDeckFrame.validateBody?.(checked.composition!.body);
  draw(composition);
}

/** The same request now: one `validate`, and the surface draws the frozen checked copy. */
async function oneValidation(composition: unknown, format: string): Promise<void> {
  const check = await renderer.check(composition);
  await renderer.render(check.composition!, format);
}

/** Every surface at once: what a host that posts a slide everywhere spends on it. */
function everySurface(composition: unknown): void {
  text.render(composition, { heading: false });
  markdown.render(composition, { heading: false });
  html.render(composition, { heading: false });
  slack.render(composition, { heading: false });
  snapshot!.render(composition);
}

export function largestFixture(): { name: string; composition: Record<string, unknown> } {
  return readFixtures()
    .map((fixture) => ({ ...fixture, size: JSON.stringify(fixture.composition).length }))
    .sort((a, b) => b.size - a.size)[0]!;
}

export function benchCore(): { composition: string; largest: string; rows: Measurement[] } {
  const { name, composition } = benchComposition();
  const largest = largestFixture();
  return {
    composition: name,
    largest: largest.name,
    rows: [
      measure('parse', () => runtime.parse(composition)),
      measure('validate', () => runtime.validate(composition)),
      measure('text (validate + render)', () => text.render(composition, { heading: false })),
      measure('markdown (validate + render)', () => markdown.render(composition, { heading: false })),
      measure('html (validate + render)', () => html.render(composition, { heading: false })),
      measure('slack (validate + render)', () => slack.render(composition, { heading: false })),
      measure('snapshot (validate + render)', () => snapshot!.render(composition)),
      measure('request, text: three validations (before the one render path)', () =>
        threeValidations(composition, (value) => text.render(value, { heading: false })),
      ),
      measure('request, text: one validation (now)', () => oneValidation(composition, 'text')),
      measure('request, html: three validations (before the one render path)', () =>
        threeValidations(composition, (value) => html.render(value, { heading: false }).document),
      ),
      measure('request, html: one validation (now)', () => oneValidation(composition, 'html')),
      measure(`largest fixture (${largest.name}), all five surfaces`, () => everySurface(largest.composition)),
    ],
  };
}
