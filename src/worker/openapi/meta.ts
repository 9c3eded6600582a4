/**
 * The meta route group's operations in the OpenAPI document: `GET /healthz` and
 * `GET /openapi.json` (the routes are in `routes/meta.ts`).
 */
import { COMMON_ERRORS, json, METHOD_NOT_ALLOWED, ref, type Json } from './responses.ts';

/** `GET /healthz`: public, and never refused for its Origin. */
export function healthOperations(): Record<string, Json> {
  return {
    '/healthz': {
      get: {
        operationId: 'getHealth',
        summary: 'Liveness; never needs a token, and no Origin is refused.',
        security: [],
        responses: { '200': { description: 'Up.', content: json(ref('Health')) }, '405': METHOD_NOT_ALLOWED },
      },
    },
  };
}

/** `GET /openapi.json`: this document. */
export function openApiOperations(): Record<string, Json> {
  return {
    '/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This document.',
        responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) }, ...COMMON_ERRORS },
      },
    },
  };
}
