/**
 * Decks through the tools (`compositions` in place of `composition`): the check of 1, 3 and 20
 * slides, findings placed under their slide, one input budget for the whole deck, the deck rule's
 * advice, and every runtime format drawing the slides in order.
 */
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import {
  createCompositionRenderer,
  createIsomerTools,
  DECK_MARKDOWN_SEPARATOR,
  DECK_TEXT_SEPARATOR,
  MAX_DECK_SLIDES,
} from '../../../src/index.ts';
import { slideDeckFrame } from '../../../src/packs/slides/index.ts';
import { deck, deckWithInvalidSlide, invalidSlideError, overBudgetDeck } from '../../support/decks.ts';
import { slidesRuntime } from '../../support/slides.ts';
import { call, jsonOf, textOf, tool } from '../../support/tool-fixtures.ts';

const runtime = slidesRuntime;
const tools = createIsomerTools({ runtime, frame: runtime.frames!, show: true, heading: false });
const renderer = createCompositionRenderer({ runtime, frame: runtime.frames!, heading: false });

describe('isomer_validate with compositions', () => {
  it.each([1, 3, 20])('accepts a valid %i-slide deck with no warning', async (n) => {
    expect(jsonOf(await call(tools, 'isomer_validate', { compositions: deck(n) }))).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
  });

  it('places an invalid middle slide’s error under compositions[i], and checks every other slide', async () => {
    const broken = deckWithInvalidSlide(3, 1);
    broken[2] = { type: 'view', body: [{ type: 'slideHeading', title: 'Where next' }] };
    const result = jsonOf(await call(tools, 'isomer_validate', { compositions: broken })) as { errors: string[] };
    expect(result.errors).toEqual([
      invalidSlideError(1),
      `compositions[2] wrap the slide's content in a "slideFrame": the body's only node is "slideHeading"`,
    ]);
  });

  it('answers a single composition exactly as before the deck form existed', async () => {
    const [slide] = deck(1);
    const alone = await call(tools, 'isomer_validate', { composition: slide });
    expect(textOf(alone)).toBe(JSON.stringify({ valid: true, errors: [], warnings: [] }, null, 2));
    const broken = deckWithInvalidSlide(3, 1)[1];
    expect(jsonOf(await call(tools, 'isomer_validate', { composition: broken }))).toEqual({
      valid: false,
      errors: ['body[0].body[0].title (in slideHeading) is required'],
      warnings: [],
    });
  });

  it('refuses both forms at once and neither in the schema, with a path and a message', () => {
    for (const name of ['isomer_validate', 'isomer_render', 'isomer_show']) {
      const schema = tool(tools, name).inputSchema;
      const neither = schema.safeParse({ format: 'text' });
      const both = schema.safeParse({ composition: deck(1)[0], compositions: deck(1), format: 'text' });
      expect(neither.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['composition', 'is required, or compositions in its place (a deck of 1 to 20 slides)'],
      ]);
      expect(both.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['compositions', 'cannot come with composition: send one slide as composition or a deck as compositions'],
      ]);
    }
  });

  it('refuses both forms at once and neither when the handler is called directly, naming the two', async () => {
    for (const input of [{ composition: deck(1)[0], compositions: deck(1) }, {}]) {
      const result = await tool(tools, 'isomer_validate').handler(input);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `Send exactly one of composition (one slide) and compositions (a deck of 1 to ${MAX_DECK_SLIDES} slides, in order).`,
      );
    }
  });

  it(`limits a deck to ${MAX_DECK_SLIDES} slides, in the schema a model reads and in the handler`, async () => {
    const validate = tool(tools, 'isomer_validate');
    const schema = z.toJSONSchema(validate.inputSchema) as unknown as {
      properties: { compositions: Record<string, unknown> };
    };
    expect(schema.properties.compositions).toMatchObject({ minItems: 1, maxItems: MAX_DECK_SLIDES });
    expect(validate.inputSchema.safeParse({ compositions: deck(20).concat(deck(1)) }).success).toBe(false);
    const result = await validate.handler({ compositions: [...deck(20), ...deck(1)] });
    expect(jsonOf(result)).toEqual({
      valid: false,
      errors: ['compositions holds 21 slides: a deck holds at most 20; split it into decks of 20 or fewer'],
      warnings: [],
    });
    expect(jsonOf(await validate.handler({ compositions: [] }))).toMatchObject({
      errors: ['compositions holds no slide: a deck holds 1 to 20 compositions'],
    });
  });

  it('refuses a value that is not an array, and hostile input, as the library call sees it', async () => {
    expect((await renderer.checkDeck({ type: 'view', body: [] })).errors).toEqual([
      'compositions must be an array of 1 to 20 compositions',
    ]);
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect((await renderer.checkDeck(cycle)).errors).toEqual(['input contains itself']);
    const getter = [Object.defineProperty({}, 'type', { get: () => 'view', enumerable: true })];
    expect((await renderer.checkDeck(getter)).errors).toEqual([
      'input holds an accessor property, which is not plain data',
    ]);
  });

  it('applies one input budget to the whole deck: slides each within it, together over it', async () => {
    const slides = overBudgetDeck();
    expect(runtime.validate(slides[0]).errors.some((e) => e.code === 'INPUT_OVER_BUDGET')).toBe(false);
    expect(jsonOf(await call(tools, 'isomer_validate', { compositions: slides }))).toEqual({
      valid: false,
      errors: ['input holds more than 1000000 characters'],
      warnings: [],
    });
  });

  it('warns where a person paging through would notice: another brand, link or mark, a section number reused', async () => {
    const slides = deck(6);
    slides[2]!.body[0].brand = 'Kestrel';
    slides[3]!.body[0].url = 'https://elsewhere.example';
    slides[3]!.body[0].logo = true;
    slides[4]!.body[0].section = 'Billing'; // number 02 already names Tracking
    const divider = structuredClone(slides[1]);
    const result = jsonOf(
      await call(tools, 'isomer_validate', { compositions: [...slides.slice(0, 5), divider, slides[5]] }),
    ) as { valid: boolean; warnings: string[] };
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      'deck: compositions[2].body[0].brand (in slideFrame) differs from slide 1’s brand: give every slide of a deck the same brand',
      'deck: compositions[3].body[0].url (in slideFrame) differs from slide 1’s link: give every slide of a deck the same link',
      'deck: compositions[3].body[0].logo (in slideFrame) differs from slide 1’s mark setting: give every slide of a deck the same mark setting',
      'deck: compositions[4].body[0].sectionNumber (in slideFrame) names another section than slide 2 with the same number: number each section once',
      'deck: compositions[5].body[0].body[0].number (in slideSection) is the number slide 2’s divider already opened: number each section once',
    ]);
  });

  it('stops before the next slide once the caller has gone', async () => {
    const controller = new AbortController();
    let checked = 0;
    const counting = createCompositionRenderer({
      runtime: {
        ...runtime,
        validate(value: unknown) {
          checked++;
          if (checked === 2) controller.abort(new Error('gone'));
          return runtime.validate(value);
        },
      },
      frame: slideDeckFrame,
    });
    await expect(counting.checkDeck(deck(20), { signal: controller.signal })).rejects.toThrow('gone');
    expect(checked).toBe(2);
  });
});

