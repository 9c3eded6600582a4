/**
 * The sign-in route group's operations in the OpenAPI document: the OAuth protected resource
 * metadata (RFC 9728) at both its paths, and the schema of the document they answer (the routes
 * are in `routes/sign-in.ts`).
 */
import { METADATA_PATH } from '../oauth.ts';
import { errorOf, json, METHOD_NOT_ALLOWED, ref, type Json } from './responses.ts';

/** The protected resource metadata document (RFC 9728 §2). */
export const RESOURCE_METADATA: Json = {
  type: 'object',
  properties: {
    resource: { type: 'string', description: 'ISOMER_OAUTH_AUDIENCE, or this Worker’s /mcp URL.' },
    authorization_servers: { type: 'array', items: { type: 'string' }, description: '[ISOMER_OAUTH_ISSUER]' },
    scopes_supported: { type: 'array', items: { type: 'string' } },
    bearer_methods_supported: { type: 'array', items: { const: 'header' } },
    resource_name: { type: 'string' },
    resource_documentation: { type: 'string' },
  },
  required: ['resource', 'authorization_servers', 'bearer_methods_supported'],
};

/** `GET /.well-known/oauth-protected-resource` and its `/mcp` form: public, any origin. */
export function resourceMetadataOperations(): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const [path, what] of [
    [METADATA_PATH, 'the origin'],
    [`${METADATA_PATH}/mcp`, 'the MCP endpoint (the document the /mcp challenge names)'],
  ] as const)
    paths[path] = {
      get: {
        operationId: path.endsWith('/mcp') ? 'getMcpResourceMetadata' : 'getResourceMetadata',
        summary: `OAuth protected resource metadata (RFC 9728) for ${what}. Public, any origin.`,
        security: [],
        responses: {
          '200': {
            description: 'The document; the same at both paths.',
            content: json(ref('ProtectedResourceMetadata')),
          },
          '404': errorOf('NOT_FOUND: ISOMER_OAUTH_ISSUER is not set.'),
          '405': METHOD_NOT_ALLOWED,
        },
      },
    };
  return paths;
}
