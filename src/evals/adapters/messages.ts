/**
 * What the model adapters share: the conversation in the chat-completions shape most endpoints speak
 * (OpenAI's, which Workers AI accepts too), the message that hands a failed answer its errors, and
 * reading a reply's message back as tool calls or an answer.
 */
import type { GenerateInput } from '../types.ts';
import type { ModelMessage, ModelTurn, ToolCall, ToolSpec } from '../tool-loop.ts';

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; name: string; content: string };

/** What a retry says after the first answer. */
export function repairRequest(errors: readonly string[]): string {
  return [
    'That composition is not valid:',
    ...errors.slice(0, 50).map((error) => `- ${error}`),
    'Answer again with the whole repaired composition: its JSON alone.',
  ].join('\n');
}

/** The messages of a one-shot `generate` call: the prompt, and on the retry the first answer and its errors. */
export function generateMessages(input: GenerateInput): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: input.prompt }];
  if (input.attempt > 0 && input.previousErrors) {
    if (input.previousOutput !== undefined) messages.push({ role: 'assistant', content: input.previousOutput });
    messages.push({ role: 'user', content: repairRequest(input.previousErrors) });
  }
  return messages;
}

const argumentText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

/** The tool loop's conversation in the chat-completions shape. */
export function chatMessages(messages: readonly ModelMessage[]): ChatMessage[] {
  return messages.map((message): ChatMessage => {
    if (message.role === 'tool')
      return { role: 'tool', tool_call_id: message.toolCallId, name: message.name, content: message.content };
    if (message.role === 'assistant')
      return {
        role: 'assistant',
        content: message.content === '' && message.toolCalls?.length ? null : message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: argumentText(call.arguments) },
              })),
            }
          : {}),
      };
    return { role: message.role, content: message.content };
  });
}

/** The tools in the chat-completions shape. */
export function chatTools(tools: readonly ToolSpec[]) {
  return tools.map((tool) => ({
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A reply's tool calls, in either shape endpoints use: `{ id, function: { name, arguments } }`
 * (chat completions) or `{ name, arguments }` (Workers AI's own). Calls without an id get one.
 */
export function readToolCalls(value: unknown, turn: number): ToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((call, index): ToolCall[] => {
    if (!isRecord(call)) return [];
    const fn = isRecord(call.function) ? call.function : call;
    if (typeof fn.name !== 'string') return [];
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${turn}_${index}`;
    return [{ id, name: fn.name, arguments: fn.arguments ?? {} }];
  });
}

/** A chat-completions reply body as a turn; throws saying what is missing. */
export function chatCompletionTurn(body: unknown, turn: number): ModelTurn {
  const message =
    isRecord(body) && Array.isArray(body.choices) && isRecord(body.choices[0]) ? body.choices[0].message : undefined;
  if (!isRecord(message)) throw new Error('the reply has no choices[0].message');
  const calls = readToolCalls(message.tool_calls, turn);
  if (calls.length > 0)
    return { toolCalls: calls, ...(typeof message.content === 'string' ? { content: message.content } : {}) };
  if (typeof message.content !== 'string')
    throw new Error('the reply’s message has neither tool calls nor text content');
  return { answer: message.content };
}

/** A chat-completions reply body's text; throws when there is none. */
export function chatCompletionText(body: unknown): string {
  const turn = chatCompletionTurn(body, 0);
  if ('answer' in turn) return turn.answer;
  throw new Error('the reply made tool calls where an answer was expected');
}
