import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const java = process.env.JAVA ?? 'java';
// Browser tests need a real Chromium, and the W3C checker among them a Java runtime: CI must have
// both (.ci/run installs them, and a missing one fails there); elsewhere say how to get them.
const missing = [
  ...(existsSync(chromium) ? [] : [`no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`]),
  ...(spawnSync(java, ['-version']).status === 0 ? [] : ['no Java runtime (apt-get install default-jre-headless)']),
];
const browserTests = missing.length === 0 || process.env.CI === 'true';
if (!browserTests) console.log(`browser tests: skipped, ${missing.join('; ')}`);

// The reference conformance pass reads the upstream examples from ../shared beside this clone; a bare clone has none.
const referenceFixtures = existsSync(new URL('../shared/fixtures/compositions', import.meta.url));
if (!referenceFixtures) {
  console.log(
    'reference fixtures: ../shared/fixtures not found beside this clone; the reference conformance pass did ' +
      'not run (CI runs it)',
  );
}

export default defineConfig({
  test: {
    // The Worker's request log writes a line per request; the tests that read it capture it themselves.
    onConsoleLog: (log) => !log.includes('isomer.request'),
    projects: [
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // The tests that need an open Worker get one the way `npm start` does; the ones about
              // sign-in build Workers with their own bindings (test/worker/closed.test.ts).
              bindings: { ISOMER_AUTH: 'none' },
              // Miniflare's own Rate Limiting binding, the one `wrangler dev` runs. The test files
              // draw hundreds of pictures under one key, so the default Worker's limits are raised
              // here; the limit tests count against the small TEST_* namespaces.
              ratelimits: {
                ISOMER_DRAWING_LIMITER: { namespace_id: '4771', simple: { limit: 100_000, period: 60 } },
                ISOMER_GENERAL_LIMITER: { namespace_id: '4772', simple: { limit: 100_000, period: 60 } },
                TEST_DRAWING_LIMITER: { namespace_id: '9771', simple: { limit: 3, period: 60 } },
                TEST_GENERAL_LIMITER: { namespace_id: '9772', simple: { limit: 8, period: 60 } },
                TEST_ONE_LIMITER: { namespace_id: '9773', simple: { limit: 1, period: 60 } },
              },
            },
          }),
        ],
        test: {
          name: 'workerd',
          include: ['test/**/*.test.ts'],
          // Image tests draw dozens of pictures; on a busy 2-core machine 5 s is not enough for them.
          testTimeout: 30_000,
          // A loopback authorization server (metadata and JWKS) for the OAuth tests: the Worker fetches it for real.
          globalSetup: ['./test/e2e/issuer-setup.ts'],
          exclude: ['test/node/**', ...(referenceFixtures ? [] : ['test/packs/slides/reference-fixtures.test.ts'])],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/node/**/*.test.ts'],
          exclude: browserTests ? [] : ['test/node/browser/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
