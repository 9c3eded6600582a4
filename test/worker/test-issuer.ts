/** Where the loopback test issuer listens (`test/e2e/test-issuer.ts`, started by the workerd project's global setup). */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    testIssuer: string;
  }
}

export const testIssuerBase = (): string => inject('testIssuer');
