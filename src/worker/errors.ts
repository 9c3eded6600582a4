/**
 * Every error the Worker's HTTP routes answer with: one stable code per condition, its status, and
 * the JSON shape `{ "error": { "code", "message", … } }`. Clients match on `code`, never on text.
 */
export const WORKER_ERROR_STATUS = {
  INVALID_JSON: 400,
  INVALID_INPUT: 400,
  INVALID_QUERY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_ORIGIN: 403,
  INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  TOOL_NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  PROMPT_NOT_FOUND: 404,
  FORMAT_NOT_FOUND: 404,
  IMAGE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  COMPOSITION_INVALID: 422,
  RATE_LIMITED: 429,
  AUTH_MISCONFIGURED: 500,
  RENDER_FAILED: 500,
  INTERNAL_ERROR: 500,
  IMAGES_NOT_CONFIGURED: 501,
  IMAGE_STORAGE_FAILED: 503,
  OAUTH_UNAVAILABLE: 503,
  AUTH_NOT_CONFIGURED: 503,
} as const;

export type WorkerErrorCode = keyof typeof WORKER_ERROR_STATUS;

export const WORKER_ERROR_CODES = Object.keys(WORKER_ERROR_STATUS) as WorkerErrorCode[];

/** Longest text from a request or a thrown error that ever reaches a response. */
export const MAX_ECHO_CHARACTERS = 200;

/** Cuts text that may come from a caller or a failure so an error never echoes much of it. */
export function boundText(value: string, max = MAX_ECHO_CHARACTERS): string {
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * The header every answer carries its request id in (and every error body as `requestId`): the id
 * the request's log line is written under, so a user's report finds its line.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * JSON-RPC's implementation-defined server error, which the MCP endpoint's own refusals (sign-in not
 * configured, a rate limit) carry, with the Worker's error code in `error.data.code`.
 */
export const MCP_SERVER_ERROR = -32000;

/** Headers every response carries: nothing is cached, nothing is sniffed into another type. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * The answer to a request whose client has gone (its signal aborted): nginx's 499 "client closed
 * request", with no body, since nobody reads it. Nothing was drawn or stored for it.
 */
export const CLIENT_CLOSED_STATUS = 499;

export function clientGone(): Response {
  return new Response(null, { status: CLIENT_CLOSED_STATUS, headers: BASE_HEADERS });
}

/**
 * The request's signal, which aborts when its client has gone (workerd's `enable_request_signal`
 * flag): checked before validation, before the engine, between PDF pages and before an R2 write.
 */
export function signalOf(request: Request): AbortSignal | undefined {
  return (request as { signal?: AbortSignal }).signal ?? undefined;
}

/**
 * Whether the client has gone, after one turn of the event loop: a request's steps up to the draw
 * are all in memory, and an abort is delivered only between tasks, so without the turn a burst of
 * requests whose clients reset their connections would each read, validate and lay out its body
 * before any cancellation landed. Measured under wrangler dev (docs/decisions.md).
 */
export async function clientLeft(signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) return false;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return signal.aborted;
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...BASE_HEADERS, ...headers },
  });
}

/**
 * `{ "error": { "code", "message", …details } }` with the code's status. `message` is written by
 * the Worker; anything derived from the request goes through `boundText` first.
 */
export function errorResponse(
  code: WorkerErrorCode,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(
    { error: { code, message: boundText(message, 400), ...details } },
    WORKER_ERROR_STATUS[code],
    headers,
  );
}

/**
 * The MCP endpoint's own form of a Worker error: a JSON-RPC error (`id` null: the request was not
 * read) with `MCP_SERVER_ERROR`, the message, and the Worker's code in `data`, under the code's status.
 */
export function mcpErrorResponse(
  code: WorkerErrorCode,
  message: string,
  data: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(
    {
      jsonrpc: '2.0',
      id: null,
      error: { code: MCP_SERVER_ERROR, message: boundText(message, 400), data: { code, ...data } },
    },
    WORKER_ERROR_STATUS[code],
    headers,
  );
}
