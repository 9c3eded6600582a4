import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker } from '../../src/worker/index.ts';

/**
 * `/openapi.json` as the Worker serves it, through two independent OpenAPI tools: swagger-parser's
 * `validate` (the 3.1 schema, every `$ref` dereferenced) and Redocly's `lint` with its recommended
 * rules. Each check is also shown to fail on a broken copy.
 */

type Json = Record<string, any>;

const WHERE = 'https://isomer.test/openapi.json';

/**
 * What the recommended rules find that is not a fault, one location each, so any new finding fails.
 * - `no-ambiguous-paths` at `/images/{key}.{format}`: it shares a shape with `/images/{format}`, but the
 *   two never meet: one is GET only, the other POST only, and a `{format}` is a bare name from its enum
 *   (`png`), never `<key>.<format>`. Renaming either would break clients of a published route.
 */
const IGNORED = { [WHERE]: { 'no-ambiguous-paths': new Set(['#/paths/~1images~1{key}.{format}']) } };
/**
 * Rules turned off, and why.
 * - `info-license`: the project states no licence (package.json has none); the document must not invent one.
 */
const OFF = { 'info-license': 'off' } as const;

async function served(): Promise<Json> {
  const worker = createWorker(builtInWorkerOptions());
  const context = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} };
  // Open, as `npm start` runs it: the document is what this test reads, not sign-in.
  const response = await worker.fetch(new Request(WHERE) as never, { ISOMER_AUTH: 'none' }, context as never);
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

async function redocly(doc: Json): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'], rules: OFF }, { ignore: IGNORED });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: WHERE, config });
  return problems
    .filter((problem: NormalizedProblem) => !problem.ignored)
    .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
}

describe('the served OpenAPI document against OpenAPI tools', () => {
  let doc: Json;
  beforeAll(async () => {
    doc = await served();
  });

  it('passes swagger-parser validate', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    // The check can fail: a reference to no component.
    const broken = structuredClone(doc);
    broken.paths['/render/teams'].post.responses['200'].content['application/vnd.isomer-edge.teams+json'].schema.$ref =
      '#/components/schemas/Nope';
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('passes Redocly lint with the recommended rules', async () => {
    expect(await redocly(doc)).toEqual([]);
    // The check can fail: a duplicate operationId.
    const broken = structuredClone(doc);
    broken.paths['/healthz'].get.operationId = 'renderTeams';
    expect((await redocly(broken)).join('\n')).toMatch(/operation-operationId-unique/);
  });
});
