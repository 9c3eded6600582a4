import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { unescapedSlackSyntax } from '../../src/core/chat-hosts/slack/checks.ts';
import { DECK_MARKDOWN_SEPARATOR, DECK_TEXT_SEPARATOR, MAX_DECK_SLIDES } from '../../src/core/model/deck.ts';
import { builtInWorkerOptions } from '../../src/built-in/options.ts';
import { createWorker, type WorkerEnv } from '../../src/worker/index.ts';
import { json, jsonPost, post, silencedConsole, slide, workerFetch } from './support.ts';

/**
 * Decks over HTTP (issue 35): a JSON array body on `POST /render/{format}` and
 * `POST /images/{format}`, in every format, with 1, 3 and 20 slides; an invalid slide in the
 * middle, a deck over the slide limit and over the input budget; `?slide=`; stored slides and
 * the chat formats' pictures through the real R2 binding.
 */

/** The words slide `i` (0-based) shows, unique in the deck: no marker is a prefix of another. */
const marker = (i: number) => `Marker ${i + 1} ends here`;

/** Slide `i` of a deck: the shared slide with its own title and section number. */
function deckSlide(i: number) {
  const base = slide({ title: marker(i) });
  const frame = { ...base.body[0]!, sectionNumber: String(i + 1).padStart(2, '0') };
  return { ...base, body: [frame] };
}

const deckOf = (count: number) => Array.from({ length: count }, (_, i) => deckSlide(i));
const SIZES = [1, 3, MAX_DECK_SLIDES];

