/**
 * Writes docs/layout-findings.md: the image engine's layout check against Chromium's overflow verdict
 * on the overflow corpus (test/fixtures/overflow) and the well-formed fixtures, the same computation
 * test/node/browser/layout-agreement.test.ts asserts on. Needs the system Chromium (`CHROMIUM_PATH`
 * names another). `--out <file>` writes elsewhere.
 *
 *   node --experimental-strip-types --no-warnings scripts/layout-agreement.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLayoutCheck } from '../src/images/index.ts';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { CHROMIUM_PATH, hasChromium, launchChromium } from '../test/node/chromium.ts';
import { prepareSlidePage } from '../test/node/chromium-overflow.ts';
import { agreementCorpus, agreementReport, agreementTable, judge, tally } from '../test/node/layout-agreement.ts';

const args = process.argv.slice(2);
const out = resolve(args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'docs/layout-findings.md');
if (!hasChromium()) {
  console.error(`layout-agreement: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const layout = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await prepareSlidePage(page);
  const rows = [];
  for (const entry of agreementCorpus()) rows.push(await judge(page, runtime, layout, entry));
  writeFileSync(out, agreementReport(rows));
  console.log(`${agreementTable(rows)}\n\nagreement ${(tally(rows).agreement * 100).toFixed(1)} %; written to ${out}`);
} finally {
  await browser.close();
}
