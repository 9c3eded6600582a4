/**
 * A Worker serving two packs, the slides and a small cards pack (test/support/packs/fixture-cards.ts): each
 * brings its guide section, rules and frame, each one's compositions validate and draw, and a frame's
 * body rule binds only the compositions drawn in that frame.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SLIDES_GUIDE, SLIDES_RULES } from '../../src/packs/slides/index.ts';
import { builtInWorkerOptions, slidesWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker } from '../../src/worker/index.ts';
import {
  fixtureBoard,
  FIXTURE_CARDS_GUIDE,
  FIXTURE_CARDS_RULES,
  fixtureCardsPack,
} from '../support/packs/fixture-cards.ts';
import { BASE, mcpModernRequest, rpcMessage, slide } from './support.ts';

const twoPacks = createWorker(slidesWorkerOptions({ packs: [fixtureCardsPack] }));
const builtIn = createWorker(builtInWorkerOptions());

async function send(worker: ReturnType<typeof createWorker>, request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const post = (worker: ReturnType<typeof createWorker>, path: string, body: unknown) =>
  send(
    worker,
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

/** What `isomer_validate` answers, over HTTP. */
async function validate(worker: ReturnType<typeof createWorker>, composition: unknown) {
  const response = await post(worker, '/tools/isomer_validate', { composition });
  const result = (await response.json()) as { content: { text: string }[] };
  return JSON.parse(result.content[0]!.text) as { valid: boolean; errors: string[]; warnings: string[] };
}

/** A PNG's canvas, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const bullets = (rules: readonly string[]) => rules.map((rule) => `- ${rule}`).join('\n');

describe('a Worker serving the slides and the cards pack', () => {
  it('gives each pack its own guide section and rules, in pack order, on the tool, resource and prompt', async () => {
    const tool = (await (await post(twoPacks, '/tools/isomer_authoring_guide', {})).json()) as {
      content: { text: string }[];
    };
    const guide = tool.content[0]!.text;
    expect(guide).toContain(
      `## Guide\n\nThis host serves several packs. Each section below is for compositions built from that ` +
        `pack’s primitives, and so are the rules under the same pack’s name.\n\n` +
        `### \`slides\` pack\n\n${SLIDES_GUIDE}\n\n### \`cards\` pack\n\n${FIXTURE_CARDS_GUIDE}\n\n` +
        `## Rules\n\n### \`slides\` pack\n\n${bullets(SLIDES_RULES)}\n\n### \`cards\` pack\n\n${bullets(FIXTURE_CARDS_RULES)}\n\n`,
    );
    const resource = await send(twoPacks, new Request(`${BASE}/resources/isomer-authoring-guide`));
    expect(await resource.text()).toBe(guide);
    const mcpResource = await rpcMessage(
      await send(twoPacks, mcpModernRequest('resources/read', { uri: 'isomer://authoring-guide' })),
    );
    expect(mcpResource.result.contents[0].text).toBe(guide);
    const prompt = await rpcMessage(
      await send(twoPacks, mcpModernRequest('prompts/get', { name: 'compose', arguments: { request: 'A board' } })),
    );
    expect(prompt.result.messages[0].content.text).toBe(`${guide}\n\n## Request\n\nA board`);
  });

  it('lists a group both packs name once, the slides’ types then the cards’', async () => {
    const guide = await (await send(twoPacks, new Request(`${BASE}/resources/isomer-authoring-guide`))).text();
    expect(guide.match(/^### Data$/gm)).toHaveLength(1);
    const data = guide.slice(guide.indexOf('### Data\n\n')).split('\n\n')[1]!;
    const types = [...data.matchAll(/^- `(\w+)`/gm)].map((m) => m[1]);
    expect(types.at(-1)).toBe('cardStat');
    expect(types.slice(0, -1).every((type) => type!.startsWith('slide'))).toBe(true);
    expect(types.length).toBeGreaterThan(2);
    expect(guide).toContain('### Cards\n\n- `card` — A titled note on the board.');
  });

  it('validates each pack’s compositions, and binds each frame’s rule to its own compositions only', async () => {
    expect(await validate(twoPacks, slide())).toMatchObject({ valid: true, errors: [] });
    // Two cards: the one-slide rule does not apply to a board.
    expect(await validate(twoPacks, fixtureBoard(2))).toMatchObject({ valid: true, errors: [] });
    expect(await validate(twoPacks, fixtureBoard(3))).toMatchObject({ valid: true, errors: [] });
    // Four cards: the board's own rule.
    expect(await validate(twoPacks, fixtureBoard(4))).toMatchObject({
      valid: false,
      errors: ['a board holds at most 3 cards: the body holds 4; put the rest on another board'],
    });
    // Two slides: refused by the slides rule, worded as the built-in Worker words it.
    const twoSlides = { type: 'view', body: [slide().body[0], slide().body[0]] };
    const refused = await validate(twoPacks, twoSlides);
    expect(refused.valid).toBe(false);
    expect(refused.errors).toEqual((await validate(builtIn, twoSlides)).errors);
    expect(refused.errors).toEqual([
      'render one slide per composition: the body must hold exactly one "slideFrame" node, got 2 nodes',
    ]);
    // A slide beside a card is drawn in the deck frame too, and the deck holds one slide.
    const mixed = await validate(twoPacks, { type: 'view', body: [...fixtureBoard(1).body, slide().body[0]] });
    expect(mixed.errors).toEqual(refused.errors);
    // An empty body belongs to no pack: the default frame, the deck's, binds it as before.
    expect((await validate(twoPacks, { type: 'view', body: [] })).errors).toEqual(
      (await validate(builtIn, { type: 'view', body: [] })).errors,
    );
  });

  it('draws each pack’s compositions in its own frame on the HTTP routes', async () => {
    const markdown = await post(twoPacks, '/render/markdown', fixtureBoard(2));
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toBe('## Point 1\n\nShort.\n\n## Point 2\n\nShort.');
    const card = await post(twoPacks, '/render/png', fixtureBoard(2));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    // The board's canvas: 960 wide, 64 plus 140 for each card.
    expect(pngSize(new Uint8Array(await card.arrayBuffer()))).toEqual({ width: 960, height: 344 });
    const deck = await post(twoPacks, '/render/png', slide());
    expect(pngSize(new Uint8Array(await deck.arrayBuffer()))).toEqual({ width: 1920, height: 1080 });
    // A stored picture is sized and drawn in the board's frame too.
    const hosted = (await (await post(twoPacks, '/images/png', fixtureBoard(2))).json()) as {
      url: string;
      width: number;
      height: number;
    };
    expect({ width: hosted.width, height: hosted.height }).toEqual({ width: 960, height: 344 });
    const served = await send(twoPacks, new Request(`${BASE}${new URL(hosted.url).pathname}`));
    expect(served.status).toBe(200);
    expect(pngSize(new Uint8Array(await served.arrayBuffer()))).toEqual({ width: 960, height: 344 });
    const refused = await post(twoPacks, '/render/png', fixtureBoard(4));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: string[] }).errors).toEqual([
      'a board holds at most 3 cards: the body holds 4; put the rest on another board',
    ]);
  });

  it('leaves the built-in Worker’s guide as the slides pack alone gives it', async () => {
    const guide = await (await send(builtIn, new Request(`${BASE}/resources/isomer-authoring-guide`))).text();
    expect(guide).toContain(`## Guide\n\n${SLIDES_GUIDE}\n\n## Rules\n\n${bullets(SLIDES_RULES)}\n\n`);
    expect(guide).not.toContain('pack\n\n');
    expect(guide).not.toContain('`cardStat`');
  });
});
