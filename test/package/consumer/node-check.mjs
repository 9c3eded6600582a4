// Run by test/package/run.ts inside a scratch project that installed the packed tarball: every
// entry imported under Node, a composition validated and drawn on every surface, and a PNG.
// Prints `ok <check>` or `not ok <check>: <why>` per check; exits 1 if any failed.
import * as core from 'isomer-edge';
import * as chat from 'isomer-edge/chat';
import * as images from 'isomer-edge/images';
import * as imageStore from 'isomer-edge/image-store';
import * as builtIn from 'isomer-edge/built-in';
import * as slides from 'isomer-edge/slides';
import * as worker from 'isomer-edge/worker';
import * as evals from 'isomer-edge/evals';
import { execFileSync } from 'node:child_process';

let failed = 0;
async function check(name, run) {
  try {
    const detail = await run();
    console.log(`ok ${name}${detail ? ` (${detail})` : ''}`);
  } catch (error) {
    failed += 1;
    console.log(`not ok ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const slide = {
  type: 'view',
  title: 'Refunds',
  body: [
    {
      type: 'slideFrame',
      brand: 'Ledger',
      body: [
        { type: 'slideHeading', title: 'Refunds settle in **two days**' },
        { type: 'slideBulletList', items: ['Ledger write moved first', 'Three batch windows removed'] },
      ],
    },
  ],
};
const runtime = core.createIsomerRuntime({ packs: [slides.slidesPack], frames: { slide: slides.slideDeckFrame } });

await check('every entry exports its API', () => {
  for (const [entry, names] of [
    [core, ['createIsomerRuntime', 'createIsomerTools', 'definePrimitive', 'defineView']],
    [slides, ['slidesPack', 'slideDeckFrame', 'SLIDES_GUIDE']],
    [builtIn, ['slidesWorkerOptions', 'builtInWorkerOptions']],
    [images, ['createImageFormats', 'BUNDLED_FONTS']],
    [worker, ['createWorker', 'createWorkerConfig']],
    [chat, ['createChatFormats', 'markdownToTeams']],
    [imageStore, ['createImageStore', 'slackImageMessage']],
    [evals, ['runEvals', 'runToolLoopEvals', 'formatReport', 'chatCompletionsModel', 'workersAiModel']],
  ])
    for (const name of names) assert(entry[name] !== undefined, `${name} is missing`);
});
await check('validates, and reports a missing field with its path', () => {
  assert(runtime.validate(slide).valid, 'the slide is invalid');
  const bad = runtime.validate({ type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] });
  assert(
    bad.errors.some((error) => error.path === 'body[0].body[0].title'),
    JSON.stringify(bad.errors),
  );
});
await check('renders text, Markdown, HTML and Slack', () => {
  const text = runtime.surfaces.text.render(slide, { heading: false });
  assert(text.includes('Refunds settle in two days'), text);
  const markdown = runtime.surfaces.markdown.render(slide, { heading: false });
  assert(markdown.includes('**two days**'), markdown);
  const { html } = runtime.surfaces.html.render(slide, {});
  assert(/<strong[^>]*>two days<\/strong>/.test(html), html.replace(/<style>.*<\/style>/s, '').slice(0, 300));
  const message = runtime.surfaces.slack.render(slide, { heading: false });
  assert(Array.isArray(message.blocks) && message.blocks.length > 0, JSON.stringify(message));
});
await check('builds a Teams card and a Discord message', () => {
  const formats = chat.createChatFormats({ runtime, heading: false });
  const card = formats.teams.build(slide).attachments[0].content;
  assert(card.type === 'AdaptiveCard' && card.version === '1.5', JSON.stringify(card).slice(0, 200));
  const discord = formats.discord.build(slide);
  assert(discord.allowed_mentions && discord.allowed_mentions.parse.length === 0, JSON.stringify(discord));
});
await check('draws a PNG (WASM and fonts read from the package)', async () => {
  const formats = images.createImageFormats({ snapshot: runtime.surfaces.snapshot });
  const png = await formats.png.render(slide, { scale: 2 / 3 });
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  assert(view.getUint32(0) === 0x89504e47, 'not a PNG signature');
  const [width, height] = [view.getUint32(16), view.getUint32(20)];
  assert(width === 1280 && height === 720, `${width}×${height}`);
  return `${width}×${height}, ${png.byteLength} bytes`;
});
await check('serves the Worker routes under Node', async () => {
  const app = worker.createWorker(builtIn.slidesWorkerOptions());
  const ctx = { waitUntil() {}, passThroughOnException() {} };
  // Opened on purpose, as `npm start` opens the local Worker: closed is the default.
  const response = await app.fetch(new Request('http://localhost/tools'), { ISOMER_AUTH: 'none' }, ctx);
  assert(response.status === 200, `GET /tools: ${response.status}`);
  const { tools } = await response.json();
  assert(
    tools.some((tool) => tool.name === 'isomer_render'),
    JSON.stringify(tools.map((tool) => tool.name)),
  );
});

await check('isomer-edge/evals scores a replayed answer', async () => {
  const report = await evals.runEvals({
    runtime,
    corpus: [{ id: 'refunds', prompt: 'A slide: refunds settle in two days', golden: slide }],
    generate: evals.replayGenerate({ refunds: { attempts: [JSON.stringify(slide)] } }),
  });
  assert(report.totals.valid === 1 && report.totals.meanSelectionF1 === 1, JSON.stringify(report.totals));
});
await check('npx isomer-edge check runs from the installed package', () => {
  const output = execFileSync('npx', ['--no-install', 'isomer-edge', 'check', '--no-layout'], { encoding: 'utf8' });
  assert(/^isomer-edge check: pack slides; \d+ examples on .*: \d+ passed, 0 failed\n$/.test(output), output);
  return output.trim().split(': ').at(-1);
});

process.exit(failed > 0 ? 1 : 0);
