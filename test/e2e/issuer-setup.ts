/**
 * Vitest global setup for the workerd project: starts the loopback test issuer (`test-issuer.ts`)
 * before the Worker tests and stops it after; tests read its address with `inject('testIssuer')`.
 */
import type { TestProject } from 'vitest/node';
import { startTestIssuer } from './test-issuer.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const issuer = await startTestIssuer();
  project.provide('testIssuer', issuer.base);
  return () => issuer.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testIssuer: string;
  }
}
