/**
 * Each axis of `isomer-edge/evals` against figures worked out by hand on a tiny pack: multiset
 * selection F1, validity with and without a retry, payload bytes and size against the golden,
 * unknown node types found through a container's children, answerability through a judge.
 */
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../src/index.ts';
import {
  checkAttempt,
  parseGenerated,
  scoreAnswerability,
  scorePayload,
  scorePrimitiveSelection,
  scoreValidity,
  selectionTypes,
  unknownNodeTypes,
} from '../../src/evals/index.ts';
import { evalsFixturePack } from './fixture-pack.ts';

const runtime = createIsomerRuntime({ packs: [evalsFixturePack] });
const view = (...types: string[]) => ({ type: 'view', body: types.map((type) => ({ type })) });

describe('primitive selection: multiset precision, recall and F1 of body types', () => {
  it('scores a worked example: 2 of 4 chosen are wanted, 2 of 3 wanted are chosen', () => {
    // got {heading, bars×2, source}, want {heading, bars, chart}: overlap = min(1,1) + min(2,1) = 2.
    // precision 2/4, recall 2/3, F1 = 2·(1/2)(2/3) / (1/2 + 2/3) = (2/3)/(7/6) = 4/7.
    const score = scorePrimitiveSelection(view('heading', 'bars', 'bars', 'source'), view('heading', 'bars', 'chart'));
    expect(score.precision).toBe(0.5);
    expect(score.recall).toBeCloseTo(2 / 3, 12);
    expect(score.f1).toBeCloseTo(4 / 7, 12);
    expect(score.extra).toEqual(['bars', 'source']);
    expect(score.missing).toEqual(['chart']);
  });

  it('is 0 when nothing overlaps or either side is empty, 1 when the multisets match in any order', () => {
    expect(scorePrimitiveSelection(view('a'), view('b')).f1).toBe(0);
    expect(scorePrimitiveSelection(view(), view('b'))).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
      missing: ['b'],
    });
    expect(scorePrimitiveSelection(view('a', 'b', 'a'), view('a', 'a', 'b')).f1).toBe(1);
  });

  it('reads top-level types, or the children of an unwrapped container (a slide’s content)', () => {
    const slide = {
      type: 'view',
      body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }, { type: 'slideChart', body: [{ type: 'x' }] }] }],
    };
    expect(selectionTypes(slide)).toEqual(['slideFrame']);
    expect(selectionTypes(slide, { unwrap: ['slideFrame'] })).toEqual(['slideHeading', 'slideChart']);
    expect(selectionTypes({ type: 'view', body: 'nope' })).toEqual([]);
  });
});

describe('validity: parsed, valid, validAfterRetry, errors', () => {
  const good = '```json\n{"type":"view","body":[{"type":"note","text":"Hi"}]}\n```';
  const missing = '{"type":"view","body":[{"type":"figure","label":"days"}]}';

  it('strips a fence and parses; prose around unfenced JSON is not JSON', () => {
    expect(parseGenerated(good)).toMatchObject({ parsed: true, value: { type: 'view' } });
    const prose = parseGenerated('Here you go: {"type":"view","body":[]}');
    expect(prose.parsed).toBe(false);
    expect(prose.parsed === false && prose.error).toMatch(/^the answer is not JSON: /);
  });

  it('a valid first answer: valid and validAfterRetry, no errors, the checked copy kept', () => {
    const score = scoreValidity(checkAttempt(runtime, good));
    expect(score).toMatchObject({ parsed: true, valid: true, validAfterRetry: true, errors: [] });
    expect(score.composition).toEqual({ type: 'view', body: [{ type: 'note', text: 'Hi' }] });
  });

  it('a missing field repaired on the retry: not valid, valid after retry, the first answer’s errors', () => {
    const score = scoreValidity(checkAttempt(runtime, missing), checkAttempt(runtime, good));
    expect(score).toMatchObject({
      parsed: true,
      valid: false,
      validAfterRetry: true,
      errors: ['body[0].value (in figure) is required'],
    });
    expect(score.retryErrors).toBeUndefined();
  });

  it('a retry that fails too keeps both answers’ errors and no composition', () => {
    const score = scoreValidity(checkAttempt(runtime, 'not json'), checkAttempt(runtime, missing));
    expect(score).toMatchObject({ parsed: false, valid: false, validAfterRetry: false });
    expect(score.errors[0]).toMatch(/^the answer is not JSON/);
    expect(score.retryErrors).toEqual(['body[0].value (in figure) is required']);
    expect(score.composition).toBeUndefined();
  });

  it('applies a frame’s body rule as the tools do', () => {
    const oneNote = { validateBody: (body: readonly unknown[]) => (body.length === 1 ? [] : ['one node only']) };
    const two = '{"type":"view","body":[{"type":"note","text":"a"},{"type":"note","text":"b"}]}';
    expect(checkAttempt(runtime, two, { frame: oneNote })).toMatchObject({ valid: false, errors: ['one node only'] });
  });
});

