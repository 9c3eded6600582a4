/**
 * `runEvals` end to end on the tiny pack: the retry path (a failed first answer is handed its own
 * errors), the totals and the printed report, hostile callers (a corpus that is not one, a huge
 * prompt, a `generate` that throws or answers a non-string), and the layout axis on the slides pack
 * with the real layout check.
 */
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../src/index.ts';
import { createLayoutCheck } from '../../src/images/index.ts';
import { slidesPack } from '../../src/packs/slides/index.ts';
import {
  EvalInputError,
  formatReport,
  type GenerateInput,
  MAX_PROMPT_CHARACTERS,
  parseCorpusText,
  replayGenerate,
  runEvals,
} from '../../src/evals/index.ts';
import { evalsFixturePack } from './fixture-pack.ts';

const runtime = createIsomerRuntime({ packs: [evalsFixturePack] });
const json = (value: unknown) => JSON.stringify(value);
const golden = { type: 'view', body: [{ type: 'figure', value: 2, label: 'days' }] };
const corpus = [
  { id: 'refund-time', prompt: 'How long do refunds take? It is 2 days.', golden },
  {
    id: 'refund-note',
    prompt: 'Say refunds are quick.',
    golden: { type: 'view', body: [{ type: 'note', text: 'Quick.' }] },
  },
];

describe('runEvals: the one-shot run', () => {
  it('hands a failed first answer its own errors and its text, and scores the retry', async () => {
    const calls: GenerateInput[] = [];
    const first = json({ type: 'view', body: [{ type: 'figure', label: 'days' }] });
    const report = await runEvals({
      runtime,
      corpus,
      generate: async (input) => {
        calls.push(input);
        if (input.evalCase.id === 'refund-note')
          return json({ type: 'view', body: [{ type: 'note', text: 'Quick.' }] });
        return input.attempt === 0 ? first : json(golden);
      },
    });
    expect(calls.map((call) => [call.evalCase.id, call.attempt])).toEqual([
      ['refund-time', 0],
      ['refund-time', 1],
      ['refund-note', 0],
    ]);
    expect(calls[1]).toMatchObject({
      previousErrors: ['body[0].value (in figure) is required'],
      previousOutput: first,
    });
    expect(calls[0]!.prompt).toContain('`figure` — One number with its label.');
    expect(calls[0]!.prompt.endsWith('## Request\n\nHow long do refunds take? It is 2 days.')).toBe(true);
    const [timeCase, noteCase] = report.cases;
    expect(timeCase!.validity).toMatchObject({ parsed: true, valid: false, validAfterRetry: true });
    expect(timeCase!.selection?.f1).toBe(1);
    expect(timeCase!.modelCalls).toBe(2);
    expect(noteCase!.modelCalls).toBe(1);
    expect(report.totals).toMatchObject({
      cases: 2,
      parsed: 2,
      valid: 1,
      validAfterRetry: 2,
      meanSelectionF1: 1,
      unknownTypeCases: 0,
      errors: 0,
    });
    const text = formatReport(report);
    expect(text).toContain('\n  valid                   1/2  50.0%\n');
    expect(text).toContain('refund-time: body[0].value (in figure) is required [repaired on retry]');
  });

  it('does not retry when asked not to, and then counts the first answer only', async () => {
    const report = await runEvals({
      runtime,
      corpus: corpus.slice(0, 1),
      retryOnInvalid: false,
      generate: async () => '{"type":"view","body":[{"type":"invented"}]}',
    });
    expect(report.cases[0]).toMatchObject({ modelCalls: 1, validity: { valid: false, validAfterRetry: false } });
    expect(report.cases[0]!.payload.unknownTypes).toEqual(['invented']);
    expect(report.cases[0]!.selection).toBeUndefined();
    expect(formatReport(report)).toContain('invented node types:\n  refund-time: invented');
  });

  it('replays recordings, and a case with none fails with a message, not a rejection', async () => {
    const report = await runEvals({
      runtime,
      corpus,
      concurrency: 2,
      generate: replayGenerate({ 'refund-time': { attempts: [json(golden)] } }),
    });
    expect(report.cases[0]!.validity.valid).toBe(true);
    expect(report.cases[1]!.error).toBe('generate failed: no recorded answers for case "refund-note"');
    expect(report.totals.errors).toBe(1);
  });

  it('scores answerability when given a judge', async () => {
    const report = await runEvals({
      runtime,
      corpus,
      generate: async ({ evalCase }) => json(evalCase.golden),
      judge: async ({ rendered }) => (rendered.includes('2 days') ? 'yes' : 'partial'),
    });
    expect(report.cases.map((result) => result.answerability)).toEqual(['yes', 'partial']);
    expect(report.totals.answerability).toEqual({ yes: 1, partial: 1, no: 0 });
  });
});

