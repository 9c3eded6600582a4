/**
 * The Worker's MCP adapter over the library: `buildMcpServer` registers the configuration's tools,
 * resources and prompts (and `isomer_show` with its MCP App) on one `McpServer` for a caller, and
 * `createMcpEndpoint` serves it as Streamable HTTP, a server per request. The `POST /mcp` route
 * that calls it is in `routes/mcp.ts`; both are exported from `isomer-edge/worker`.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  McpServer,
  type AuthInfo,
  type CallToolResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { IsomerTool } from '../core/tools/tools.ts';
import { ANONYMOUS_CALLER } from './auth.ts';
import type { WorkerCaller } from './caller.ts';
import { MAX_BODY_BYTES } from './body.ts';
import { boundText, clientGone, clientLeft, signalOf } from './errors.ts';
import { WORKER_NAME, WORKER_VERSION, type WorkerConfig } from './config.ts';
import { hostSupportsApps, SHOW_APP_RESOURCE } from './show-app.ts';
import { rateLimitedToolResult } from './rate-limits.ts';
import { isRefusal, type RequestMeter } from './request-meter.ts';

const INSTRUCTIONS =
  'Shows things to people as validated compositions. Read isomer_authoring_guide ' +
  'first; when a registered view answers the question, request it; otherwise ' +
  'describe the primitives you use, validate, repair every error, then render.';

/** What the instructions add when `isomer_show` is offered. */
const SHOW_INSTRUCTIONS =
  ' To show the result to the person in the conversation, call isomer_show with the valid ' +
  'composition (hosts with MCP Apps draw the slide; others show its Markdown); use isomer_render ' +
  'when you need the output itself (a file, a format to pass on).';

/**
 * The request's client capabilities: on the 2026-07-28 protocol every request carries them in its
 * `_meta`; a 2025-era request on this stateless endpoint carries none (its `initialize` was another
 * request), so support stays unknown there.
 */
function requestCapabilities(ctx: ServerContext): unknown {
  return (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY];
}

/**
 * `isomer_show` for one request: a host that declared capabilities without MCP Apps gets the text
 * alone (it would never draw the app's data); every other host gets the app's data as well.
 */
async function showFor(
  tool: IsomerTool,
  input: unknown,
  ctx: ServerContext,
  meter: RequestMeter | undefined,
): Promise<CallToolResult> {
  const answer = meter ? await meter.callTool(tool, input, {}) : await tool.handler(input as never);
  if (isRefusal(answer)) return rateLimitedToolResult(answer);
  const result = answer as CallToolResult;
  if (hostSupportsApps(requestCapabilities(ctx)) !== false) return result;
  const { structuredContent: _omitted, ...text } = result;
  return text;
}

/**
 * What stops a tool call: the SDK's request signal (aborted when its exchange closes) or the HTTP
 * request's own. The SDK's 2025-era fallback starts listening for the request's abort only once its
 * server is connected, so a client that left while its body was read would otherwise still be
 * drawn (docs/decisions.md, "Abandoned work").
 */
function callSignal(ctx: ServerContext): AbortSignal {
  const request = ctx.http?.req?.signal;
  return request ? AbortSignal.any([ctx.mcpReq.signal, request]) : ctx.mcpReq.signal;
}

/** Well above the input budget's 20,000 values, so the library's exact refusal is what a model sees. */
const MAX_TOOL_INPUT_ELEMENTS = 25_000;

/**
 * One `McpServer` over the library's lists, by the seed's adapter rules: a tool whose input has no
 * keys is registered without a schema and called with `inputSchema.parse({})`. With a request's
 * meter, the tools are that request's: counted against its drawing limit when they draw or lay a
 * slide out, and a call over it answers a failed result the model reads.
 * @example
 * ```ts
 * import { slidesWorkerOptions } from 'isomer-edge/built-in';
 * import { ANONYMOUS_CALLER, buildMcpServer, createWorkerConfig } from 'isomer-edge/worker';
 *
 * const server = buildMcpServer(createWorkerConfig(slidesWorkerOptions()), ANONYMOUS_CALLER);
 * ```
 */
