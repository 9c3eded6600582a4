/**
 * The work a composition causes grows linearly with its size. Each worst case the input budget
 * lets through (test/support/linear-cases.ts) runs at its largest size through parse, validate
 * and every surface, and must answer what it should; then the time at N and at 16N, measured in
 * this one run, must stay in linear proportion. No absolute timing is asserted: the ratio is what
 * catches a quadratic path (16N costs 256 times N), whatever the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import {
  CompositionValidationError,
  formatValidationError,
  SLACK_LIMITS,
  type ValidationError,
} from '../../../src/index.ts';
import { MAX_REPORTED_ERRORS } from '../../../src/core/model/validate.ts';
import { LINEAR_CASES, type LinearCase } from '../../support/linear-cases.ts';
import { slidesRuntime as runtime } from '../../support/slides.ts';

const { text, markdown, html, slack, snapshot } = runtime.surfaces;
const collect = { onValidationError: 'collect' } as const;
const TYPES = runtime.primitives.map((definition) => definition.type).join(', ');

/** Each operation in the mode that does the most work: `collect` renders whatever validates. */
const OPERATIONS: [string, (composition: unknown) => unknown][] = [
  ['parse', (c) => runtime.parse(c)],
  ['validate', (c) => runtime.validate(c)],
  ['text', (c) => text.render(c, collect)],
  ['markdown', (c) => markdown.render(c, collect)],
  ['html', (c) => html.render(c, collect)],
  ['slack', (c) => slack.render(c, collect)],
  ['snapshot', (c) => snapshotOrFrameRefusal(c)],
];

/** The deck frame takes one slideFrame; a body of many nodes is refused by it, not by validation. */
function snapshotOrFrameRefusal(composition: unknown): unknown {
  try {
    return snapshot!.render(composition, collect);
  } catch (error) {
    if ((error as { code?: string }).code === 'INVALID_FRAME_BODY') return error;
    throw error;
  }
}

/**
 * 16N against N: linear work gives 16, quadratic 256. The bound leaves room for what makes large
 * inputs dearer per byte without any quadratic path (caches they overflow, garbage collection over
 * a bigger heap, a busy machine: parsing the 447 KB wide object measured exactly 64 in five attempts
 * in one CI run, its small samples sometimes free of a collection the large one always pays) and
 * still fails anything quadratic by a factor of 2.5.
 */
const SCALE = 16;
const MAX_RATIO = 100;
const ROUNDS = 3;
/** Measurements at most per case: a busy machine once pushed a linear case past the bound on three. */
const ATTEMPTS = 5;
/** workerd's clock ticks in whole milliseconds: each sample runs at least this long. */
const MIN_SAMPLE_MS = 25;

/** Mean time of one call, over as many batches of `batch` calls as fill {@link MIN_SAMPLE_MS}. */
function meanTime(fn: () => unknown, batch: number): number {
  const start = performance.now();
  let calls = 0;
  let spent = 0;
  do {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    spent = performance.now() - start;
  } while (spent < MIN_SAMPLE_MS);
  return spent / calls;
}

/**
 * time(16N) / time(N), each the fastest of a few interleaved rounds: other work on the machine only
 * ever adds time, so the fastest sample is the one closest to the cost of the work itself.
 */
function growth(linearCase: LinearCase, operation: (composition: unknown) => unknown): number {
  const small = linearCase.build(Math.floor(linearCase.max / SCALE));
  const large = linearCase.build(linearCase.max);
  operation(small);
  operation(large);
  let smallTime = Number.POSITIVE_INFINITY;
  let largeTime = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    smallTime = Math.min(
      smallTime,
      meanTime(() => operation(small), SCALE),
    );
    largeTime = Math.min(
      largeTime,
      meanTime(() => operation(large), 1),
    );
  }
  return largeTime / smallTime;
}

/**
 * {@link growth}, measured again (up to ATTEMPTS times in all) while it is over the bound: a pause on
 * a busy machine can spoil one measurement, but a quadratic path is over the bound every time.
 */
