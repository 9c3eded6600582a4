/**
 * The Worker as an OAuth 2.1 resource server (the MCP authorization spec; RFC 9728, RFC 8707,
 * RFC 6750): what `ISOMER_OAUTH_ISSUER`, `ISOMER_OAUTH_AUDIENCE` and `ISOMER_OAUTH_SCOPES` say,
 * the protected resource metadata, and the `WWW-Authenticate` challenges.
 */
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';
import { createIssuerKeys, isLoopback, type IssuerKeys } from './oauth-issuer.ts';

/** The route groups a scope can be required on; every guarded route is in at most one. */
export const SCOPE_GROUPS = ['mcp', 'tools', 'render'] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

/** Which group a path is in: `/mcp`; the JSON tools, resources, prompts and OpenAPI; rendering. */
export function scopeGroupOf(path: string): ScopeGroup | undefined {
  if (path === '/mcp') return 'mcp';
  if (/^\/(tools|resources|prompts)(\/|$)/.test(path) || path === '/openapi.json') return 'tools';
  if (/^\/(render|images)\//.test(path) || path === '/formats') return 'render';
  return undefined;
}

export interface OAuthSettings {
  /** The authorization server's issuer identifier, exactly as tokens carry it in `iss`. */
  issuer: string;
  /** The resource tokens must be for (`aud`); `undefined`: this Worker's own `/mcp` URL. */
  audience: string | undefined;
  /** Scopes every guarded route needs. */
  scopes: readonly string[];
  /** Scopes a group's routes need besides `scopes`. */
  groupScopes: Readonly<Record<ScopeGroup, readonly string[]>>;
  /** The issuer's signing keys, fetched on first use and kept for the isolate's life. */
  keys: IssuerKeys;
}

/** `scope-token` (RFC 6749 §3.3) less `,` and `=`, which the variable's own syntax uses. */
const SCOPE_TOKEN = /^[\x21\x23-\x2b\x2d-\x3c\x3e-\x5b\x5d-\x7e]+$/;

/** An absolute URL or the reason it is not a usable issuer. */
function checkIssuer(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'ISOMER_OAUTH_ISSUER is not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
    return 'ISOMER_OAUTH_ISSUER must be an https:// URL (plain http only on localhost, 127.0.0.1 or [::1])';
  if (url.search !== '' || url.hash !== '' || raw.includes('?') || raw.includes('#'))
    return 'ISOMER_OAUTH_ISSUER must have no query or fragment (RFC 8414)';
  if (url.username !== '' || url.password !== '') return 'ISOMER_OAUTH_ISSUER must not carry credentials';
  return undefined;
}

function checkAudience(raw: string): string | undefined {
  try {
    new URL(raw);
  } catch {
    return 'ISOMER_OAUTH_AUDIENCE is not an absolute URI';
  }
  if (raw.includes('#')) return 'ISOMER_OAUTH_AUDIENCE must have no fragment (RFC 8707)';
  return undefined;
}

/** `ISOMER_OAUTH_SCOPES`: `scope` (every route) or `group=scope` entries, space- or comma-separated. */
function parseScopes(
  raw: string | undefined,
): { scopes: string[]; groupScopes: Record<ScopeGroup, string[]> } | { reason: string } {
  const scopes: string[] = [];
  const groupScopes: Record<ScopeGroup, string[]> = { mcp: [], tools: [], render: [] };
  for (const entry of (raw ?? '').split(/[\s,]+/)) {
    if (entry === '') continue;
    const equals = entry.indexOf('=');
    const group = equals === -1 ? undefined : entry.slice(0, equals);
    const scope = equals === -1 ? entry : entry.slice(equals + 1);
    if (group !== undefined && !(SCOPE_GROUPS as readonly string[]).includes(group))
      return {
        reason: `ISOMER_OAUTH_SCOPES names the group ${JSON.stringify(group.slice(0, 40))}; groups are ${SCOPE_GROUPS.join(', ')}`,
      };
    if (!SCOPE_TOKEN.test(scope) || scope.length > 200)
      return { reason: 'ISOMER_OAUTH_SCOPES holds an entry that is not an OAuth scope (scope or group=scope)' };
    const list = group === undefined ? scopes : groupScopes[group as ScopeGroup];
    if (!list.includes(scope)) list.push(scope);
  }
  return { scopes, groupScopes };
}

export interface OAuthEnv {
  ISOMER_OAUTH_ISSUER?: string;
  ISOMER_OAUTH_AUDIENCE?: string;
  ISOMER_OAUTH_SCOPES?: string;
}

/**
 * Reads the three variables: none set is `undefined` (OAuth off); a usable issuer gives the
 * settings; anything else is a reason to refuse every request rather than fall open.
 */
export function parseOAuthSettings(env: OAuthEnv | undefined): OAuthSettings | { reason: string } | undefined {
  const issuer = env?.ISOMER_OAUTH_ISSUER?.trim() ?? '';
  const audience = env?.ISOMER_OAUTH_AUDIENCE?.trim() ?? '';
  const scopeText = env?.ISOMER_OAUTH_SCOPES?.trim() ?? '';
  if (issuer === '') {
    if (audience === '' && scopeText === '') return undefined;
    return { reason: 'ISOMER_OAUTH_AUDIENCE or ISOMER_OAUTH_SCOPES is set without ISOMER_OAUTH_ISSUER' };
  }
  const problem = checkIssuer(issuer) ?? (audience === '' ? undefined : checkAudience(audience));
  if (problem) return { reason: problem };
  const scopes = parseScopes(scopeText);
  if ('reason' in scopes) return scopes;
  return {
    issuer,
    audience: audience === '' ? undefined : audience,
    ...scopes,
    keys: createIssuerKeys(issuer),
  };
}

/** The resource identifier tokens must carry as `aud`: the configured audience, or `<origin>/mcp`. */
export function audienceFor(settings: OAuthSettings, request: Request): string {
  return settings.audience ?? `${new URL(request.url).origin}/mcp`;
}

/** Every scope a route of `group` needs (`group` undefined: a route in no group, such as a 404). */
export function requiredScopes(settings: OAuthSettings, group: ScopeGroup | undefined): string[] {
  return [...settings.scopes, ...(group === undefined ? [] : settings.groupScopes[group])];
}

/** Every configured scope, for `scopes_supported`. */
function allScopes(settings: OAuthSettings): string[] {
  return [...new Set([...settings.scopes, ...SCOPE_GROUPS.flatMap((group) => settings.groupScopes[group])])];
}

/** The two metadata paths: the MCP endpoint's (RFC 9728 §3.1, path-aware) and the origin's. */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** Where the challenge on `path` points: `/mcp` has its own document; every other route the origin's. */
export function metadataUrlFor(request: Request, path: string): string {
  const origin = new URL(request.url).origin;
  return path === '/mcp' ? getOAuthProtectedResourceMetadataUrl(new URL(`${origin}/mcp`)) : `${origin}${METADATA_PATH}`;
}

/**
 * The protected resource metadata (RFC 9728 §2). Both documents describe the one resource tokens
 * are for, so they are the same document.
 */
export function protectedResourceMetadata(settings: OAuthSettings, request: Request): Record<string, unknown> {
  const scopes = allScopes(settings);
  return {
    resource: audienceFor(settings, request),
    authorization_servers: [settings.issuer],
    ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'isomer-edge',
    resource_documentation: `${new URL(request.url).origin}/openapi.json`,
  };
}

/** An RFC 6750 quoted-string: `\` and `"` escaped, anything but printable ASCII replaced. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&').replace(/[^\x20-\x7e]/g, ' ')}"`;
}

/**
 * `WWW-Authenticate: Bearer …` (RFC 6750 §3, RFC 9728 §5.1). `error` only where a token was sent
 * and refused; `scope` whenever the route needs scopes, so a client asks for them.
 */
export function bearerChallenge(options: {
  resourceMetadata?: string;
  error?: 'invalid_token' | 'insufficient_scope';
  description?: string;
  scopes?: readonly string[];
}): string {
  const parts = ['realm="isomer-edge"'];
  if (options.error) parts.push(`error=${quoted(options.error)}`);
  if (options.error && options.description) parts.push(`error_description=${quoted(options.description)}`);
  if (options.scopes && options.scopes.length > 0) parts.push(`scope=${quoted(options.scopes.join(' '))}`);
  if (options.resourceMetadata) parts.push(`resource_metadata=${quoted(options.resourceMetadata)}`);
  return `Bearer ${parts.join(', ')}`;
}
