/**
 * What every chat host's deck shares: its payload (the messages to send, in order), the greedy
 * packing of whole slides into as few messages as a host's limits allow, and, for a host that caps
 * how many messages one render sends, the packing of text messages with a note naming the slides
 * the cap left out, so no slide is ever dropped silently.
 */

/** A deck on any chat host: messages the host takes as they are, to be sent in this order. */
export interface DeckMessages<TMessage> {
  messages: TMessage[];
}

/** Between two slides in one text message (Telegram, Zulip): heavier than a rule a slide draws itself. */
export const SLIDE_DIVIDER_LINE = '━'.repeat(12);

function atLeastOne<T>(slides: readonly T[]): readonly T[] {
  if (slides.length === 0) throw new Error('isomer-edge: a deck holds at least one slide');
  return slides;
}

/**
 * Each slide's message, packed in order: `join` answers the two as one message when the host's
 * limits hold it, else `undefined` and the next slide opens a message of its own. A slide is never
 * split or cut, since its own message already fits.
 */
export function packSlides<T>(slides: readonly T[], join: (held: T, next: T) => T | undefined): T[] {
  const out: T[] = [];
  let held = atLeastOne(slides)[0] as T;
  for (const next of slides.slice(1)) {
    const joined = join(held, next);
    if (joined !== undefined) held = joined;
    else {
      out.push(held);
      held = next;
    }
  }
  out.push(held);
  return out;
}

/** How a text host packs a deck: its message size as it counts it, its cap, its divider and note. */
export interface TextDeckRules {
  /** Most characters of one message, as `length` counts them. */
  maxChars: number;
  /** Most messages one render sends. */
  maxMessages: number;
  /** A message's size as the host counts it (visible characters of HTML, say). */
  length(text: string): number;
  /** The divider line between two slides, as the host's text. */
  divider: string;
  /** The note (plain words) as the host's text: escaped, in italics. */
  note(words: string): string;
  /** The cap, in words: `10 Telegram messages`. */
  limitName: string;
}

/** The note that replaces what a message cap left out of a deck: which slides, so a reader knows. */
export function deckOmittedNote(from: number, total: number, limitName: string): string {
  const slides = from === total ? `Slide ${from} of ${total} was` : `Slides ${from}–${total} of ${total} were`;
  return `${slides} left out, in whole or in part, to fit ${limitName}.`;
}

/**
 * Each slide's text messages, in order, packed into as few messages as fit: a slide's first message
 * joins the previous one below a divider when both fit in one. Past the cap, the last message
 * kept says which slides were left out.
 */
export function packTextSlides(slides: readonly (readonly string[])[], rules: TextDeckRules): string[] {
  const out: string[] = [];
  /** The index in `out` of each slide's last message. */
  const ends: number[] = [];
  for (const texts of atLeastOne(slides)) {
    texts.forEach((text, index) => {
      const last = out.length - 1;
      const joined = `${out[last]}\n\n${rules.divider}\n\n${text}`;
      if (index === 0 && last >= 0 && rules.length(joined) <= rules.maxChars) out[last] = joined;
      else out.push(text);
    });
    ends.push(out.length - 1);
  }
  if (out.length <= rules.maxMessages) return out;
  const noteFor = (kept: number): string => {
    const from = ends.findIndex((end) => end >= kept) + 1;
    return rules.note(deckOmittedNote(from, slides.length, rules.limitName));
  };
  const kept = out.slice(0, rules.maxMessages);
  const withNote = `${kept.at(-1)}\n\n${noteFor(kept.length)}`;
  if (rules.length(withNote) <= rules.maxChars) return [...kept.slice(0, -1), withNote];
  // The last message is full: the note takes its place.
  return [...kept.slice(0, -1), noteFor(kept.length - 1)];
}
