/**
 * The page talks to the Worker it is served by through the same routes any client uses. When the
 * Worker has tokens configured, a 401 asks the person for one (kept in sessionStorage for this tab
 * only) and the request is sent again with it.
 */

const TOKEN_KEY = 'isomer-playground-token';

/** Shows the token dialog; resolves with the token, or undefined when the person cancels. */
export type TokenPrompt = (refused: boolean) => Promise<string | undefined>;

/** The page's dialog, once main.ts has set it: requests sent before that (early.ts) wait for it. */
let setPrompt!: (prompt: TokenPrompt) => void;
const promptReady = new Promise<TokenPrompt>((resolve) => {
  setPrompt = resolve;
});
let pending: Promise<string | undefined> | undefined;
/** Set once a request answered 401: the copied snippets then carry an Authorization header. */
let authSeen = false;

export function setTokenPrompt(next: TokenPrompt): void {
  setPrompt(next);
}

export function storedToken(): string | undefined {
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

export function tokensRequired(): boolean {
  return authSeen || storedToken() !== undefined;
}

export function forgetToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** One dialog for every request that is waiting on a token at the same time. */
function askForToken(refused: boolean): Promise<string | undefined> {
  pending ??= promptReady
    .then((prompt) => prompt(refused))
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  for (;;) {
    const token = storedToken();
    const headers = new Headers(init.headers);
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    const response = await fetch(path, { ...init, headers });
    if (response.status !== 401) return response;
    authSeen = true;
    // A token given while this request was out (another request's dialog): send it again with that.
    const current = storedToken();
    if (current !== undefined && current !== token) continue;
    const next = await askForToken(token !== undefined);
    if (next === undefined) return response;
    sessionStorage.setItem(TOKEN_KEY, next);
  }
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  const message =
    typeof body === 'object' && body !== null && 'error' in body
      ? String((body as { error: { message?: unknown } }).error.message)
      : `HTTP ${response.status}`;
  return new ApiError(response.status, body, message);
}

/** `POST /tools/{name}` → the tool's first text block, and whether the tool said it failed. */
export async function callTool(
  name: string,
  input?: unknown,
  signal?: AbortSignal,
): Promise<{ text: string; isError: boolean }> {
  const response = await send(`/tools/${encodeURIComponent(name)}`, {
    method: 'POST',
    ...(input === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await failure(response);
  const result = (await response.json()) as { content: { type: string; text?: string }[]; isError?: boolean };
  const block = result.content.find((entry) => entry.type === 'text');
  return { text: block?.text ?? '', isError: result.isError === true };
}

export async function getText(path: string): Promise<string> {
  const response = await send(path, { method: 'GET' });
  if (!response.ok) throw await failure(response);
  return response.text();
}

/** `POST /render/{format}`: the rendered bytes with their type, or the 422's error list. */
export async function render(
  format: string,
  body: string,
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<{ ok: true; blob: Blob } | { ok: false; errors: string[]; message: string }> {
  const search = new URLSearchParams(query).toString();
  const response = await send(`/render/${encodeURIComponent(format)}${search ? `?${search}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal,
  });
  if (response.ok) return { ok: true, blob: await response.blob() };
  const error = await failure(response);
  const errors = (error.body as { errors?: unknown })?.errors;
  return {
    ok: false,
    errors: Array.isArray(errors) ? errors.map(String) : [],
    message: error.message,
  };
}
