/**
 * A model on Workers AI (`env.AI` in a Worker) as `generate` and `callModel`. The binding is the
 * caller's: pass `env.AI` (or anything with its `run`). Replies come in Workers AI's own shape
 * (`{ response, tool_calls }`) or, for some models, the chat-completions shape: both are read.
 */
import type { CallModel } from '../tool-loop.ts';
import type { Generate } from '../types.ts';
import type { ModelAdapter } from './chat-completions.ts';
import { chatCompletionTurn, chatMessages, chatTools, generateMessages, readToolCalls } from './messages.ts';
import type { ModelTurn } from '../tool-loop.ts';

/** What the adapter calls on the binding. */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

export interface WorkersAiOptions {
  ai: WorkersAiBinding;
  /** A Workers AI model name, e.g. `@cf/meta/llama-3.3-70b-instruct-fp8-fast`. */
  model: string;
  temperature?: number;
  maxTokens?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Workers AI reply as a turn. */
export function workersAiTurn(reply: unknown, turn: number): ModelTurn {
  if (isRecord(reply) && Array.isArray(reply.choices)) return chatCompletionTurn(reply, turn);
  if (!isRecord(reply)) throw new Error('Workers AI answered something that is not an object');
  const calls = readToolCalls(reply.tool_calls, turn);
  if (calls.length > 0) return { toolCalls: calls };
  // Some models hand back JSON they were asked for as an object rather than text.
  if (isRecord(reply.response)) return { answer: JSON.stringify(reply.response) };
  if (typeof reply.response !== 'string') throw new Error('Workers AI answered with neither tool calls nor a response');
  return { answer: reply.response };
}

/**
 * `generate` and `callModel` over a Workers AI binding.
 * @example
 * ```ts
 * import { workersAiModel } from 'isomer-edge/evals';
 *
 * declare const env: { AI: { run(model: string, inputs: Record<string, unknown>): Promise<unknown> } };
 * const model = workersAiModel({ ai: env.AI, model: '@cf/meta/llama-3.3-70b-instruct-fp8-fast' });
 * ```
 */
export function workersAiModel(options: WorkersAiOptions): ModelAdapter {
  if (!options.ai || typeof options.ai.run !== 'function') throw new Error('Workers AI: ai must be the AI binding');
  const settings = {
    temperature: options.temperature ?? 0,
    ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
  };
  const generate: Generate = async (input) => {
    const turn = workersAiTurn(
      await options.ai.run(options.model, { messages: generateMessages(input), ...settings }),
      0,
    );
    if ('answer' in turn) return turn.answer;
    throw new Error('Workers AI made tool calls where an answer was expected');
  };
  const callModel: CallModel = async ({ messages, tools, turn }) =>
    workersAiTurn(
      await options.ai.run(options.model, { messages: chatMessages(messages), tools: chatTools(tools), ...settings }),
      turn,
    );
  return { generate, callModel };
}