export function buildMcpServer(config: WorkerConfig, caller: WorkerCaller, meter?: RequestMeter): McpServer {
  const server = new McpServer(
    { name: WORKER_NAME, version: WORKER_VERSION },
    // The lists are fixed for a deployment's life, so no list ever changes under a client.
    {
      instructions: config.show ? INSTRUCTIONS + SHOW_INSTRUCTIONS : INSTRUCTIONS,
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
      },
    },
  );
  const own = meter ? config.forRequest(caller, meter) : { tools: config.toolsFor(caller), show: config.show };
  for (const tool of own.tools) {
    const { name, title, description, inputSchema } = tool;
    // The tools' content blocks are MCP content blocks by contract; only the nominal types differ.
    const call = async (input: unknown, ctx: ServerContext): Promise<CallToolResult> => {
      if (!meter) return (await tool.handler(input as never, { signal: callSignal(ctx) })) as CallToolResult;
      const answer = await meter.callTool(tool, input, { signal: callSignal(ctx) });
      return (isRefusal(answer) ? rateLimitedToolResult(answer) : answer) as CallToolResult;
    };
    if (Object.keys(inputSchema.shape).length === 0) {
      server.registerTool(name, { title, description }, (ctx) => call(inputSchema.parse({}), ctx));
    } else {
      server.registerTool(name, { title, description, inputSchema }, (input, ctx) => call(input, ctx));
    }
  }
  // After the six: clients and transcripts rely on their order.
  if (own.show) {
    const { name, title, description, inputSchema, _meta } = own.show;
    const tool = own.show;
    server.registerTool(name, { title, description, inputSchema, _meta }, (input, ctx) =>
      showFor(tool, input, ctx, meter),
    );
  }
  for (const resource of config.resources) {
    const { name, uri, title, description, mimeType } = resource;
    server.registerResource(name, uri, { title, description, mimeType }, ({ href }) => ({
      contents: [{ uri: href, mimeType, text: resource.read() }],
    }));
  }
  if (config.show) {
    const { name, uri, title, description, mimeType, _meta } = SHOW_APP_RESOURCE;
    server.registerResource(name, uri, { title, description, mimeType, _meta }, ({ href }) => ({
      contents: [{ uri: href, mimeType, text: SHOW_APP_RESOURCE.read(), _meta }],
    }));
  }
  for (const prompt of config.prompts) {
    const { name, title, description, argsSchema } = prompt;
    server.registerPrompt(name, { title, description, argsSchema }, (args) => ({
      messages: [{ role: 'user', content: { type: 'text', text: prompt.build(argsSchema.parse(args)) } }],
    }));
  }
  return server;
}

function callerOf(authInfo: AuthInfo | undefined): WorkerCaller {
  const caller = authInfo?.extra?.caller as WorkerCaller | undefined;
  return caller ?? ANONYMOUS_CALLER;
}

function meterOf(authInfo: AuthInfo | undefined): RequestMeter | undefined {
  return authInfo?.extra?.meter as RequestMeter | undefined;
}

/**
 * Streamable HTTP for `POST /mcp`: the 2026-07-28 protocol, and 2025-era clients through the SDK's
 * stateless legacy fallback, from one factory that builds a server per request for its caller.
 * @example
 * ```ts
 * import { slidesWorkerOptions } from 'isomer-edge/built-in';
 * import { ANONYMOUS_CALLER, createMcpEndpoint, createWorkerConfig } from 'isomer-edge/worker';
 *
 * const mcp = createMcpEndpoint(createWorkerConfig(slidesWorkerOptions()));
 * export default { fetch: (request: Request) => mcp(request, ANONYMOUS_CALLER) };
 * ```
 */
export function createMcpEndpoint(
  config: WorkerConfig,
): (request: Request, caller: WorkerCaller, meter?: RequestMeter) => Promise<Response> {
  const handler = createMcpHandler(
    (context) => buildMcpServer(config, callerOf(context.authInfo), meterOf(context.authInfo)),
    {
      legacy: 'stateless',
      // 'auto' answers plain JSON: these tools never send a message before their result.
      responseMode: 'auto',
      maxRequestBodySize: MAX_BODY_BYTES,
      onerror: (error) => console.warn(`isomer-edge mcp: ${boundText(error.message)}`),
    },
  );
  // The SDK passes authInfo through untouched; the Worker authenticated the request already.
  return async (request, caller, meter) => {
    // As on the HTTP routes: a client already gone gets no work and a bodiless 499, on either era.
    if (await clientLeft(signalOf(request))) return clientGone();
    const extra = meter ? { caller, meter } : { caller };
    return handler.fetch(request, { authInfo: { token: '', clientId: caller.caller, scopes: [], extra } });
  };
}
