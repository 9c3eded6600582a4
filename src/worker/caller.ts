/**
 * Who a request is from, as the Worker hands it on: to the tools (whose views receive its context
 * as `hostContext`) and to the MCP server built for it. Its own module because both ways of
 * authenticating produce one (`auth.ts` for static tokens, `oauth-token.ts` for access tokens) and
 * neither should import the other for a type.
 */

/** Who is calling, and the context their views receive as `hostContext`. */
export interface WorkerCaller {
  caller: string;
  context: Readonly<Record<string, unknown>>;
}
