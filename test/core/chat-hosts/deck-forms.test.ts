/**
 * Each host's deck form, pinned (docs/chat-hosts.md, "Decks"): what goes between two slides in one
 * message, when a slide opens a message of its own, and how a host that caps its messages says
 * which slides it left out.
 */
import { describe, expect, it } from 'vitest';
import { createChatFormats } from '../../../src/chat/index.ts';
import { packTextSlides, SLIDE_DIVIDER_LINE } from '../../../src/core/chat-hosts/deck.ts';
import { slackHost, TELEGRAM_LIMITS, telegramHost } from '../../../src/core/chat-hosts/registry.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { slideMarker } from '../../support/chat-host-suites/deck.ts';
import { LONG } from '../../support/chat-host-suites/limits.ts';
import { previewSlide, slidesRuntime } from '../../support/slides.ts';

const chat = createChatFormats({ runtime: slidesRuntime });
const small = (n: number) => ({
  ...previewSlide({ type: 'slideBulletList', items: [`point ${n}`] }),
  title: slideMarker(n),
});
const table = (n: number) => ({
  ...previewSlide({ type: 'slideTable', columns: ['Plan', 'Price'], rows: [[`plan ${n}`, '€1']] }),
  title: slideMarker(n),
});

describe('Slack', () => {
  it('puts a divider between two slides in one message, and their fallback texts one after the other', () => {
    const [first, second] = [small(1), small(2)].map((slide) => slidesRuntime.surfaces.slack.render(slide));
    const { messages } = slackHost.deck([first!, second!]);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.blocks).toEqual([...first!.blocks, { type: 'divider' }, ...second!.blocks]);
    expect(messages[0]!.text).toBe(`${first!.text}\n\n${second!.text}`);
  });

  it('gives each table slide a message of its own: Slack takes one table a message', () => {
    const deck = slackHost.deck([1, 2, 3].map((n) => slidesRuntime.surfaces.slack.render(table(n))));
    expect(deck.messages).toHaveLength(3);
    for (const message of deck.messages)
      expect(message.blocks.filter((block) => block.type === 'table')).toHaveLength(1);
  });

  it('keeps two slides whose picture uploads share a ref apart, each with its own', () => {
    const slide = slidesRuntime.surfaces.slack.render(small(1));
    const withAsset = { ...slide, assets: [{ ref: 'asset-0', node: {}, altText: 'a' }] };
    expect(slackHost.deck([withAsset, withAsset]).messages).toEqual([withAsset, withAsset]);
  });
});

describe('Microsoft Teams', () => {
  it('opens each later slide with the card’s separator line, in one card', () => {
    const deck = chat.teams.buildDeck([small(1), small(2)]);
    expect(deck.messages).toHaveLength(1);
    const body = deck.messages[0]!.attachments[0].content.body;
    const second = body.findIndex((element) => element.text === slideMarker(2).replace(/ /g, ' '));
    expect(body[second]).toMatchObject({ separator: true });
    expect(body.filter((element) => element.separator === true)).toHaveLength(1);
  });
});

describe('Discord', () => {
  it('gives each slide embeds of its own, its title on the first', () => {
    const deck = chat.discord.buildDeck([small(1), small(2)]);
    expect(deck.messages).toHaveLength(1);
    expect(deck.messages[0]!.embeds.map((embed) => embed.title)).toEqual([slideMarker(1), slideMarker(2)]);
    expect(deck.messages[0]!.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('Google Chat', () => {
  it('makes each slide a card of its own, its header kept, named after the slide', () => {
    const deck = chat.googlechat.buildDeck([small(1), small(2), small(3)]);
    expect(deck.messages).toHaveLength(1);
    expect(deck.messages[0]!.cardsV2.map((entry) => [entry.cardId, entry.card.header?.title])).toEqual([
      ['isomer', slideMarker(1)],
      ['isomer-2', slideMarker(2)],
      ['isomer-3', slideMarker(3)],
    ]);
    expect(deck.messages[0]!.fallbackText).toBe([1, 2, 3].map(slideMarker).join(' · '));
  });
});

describe('Telegram', () => {
  it('joins slides below a divider line while a message holds them', () => {
    const deck = chat.telegram.buildDeck([small(1), small(2)]);
    expect(deck.messages).toHaveLength(1);
    expect(deck.messages[0]!.text).toMatch(
      new RegExp(`<b>${slideMarker(1)}</b>[\\s\\S]*\\n\\n${SLIDE_DIVIDER_LINE}\\n\\n<b>${slideMarker(2)}</b>`),
    );
  });

  it('sends at most its 10 messages, the last naming the slides left out', () => {
    const slides = Array.from({ length: 20 }, (_, index) =>
      telegramHost.convert(md.content(md.paragraph(LONG)), { title: slideMarker(index + 1) }),
    );
    const { messages } = telegramHost.deck(slides);
    expect(messages).toHaveLength(TELEGRAM_LIMITS.messagesPerRender);
    const last = messages.at(-1)!.text;
    const note =
      /<i>Slides (\d+)–20 of 20 were left out, in whole or in part, to fit 10 Telegram messages\.<\/i>$/.exec(last);
    const from = Number(note?.[1]);
    const all = messages.map((message) => message.text).join('\n');
    // Every slide before the one named is there; none after it.
    expect(from).toBeGreaterThan(1);
    expect(all).toContain(slideMarker(from - 1));
    expect(all).not.toContain(slideMarker(from + 1));
  });
});

describe('packing text slides', () => {
  const rules = {
    maxChars: 20,
    maxMessages: 2,
    length: (text: string) => text.length,
    divider: '--',
    note: (words: string) => `(${words.length})`,
    limitName: 'two messages',
  };

  it('joins what fits, and opens a message for what does not', () => {
    expect(packTextSlides([['aaaa'], ['bbbb'], ['c'.repeat(15)]], { ...rules, maxMessages: 5 })).toEqual([
      'aaaa\n\n--\n\nbbbb',
      'c'.repeat(15),
    ]);
  });

  it('past the cap, puts the note in the last message, or in its place when that one is full', () => {
    const words = (from: number) => `Slides ${from}–3 of 3 were left out, in whole or in part, to fit two messages.`;
    expect(
      packTextSlides([['a'.repeat(10)], ['b'.repeat(10)], ['c'.repeat(10)]], { ...rules, note: () => '!' }),
    ).toEqual(['a'.repeat(10), `${'b'.repeat(10)}\n\n!`]);
    expect(packTextSlides([['a'.repeat(20)], ['b'.repeat(20)], ['c']], rules)).toEqual([
      'a'.repeat(20),
      `(${words(2).length})`,
    ]);
  });

  it('refuses a deck of no slides', () => {
    expect(() => packTextSlides([], rules)).toThrow(/at least one slide/);
  });
});
