/**
 * The tool-loop mode with a scripted model that works as agents do — reads the guide, describes the
 * primitive, validates, reads the error the tool returns, repairs exactly that field, validates
 * again and answers — and the Workers AI adapter driven by an `env.AI` whose `run` answers with
 * recorded replies (no model runs on this machine).
 */
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../src/index.ts';
import {
  type CallModel,
  formatReport,
  type ModelMessage,
  runEvals,
  runToolLoopEvals,
  workersAiModel,
} from '../../src/evals/index.ts';
import { evalsFixturePack } from './fixture-pack.ts';

const runtime = createIsomerRuntime({ packs: [evalsFixturePack] });
const golden = { type: 'view', body: [{ type: 'figure', value: 2, label: 'days' }] };
const corpus = [{ id: 'refund-time', prompt: 'How long do refunds take? 2 days.', golden }];

/** The last tool answer in the conversation, parsed. */
function lastToolAnswer(messages: readonly ModelMessage[]): { valid?: boolean; errors?: string[] } {
  const tool = [...messages].reverse().find((message) => message.role === 'tool');
  return tool && tool.role === 'tool' ? JSON.parse(tool.content) : {};
}

/** Forgets `value` at first; repairs whatever field the validate error names as required. */
const scriptedModel: CallModel = async ({ messages, turn }) => {
  const draft: Record<string, unknown> = { type: 'figure', label: 'days' };
  if (turn === 0)
    return {
      toolCalls: [
        { id: 'g', name: 'isomer_authoring_guide', arguments: '{}' },
        { id: 'd', name: 'isomer_describe_primitives', arguments: { types: ['figure'] } },
      ],
    };
  if (turn === 1)
    return {
      toolCalls: [{ id: 'v1', name: 'isomer_validate', arguments: { composition: { type: 'view', body: [draft] } } }],
    };
  const answer = lastToolAnswer(messages);
  if (answer.valid === false) {
    for (const error of answer.errors ?? []) {
      const field = /^body\[0\]\.(\w+) \(in figure\) is required$/.exec(error)?.[1];
      if (field === 'value') draft.value = Number(/(\d+) days/.exec(messages[1]!.content)![1]);
    }
    return {
      toolCalls: [
        {
          id: 'v2',
          name: 'isomer_validate',
          arguments: JSON.stringify({ composition: { type: 'view', body: [draft] } }),
        },
      ],
    };
  }
  return { answer: JSON.stringify({ type: 'view', body: [{ type: 'figure', value: 2, label: 'days' }] }) };
};

describe('tool-loop mode: the model drives the tools', () => {
  it('makes a mistake, reads the error, repairs it: invalid at the first validate, valid at the end', async () => {
    const seen: ModelMessage[][] = [];
    const report = await runToolLoopEvals({
      runtime,
      corpus,
      callModel: async (input) => {
        seen.push([...input.messages]);
        expect(input.tools.map((tool) => tool.name)).toEqual([
          'isomer_authoring_guide',
          'isomer_describe_primitives',
          'isomer_validate',
          'isomer_render',
        ]);
        return scriptedModel(input);
      },
    });
    const [result] = report.cases;
    expect(result!.toolLoop).toEqual({
      turns: 4,
      toolCalls: 4,
      calls: { isomer_authoring_guide: 1, isomer_describe_primitives: 1, isomer_validate: 2 },
      validateRounds: 2,
      validAtFirstValidate: false,
      validAtEnd: true,
      stoppedBy: 'answer',
    });
    expect(result!.validity).toMatchObject({
      parsed: true,
      valid: false,
      validAfterRetry: true,
      errors: ['body[0].value (in figure) is required'],
    });
    expect(result!.selection?.f1).toBe(1);
    // The repair read the tool's own words: the error reached the model as the validate result.
    const toolTurn = seen[2]!.at(-1)!;
    expect(toolTurn).toMatchObject({ role: 'tool', toolCallId: 'v1', name: 'isomer_validate' });
    expect(JSON.parse((toolTurn as { content: string }).content)).toEqual({
      valid: false,
      errors: ['body[0].value (in figure) is required'],
      warnings: [],
    });
    expect(report.totals.toolLoop).toEqual({
      meanToolCalls: 4,
      meanValidateRounds: 2,
      validAtFirstValidate: 0,
      validAtEnd: 1,
    });
    expect(formatReport(report)).toContain('isomer-edge evals (tool-loop): 1 cases');
  });

  it('answers bad tool calls with errors the model can read, and stops at the turn limit', async () => {
    const answers: string[] = [];
    const report = await runToolLoopEvals({
      runtime,
      corpus,
      maxTurns: 2,
      callModel: async ({ messages, turn }) => {
        if (turn === 1) answers.push(...messages.filter((m) => m.role === 'tool').map((m) => m.content));
        return {
          toolCalls: [
            { id: 'a', name: 'isomer_nope', arguments: {} },
            { id: 'b', name: 'isomer_validate', arguments: '{not json' },
            { id: 'c', name: 'isomer_describe_primitives', arguments: { types: [] } },
          ],
        };
      },
    });
    expect(JSON.parse(answers[0]!).error).toBe('unknown tool "isomer_nope"');
    expect(JSON.parse(answers[1]!).error).toMatch(/^the arguments are not JSON: /);
    expect(JSON.parse(answers[2]!).error).toBe('the arguments do not match the tool’s input schema');
    expect(report.cases[0]!.toolLoop).toMatchObject({
      turns: 2,
      toolCalls: 6,
      stoppedBy: 'turn-limit',
      validAtEnd: false,
    });
    expect(report.cases[0]!.validity.errors).toEqual(['the model submitted no composition']);
  });

  it('a callModel that throws or answers nonsense ends the case with an error', async () => {
    const thrown = await runToolLoopEvals({
      runtime,
      corpus,
      callModel: async () => {
        throw new Error('rate limited');
      },
    });
    expect(thrown.cases[0]).toMatchObject({
      error: 'callModel failed on turn 1: rate limited',
      toolLoop: { stoppedBy: 'error' },
    });
    const nonsense = await runToolLoopEvals({ runtime, corpus, callModel: async () => 42 as never });
    expect(nonsense.cases[0]!.error).toBe('callModel answered turn 1 with neither tool calls nor an answer');
  });
});

