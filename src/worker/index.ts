/**
 * The Worker as a library: `createWorker({ views, formats })` returns the `ExportedHandler` that
 * serves the HTTP routes and the MCP endpoint, for a deployment that registers its own views.
 */
export { createWorker, type WorkerEnv } from './app.ts';
export {
  createWorkerConfig,
  type WorkerConfig,
  type WorkerOptions,
  type ToolSummary,
  type PromptSummary,
} from './config.ts';
export { ANONYMOUS_CALLER, type WorkerCaller } from './auth.ts';
export { buildMcpServer, createMcpEndpoint } from './mcp.ts';
export { buildOpenApiDocument } from './openapi.ts';
export { MAX_BODY_BYTES } from './body.ts';
export { WORKER_ERROR_CODES, WORKER_ERROR_STATUS, type WorkerErrorCode } from './errors.ts';
export { SAMPLE_VIEWS, summarySlideView } from './views.ts';
