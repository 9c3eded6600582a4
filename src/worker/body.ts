/**
 * Reading a request's JSON body, the one way every route that takes a body reads it: bounded by
 * `MAX_BODY_BYTES` as the bytes stream in, `application/json` only, and refused with the same
 * 400/413/415 answers on every route.
 */
import { errorResponse } from './errors.ts';

/**
 * The largest request body any route reads: far above a real composition (the input budget is 1M
 * characters of content).
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonBodyResult = { ok: true; value: unknown; empty: boolean } | { ok: false; response: Response };

/** `application/json`, with or without parameters; nothing else counts as JSON here. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

function tooLarge(): JsonBodyResult {
  return {
    ok: false,
    response: errorResponse('PAYLOAD_TOO_LARGE', `The body is larger than ${MAX_BODY_BYTES} bytes.`, {
      limit: MAX_BODY_BYTES,
    }),
  };
}

/**
 * Reads a JSON body under `MAX_BODY_BYTES`, counting bytes as they stream in (a missing or lying
 * Content-Length changes nothing) and never holding more than the limit. An empty body reads as
 * `{}` so argument-less calls need no body; a non-empty body must be `application/json`.
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<JsonBodyResult> {
  const contentType = request.headers.get('content-type');
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    await request.body?.cancel().catch(() => {});
    return tooLarge();
  }
  const empty: JsonBodyResult = { ok: true, value: {}, empty: true };
  if (request.body === null || declared === '0') return empty;
  // A declared non-JSON body is refused unread; an undeclared type is read, since it may be empty.
  if (contentType !== null && !isJsonMediaType(contentType)) {
    await request.body.cancel().catch(() => {});
    return {
      ok: false,
      response: errorResponse('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json.'),
    };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    chunks.push(value);
  }
  if (total === 0) return empty;
  if (contentType === null)
    return {
      ok: false,
      response: errorResponse('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json.'),
    };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    // Fatal decoding: invalid UTF-8 is malformed JSON, not text to repair.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    if (text.trim() === '') return empty;
    return { ok: true, value: JSON.parse(text) as unknown, empty: false };
  } catch {
    // The parser's own message quotes the input, so it is never passed on.
    return { ok: false, response: errorResponse('INVALID_JSON', 'The body is not valid JSON.') };
  }
}
