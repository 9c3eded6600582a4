/**
 * A stored picture in a Google Chat card: an image widget in a section of its own, first
 * (`?image=above`) or alone (`only`), the last sections giving way so the card stays within Chat's
 * widget and byte limits.
 */
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import { jsonBytes } from '../bytes.ts';
import type { GoogleChatMessage, GoogleChatSection } from './message.ts';
import { type ImagePlacement, pictureAltText } from '../picture.ts';

/**
 * A Google Chat card with a stored picture of the slide: an `image` widget in a section of its own,
 * first (`above`, the card's sections after it) or alone (`only`, the words kept in `fallbackText`
 * and the alt text). Alt text is bounded as on Slack, so one picture reads alike on every host.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createChatFormats } from 'isomer-edge/chat';
 * import { googleChatImageMessage } from 'isomer-edge/image-store';
 *
 * declare const slide: unknown;
 * declare const url: string;
 * const chat = createChatFormats({ runtime });
 * const card = googleChatImageMessage(chat.googlechat.build(slide), { url, altText: 'The slide' }, 'only');
 * ```
 */
export function googleChatImageMessage(
  message: GoogleChatMessage,
  image: { url: string; altText: string },
  placement: ImagePlacement,
): GoogleChatMessage {
  const picture: GoogleChatSection = {
    widgets: [{ image: { imageUrl: image.url, altText: pictureAltText(image.altText) } }],
  };
  const [entry] = message.cardsV2;
  const sections = placement === 'only' ? [picture] : [picture, ...entry.card.sections];
  const build = (): GoogleChatMessage => ({
    ...message,
    cardsV2: [{ ...entry, card: { ...entry.card, sections } }],
  });
  // The picture takes one widget and some bytes: the last sections give way to stay within the limits.
  const widgets = () => sections.reduce((sum, section) => sum + section.widgets.length, 0);
  while (
    sections.length > 1 &&
    (widgets() > GOOGLE_CHAT_LIMITS.widgetsPerCard || jsonBytes(build()) > GOOGLE_CHAT_LIMITS.messageBytes)
  )
    sections.pop();
  return build();
}
