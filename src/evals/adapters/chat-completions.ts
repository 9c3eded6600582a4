/**
 * A model behind any OpenAI-compatible chat-completions endpoint (OpenAI, a local server, a gateway)
 * as `generate` and `callModel`. Used only when a caller configures it: the base URL, model and key
 * are the caller's, and the request goes through the `fetch` given (default the global one).
 */
import type { CallModel } from '../tool-loop.ts';
import type { Generate } from '../types.ts';
import { chatCompletionText, chatCompletionTurn, chatMessages, chatTools, generateMessages } from './messages.ts';

export interface ChatCompletionsOptions {
  /** The API root, e.g. `https://api.example.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /** Default 0: evals want the model's most likely answer. */
  temperature?: number;
  maxTokens?: number;
  /** Extra request headers (an organisation, a gateway's own key). */
  headers?: Record<string, string>;
  /** Per request. Default 120 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ModelAdapter {
  generate: Generate;
  callModel: CallModel;
}

/** Reply bodies over this many bytes are refused. */
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/**
 * `generate` and `callModel` over a chat-completions endpoint.
 * @example
 * ```ts
 * import { chatCompletionsModel } from 'isomer-edge/evals';
 *
 * declare const apiKey: string;
 * const model = chatCompletionsModel({ baseUrl: 'https://api.example.com/v1', model: 'some-model', apiKey });
 * // runEvals({ runtime, corpus, generate: model.generate }) or runToolLoopEvals({ …, callModel: model.callModel })
 * ```
 */
export function chatCompletionsModel(options: ChatCompletionsOptions): ModelAdapter {
  let base: URL;
  try {
    base = new URL(options.baseUrl.replace(/\/*$/, '/'));
  } catch {
    throw new Error(`chat completions: base URL ${JSON.stringify(options.baseUrl).slice(0, 120)} is not a URL`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new Error('chat completions: the base URL must be http or https');
  if (typeof options.model !== 'string' || options.model === '') throw new Error('chat completions: model is required');
  const endpoint = new URL('chat/completions', base);
  const doFetch = options.fetch ?? fetch;

  const post = async (payload: Record<string, unknown>): Promise<unknown> => {
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        ...options.headers,
      },
      body: JSON.stringify({
        model: options.model,
        temperature: options.temperature ?? 0,
        ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
        ...payload,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
    });
    const text = await response.text();
    if (text.length > MAX_REPLY_BYTES)
      throw new Error(`the endpoint answered ${text.length} bytes; at most ${MAX_REPLY_BYTES} are read`);
    if (!response.ok) throw new Error(`the endpoint answered ${response.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(`the endpoint answered ${response.status} with a body that is not JSON: ${text.slice(0, 120)}`);
    }
  };

  return {
    generate: async (input) => chatCompletionText(await post({ messages: generateMessages(input) })),
    callModel: async ({ messages, tools, turn }) =>
      chatCompletionTurn(await post({ messages: chatMessages(messages), tools: chatTools(tools) }), turn),
  };
}
