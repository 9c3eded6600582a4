import { describe, expect, it } from 'vitest';
import { createIsomerRuntime, exampleNodes, SLACK_LIMITS } from '../../../src/index.ts';
import { createRandom, HOSTILE_STRINGS, mutate, randomValue } from '../../support/random.ts';
import { fixtureNotesFrame, fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const runtime = createIsomerRuntime({ packs: [fixtureNotesPack], frames: { card: fixtureNotesFrame } });
const types = runtime.primitives.map((p) => p.type);
const examples = runtime.primitives.flatMap((p) => exampleNodes(p));
const DOCUMENTED = new Set(['CompositionValidationError', 'IsomerError']);

/** Runs every entry point on one value; anything thrown must be a documented error. */
function exercise(value: unknown): void {
  const attempt = (label: string, fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      const name = (error as { name?: string }).name ?? String(error);
      if (!DOCUMENTED.has(name))
        throw new Error(
          `${label} threw ${name}: ${(error as Error).message}\ninput: ${JSON.stringify(value)?.slice(0, 500)}`,
        );
    }
  };
  const parsed = runtime.parse(value);
  const checked = runtime.validate(value);
  expect(parsed.valid === checked.valid || checked.errors.some((e) => e.message.startsWith('duplicates id'))).toBe(
    true,
  );
  const { text, markdown, html, slack, snapshot } = runtime.surfaces;
  attempt('text', () => expect(typeof text.render(value)).toBe('string'));
  attempt('markdown', () => expect(typeof markdown.render(value)).toBe('string'));
  attempt('html', () => expect(html.render(value).html.startsWith('<section class="isomer')).toBe(true));
  attempt('html throw', () => html.render(value, { onValidationError: 'throw', theme: 'dark' }));
  attempt('slack', () => {
    const message = slack.render(value, { collectAssets: true });
    expect(message.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocksPerMessage);
    expect(message.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackTextChars);
  });
  attempt('snapshot', () => snapshot!.render(value));
  attempt('text collect', () => text.render(value, { onValidationError: 'collect' }));
  attempt('slack collect', () => slack.render(value, { onValidationError: 'collect' }));
  if (value && typeof value === 'object' && Array.isArray((value as { body?: unknown }).body)) {
    for (const node of (value as { body: unknown[] }).body) {
      attempt('renderNode', () => text.renderNode(node));
      attempt('renderNode html', () => html.renderNode(node));
    }
  }
}

describe('random and hostile input', () => {
  it('never throws anything but the documented errors (2,000 random documents)', { timeout: 60_000 }, () => {
    const random = createRandom(0x15011e5);
    for (let i = 0; i < 2000; i++) {
      const body = Array.from({ length: random.int(4) }, () => randomValue(random, types));
      const value = random.chance(0.9)
        ? { type: 'view', title: random.pick(HOSTILE_STRINGS), body }
        : randomValue(random, types);
      exercise(value);
    }
  });

  it('never throws anything but the documented errors (2,000 mutations of valid examples)', { timeout: 60_000 }, () => {
    const random = createRandom(42);
    for (let i = 0; i < 2000; i++) {
      const body = Array.from({ length: 1 + random.int(3) }, () => random.pick(examples));
      exercise(mutate(random, { type: 'view', title: 'T', body }, types));
    }
  });

  it('renders every hostile string in every text field without leaking markup or mentions', () => {
    for (const hostile of HOSTILE_STRINGS.filter(Boolean)) {
      const value = {
        type: 'view',
        title: hostile,
        subtitle: hostile,
        body: [
          { type: 'note', text: hostile },
          { type: 'card', title: hostile.slice(0, 200) },
          { type: 'table', columns: [hostile], rows: [[hostile]] },
        ],
      };
      const out = runtime.surfaces.html.render(value);
      expect(out.html).not.toMatch(/<script|<img|<b>/);
      const message = runtime.surfaces.slack.render(value);
      expect(message.text).not.toMatch(/<[!@#]/);
      exercise(value);
    }
  });

  it('refuses deeply nested and oversized documents quickly without a stack overflow', { timeout: 60_000 }, () => {
    let deep: unknown = { type: 'note', text: 'leaf' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'stack', items: [deep] };
    exercise({ type: 'view', body: [deep] });
    expect(runtime.validate({ type: 'view', body: [deep] }).errors[0]).toMatchObject({
      code: 'INPUT_OVER_BUDGET',
      message: 'input nests deeper than 64 levels',
    });
    const wide = { type: 'view', body: Array.from({ length: 30_000 }, () => ({ type: 'note', text: 'x' })) };
    expect(runtime.validate(wide).errors[0]).toMatchObject({
      code: 'INPUT_OVER_BUDGET',
      message: 'input holds more than 20000 values',
    });
    exercise(wide);
  });

  it('accepts nesting right up to the depth limit', () => {
    // view(1) > body(2) > stack(3) > items(4) > … each stack adds two levels.
    let node: unknown = { type: 'note', text: 'leaf' };
    for (let i = 0; i < 30; i++) node = { type: 'stack', items: [node] };
    const result = runtime.validate({ type: 'view', body: [node] });
    expect(result.valid).toBe(true);
    expect(runtime.surfaces.text.render({ type: 'view', body: [node] })).toBe('leaf');
  });
});
