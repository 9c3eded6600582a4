/**
 * The Worker as a library: `createWorker({ packs, frames, views, formats })` returns the module
 * Worker that serves the HTTP routes and the MCP endpoint over your vocabulary and views
 * (`builtInWorkerOptions()` from `isomer-edge/built-in` is the one `npm start` serves).
 */
export { createWorker, type IsomerWorker, type WorkerEnv, type WorkerExecutionContext } from './create-worker.ts';
export {
  createWorkerConfig,
  withDeploymentSwitches,
  type WorkerConfig,
  type WorkerConfigEnv,
  type WorkerOptions,
  type ToolSummary,
  type PromptSummary,
} from './config.ts';
export { ANONYMOUS_CALLER } from './auth.ts';
export type { WorkerCaller } from './caller.ts';
export { buildMcpServer, createMcpEndpoint } from './mcp.ts';
export { buildOpenApiDocument } from './openapi/document.ts';
export { MAX_BODY_BYTES } from './body.ts';
export { WORKER_ERROR_CODES, WORKER_ERROR_STATUS, type WorkerErrorCode } from './errors.ts';
export {
  hostSupportsApps,
  MCP_APP_MIME_TYPE,
  MCP_APPS_EXTENSION,
  SHOW_APP_RESOURCE,
  SHOW_APP_RESOURCE_META,
  type ShowAppResource,
} from './show-app.ts';