/** Every marker of an `count`-slide deck is in `text`, each after the one before. */
function expectInOrder(text: string, count: number, what: string): void {
  let from = -1;
  for (let i = 0; i < count; i++) {
    const at = text.indexOf(marker(i), from + 1);
    expect(at, `${what}: slide ${i + 1}`).toBeGreaterThan(from);
    from = at;
  }
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const pdfPages = (bytes: Uint8Array) =>
  (new TextDecoder('latin1').decode(bytes).match(/\/Type \/Page[^s]/g) ?? []).length;

const output = silencedConsole();
const worker = createWorker(builtInWorkerOptions());
const STORE: WorkerEnv = { IMAGES: env.IMAGES, ISOMER_AUTH: 'none' };
const send = (path: string, body: unknown) => workerFetch(worker, path, jsonPost(body), STORE);

describe('POST /render/{format} with a deck', () => {
  it('answers text and Markdown as the slides in order between the separators', async () => {
    for (const count of SIZES) {
      const text = await post('/render/text', deckOf(count));
      expect(text.status).toBe(200);
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const plain = await text.text();
      expectInOrder(plain, count, `text ${count}`);
      expect(occurrences(plain, DECK_TEXT_SEPARATOR)).toBe(count - 1);
      // Each part is exactly what that slide alone draws.
      const parts = plain.split(DECK_TEXT_SEPARATOR);
      expect(parts[count - 1]).toBe(await (await post('/render/text', deckSlide(count - 1))).text());
      const markdown = await (await post('/render/markdown', deckOf(count))).text();
      expectInOrder(markdown, count, `markdown ${count}`);
      expect(occurrences(markdown, DECK_MARKDOWN_SEPARATOR)).toBe(count - 1);
    }
  });

  it('answers HTML as one page holding every slide in order, under the no-script policy', async () => {
    for (const count of SIZES) {
      const response = await post('/render/html?theme=dark', deckOf(count));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const page = await response.text();
      expect(occurrences(page.toLowerCase(), '<!doctype html>')).toBe(1);
      expect(occurrences(page, '</html>')).toBe(1);
      expect(occurrences(page, '<style')).toBe(1);
      expectInOrder(page, count, `html ${count}`);
    }
  });

  it('answers every chat format as one payload carrying every slide in order', async () => {
    for (const host of BUILT_IN_HOSTS) {
      for (const count of SIZES) {
        const response = await post(`/render/${host.name}`, deckOf(count));
        expect(response.status, `${host.name} ${count}`).toBe(200);
        // The same type as one composition's payload.
        const single = await post(`/render/${host.name}`, deckSlide(0));
        expect(response.headers.get('content-type'), host.name).toBe(single.headers.get('content-type'));
        expect(response.headers.get('content-type')!.split(';')[0], host.name).toBe(host.mimeType);
        const payload = await response.text();
        JSON.parse(payload);
        const shown = Array.from({ length: count }, (_, i) => payload.includes(marker(i)));
        if (shown.every(Boolean)) expectInOrder(payload, count, `${host.name} ${count}`);
        else {
          // A host's message cap may leave the last slides out: never silently, and only from the end.
          const kept = shown.indexOf(false);
          expect(shown.slice(kept).some(Boolean), `${host.name} ${count}`).toBe(false);
          expect(payload, `${host.name} ${count}`).toContain('left out');
          expect(payload, `${host.name} ${count}`).toContain(`of ${count}`);
        }
      }
    }
  });

  it('keeps hostile text in a middle slide inert: no Slack mention, no markup, no script', async () => {
    const deck = deckOf(3);
    deck[1] = slide({ title: '<!channel> <script>alert(1)</script>', lede: '<@U123> &lt;b&gt;', brand: '<!everyone>' });
    const slack = JSON.parse(await (await post('/render/slack', deck)).text());
    expect(unescapedSlackSyntax(slack)).toEqual([]);
    const page = await (await post('/render/html', deck)).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;');
  });

  it('answers a PDF with one page per slide', async () => {
    for (const count of SIZES) {
      const response = await post('/render/pdf', deckOf(count));
      expect(response.status, String(count)).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(pdfPages(bytes), String(count)).toBe(count);
    }
  }, 120_000);

  it('answers the picture of the slide ?slide= names, as that slide alone draws it', async () => {
    const three = deckOf(3);
    for (const format of ['png', 'webp']) {
      const picked = await post(`/render/${format}?slide=2&scale=0.25`, three);
      expect(picked.status, format).toBe(200);
      const alone = await post(`/render/${format}?scale=0.25`, deckSlide(1));
      expect(new Uint8Array(await picked.arrayBuffer()), format).toEqual(new Uint8Array(await alone.arrayBuffer()));
    }
    for (const count of SIZES) {
      const last = await post(`/render/svg?slide=${count}`, deckOf(count));
      expect(last.status, String(count)).toBe(200);
      expect(await last.text()).toBe(await (await post('/render/svg', deckSlide(count - 1))).text());
    }
    // A deck of one is one picture: no slide to name.
    expect((await post('/render/png?scale=0.25', deckOf(1))).headers.get('content-type')).toBe('image/png');
    // Every format draws the named slide alone.
    expect(await (await post('/render/text?slide=3', three)).text()).toBe(
      await (await post('/render/text', deckSlide(2))).text(),
    );
  });

  it('asks which slide when a picture format gets a deck of several, naming the routes that take them all', async () => {
    for (const format of ['png', 'webp', 'svg']) {
      const response = await post(`/render/${format}`, deckOf(3));
      expect(response.status, format).toBe(400);
      const { error } = await json(response);
      expect(error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'slide', slides: 3 });
      expect(error.message).toContain(`POST /images/${format}`);
      expect(error.message).toContain('POST /render/pdf');
    }
  });

  it('refuses a slide out of range, not a whole number, or on a single composition', async () => {
    const three = deckOf(3);
    const out = await json(await post('/render/png?slide=4', three));
    expect(out.error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'slide' });
    expect(out.error.message).toContain('1 to 3');
    for (const bad of ['0', '-1', '1.5', 'two', '', '21', '1e1', '0x2', '999999999999']) {
      const response = await post(`/render/text?slide=${encodeURIComponent(bad)}`, three);
      expect(response.status, bad).toBe(400);
      expect((await json(response)).error, bad).toMatchObject({ code: 'INVALID_QUERY', parameter: 'slide' });
    }
    const single = await json(await post('/render/png?slide=1', slide()));
    expect(single.error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'slide' });
    expect(single.error.message).toContain('one composition');
  });

  it('answers 422 for an invalid slide in the middle, its errors under compositions[1]', async () => {
    const deck = deckOf(3);
    const frame = deck[1]!.body[0]!;
    deck[1] = { ...deck[1]!, body: [{ ...frame, body: [{ type: 'slideHeading' } as never, frame.body[1]!] }] };
    for (const format of ['text', 'png', 'pdf', 'slack', 'teams']) {
      const response = await post(`/render/${format}`, deck);
      expect(response.status, format).toBe(422);
      const body = await json(response);
      expect(body.error.code).toBe('COMPOSITION_INVALID');
      expect(body.errors).toEqual(['compositions[1].body[0].body[0].title (in slideHeading) is required']);
    }
    // The same strings as isomer_validate's for the same deck.
    const tool = await json(await post('/tools/isomer_validate', { compositions: deck }));
    expect(JSON.parse(tool.content[0].text).errors).toEqual([
      'compositions[1].body[0].body[0].title (in slideHeading) is required',
    ]);
  });

  it('refuses a deck over the slide limit, naming it, and draws nothing', async () => {
    for (const format of ['text', 'png', 'pdf']) {
      const response = await post(`/render/${format}`, deckOf(MAX_DECK_SLIDES + 1));
      expect(response.status, format).toBe(422);
      const body = await json(response);
      expect(body.errors.join('\n'), format).toContain(String(MAX_DECK_SLIDES));
    }
    const empty = await json(await post('/render/text', []));
    expect(empty.errors.length).toBeGreaterThan(0);
  });

  it('refuses a deck over the input budget as a whole, though each slide alone fits', async () => {
    // 7,000 bullets a slide: one slide is inside the 20,000-value budget, three are not.
    const heavy = (i: number) => {
      const one = deckSlide(i);
      const frame = one.body[0]!;
      const items = Array.from({ length: 7000 }, () => 'x');
      return { ...one, body: [{ ...frame, body: [frame.body[0]!, { type: 'slideBulletList', items }] }] };
    };
    const alone = await json(await post('/render/text', [heavy(0)]));
    expect(JSON.stringify(alone.errors ?? [])).not.toContain('more than 20000 values');
    const response = await post('/render/text', [heavy(0), heavy(1), heavy(2)]);
    expect(response.status).toBe(422);
    expect((await json(response)).errors.join('\n')).toContain('more than 20000 values');
  });

  it('reports the whole deck’s layout findings under their slides with ?layout=true', async () => {
    const response = await post('/render/text?layout=true', deckOf(3));
    expect(response.status).toBe(200);
    const findings = JSON.parse(response.headers.get('isomer-layout-warnings')!) as string[];
    expect(Array.isArray(findings)).toBe(true);
    for (const finding of findings) expect(finding).toMatch(/^compositions\[[0-2]\]/);
  });
});

