/**
 * A deck in Microsoft Teams: each slide's card, packed in order into as few message activities as
 * Teams' 28 KB allows, the slides of one card apart by the card's own separator line. An Incoming
 * Webhook or Workflows post takes one card, so a deck that does not fit is several messages.
 */
import { jsonBytes } from '../bytes.ts';
import { type DeckMessages, packSlides } from '../deck.ts';
import { TEAMS_LIMITS } from './limits.ts';
import type { TeamsMessage } from './message.ts';

/** A Teams deck: message activities to send in order, each one Adaptive Card. */
export type TeamsDeck = DeckMessages<TeamsMessage>;

function join(held: TeamsMessage, next: TeamsMessage): TeamsMessage | undefined {
  const [attachment] = held.attachments;
  const [first, ...rest] = next.attachments[0].content.body;
  const body = [...attachment.content.body, ...(first ? [{ ...first, separator: true }] : []), ...rest];
  const joined: TeamsMessage = {
    ...held,
    attachments: [{ ...attachment, content: { ...attachment.content, body } }],
  };
  return jsonBytes(joined) <= TEAMS_LIMITS.messageBytes ? joined : undefined;
}

/** Each slide's Teams message (its picture already in it), as the deck's messages. */
export function teamsDeck(messages: readonly TeamsMessage[]): TeamsDeck {
  return { messages: packSlides(messages, join) };
}