function settledGrowth(linearCase: LinearCase, operation: (composition: unknown) => unknown): number {
  let ratio = growth(linearCase, operation);
  for (let attempt = 1; attempt < ATTEMPTS && ratio >= MAX_RATIO; attempt++)
    ratio = Math.min(ratio, growth(linearCase, operation));
  return ratio;
}

function thrown(fn: () => unknown): CompositionValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CompositionValidationError) return error;
    throw error;
  }
  throw new Error('expected a CompositionValidationError');
}

const byName = (prefix: string): LinearCase => LINEAR_CASES.find((c) => c.name.startsWith(prefix))!;
const full = (prefix: string) => byName(prefix).build(byName(prefix).max);
const unlisted = (rest: number): ValidationError => ({ path: '', message: `and ${rest} more errors not listed` });

/** What parse and validate (collect) both answer for an invalid case, and what every surface then does. */
function expectInvalid(composition: unknown, errors: ValidationError[]): void {
  expect(runtime.parse(composition)).toEqual({ valid: false, errors });
  const result = runtime.validate(composition);
  expect(result.valid).toBe(false);
  expect(result.errors).toEqual(errors);
  // The surfaces that throw by default throw the same capped list.
  for (const render of [() => text.render(composition), () => markdown.render(composition)]) {
    expect(thrown(render).errors).toEqual(errors);
  }
  expect(thrown(() => slack.render(composition)).errors).toEqual(errors);
  expect(thrown(() => snapshot!.render(composition)).errors).toEqual(errors);
  expect(html.render(composition).validationErrors).toEqual(errors);
}

