import { existsSync } from 'node:fs';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Browser tests need a real Chromium: CI must have one (.ci/run installs it); elsewhere say how to get one.
const browserTests = existsSync(chromium) || process.env.CI === 'true';
if (!browserTests) {
  console.log(`browser tests: skipped, no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: { name: 'workerd', include: ['test/**/*.test.ts'], exclude: ['test/node/**'] },
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
