import { existsSync } from 'node:fs';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Browser tests need a real Chromium: CI must have one (.ci/run installs it); elsewhere say how to get one.
const browserTests = existsSync(chromium) || process.env.CI === 'true';
if (!browserTests) {
  console.log(`browser tests: skipped, no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
}

// The reference conformance pass reads the upstream examples from ../shared beside this clone; a bare clone has none.
const referenceFixtures = existsSync(new URL('../shared/fixtures/compositions', import.meta.url));
if (!referenceFixtures) {
  console.log(
    'reference fixtures: ../shared/fixtures not found beside this clone; the reference conformance pass did not run (CI runs it)',
  );
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'workerd',
          include: ['test/**/*.test.ts'],
          exclude: [
            'test/node/**',
            ...(referenceFixtures ? [] : ['test/core/packs/slides/reference-fixtures.test.ts']),
          ],
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