// Each case runs at about 1 MB through seven operations; a busy machine needs more than the default 5 s.
describe('each worst case answers what it should at the largest size the budget allows', { timeout: 60_000 }, () => {
  it('deep: chains at the depth limit validate and draw on every surface', () => {
    const composition = full('deep');
    expect(runtime.parse(composition).valid).toBe(true);
    expect(runtime.validate(composition)).toMatchObject({ valid: true, errors: [], warnings: [] });
    const last = `Leaf ${byName('deep').max - 1}`;
    expect(text.render(composition)).toContain(last);
    expect(markdown.render(composition)).toContain(last);
    expect(html.render(composition).html).toContain(last);
    expect(snapshot!.render(composition).html).toContain(last);
    expect(slack.render(composition).blocks!.length).toBeGreaterThan(0);
  });

  it('wide array: one finding for the oversized list', () => {
    expectInvalid(full('wide array'), [
      { path: 'body[0].items', message: 'must have at most 6 items', nodeType: 'slideBulletList' },
    ]);
  });

  it('wide object: one finding naming ten keys and counting the rest', () => {
    const keys = Array.from({ length: 10 }, (_, i) => `extraField${i}`).join(', ');
    expectInvalid(full('wide object'), [
      {
        path: 'body[0]',
        message:
          `has unrecognized key(s): ${keys} and ${byName('wide object').max - 10} ` +
          `more; its fields are items, label, marker`,
        nodeType: 'slideBulletList',
      },
    ]);
  });

  it('long string: a title at the character limit validates and draws', () => {
    const composition = full('long string') as { title: string };
    expect(runtime.validate(composition)).toMatchObject({ valid: true, errors: [] });
    expect(text.render(composition).startsWith(composition.title.toUpperCase())).toBe(true);
    expect(markdown.render(composition).length).toBeGreaterThan(composition.title.length);
    expect(html.render(composition).html).toContain('&lt;tags&gt; &amp; &quot;quotes&quot;');
    // Slack caps a header's text; the message is fitted, never refused.
    const [header] = slack.render(composition).blocks!;
    expect(header!.type).toBe('header');
    expect((header!.text as { text: string }).text.length).toBeLessThanOrEqual(SLACK_LIMITS.headerTextChars);
    expect(snapshot!.render(composition).html).not.toContain('Point 0');
  });

  it('many nodes: thousands of lists validate, and Slack elides past its block limit', () => {
    const composition = full('many nodes');
    const last = `Point ${byName('many nodes').max - 1}`;
    expect(runtime.validate(composition)).toMatchObject({ valid: true, errors: [] });
    expect(text.render(composition)).toContain(last);
    expect(markdown.render(composition)).toContain(last);
    expect(html.render(composition).html).toContain(last);
    expect(snapshot!.render(composition).html).toContain(last);
    expect(slack.render(composition).blocks!.length).toBeLessThanOrEqual(50);
  });

  it('unknown types: the cap, every type listed, the rest counted', () => {
    const { max } = byName('unknown types');
    const errors: ValidationError[] = Array.from({ length: MAX_REPORTED_ERRORS }, (_, i) => ({
      path: `body[${i}].type`,
      message: `must be one of: ${TYPES}`,
    }));
    expectInvalid(full('unknown types'), [...errors, unlisted(max - MAX_REPORTED_ERRORS)]);
  });

  it('misspelled types: each listed finding suggests the type meant', () => {
    const { max } = byName('misspelled');
    const errors: ValidationError[] = Array.from({ length: MAX_REPORTED_ERRORS }, (_, i) => ({
      path: `body[${i}].type`,
      message: `must be one of: ${TYPES}; did you mean "slideBulletList"?`,
    }));
    expectInvalid(full('misspelled'), [...errors, unlisted(max - MAX_REPORTED_ERRORS)]);
  });

  it('every node invalid: findings in document order up to the cap, every one counted', () => {
    const { max } = byName('every node invalid');
    const perNode = (i: number): ValidationError[] => [
      { path: `body[${i}].items`, message: 'must not be empty', nodeType: 'slideBulletList' },
      { path: `body[${i}].label`, message: 'must not be empty', nodeType: 'slideBulletList' },
      { path: `body[${i}].marker`, message: 'must be one of: dot, check, x', nodeType: 'slideBulletList' },
    ];
    const listed = Array.from({ length: 17 }, (_, i) => perNode(i))
      .flat()
      .slice(0, MAX_REPORTED_ERRORS);
    expectInvalid(full('every node invalid'), [...listed, unlisted(3 * max - MAX_REPORTED_ERRORS)]);
  });

  it('unknown 200-character types: no suggestion, and nothing quoted back at length', () => {
    const { max } = byName('unknown 200');
    const composition = full('unknown 200');
    const errors: ValidationError[] = Array.from({ length: MAX_REPORTED_ERRORS }, (_, i) => ({
      path: `body[${i}].type`,
      message: `must be one of: ${TYPES}`,
    }));
    expectInvalid(composition, [...errors, unlisted(max - MAX_REPORTED_ERRORS)]);
    const message = thrown(() => text.render(composition)).message;
    expect(message.split('\n')).toHaveLength(2 + MAX_REPORTED_ERRORS);
    expect(formatValidationError(errors[0]!)).not.toContain('slideBulletList0');
  });

  it('collect mode draws what validates and nothing else', () => {
    expect(text.render(full('unknown types'), collect)).toBe('');
    expect(html.render(full('every node invalid'), collect).body).toBe('');
    expect(slack.render(full('misspelled'), collect).blocks ?? []).toEqual([]);
  });
});

describe('the work grows linearly: time at 16N under 100 × time at N', () => {
  for (const linearCase of LINEAR_CASES) {
    it(linearCase.name, { timeout: 120_000 }, () => {
      const ratios = Object.fromEntries(
        OPERATIONS.map(([name, operation]) => [name, Number(settledGrowth(linearCase, operation).toFixed(1))]),
      );
      for (const [name, ratio] of Object.entries(ratios))
        expect(ratio, `${name}: ${JSON.stringify(ratios)}`).toBeLessThan(MAX_RATIO);
    });
  }
});
