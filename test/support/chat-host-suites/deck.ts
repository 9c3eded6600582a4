/**
 * The deck suite: decks of 1, 3 and 20 slides on one chat host, read by its checks: a deck of one
 * is that slide's message, small slides share one message, every slide's text is there in order
 * (or named in the note a host's message cap writes), every limit holds for 20 slides as large as
 * a message holds, hostile text stays inert, each slide's stored picture shows in order, and an
 * invalid slide or an oversized deck is refused naming the slide. Every host of the registry runs
 * it (test/core/chat-hosts/deck.test.ts), and a host added the documented way too.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DECK_SLIDES } from '../../../src/core/model/deck.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { allowedLink } from '../chat-sweep.ts';
import { HOSTILE_STRINGS } from '../random.ts';
import { fixtureComposition, fixtures, previewSlide } from '../slides.ts';
import { type HostUnderTest, shownText } from './host.ts';
import { MENTIONS } from './hostile.ts';
import { LONG } from './limits.ts';

/** The words that name slide `n` (1-based): unique, and no prefix of another slide's. */
export const slideMarker = (n: number): string => `Deck slide ${String(n).padStart(2, '0')} marker`;

/** `count` real slides, the largest fixtures first, each titled with its marker. */
export function deckOf(count: number): Record<string, unknown>[] {
  const largest = [...fixtures].sort((a, b) => JSON.stringify(b.value).length - JSON.stringify(a.value).length);
  return Array.from({ length: count }, (_, index) => ({
    ...fixtureComposition(largest[index % largest.length]!.value),
    title: slideMarker(index + 1),
  }));
}

/** The note a capped host writes: the first slide it left out, in whole or in part. */
const LEFT_OUT = /Slides? (\d+)(?:–\d+)? of (\d+) (?:was|were) left out/;

/** Every slide's marker in order, up to the first slide the host's note says it left out (none for most hosts). */
function expectEverySlide(host: HostUnderTest, deck: unknown, count: number): void {
  const text = host
    .deckParts(deck)
    .map((part) => shownText(host, part))
    .join('\n');
  const note = LEFT_OUT.exec(text);
  const shownUpTo = note ? Number(note[1]) - 1 : count;
  if (note) expect(Number(note[2])).toBe(count);
  expect(shownUpTo).toBeGreaterThan(0);
  let at = -1;
  for (let n = 1; n <= shownUpTo; n++) {
    const found = text.indexOf(slideMarker(n), at + 1);
    expect(found, `${host.name}: ${slideMarker(n)}`).toBeGreaterThan(at);
    at = found;
  }
}

function expectWithinLimits(host: HostUnderTest, deck: unknown): void {
  const parts = host.deckParts(deck);
  expect(parts.length).toBeGreaterThan(0);
  for (const [index, part] of parts.entries()) {
    expect(host.checks.problems(part), `${host.name} part ${index}`).toEqual([]);
    expect(host.checks.liveMentions(part), `${host.name} part ${index}`).toEqual([]);
    for (const link of host.checks.linkTargets(part)) expect(allowedLink(link), link).toBe(true);
  }
}

/** The messages a deck sends: a capped host's list, or one per entry. */
const messageCount = (deck: unknown): number => (deck as { messages: unknown[] }).messages.length;