describe('payload: bytes as written, as validated, against the golden, invented types', () => {
  it('counts UTF-8 bytes by hand', () => {
    // {"type":"view","body":[{"type":"note","text":"héllo"}]}: 55 characters, é is 2 bytes: 56 bytes.
    // The answer adds "```json\n" (8) and "\n```" (4): 68 bytes. The golden with "hi": 52 bytes.
    const json = '{"type":"view","body":[{"type":"note","text":"héllo"}]}';
    const golden = { type: 'view', body: [{ type: 'note', text: 'hi' }] };
    const score = scorePayload(runtime, `\`\`\`json\n${json}\n\`\`\``, golden);
    expect(score).toEqual({
      rawBytes: 68,
      sanitizedBytes: 56,
      goldenBytes: 52,
      sizeVsGolden: 56 / 52,
      unknownTypes: [],
    });
  });

  it('pretty-printed answers weigh more as written than as validated', () => {
    const value = { type: 'view', body: [{ type: 'figure', value: 2, label: 'days' }] };
    const score = scorePayload(runtime, JSON.stringify(value, null, 2));
    expect(score.sanitizedBytes).toBe(JSON.stringify(value).length);
    expect(score.rawBytes).toBeGreaterThan(score.sanitizedBytes);
    expect(score.sizeVsGolden).toBeUndefined();
  });

  it('an answer the schema refuses has no sanitized bytes, and no size against the golden', () => {
    const score = scorePayload(runtime, '{"type":"view","body":[{"type":"note"}]}', { type: 'view', body: [] });
    expect(score).toMatchObject({ sanitizedBytes: 0, goldenBytes: 25 });
    expect(score.sizeVsGolden).toBeUndefined();
  });

  it('finds invented types at the top and inside a known container, skipping malformed branches', () => {
    const value = {
      type: 'view',
      body: [
        { type: 'note', text: 'fine' },
        { type: 'chart', series: [{ type: 'inside-unknown' }] },
        { type: 'stack', items: [{ type: 'ghost' }, 7, { type: 'figure', value: 1, label: 'x' }] },
        'a string',
        { no: 'type' },
        { type: 'chart' },
      ],
    };
    expect(unknownNodeTypes(runtime, value)).toEqual(['chart', 'ghost']);
    expect(scorePayload(runtime, JSON.stringify(value)).unknownTypes).toEqual(['chart', 'ghost']);
  });
});

describe('answerability: a judge reads the text rendering', () => {
  const composition = runtime.validate({ type: 'view', title: 'Refunds', body: [{ type: 'note', text: 'Two days.' }] })
    .composition!;
  const evalCase = { id: 'refunds', prompt: 'How long do refunds take?' };

  it('hands the judge the text surface’s rendering and returns its verdict', async () => {
    const seen: string[] = [];
    const verdict = await scoreAnswerability(runtime, evalCase, composition, async ({ rendered }) => {
      seen.push(rendered);
      return rendered.includes('Two days') ? 'yes' : 'no';
    });
    expect(verdict).toBe('yes');
    expect(seen).toEqual([runtime.surfaces.text.render(composition, { heading: true })]);
    expect(seen[0]).toBe('REFUNDS\n\nTwo days.');
  });

  it('refuses a verdict that is not yes, partial or no', async () => {
    await expect(scoreAnswerability(runtime, evalCase, composition, async () => 'maybe' as never)).rejects.toThrow(
      'the judge answered "maybe"; expected "yes", "partial" or "no"',
    );
  });
});
