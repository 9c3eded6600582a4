/**
 * Pictures of the Teams format: a few project fixtures as Adaptive Cards, drawn by the
 * `adaptivecards` SDK (with markdown-it for TextBlock Markdown, as Teams reads it) in headless
 * Chromium, saved as `docs/images/teams-<fixture>.png`, beside the same slide drawn by the image
 * formats (takumi on Node) as `docs/images/png-<fixture>.png`, 640×360.
 *
 * Usage: node --experimental-strip-types scripts/teams-preview.ts [fixture …]
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { createChatFormats } from '../src/chat/index.ts';
import { createImageFormats } from '../src/images/index.ts';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { readFixtures } from './preview.ts';

const DEFAULT_FIXTURES = ['deck-content-slide', 'slide-definitions', 'slide-table', 'slide-code'];
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_FIXTURES;
const out = resolve('docs/images');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`teams-preview: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
// Heading off, as the Worker serves slides: a slide draws its own title.
const chat = createChatFormats({ runtime, heading: false });
const images = createImageFormats({ snapshot: runtime.surfaces.snapshot! });
const fixtures = readFixtures();

const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
  // A card frame close to a Teams message: white card, light border, the Segoe-like system font.
  await page.setContent(
    '<!doctype html><title>teams</title><style>body{margin:0;padding:16px;background:#f5f5f5;' +
      'font-family:"Segoe UI",system-ui,sans-serif}' +
      '#card{width:576px;background:#fff;border:1px solid #e0e0e0;border-radius:6px;overflow:hidden}' +
      '</style><div id="card"></div>',
  );
  await page.addScriptTag({ path: resolve('node_modules/markdown-it/dist/browser/markdown-it.umd.min.js') });
  await page.addScriptTag({ path: resolve('node_modules/adaptivecards/dist/adaptivecards.min.js') });
  for (const name of names) {
    const fixture = fixtures.find((entry) => entry.name === name);
    if (!fixture) {
      console.error(`teams-preview: no fixture ${name}`);
      process.exitCode = 1;
      continue;
    }
    const card = chat.teams.build(fixture.composition).attachments[0].content;
    await page.evaluate((json) => {
      const sdk = (window as unknown as { AdaptiveCards: typeof import('adaptivecards') }).AdaptiveCards;
      const adaptive = new sdk.AdaptiveCard();
      adaptive.parse(json as object);
      document.getElementById('card')!.replaceChildren(adaptive.render()!);
    }, card);
    const file = resolve(out, `teams-${name}.png`);
    await page.locator('#card').screenshot({ path: file });
    const slide = resolve(out, `png-${name}.png`);
    writeFileSync(slide, await images.png.render(fixture.composition, { scale: 1 / 3 }));
    console.log(file, slide);
  }
} finally {
  await browser.close();
}
