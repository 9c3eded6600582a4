/**
 * The tool-loop mode: instead of one answer, the model drives the agent tools itself — the guide,
 * describe, validate, render — through `callModel`, which takes the conversation and the tools and
 * answers with tool calls or a final answer. This is how agents work with isomer-edge, so the run
 * also counts tool calls and validate rounds per case, and compares the first composition the
 * model submitted ("valid at first validate call") with the last ("valid at end"): the same
 * error-copy signal as the one-shot retry.
 */
import * as z from 'zod';
import { createIsomerTools, type IsomerTool, type IsomerToolsBaseOptions } from '../core/tools/tools.ts';
import type { IsomerToolResult } from '../core/tools/results.ts';
import { type AttemptCheck, checkValue, parseGenerated } from './attempt.ts';
import { reportOf } from './report.ts';
import { corpusOf, errorText, type EvalRunBase, expectAnswer, mapPool, scoreCase } from './run.ts';
import type { EvalCase, EvalReport, ToolLoopScore, ValidityScore } from './types.ts';

/** A tool call as a model makes it; `arguments` as JSON text or already parsed. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

export type ModelMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: readonly ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** What the model does on its turn: call tools, or answer. */
export type ModelTurn = { toolCalls: readonly ToolCall[]; content?: string } | { answer: string };

/** A tool as a model is offered it: name, description, JSON Schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type CallModel = (input: {
  evalCase: EvalCase;
  messages: readonly ModelMessage[];
  tools: readonly ToolSpec[];
  /** 0 for the first turn. */
  turn: number;
}) => Promise<ModelTurn>;

export interface RunToolLoopOptions extends EvalRunBase {
  callModel: CallModel;
  /** Options for `createIsomerTools` besides the runtime (guide, rules, formats, a layout check for the tools…). */
  tools?: Omit<IsomerToolsBaseOptions<unknown>, 'runtime'>;
  /** Model turns per case before the loop is stopped. Default 16. */
  maxTurns?: number;
  /** The system message; default says to read the guide, describe, validate, repair, then answer with the JSON. */
  instructions?: string;
}

/** Tool calls one turn may make; more are answered with an error. */
export const MAX_TOOL_CALLS_PER_TURN = 16;

export const TOOL_LOOP_INSTRUCTIONS =
  'Answer the user’s request with a view for this host, using the tools. Read isomer_authoring_guide ' +
  'first, call isomer_describe_primitives for every primitive you will use, then check your composition ' +
  'with isomer_validate and repair every error until it is valid. When it is valid, reply with the ' +
  'composition’s JSON alone as your final answer.';

/** The tools as a model is offered them. */
export function toolSpecs(tools: readonly IsomerTool[]): ToolSpec[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: z.toJSONSchema(tool.inputSchema) as Record<string, unknown>,
  }));
}

/** A tool result as text for the model: text blocks joined, pictures and files named, not inlined. */
export function toolResultText(result: IsomerToolResult): string {
  return result.content
    .map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'image') return `[${block.mimeType} image, ${block.data.length} base64 characters]`;
      return `[${block.resource.mimeType} file at ${block.resource.uri}]`;
    })
    .join('\n');
}

function isTurn(value: unknown): value is ModelTurn {
  if (typeof value !== 'object' || value === null) return false;
  const turn = value as Record<string, unknown>;
  if (typeof turn.answer === 'string') return true;
  return (
    Array.isArray(turn.toolCalls) &&
    turn.toolCalls.every(
      (call) =>
        typeof call === 'object' &&
        call !== null &&
        typeof (call as ToolCall).name === 'string' &&
        typeof (call as ToolCall).id === 'string',
    )
  );
}

/**
 * Runs a corpus with the model driving the tools. Each case: the system message, the request, then
 * turns until the model answers or `maxTurns` pass. The final composition is the answer's JSON, or
 * the last composition the model validated or rendered when the answer is not one.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slidesPack } from 'isomer-edge/slides';
 * import { formatReport, runToolLoopEvals, workersAiModel, type WorkersAiBinding } from 'isomer-edge/evals';
 *
 * declare const env: { AI: WorkersAiBinding };
 * const runtime = createIsomerRuntime({ packs: [slidesPack] });
 * const model = workersAiModel({ ai: env.AI, model: '@cf/meta/llama-3.3-70b-instruct-fp8-fast' });
 * const report = await runToolLoopEvals({
 *   runtime,
 *   corpus: [{ id: 'users', prompt: 'Chart weekly users: 18k, 19k, 23k' }],
 *   callModel: model.callModel,
 *   maxTurns: 12,
 * });
 * console.log(formatReport(report)); // with validAtFirstValidate, validAtEnd, meanToolCalls, meanValidateRounds
 * ```
 */