describe('runEvals: hostile callers get clear errors, never a crash', () => {
  const answer = async () => json(golden);

  it('a corpus that is not JSON, or not a corpus', () => {
    expect(() => parseCorpusText('{ cases: [')).toThrow(EvalInputError);
    expect(() => parseCorpusText('{ cases: [')).toThrow(/^the corpus is not JSON:/);
    expect(() => parseCorpusText('42')).toThrow('a corpus is a list of cases or an object with "cases"');
  });

  it('a case with a huge prompt, a bad id or a duplicate is refused before any model call', async () => {
    let called = 0;
    const run = runEvals({
      runtime,
      corpus: [
        { id: 'huge', prompt: 'x'.repeat(MAX_PROMPT_CHARACTERS + 1) },
        { id: '../etc/passwd', prompt: 'hi' },
        { id: 'twice', prompt: 'a' },
        { id: 'twice', prompt: 'b' },
      ],
      generate: async () => {
        called += 1;
        return '';
      },
    });
    await expect(run).rejects.toThrow(EvalInputError);
    await expect(run).rejects.toThrow(
      `cases[0] (huge).prompt has ${MAX_PROMPT_CHARACTERS + 1} characters; at most ${MAX_PROMPT_CHARACTERS} are allowed`,
    );
    await expect(run).rejects.toThrow('cases[1].id must be 1–120 letters');
    await expect(run).rejects.toThrow('case id "twice" is used twice');
    expect(called).toBe(0);
    await expect(runEvals({ runtime, corpus, generate: undefined as never })).rejects.toThrow(
      'runEvals: generate must be a function',
    );
    expect(answer).toBeTypeOf('function');
  });

  it('a generate that throws, or throws a non-Error, is that case’s error', async () => {
    const report = await runEvals({
      runtime,
      corpus,
      generate: async ({ evalCase }) => {
        if (evalCase.id === 'refund-time') throw new Error('HTTP 500 from the model');
        throw 'a bare string';
      },
    });
    expect(report.cases.map((result) => result.error)).toEqual([
      'generate failed: HTTP 500 from the model',
      'generate failed: a bare string',
    ]);
    expect(report.cases[0]!.validity).toMatchObject({
      parsed: false,
      valid: false,
      errors: ['generate failed: HTTP 500 from the model'],
    });
    expect(report.totals).toMatchObject({ cases: 2, parsed: 0, errors: 2 });
  });

  it('a generate that answers a non-string, or fails on the retry only', async () => {
    const report = await runEvals({
      runtime,
      corpus,
      generate: async ({ evalCase, attempt }) => {
        if (evalCase.id === 'refund-time') return { type: 'view', body: [] } as never;
        if (attempt === 0) return 'nope';
        return undefined as never;
      },
    });
    expect(report.cases[0]!.error).toBe('generate failed: generate returned an object, not a string');
    expect(report.cases[1]!.error).toBe('generate failed on the retry: generate returned a undefined, not a string');
    expect(report.cases[1]!.validity.errors[0]).toMatch(/^the answer is not JSON/);
  });

  it('a judge or layout check that throws is the case’s error; the other axes stand', async () => {
    const report = await runEvals({
      runtime,
      corpus: corpus.slice(0, 1),
      generate: answer,
      judge: async () => {
        throw new Error('judge offline');
      },
      layout: async () => {
        throw new Error('no engine');
      },
    });
    expect(report.cases[0]!.error).toBe('judge failed: judge offline; layout check failed: no engine');
    expect(report.cases[0]!.validity.valid).toBe(true);
    expect(report.cases[0]!.selection?.f1).toBe(1);
  });
});

describe('the layout axis, with the real layout check on the slides pack', () => {
  const slides = createIsomerRuntime({ packs: [slidesPack] });
  const check = createLayoutCheck({ snapshot: slides.surfaces.snapshot! });
  const slide = (items: string[]) => ({
    type: 'view',
    title: 'Plan',
    body: [
      {
        type: 'slideFrame',
        body: [
          { type: 'slideHeading', title: 'The plan' },
          { type: 'slideBulletList', items },
        ],
      },
    ],
  });

  it('reports findings on a valid slide that does not fit, none on one that does', async () => {
    const long = 'Every refund request is read by a person before the ledger is written, twice over. '.repeat(3).trim();
    const report = await runEvals({
      runtime: slides,
      corpus: [
        { id: 'fits', prompt: 'A short plan' },
        { id: 'overflows', prompt: 'A long plan' },
      ],
      generate: async ({ evalCase }) =>
        json(evalCase.id === 'fits' ? slide(['Ship it', 'Measure it']) : slide([long, long, long, long, long, long])),
      layout: async (composition) => {
        await check.prepare(composition);
        return check.check(composition);
      },
    });
    expect(report.cases.map((result) => result.validity.valid)).toEqual([true, true]);
    expect(report.cases[0]!.layout).toEqual({ findings: [] });
    expect(report.cases[1]!.layout!.findings.length).toBeGreaterThan(0);
    expect(report.cases[1]!.layout!.findings[0]).toMatch(/^body\[0\]\.body\[1\]\S* \(in slideBulletList\) /);
    expect(report.totals.layout).toMatchObject({ checked: 2, clean: 1 });
  });
});
