/**
 * The tools route group: the library's tools, resources and prompts over JSON-over-HTTP
 * (`GET /tools`, `POST /tools/{name}`, `GET /resources`, `GET /resources/{name}`, `GET /prompts`,
 * `POST /prompts/{name}`). Each handler translates: read and check the request, call the library,
 * answer with its result; none re-implements a tool, so the routes and MCP give the same answers.
 */
import { Hono } from 'hono';
import type * as z from 'zod';
import { predicateFor } from '../../core/model/messages.ts';
import { formatPath } from '../../core/model/validate.ts';
import { readJsonBody } from '../body.ts';
import type { WorkerCaller } from '../caller.ts';
import type { WorkerConfig } from '../config.ts';
import { BASE_HEADERS, boundText, clientGone, clientLeft, errorResponse, jsonResponse, signalOf } from '../errors.ts';
import { rateLimitedResponse } from '../rate-limits.ts';
import { isRefusal, type RequestMeter } from '../request-meter.ts';
import type { ConfigFor, RouteEnv } from './route-group.ts';

/** The tools, resources and prompts routes over the deployment's configuration. */
export function toolRoutes(configFor: ConfigFor): Hono<RouteEnv> {
  const routes = new Hono<RouteEnv>();
  routes.get('/tools', (c) => listTools(configFor(c.env)));
  routes.post('/tools/:name', (c) =>
    callTool(configFor(c.env), c.get('caller'), c.req.param('name'), c.req.raw, c.get('meter')),
  );
  routes.get('/resources', (c) => listResources(configFor(c.env)));
  routes.get('/resources/:name', (c) => readResource(configFor(c.env), c.req.param('name')));
  routes.get('/prompts', (c) => listPrompts(configFor(c.env)));
  routes.post('/prompts/:name', (c) => getPrompt(configFor(c.env), c.req.param('name'), c.req.raw));
  return routes;
}

const MAX_ISSUES = 20;

/** A schema failure as `{ path, message }` findings in the library's predicate style, bounded. */
function inputIssues(
  schema: z.ZodType,
  value: unknown,
): { ok: true; data: unknown } | { ok: false; response: Response } {
  const parsed = schema.safeParse(value, { error: predicateFor, reportInput: true });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => ({ path: boundText(formatPath(issue.path), 120), message: boundText(issue.message) }));
  const first = issues[0]!;
  const summary = `${first.path === '' ? 'The input' : first.path} ${first.message}`;
  return {
    ok: false,
    response: errorResponse('INVALID_INPUT', summary, {
      issues,
      ...(parsed.error.issues.length > MAX_ISSUES ? { more: parsed.error.issues.length - MAX_ISSUES } : {}),
    }),
  };
}

function listTools(config: WorkerConfig): Response {
  return jsonResponse({ tools: config.toolSummaries() });
}

async function callTool(
  config: WorkerConfig,
  caller: WorkerCaller,
  name: string,
  request: Request,
  meter: RequestMeter,
): Promise<Response> {
  const tool = config.forRequest(caller, meter).tools.find((candidate) => candidate.name === name);
  if (!tool)
    return errorResponse('TOOL_NOT_FOUND', 'No tool has that name; GET /tools lists them.', {
      tools: config.toolSummaries().map((summary) => summary.name),
    });
  const signal = signalOf(request);
  if (await clientLeft(signal)) return clientGone();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const input = inputIssues(tool.inputSchema, body.value);
  if (!input.ok) return input.response;
  // The handler never rejects by contract; a failed call is a 200 with isError, as on MCP.
  const result = await meter.callTool(tool, input.data, signal ? { signal } : {});
  if (signal?.aborted) return clientGone();
  return isRefusal(result) ? rateLimitedResponse(result) : jsonResponse(result);
}

function listResources(config: WorkerConfig): Response {
  return jsonResponse({
    resources: config.resources.map(({ name, uri, title, description, mimeType }) => ({
      name,
      uri,
      title,
      description,
      mimeType,
    })),
  });
}

function readResource(config: WorkerConfig, name: string): Response {
  const resource = config.resources.find((candidate) => candidate.name === name);
  if (!resource)
    return errorResponse('RESOURCE_NOT_FOUND', 'No resource has that name; GET /resources lists them.', {
      resources: config.resources.map((entry) => entry.name),
    });
  const contentType =
    resource.mimeType === 'application/json' ? 'application/json' : `${resource.mimeType}; charset=utf-8`;
  return new Response(resource.read(), { headers: { 'content-type': contentType, ...BASE_HEADERS } });
}

function listPrompts(config: WorkerConfig): Response {
  return jsonResponse({ prompts: config.promptSummaries() });
}

async function getPrompt(config: WorkerConfig, name: string, request: Request): Promise<Response> {
  const prompt = config.prompts.find((candidate) => candidate.name === name);
  if (!prompt)
    return errorResponse('PROMPT_NOT_FOUND', 'No prompt has that name; GET /prompts lists them.', {
      prompts: config.prompts.map((entry) => entry.name),
    });
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const args = inputIssues(prompt.argsSchema, body.value);
  if (!args.ok) return args.response;
  const text = prompt.build(args.data as never);
  return jsonResponse({
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  });
}