describe('isomer_render with compositions', () => {
  it.each([1, 3, 20])('draws a %i-slide deck as one text and one Markdown, slides in order', async (n) => {
    const slides = deck(n);
    const text = textOf(await call(tools, 'isomer_render', { compositions: slides, format: 'text' }));
    const markdown = textOf(await call(tools, 'isomer_render', { compositions: slides, format: 'markdown' }));
    const alone = async (format: string) =>
      Promise.all(
        slides.map(async (slide) => textOf(await call(tools, 'isomer_render', { composition: slide, format }))),
      );
    expect(text).toBe((await alone('text')).join(DECK_TEXT_SEPARATOR));
    expect(markdown).toBe((await alone('markdown')).join(DECK_MARKDOWN_SEPARATOR));
  });

  it.each([1, 3, 20])('draws a %i-slide deck as one HTML document, a section per slide in order', async (n) => {
    const page = textOf(await call(tools, 'isomer_render', { compositions: deck(n), format: 'html' }));
    expect(page.match(/<!DOCTYPE html>/g)).toHaveLength(1);
    const sections = [...page.matchAll(/<section id="slide-(\d+)"[^>]*aria-label="([^"]*)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(sections).toEqual(deck(n).map((slide, i) => `${i + 1} ${slide.title}`));
  });

  it.each([1, 3, 20])('draws a %i-slide deck as one Slack payload with every slide’s words in order', async (n) => {
    const payload = JSON.stringify(
      jsonOf(await call(tools, 'isomer_render', { compositions: deck(n), format: 'slack' })),
    );
    let from = 0;
    for (const slide of deck(n)) {
      const own = jsonOf(await call(tools, 'isomer_render', { composition: slide, format: 'slack' })) as {
        blocks: { type: string }[];
      };
      const first = JSON.stringify(own.blocks[0]);
      const at = payload.indexOf(first.slice(1, -1), from);
      expect(at).toBeGreaterThanOrEqual(from);
      from = at;
    }
  });

  it('refuses an invalid deck with every placed error, drawing nothing', async () => {
    const result = await call(tools, 'isomer_render', { compositions: deckWithInvalidSlide(20, 10), format: 'text' });
    expect(result.isError).toBe(true);
    expect(jsonOf(result)).toEqual({ valid: false, errors: [invalidSlideError(10)] });
  });

  it('draws a picture format one block per slide, in order, with a host format that draws one slide at a time', async () => {
    const drawn: string[] = [];
    const pictures = createIsomerTools({
      runtime,
      frame: slideDeckFrame,
      formats: {
        png: {
          mimeType: 'image/png',
          render(composition) {
            drawn.push(composition.title!);
            return new TextEncoder().encode(composition.title!);
          },
        },
      },
    });
    const result = await call(pictures, 'isomer_render', { compositions: deck(3), format: 'png' });
    expect(result.content.map((block) => (block.type === 'image' ? atob(block.data) : block.type))).toEqual(
      deck(3).map((slide) => slide.title),
    );
    expect(drawn).toEqual(deck(3).map((slide) => slide.title));
  });

  it('hands a whole deck to a format that draws decks (a PDF), once', async () => {
    const calls: number[] = [];
    const documents = createIsomerTools({
      runtime,
      frame: slideDeckFrame,
      formats: {
        pdf: {
          mimeType: 'application/pdf',
          render: () => new Uint8Array([1]),
          renderDeck(compositions) {
            calls.push(compositions.length);
            return new Uint8Array(compositions.length);
          },
        },
      },
    });
    const result = await call(documents, 'isomer_render', { compositions: deck(20), format: 'pdf' });
    expect(calls).toEqual([20]);
    expect(result.content).toHaveLength(1);
    expect(result.content[0]).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf' } });
  });
});

