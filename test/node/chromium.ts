/**
 * The system Chromium for tests that need a real browser (Debian's `chromium`, driven by
 * playwright-core; nothing is downloaded). `vitest.config.ts` leaves the browser tests out, with one
 * line saying so, only when no browser is installed and this is not CI.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH);

/** Flags for a closed network: no background connections, no sandbox (root), a fresh profile. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}
