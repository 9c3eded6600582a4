/**
 * The chat-completions adapter against a real HTTP server this test starts on 127.0.0.1, which
 * answers with recorded chat-completions JSON (no model endpoint is reachable from this machine):
 * what the adapter sends (URL, key, model, messages, tools), how it reads tool calls and answers, and
 * the errors an endpoint's failures become.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createIsomerRuntime, definePrimitive, definePrimitivePack, html, md } from '../../../src/index.ts';
import { chatCompletionsModel, runEvals, runToolLoopEvals } from '../../../src/evals/index.ts';

const figure = definePrimitive({
  type: 'figure',
  schema: z.strictObject({ type: z.literal('figure'), value: z.number(), label: z.string().min(1) }),
  catalog: { name: 'Figure', purpose: 'One number with its label.', useWhen: ['A number.'], avoidWhen: ['Prose.'] },
  examples: [{ type: 'figure', value: 2, label: 'days' }],
  renderers: {
    html: (node) => html`<p>${node.value}</p>`,
    text: (node) => `${node.value} ${node.label}`,
    markdown: (node) => md.content(md.paragraph(node.label)),
  },
});
const runtime = createIsomerRuntime({ packs: [definePrimitivePack({ id: 'figures', primitives: [figure] })] });
const golden = { type: 'view', body: [{ type: 'figure', value: 2, label: 'days' }] };
const corpus = [{ id: 'refund-time', prompt: 'How long do refunds take? 2 days.', golden }];

/** Recorded chat-completions replies, served in order; each request is kept. */
let replies: { status: number; body: string }[] = [];
const requests: { url: string; authorization?: string; body: Record<string, unknown> }[] = [];
let server: Server;
let baseUrl = '';

const reply = (message: Record<string, unknown>) => ({
  status: 200,
  body: JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message, finish_reason: 'stop' }],
  }),
});

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) });
    const next = replies.shift() ?? { status: 500, body: 'no recorded reply left' };
    response.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('chatCompletionsModel over HTTP', () => {
  it('generate: posts the prompt to /chat/completions with the key and model, then the retry with the errors', async () => {
    requests.length = 0;
    replies = [
      reply({ role: 'assistant', content: '{"type":"view","body":[{"type":"figure","label":"days"}]}' }),
      reply({ role: 'assistant', content: `\`\`\`json\n${JSON.stringify(golden)}\n\`\`\`` }),
    ];
    const model = chatCompletionsModel({ baseUrl, model: 'test-model', apiKey: 'secret' });
    const report = await runEvals({ runtime, corpus, generate: model.generate });
    expect(report.cases[0]!.validity).toMatchObject({ valid: false, validAfterRetry: true });
    expect(requests.map((r) => [r.url, r.authorization, r.body.model, r.body.temperature])).toEqual([
      ['/v1/chat/completions', 'Bearer secret', 'test-model', 0],
      ['/v1/chat/completions', 'Bearer secret', 'test-model', 0],
    ]);
    const retry = requests[1]!.body.messages as { role: string; content: string }[];
    expect(retry.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(retry[2]!.content).toContain('- body[0].value (in figure) is required');
  });

  it('callModel: reads tool calls, sends the tools and the tool results back', async () => {
    requests.length = 0;
    replies = [
      reply({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_a',
            type: 'function',
            function: { name: 'isomer_validate', arguments: JSON.stringify({ composition: golden }) },
          },
        ],
      }),
      reply({ role: 'assistant', content: JSON.stringify(golden) }),
    ];
    const model = chatCompletionsModel({ baseUrl, model: 'test-model' });
    const report = await runToolLoopEvals({ runtime, corpus, callModel: model.callModel });
    expect(report.cases[0]!.toolLoop).toMatchObject({
      turns: 2,
      validateRounds: 1,
      validAtFirstValidate: true,
      validAtEnd: true,
    });
    expect(requests[0]!.authorization).toBeUndefined();
    const tools = requests[0]!.body.tools as {
      type: string;
      function: { name: string; parameters: { type: string } };
    }[];
    expect(tools.map((tool) => tool.function.name)).toEqual([
      'isomer_authoring_guide',
      'isomer_describe_primitives',
      'isomer_validate',
      'isomer_render',
    ]);
    expect(tools[2]!.function.parameters.type).toBe('object');
    const sent = requests[1]!.body.messages as Record<string, unknown>[];
    expect(sent.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_a', name: 'isomer_validate' });
  });

  it('an endpoint error, a body that is not JSON, or a reply without a message is the case’s error', async () => {
    replies = [
      { status: 401, body: '{"error":{"message":"bad key"}}' },
      { status: 200, body: '<html>gateway</html>' },
      { status: 200, body: '{"choices":[]}' },
    ];
    const model = chatCompletionsModel({ baseUrl, model: 'test-model' });
    const errors: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const report = await runEvals({ runtime, corpus, generate: model.generate, retryOnInvalid: false });
      errors.push(report.cases[0]!.error);
    }
    expect(errors).toEqual([
      'generate failed: the endpoint answered 401: {"error":{"message":"bad key"}}',
      'generate failed: the endpoint answered 200 with a body that is not JSON: <html>gateway</html>',
      'generate failed: the reply has no choices[0].message',
    ]);
  });

  it('refuses a base URL that is not http(s), and a missing model', () => {
    expect(() => chatCompletionsModel({ baseUrl: 'ftp://example.com', model: 'm' })).toThrow(
      'the base URL must be http or https',
    );
    expect(() => chatCompletionsModel({ baseUrl: 'not a url', model: 'm' })).toThrow('is not a URL');
    expect(() => chatCompletionsModel({ baseUrl, model: '' })).toThrow('model is required');
  });
});