export function deckSuite(host: HostUnderTest): void {
  describe(`${host.name}: decks`, () => {
    it('a deck of one slide is that slide’s message, sent as the deck’s only message', () => {
      const [slide] = deckOf(1);
      const deck = host.buildDeck([slide]);
      const single = host.build(slide);
      // A host whose single form is a message list answers that list as it is; any other, the one message.
      const listed = host.deckParts(deck)[0] === deck;
      expect(deck).toEqual(listed ? single : { messages: [single] });
    });

    it('three small slides share one message, each slide’s text there in order', () => {
      const slides = [1, 2, 3].map((n) =>
        previewSlide({ type: 'slideBulletList', label: slideMarker(n), items: [`point ${n}a`, `point ${n}b`] }),
      );
      const deck = host.buildDeck(slides, { heading: false });
      expectWithinLimits(host, deck);
      expect(messageCount(deck)).toBe(1);
      expectEverySlide(host, deck, 3);
      expect(JSON.stringify(deck)).toContain('point 3b');
    });

    it('twenty of the largest fixtures: every message within every limit, every slide there in order', () => {
      const deck = host.buildDeck(deckOf(MAX_DECK_SLIDES));
      expectWithinLimits(host, deck);
      expect(messageCount(deck)).toBeLessThanOrEqual(MAX_DECK_SLIDES);
      expectEverySlide(host, deck, MAX_DECK_SLIDES);
    });

    it('twenty slides each as large as one message holds: the limits hold and no slide goes silently', () => {
      const messages = Array.from({ length: MAX_DECK_SLIDES }, (_, index) =>
        host.from === 'surface'
          ? host.build({ ...deckOf(1)[0], title: slideMarker(index + 1) })
          : host.convert(md.content(md.paragraph(LONG), md.paragraph(LONG)), { title: slideMarker(index + 1) }),
      );
      const deck = host.deck(messages);
      expectWithinLimits(host, deck);
      expectEverySlide(host, deck, MAX_DECK_SLIDES);
    });

    it('hostile text in every slide stays inert', () => {
      const fields = HOSTILE_STRINGS.filter((value) => value.trim() !== '' && value.length <= 200);
      const slides = [fields.slice(0, 5), fields.slice(5, 10), fields.slice(10, 15)].map((batch) => ({
        ...previewSlide({ type: 'slideBulletList', label: 'Hostile', items: [...batch, MENTIONS.slice(0, 200)] }),
        title: MENTIONS.slice(0, 120),
      }));
      const deck = host.buildDeck(slides);
      expectWithinLimits(host, deck);
    });

    // A host that takes no picture gets no picture case (registered only where it applies, never skipped).
    if (host.picture !== undefined)
      it.each(['above', 'only'] as const)(
        'each slide’s stored picture (%s) shows in the deck, in order, within the limits',
        (placement) => {
          const url = (n: number) => `https://images.example/images/deck-${String(n).padStart(2, '0')}.png`;
          const messages = deckOf(MAX_DECK_SLIDES).map((slide, index) =>
            host.picture!(host.build(slide), { url: url(index + 1), altText: slideMarker(index + 1) }, placement),
          );
          const deck = host.deck(messages);
          expectWithinLimits(host, deck);
          const json = JSON.stringify(deck);
          let at = -1;
          for (let n = 1; n <= MAX_DECK_SLIDES; n++) {
            const found = json.indexOf(url(n));
            expect(found, url(n)).toBeGreaterThan(at);
            at = found;
          }
        },
      );

    if (host.from === 'markdown')
      it('an invalid slide in the middle is refused, its findings naming it', () => {
        const slides = deckOf(3);
        slides[1] = { type: 'view', body: [{ type: 'slideHeading' }] };
        expect(() => host.buildDeck(slides)).toThrow(/compositions\[1\]\.body\[0\]\.title \(in slideHeading\)/);
        expect(() => host.buildDeck(slides)).not.toThrow(/compositions\[[02]\]/);
      });

    if (host.from === 'markdown')
      it('a deck over the input budget is refused whole, though each slide is not', () => {
        // 20 slides of 60,000 characters: over the deck's one budget of 1,000,000, each well under it.
        const slides = deckOf(MAX_DECK_SLIDES).map((slide) => ({ ...slide, subtitle: 's'.repeat(60_000) }));
        let refused: unknown;
        try {
          host.buildDeck(slides);
        } catch (error) {
          refused = error;
        }
        expect(refused).toMatchObject({ name: 'CompositionValidationError' });
        expect((refused as { errors: { code?: string }[] }).errors).toMatchObject([{ code: 'INPUT_OVER_BUDGET' }]);
      });

    if (host.from === 'markdown')
      it('a deck of no slides or of more than 20 is refused, saying so', () => {
        expect(() => host.buildDeck([])).toThrow(/compositions must be a list of 1 to 20 compositions/);
        expect(() => host.buildDeck(deckOf(MAX_DECK_SLIDES + 1))).toThrow(/1 to 20/);
      });
  });
}
