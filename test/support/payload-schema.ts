/**
 * A chat host's own payload schema (its `schema.ts`), compiled by Ajv as the OpenAPI document
 * serves it (`#/components/schemas/<name>`), and a check that it refuses payloads broken in ways
 * the host would refuse: each host's folder names its own breakages; the served document is
 * validated against real answers in test/worker/chat-openapi.test.ts.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { ChatHost } from '../../src/core/chat-hosts/host.ts';

type Json = Record<string, any>;

/** The host's payload schema, compiled strictly (a misspelt keyword fails instead of passing everything). */
export function payloadValidator(host: ChatHost): (payload: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addKeyword('components');
  const id = `urn:isomer-edge:${host.name}`;
  ajv.addSchema({
    $id: id,
    components: { schemas: host.payload.schemas((name) => ({ $ref: `#/components/schemas/${name}` })) },
  });
  const validate = ajv.compile({ $ref: `${id}#/components/schemas/${host.payload.root}` });
  return (payload) => validate(payload) as boolean;
}

/** The schema takes `payload` as sent, and refuses it after each breakage (the check can fail). */
export function expectRefused(host: ChatHost, sent: () => Json, breakages: readonly ((payload: Json) => void)[]): void {
  const validate = payloadValidator(host);
  expect(validate(sent()), `${host.name} as sent`).toBe(true);
  for (const breakIt of breakages) {
    const payload = structuredClone(sent());
    breakIt(payload);
    expect(validate(payload), `${host.name} broken by ${breakIt}`).toBe(false);
  }
}