describe('POST /images/{format} with a deck', () => {
  it('stores each slide and answers their URLs in order, each serving that slide', async () => {
    for (const count of [1, 3]) {
      const response = await send('/images/png?scale=0.25', deckOf(count));
      expect(response.status).toBe(200);
      const { images } = await json<{ images: { url: string; mimeType: string; width: number }[] }>(response);
      expect(images).toHaveLength(count);
      for (const [i, image] of images.entries()) {
        expect(image).toMatchObject({ mimeType: 'image/png', width: 480 });
        // The same slide stored alone has the same content-addressed URL: this is slide i.
        const alone = await json(await send('/images/png?scale=0.25', deckSlide(i)));
        expect(image.url, `slide ${i + 1}`).toBe(alone.url);
        const served = await workerFetch(worker, new URL(image.url).pathname, {}, STORE);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
      }
      expect(new Set(images.map((image) => image.url)).size).toBe(count);
    }
  });

  it('keeps the single-composition answer, and refuses ?slide= and invalid decks', async () => {
    const single = await json(await send('/images/svg', deckSlide(0)));
    expect(Object.keys(single).sort()).toEqual(['bytes', 'height', 'mimeType', 'url', 'width']);
    const slideQuery = await send('/images/svg?slide=1', deckOf(2));
    expect(slideQuery.status).toBe(400);
    expect((await json(slideQuery)).error).toMatchObject({ code: 'INVALID_QUERY', parameter: 'slide' });
    const over = await send('/images/svg', deckOf(MAX_DECK_SLIDES + 1));
    expect(over.status).toBe(422);
    const deck = deckOf(3);
    deck[1] = { ...deck[1]!, body: [{ type: 'slideHeading', title: 'Outside any frame' }] } as never;
    const invalid = await json(await send('/images/svg', deck));
    expect(invalid.errors.every((error: string) => error.startsWith('compositions[1]'))).toBe(true);
  });
});

