/**
 * A stored picture in a Teams card: an `Image` element first (`?image=above`) or alone (`only`),
 * the last elements giving way so the message stays within Teams' size limit.
 */
import { TEAMS_LIMITS } from './limits.ts';
import { jsonBytes } from '../bytes.ts';
import type { TeamsElement, TeamsMessage } from './message.ts';
import { type ImagePlacement, pictureAltText } from '../picture.ts';

/**
 * A Teams card with a stored picture of the slide: an `Image` first (`above`, the card's text
 * after it) or alone (`only`, the words kept as the image's alt text). The alt text uses the same
 * bound as Slack's, so one picture reads alike on both hosts.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { createChatFormats } from 'isomer-edge/chat';
 * import { teamsImageMessage } from 'isomer-edge/image-store';
 *
 * declare const slide: unknown;
 * declare const url: string;
 * const chat = createChatFormats({ runtime });
 * const altText = runtime.surfaces.text.render(slide);
 * const card = teamsImageMessage(chat.teams.build(slide), { url, altText }, 'above');
 * ```
 */
export function teamsImageMessage(
  message: TeamsMessage,
  image: { url: string; altText: string },
  placement: ImagePlacement,
): TeamsMessage {
  const picture: TeamsElement = { type: 'Image', url: image.url, altText: pictureAltText(image.altText) };
  const [attachment] = message.attachments;
  const body = placement === 'only' ? [picture] : [picture, ...attachment.content.body];
  const card = (): TeamsMessage => ({
    ...message,
    attachments: [{ ...attachment, content: { ...attachment.content, body } }],
  });
  // The picture must not push the message past Teams' size limit: the last text elements give way.
  while (body.length > 1 && jsonBytes(card()) > TEAMS_LIMITS.messageBytes) body.pop();
  return card();
}
