import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { buildOpenApiDocument, createWorkerConfig } from '../../src/worker/index.ts';
import { MAX_DECK_SLIDES } from '../../src/core/model/deck.ts';
import { oneSlide } from '../support/one-slide.ts';

/**
 * `/openapi.json` checked against OpenAPI 3.1.0 without a validator package: the structure of each
 * object the document uses, written here from the specification's own field tables (closed: a field
 * the table does not list fails, `x-` extensions aside), every Schema Object against the JSON Schema
 * 2020-12 meta-schema Ajv ships, every `$ref` compiled, and the rules the specification states in
 * prose (unique operationIds, declared path parameters, known security schemes).
 */

type Json = Record<string, any>;

const doc = buildOpenApiDocument(createWorkerConfig(builtInWorkerOptions())) as Json;

const EXTENSIONS = { '^x-': true };
/** A closed object: the listed fields and extensions only. */
const closed = (properties: Json, required: string[] = []): Json => ({
  type: 'object',
  properties,
  patternProperties: EXTENSIONS,
  additionalProperties: false,
  required,
});
const map = (value: Json): Json => ({ type: 'object', additionalProperties: value });
const string = { type: 'string' };
const boolean = { type: 'boolean' };
/** Schema Objects are checked against the meta-schema separately; here they need only be JSON Schema-shaped. */
const schemaObject = { type: ['object', 'boolean'] };
const reference = closed({ $ref: string, summary: string, description: string }, ['$ref']);

const OPENAPI_3_1: Json = {
  $id: 'urn:test:openapi-3.1-structure',
  $ref: '#/$defs/openapi',
  $defs: {
    openapi: {
      ...closed(
        {
          openapi: { type: 'string', pattern: '^3\\.1\\.\\d+(-.+)?$' },
          info: { $ref: '#/$defs/info' },
          jsonSchemaDialect: string,
          servers: { type: 'array', items: { $ref: '#/$defs/server' } },
          paths: { $ref: '#/$defs/paths' },
          webhooks: map({ $ref: '#/$defs/pathItem' }),
          components: { $ref: '#/$defs/components' },
          security: { type: 'array', items: { $ref: '#/$defs/securityRequirement' } },
          tags: { type: 'array' },
          externalDocs: { type: 'object' },
        },
        ['openapi', 'info'],
      ),
      anyOf: [{ required: ['paths'] }, { required: ['components'] }, { required: ['webhooks'] }],
    },
    info: closed(
      {
        title: string,
        summary: string,
        description: string,
        termsOfService: string,
        contact: { type: 'object' },
        license: { type: 'object' },
        version: string,
      },
      ['title', 'version'],
    ),
    server: closed({ url: string, description: string, variables: { type: 'object' } }, ['url']),
    paths: {
      type: 'object',
      patternProperties: { '^/': { $ref: '#/$defs/pathItem' }, ...EXTENSIONS },
      additionalProperties: false,
    },
    pathItem: closed({
      $ref: string,
      summary: string,
      description: string,
      ...Object.fromEntries(
        ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].map((verb) => [
          verb,
          { $ref: '#/$defs/operation' },
        ]),
      ),
      servers: { type: 'array', items: { $ref: '#/$defs/server' } },
      parameters: { type: 'array', items: { anyOf: [{ $ref: '#/$defs/parameter' }, reference] } },
    }),
    operation: closed(
      {
        tags: { type: 'array', items: string },
        summary: string,
        description: string,
        externalDocs: { type: 'object' },
        operationId: string,
        parameters: { type: 'array', items: { anyOf: [{ $ref: '#/$defs/parameter' }, reference] } },
        requestBody: { anyOf: [{ $ref: '#/$defs/requestBody' }, reference] },
        responses: { $ref: '#/$defs/responses' },
        callbacks: { type: 'object' },
        deprecated: boolean,
        security: { type: 'array', items: { $ref: '#/$defs/securityRequirement' } },
        servers: { type: 'array', items: { $ref: '#/$defs/server' } },
      },
      // Required in 3.0; optional in 3.1, but every operation here answers something.
      ['responses'],
    ),
    parameter: {
      ...closed(
        {
          name: string,
          in: { enum: ['query', 'header', 'path', 'cookie'] },
          description: string,
          required: boolean,
          deprecated: boolean,
          allowEmptyValue: boolean,
          style: string,
          explode: boolean,
          allowReserved: boolean,
          schema: schemaObject,
          example: true,
          examples: { type: 'object' },
          content: map({ $ref: '#/$defs/mediaType' }),
        },
        ['name', 'in'],
      ),
      // A path parameter is required; a parameter has a schema or a content, not both.
      oneOf: [{ required: ['schema'] }, { required: ['content'] }],
      anyOf: [
        { not: { properties: { in: { const: 'path' } } } },
        { properties: { required: { const: true } }, required: ['required'] },
      ],
    },
    requestBody: closed({ description: string, content: map({ $ref: '#/$defs/mediaType' }), required: boolean }, [
      'content',
    ]),
    mediaType: closed({
      schema: schemaObject,
      example: true,
      examples: { type: 'object' },
      encoding: { type: 'object' },
    }),
    responses: {
      type: 'object',
      minProperties: 1,
      patternProperties: {
        '^[1-5](?:[0-9]{2}|XX)$': { anyOf: [{ $ref: '#/$defs/response' }, reference] },
        ...EXTENSIONS,
      },
      properties: { default: { anyOf: [{ $ref: '#/$defs/response' }, reference] } },
      additionalProperties: false,
    },
    response: closed(
      {
        description: string,
        headers: { type: 'object' },
        content: map({ $ref: '#/$defs/mediaType' }),
        links: { type: 'object' },
      },
      ['description'],
    ),
    components: closed({
      ...Object.fromEntries(
        ['responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems'].map(
          (field) => [field, { type: 'object', propertyNames: { pattern: '^[a-zA-Z0-9._-]+$' } }],
        ),
      ),
      schemas: { ...map(schemaObject), propertyNames: { pattern: '^[a-zA-Z0-9._-]+$' } },
      securitySchemes: { ...map({ $ref: '#/$defs/securityScheme' }), propertyNames: { pattern: '^[a-zA-Z0-9._-]+$' } },
    }),
    securityScheme: {
      ...closed(
        {
          type: { enum: ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'] },
          description: string,
          name: string,
          in: { enum: ['query', 'header', 'cookie'] },
          scheme: string,
          bearerFormat: string,
          flows: { type: 'object' },
          openIdConnectUrl: string,
        },
        ['type'],
      ),
      anyOf: [{ not: { properties: { type: { const: 'http' } } } }, { required: ['scheme'] }],
    },
    securityRequirement: map({ type: 'array', items: string }),
  },
};

const operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Json })),
);

/** Every Schema Object in the document, with where it is. */
function schemaObjects(): { at: string; schema: Json }[] {
  const found = Object.entries(doc.components.schemas as Record<string, Json>).map(([name, schema]) => ({
    at: `components.schemas.${name}`,
    schema,
  }));
  for (const { path, method, operation } of operations) {
    const at = `${method} ${path}`;
    for (const parameter of operation.parameters ?? [])
      found.push({ at: `${at} parameter ${parameter.name}`, schema: parameter.schema });
    for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Record<string, Json>))
      found.push({ at: `${at} request ${type}`, schema: media.schema });
    for (const [status, response] of Object.entries(operation.responses as Record<string, Json>))
      for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>))
        found.push({ at: `${at} ${status} ${type}`, schema: media.schema });
  }
  return found;
}

describe('the OpenAPI 3.1 document', () => {
  it('has the structure OpenAPI 3.1 gives each object', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
    const validate = ajv.compile(OPENAPI_3_1);
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    // The structure check can fail: a field OpenAPI does not define, a path parameter not required.
    const broken = structuredClone(doc);
    broken.paths['/tools'].get.summery = 'typo';
    broken.paths['/render/{format}'].post.parameters[0].required = false;
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((error) => error.instancePath)).toEqual(
      expect.arrayContaining(['/paths/~1tools/get', '/paths/~1render~1{format}/post/parameters/0/required']),
    );
  });

  it('holds only valid JSON Schema 2020-12, every reference resolving', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    // The document as a schema resource, so `#/components/schemas/…` resolves as it does for a client.
    ajv.addSchema({ $id: 'urn:test:openapi', components: doc.components });
    const problems: string[] = [];
    for (const { at, schema } of schemaObjects()) {
      if (!ajv.validateSchema(schema)) problems.push(`${at}: ${ajv.errorsText(ajv.errors)}`);
      try {
        ajv.compile({ $id: `urn:test:openapi:${problems.length}:${at.replace(/[^\w]/g, '-')}`, ...rebase(schema) });
      } catch (error) {
        problems.push(`${at}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    // Both checks can fail: a misspelt type, a reference to no component.
    expect(ajv.validateSchema({ type: 'strnig' })).toBe(false);
    expect(() => ajv.compile({ $id: 'urn:test:control', ...rebase({ $ref: '#/components/schemas/Nope' }) })).toThrow();
  });

  it('keeps the rules the specification states in prose', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const schemes = Object.keys(doc.components.securitySchemes);
    for (const requirement of [doc.security, ...operations.map(({ operation }) => operation.security)].flat())
      if (requirement) for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
    for (const { path, method, operation } of operations) {
      const parameters: Json[] = operation.parameters ?? [];
      const keys = parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      expect(new Set(keys).size, `${method} ${path}`).toBe(keys.length);
      expect(
        parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        `${method} ${path}`,
      ).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
    }
  });
});

describe('the chat paths', () => {
  it('type the builders’ payloads only: a host format that takes a chat name is documented as bytes', () => {
    expect(doc.paths['/render/teams'].post.operationId).toBe('renderTeams');
    const options = builtInWorkerOptions();
    const replaced = buildOpenApiDocument(
      createWorkerConfig({
        ...options,
        formats: { ...options.formats, teams: { mimeType: 'application/x-own-teams', render: () => '{}' } },
      }),
    ) as Json;
    expect(replaced.paths['/render/teams']).toBeUndefined();
    expect(replaced.paths['/render/discord'].post.operationId).toBe('renderDiscord');
    const shared = replaced.paths['/render/{format}'].post;
    expect(shared.parameters[0].schema.enum).toContain('teams');
    expect(shared.responses['200'].content['application/x-own-teams']).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
  });
});

describe('the drawing routes’ bodies', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'urn:test:openapi-bodies', components: doc.components });
  const bodyOf = (path: string) => {
    const schema = doc.paths[path].post.requestBody.content['application/json'].schema as Json;
    return ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"urn:test:openapi-bodies#/components/')),
    );
  };
  const deck = (count: number) => Array.from({ length: count }, (_, i) => oneSlide({ title: `Slide ${i + 1}` }));

  it('take one composition or a deck of 1 to MAX_DECK_SLIDES compositions, on every render and image route', () => {
    const paths = Object.keys(doc.paths).filter((path) => /^\/(render\/|images\/\{format\}$)/.test(path));
    expect(paths).toEqual(
      expect.arrayContaining(['/render/{format}', '/render/slack', '/render/teams', '/images/{format}']),
    );
    for (const path of paths) {
      const validate = bodyOf(path);
      for (const good of [oneSlide(), deck(1), deck(3), deck(MAX_DECK_SLIDES)])
        expect(validate(good), `${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      // An empty deck, one over the limit, a deck holding a non-composition, a bare string.
      for (const bad of [[], deck(MAX_DECK_SLIDES + 1), [oneSlide(), 'slide'], 'slide'])
        expect(validate(bad), path).toBe(false);
    }
  });

  it('document `slide` on every render route (at most MAX_DECK_SLIDES), and a deck’s stored images', () => {
    for (const path of Object.keys(doc.paths).filter((path) => path.startsWith('/render/'))) {
      const slide = (doc.paths[path].post.parameters as Json[]).find((parameter) => parameter.name === 'slide');
      expect(slide, path).toMatchObject({
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: MAX_DECK_SLIDES },
      });
    }
    const stored = doc.paths['/images/{format}'].post.responses['200'].content['application/json'].schema;
    expect(stored.oneOf).toEqual([
      { $ref: '#/components/schemas/StoredImageInfo' },
      { $ref: '#/components/schemas/StoredDeckImages' },
    ]);
  });
});

/** Points the document-relative `$ref`s of a lone schema at the registered document. */
function rebase(schema: Json): Json {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"urn:test:openapi#/components/'),
  );
}