export async function runToolLoopEvals(options: RunToolLoopOptions): Promise<EvalReport> {
  const corpus = corpusOf(options.corpus);
  if (typeof options.callModel !== 'function') throw new TypeError('runToolLoopEvals: callModel must be a function');
  const { runtime } = options;
  const frame = options.frame ?? runtime.frames;
  const selection = options.selection ?? corpus.selection ?? {};
  const tools = createIsomerTools({ ...(frame ? { frame } : {}), ...options.tools, runtime });
  const specs = toolSpecs(tools);
  const byName = new Map(tools.map((tool) => [tool.name as string, tool]));
  const maxTurns = Math.max(1, Math.floor(options.maxTurns ?? 16));

  const cases = await mapPool(corpus.cases, options.concurrency ?? 1, async (evalCase) => {
    const messages: ModelMessage[] = [
      { role: 'system', content: options.instructions ?? TOOL_LOOP_INSTRUCTIONS },
      { role: 'user', content: evalCase.prompt },
    ];
    const loop: ToolLoopScore = {
      turns: 0,
      toolCalls: 0,
      calls: {},
      validateRounds: 0,
      validAtFirstValidate: null,
      validAtEnd: false,
      stoppedBy: 'turn-limit',
    };
    const submitted: { value: unknown; raw: string }[] = [];
    let answer: string | undefined;
    let error: string | undefined;

    const callTool = async (call: ToolCall): Promise<string> => {
      loop.toolCalls += 1;
      loop.calls[call.name] = (loop.calls[call.name] ?? 0) + 1;
      const tool = byName.get(call.name);
      if (!tool)
        return JSON.stringify({ error: `unknown tool "${call.name.slice(0, 80)}"`, tools: [...byName.keys()] });
      let args: unknown = call.arguments ?? {};
      if (typeof args === 'string') {
        try {
          args = args.trim() === '' ? {} : JSON.parse(args);
        } catch (failure) {
          return JSON.stringify({ error: `the arguments are not JSON: ${errorText(failure)}` });
        }
      }
      const input = tool.inputSchema.safeParse(args);
      if (!input.success)
        return JSON.stringify({
          error: 'the arguments do not match the tool’s input schema',
          issues: input.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
        });
      const composition = (input.data as { composition?: unknown }).composition;
      if (composition !== undefined) submitted.push({ value: composition, raw: JSON.stringify(composition) });
      const text = toolResultText(await tool.handler(input.data));
      if (call.name === 'isomer_validate') {
        loop.validateRounds += 1;
        let valid = false;
        try {
          valid = (JSON.parse(text) as { valid?: unknown }).valid === true;
        } catch {
          valid = false;
        }
        if (loop.validAtFirstValidate === null) loop.validAtFirstValidate = valid;
      }
      return text;
    };

    for (let turn = 0; turn < maxTurns; turn++) {
      let reply: unknown;
      try {
        reply = await options.callModel({ evalCase, messages: [...messages], tools: specs, turn });
      } catch (failure) {
        error = `callModel failed on turn ${turn + 1}: ${errorText(failure)}`;
        loop.stoppedBy = 'error';
        break;
      }
      loop.turns += 1;
      if (!isTurn(reply)) {
        error = `callModel answered turn ${turn + 1} with neither tool calls nor an answer`;
        loop.stoppedBy = 'error';
        break;
      }
      if ('answer' in reply) {
        try {
          answer = expectAnswer(reply.answer, 'callModel');
          loop.stoppedBy = 'answer';
        } catch (failure) {
          error = errorText(failure);
          loop.stoppedBy = 'error';
        }
        break;
      }
      const calls = reply.toolCalls;
      messages.push({
        role: 'assistant',
        content: typeof reply.content === 'string' ? reply.content : '',
        toolCalls: calls,
      });
      for (const [index, call] of calls.entries()) {
        const content =
          index < MAX_TOOL_CALLS_PER_TURN
            ? await callTool(call)
            : JSON.stringify({ error: `at most ${MAX_TOOL_CALLS_PER_TURN} tool calls a turn` });
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content });
      }
    }

    // The answer's JSON is the final composition; an answer in prose leaves the last one submitted.
    const read = answer !== undefined ? parseGenerated(answer) : undefined;
    const answered = read?.parsed && typeof read.value === 'object' && read.value !== null ? read.value : undefined;
    if (answered !== undefined && answer !== undefined) submitted.push({ value: answered, raw: answer });
    const firstSubmitted = submitted[0];
    const lastSubmitted = submitted.at(-1);
    const check = (value: unknown): AttemptCheck => ({ parsed: true, ...checkValue(runtime, value, frame) });
    const noAnswer: AttemptCheck = {
      parsed: false,
      valid: false,
      errors: [read && !read.parsed ? read.error : 'the model submitted no composition'],
    };
    const first = firstSubmitted ? check(firstSubmitted.value) : noAnswer;
    const last = lastSubmitted && submitted.length > 1 ? check(lastSubmitted.value) : undefined;
    const final = last ?? first;
    loop.validAtEnd = final.valid;
    // As the one-shot axes: the first composition's check, and whether the last one is valid.
    const validity: ValidityScore = {
      parsed: first.parsed,
      valid: first.valid,
      validAfterRetry: final.valid,
      errors: [...first.errors],
      ...(last && !last.valid ? { retryErrors: [...last.errors] } : {}),
      ...(final.valid && final.composition ? { composition: final.composition } : {}),
    };
    const result = await scoreCase(options, evalCase, selection, {
      validity,
      firstRaw: firstSubmitted?.raw ?? answer ?? '',
      modelCalls: loop.turns,
      ...(error ? { error } : {}),
    });
    result.toolLoop = loop;
    return result;
  });
  return reportOf('tool-loop', cases);
}