describe('the Workers AI adapter, against an env.AI that replays recorded replies', () => {
  /** An `env.AI` stand-in: the binding cannot run here, so `run` answers from a list and records its inputs. */
  function recordedAi(replies: unknown[]) {
    const inputs: { model: string; inputs: Record<string, unknown> }[] = [];
    return {
      inputs,
      ai: {
        run: async (model: string, request: Record<string, unknown>) => {
          inputs.push({ model, inputs: request });
          return replies.shift();
        },
      },
    };
  }

  it('generate: sends the prompt, and on the retry the answer and its errors', async () => {
    const { ai, inputs } = recordedAi([
      { response: '```json\n{"type":"view","body":[{"type":"figure","label":"days"}]}\n```' },
      { response: { type: 'view', body: [{ type: 'figure', value: 2, label: 'days' }] } },
    ]);
    const model = workersAiModel({ ai, model: '@cf/example/model' });
    const report = await runEvals({ runtime, corpus, generate: model.generate });
    expect(report.cases[0]!.validity).toMatchObject({ valid: false, validAfterRetry: true });
    expect(inputs[0]).toMatchObject({ model: '@cf/example/model', inputs: { temperature: 0 } });
    const retry = inputs[1]!.inputs.messages as { role: string; content: string }[];
    expect(retry.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(retry[2]!.content).toBe(
      'That composition is not valid:\n- body[0].value (in figure) is required\n' +
        'Answer again with the whole repaired composition: its JSON alone.',
    );
  });

  it('callModel: Workers AI tool calls (no ids, arguments as objects), tool results sent back', async () => {
    const { ai, inputs } = recordedAi([
      { tool_calls: [{ name: 'isomer_validate', arguments: { composition: golden } }] },
      { response: JSON.stringify(golden) },
    ]);
    const report = await runToolLoopEvals({ runtime, corpus, callModel: workersAiModel({ ai, model: 'm' }).callModel });
    expect(report.cases[0]!.toolLoop).toMatchObject({
      validateRounds: 1,
      validAtFirstValidate: true,
      validAtEnd: true,
    });
    const second = inputs[1]!.inputs as { messages: Record<string, unknown>[]; tools: { type: string }[] };
    expect(second.tools.every((tool) => tool.type === 'function')).toBe(true);
    expect(second.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_0_0',
            type: 'function',
            function: { name: 'isomer_validate', arguments: JSON.stringify({ composition: golden }) },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_0_0',
        name: 'isomer_validate',
        content: expect.stringContaining('"valid": true'),
      },
    ]);
  });

  it('a reply with neither tool calls nor a response is the case’s error', async () => {
    const { ai } = recordedAi([{ result: 'odd' }]);
    const report = await runEvals({ runtime, corpus, generate: workersAiModel({ ai, model: 'm' }).generate });
    expect(report.cases[0]!.error).toBe('generate failed: Workers AI answered with neither tool calls nor a response');
  });
});