describe('a chat format with ?image= and a deck', () => {
  it('carries every slide’s hosted picture, in order, in one payload', async () => {
    for (const host of BUILT_IN_HOSTS.filter((entry) => 'picture' in entry)) {
      const singles: string[] = [];
      for (let i = 0; i < 3; i++) {
        const alone = await (await send(`/render/${host.name}?image=above`, deckSlide(i))).text();
        singles.push(/https?:\/\/[^"\s]+\/images\/[A-Za-z0-9_-]+\.png/.exec(alone)![0]);
      }
      const response = await send(`/render/${host.name}?image=above`, deckOf(3));
      expect(response.status, host.name).toBe(200);
      const payload = await response.text();
      const urls = [...payload.matchAll(/https?:\/\/[^"\s]+\/images\/[A-Za-z0-9_-]+\.png/g)].map((m) => m[0]);
      expect([...new Set(urls)], host.name).toEqual(singles);
      expectInOrder(payload, 3, host.name);
      for (const url of singles) {
        const served = await workerFetch(worker, new URL(url).pathname, {}, STORE);
        expect(served.status).toBe(200);
      }
    }
    expect(output.warn).not.toHaveBeenCalledWith(expect.stringContaining('picture was left out'));
  });
});

describe('the drawing limit with a deck', () => {
  /** The binding counts in windows aligned to the minute: start with `seconds` of one left. */
  async function freshWindow(seconds: number): Promise<void> {
    const left = 60 - ((Date.now() / 1000) % 60);
    if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
  }

  it('counts one unit per slide drawn, before the first is drawn', async () => {
    await freshWindow(15);
    const tokens = [0, 1, 2].map(() => `tok_deck_${crypto.randomUUID().slice(0, 8)}_0123`);
    const limited: WorkerEnv = {
      IMAGES: env.IMAGES,
      ISOMER_DRAWING_LIMITER: env.TEST_DRAWING_LIMITER,
      ISOMER_RATE_LIMITS: 'drawing=3/60',
      ISOMER_TOKENS: JSON.stringify(Object.fromEntries(tokens.map((token) => [token, { caller: token }]))),
    };
    const call = (path: string, body: unknown, token: string) =>
      workerFetch(
        worker,
        path,
        { ...jsonPost(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
        limited,
      );
    // One slide picked from a deck is one unit, a stored deck of two is two: the limit of 3 is spent.
    expect((await call('/render/svg?slide=1', deckOf(3), tokens[0]!)).status).toBe(200);
    expect((await call('/images/svg', deckOf(2), tokens[0]!)).status).toBe(200);
    const refused = await call('/render/svg', deckSlide(0), tokens[0]!);
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toMatchObject({ code: 'RATE_LIMITED', class: 'drawing', limit: 3 });
    // A deck of four is over the limit of three: refused whole, nothing stored or drawn.
    const four = await call('/render/pdf', deckOf(4), tokens[1]!);
    expect(four.status).toBe(429);
    // Text draws nothing: a deck of text answers under the spent drawing limit.
    expect((await call('/render/text', deckOf(3), tokens[1]!)).status).toBe(200);
    // The tool counts the same way: a deck's PDF through isomer_render is a unit per page.
    const tool = await call('/tools/isomer_render', { compositions: deckOf(3), format: 'pdf' }, tokens[2]!);
    expect((await json(tool)).isError).toBeFalsy();
    expect((await call('/render/svg', deckSlide(0), tokens[2]!)).status).toBe(429);
  });
});
