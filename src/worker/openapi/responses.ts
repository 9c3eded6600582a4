/**
 * The pieces every operation of the OpenAPI document is written with: `$ref`s and JSON bodies, the
 * Worker's error answers, and the responses many routes share (auth and origin refusals, a client
 * that left, a body too large). One place, so a shared answer reads the same on every route.
 */
import { MAX_BODY_BYTES } from '../body.ts';
import { CLIENT_CLOSED_STATUS, REQUEST_ID_HEADER } from '../errors.ts';

/** A JSON object of the document. */
export type Json = Record<string, unknown>;

/** A `$ref` to a component schema. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** JSON content with this schema. */
export const json = (schema: Json) => ({ 'application/json': { schema } });
/**
 * The body of a drawing route: one composition, or a deck (`components.schemas.Deck`), a JSON
 * array of 1 to `MAX_DECK_SLIDES` compositions drawn in order.
 */
export const COMPOSITION_OR_DECK = { oneOf: [ref('Composition'), ref('Deck')] };
/** An answer with the Worker's error body (`components.schemas.Error`). */
export const errorOf = (description: string) => ({ description, content: json(ref('Error')) });

export const METHOD_NOT_ALLOWED = errorOf('METHOD_NOT_ALLOWED, with an Allow header.');
/** The image store is off: the render routes' `?image=` and the image routes. */
export const NOT_CONFIGURED = errorOf('IMAGES_NOT_CONFIGURED: stored images need the IMAGES R2 bucket binding.');

/**
 * The answer to a request whose client has gone before it was answered: the Worker's `clientGone()`
 * on the routes that validate, draw or store, and the MCP SDK's own on /mcp.
 */
export const CLIENT_CLOSED = {
  [CLIENT_CLOSED_STATUS]: {
    description:
      'Client Closed Request: the client closed the request before it was answered; no body is sent, since ' +
      'nobody reads it. Nothing is drawn or stored for it (on `/mcp`, a call already running stops at its next check).',
  },
};

const CHALLENGE_HEADER = {
  'www-authenticate': {
    description:
      'RFC 6750 challenge: `Bearer realm="isomer-edge"`, with OAuth on also `resource_metadata` (RFC 9728) and the ' +
      '`scope` the route needs, and `error="invalid_token"` or `"insufficient_scope"` when a token was refused.',
    schema: { type: 'string' },
  },
};

/** The header every answer carries: the id of the request's log line. */
export const REQUEST_ID = {
  [REQUEST_ID_HEADER]: {
    description: 'The request id: every answer carries it, every error body as `requestId`, the log line under it.',
    schema: { type: 'string' },
  },
};

/** The answer of a caller over a limit (the same on every guarded route). */
export const RATE_LIMITED = {
  ...errorOf(
    'RATE_LIMITED: this caller (its static token, OAuth subject and client, or address on an open Worker) is ' +
      'over a limit: `class` is `general` (every request) or `drawing` (images, stored pictures, the layout ' +
      'check), with its `limit` per `period` seconds and `retryAfter`. On /mcp a tools/call gets a failed tool ' +
      'result instead (isError, 200) and any other request this status with a JSON-RPC error (`data.code`).',
  ),
  headers: {
    'retry-after': { description: 'Seconds until the caller may try again.', schema: { type: 'integer' } },
    ...REQUEST_ID,
  },
};

/** Responses every authenticated route can give besides its own. */
export const COMMON_ERRORS = {
  '401': {
    ...errorOf(
      'UNAUTHORIZED: a token is required (ISOMER_TOKENS or ISOMER_OAUTH_ISSUER is set) and it is missing, ' +
        'not a configured token, or not a valid access token for this resource. Only the Authorization header is read.',
    ),
    headers: CHALLENGE_HEADER,
  },
  '403': {
    ...errorOf(
      'FORBIDDEN_ORIGIN: a browser Origin that is not allowed; or INSUFFICIENT_SCOPE: the access token lacks ' +
        'a scope ISOMER_OAUTH_SCOPES requires here (`scopes` lists them; the challenge says `insufficient_scope`).',
    ),
    headers: CHALLENGE_HEADER,
  },
  '405': METHOD_NOT_ALLOWED,
  '429': RATE_LIMITED,
  '500': errorOf(
    'AUTH_MISCONFIGURED: ISOMER_TOKENS or an ISOMER_OAUTH_* variable is set but unusable; or INTERNAL_ERROR.',
  ),
  '503': errorOf(
    'AUTH_NOT_CONFIGURED: no sign-in is configured (ISOMER_TOKENS, ISOMER_OAUTH_ISSUER) and ISOMER_AUTH is not ' +
      '"none", so the Worker is closed; or OAUTH_UNAVAILABLE: the identity provider’s metadata or keys could not ' +
      'be fetched to check the access token; try again.',
  ),
};

/** The answers of a route that reads a JSON body. */
export const BODY_ERRORS = {
  '400': errorOf('INVALID_JSON, or INVALID_INPUT with `issues: [{ path, message }]`.'),
  '413': errorOf(`PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES} bytes.`),
  '415': errorOf('UNSUPPORTED_MEDIA_TYPE: a non-empty body must be application/json.'),
};