describe('isomer_show with compositions', () => {
  it('gives the app every slide’s title and page in order, the first as html, and the model the deck’s Markdown', async () => {
    const slides = deck(3);
    const result = await call(tools, 'isomer_show', { compositions: slides });
    const shown = result.structuredContent as {
      slides: { title: string; html: string }[];
      html: string;
      title: string;
    };
    expect(shown.slides.map((s) => s.title)).toEqual(slides.map((s) => s.title));
    expect(shown.html).toBe(shown.slides[0]!.html);
    expect(shown.title).toBe(slides[0]!.title);
    for (const [i, slide] of slides.entries())
      expect(shown.slides[i]!.html).toBe(
        textOf(await call(tools, 'isomer_render', { composition: slide, format: 'html' })),
      );
    expect(textOf(result)).toBe(
      textOf(await call(tools, 'isomer_render', { compositions: slides, format: 'markdown' })),
    );
  });

  it('lists an invalid deck’s errors with their placed paths, for the app to point at', async () => {
    const result = await call(tools, 'isomer_show', { compositions: deckWithInvalidSlide(3, 1) });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      valid: false,
      errors: [{ path: 'compositions[1].body[0].body[0].title', text: invalidSlideError(1) }],
    });
  });

  it('keeps a single composition’s result as it was: no slides field', async () => {
    const result = await call(tools, 'isomer_show', { composition: deck(1)[0] });
    expect(Object.keys(result.structuredContent!)).toEqual(['valid', 'title', 'theme', 'html', 'errors', 'warnings']);
  });
});
