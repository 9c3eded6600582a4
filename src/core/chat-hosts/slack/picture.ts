/**
 * A stored picture in a Slack message: an `image` block first (`?image=above`, the last blocks
 * giving way with a note so the message stays within Slack's block limit) or alone (`only`).
 */
import type { SlackBlock, SlackMessage } from './blocks.ts';
import { IMAGE_PLACEMENTS, type ImagePlacement, pictureAltText } from '../picture.ts';
import { SLACK_ELIDED_NOTE } from './notes.ts';
import { SLACK_LIMITS } from './limits.ts';

/** Slack's names for the placements every pictured host takes (the first host to take a picture). */
export type SlackImagePlacement = ImagePlacement;
export const SLACK_IMAGE_PLACEMENTS: readonly ImagePlacement[] = IMAGE_PLACEMENTS;

/** How many blocks an elision note already stands for, or 0 when `block` is not that note. */
function elidedCount(block: SlackBlock | undefined): number {
  const elements = block?.type === 'context' ? block.elements : undefined;
  const text = Array.isArray(elements) ? (elements[0] as { text?: unknown } | undefined)?.text : undefined;
  const count = typeof text === 'string' ? Number(/^_(\d+) /.exec(text)?.[1]) : Number.NaN;
  return Number.isInteger(count) && text === SLACK_ELIDED_NOTE(count) ? count : 0;
}

function refsIn(value: unknown, refs: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, refs);
  else if (typeof value === 'object' && value !== null) {
    const file = (value as { slack_file?: { ref?: unknown } }).slack_file;
    if (typeof file?.ref === 'string') refs.add(file.ref);
    for (const item of Object.values(value)) refsIn(item, refs);
  }
  return refs;
}

/**
 * A fitted Slack message with a stored picture of the slide: an `image` block first (`above`,
 * the text blocks after it, still within the block limit) or alone (`only`). Alt text is clamped
 * to Slack's limit; blank alt text becomes a generic one, since Slack requires it.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { slackImageMessage } from 'isomer-edge/image-store';
 *
 * declare const slide: unknown;
 * declare const url: string;
 * const message = slackImageMessage(
 *   runtime.surfaces.slack.render(slide),
 *   { url, altText: runtime.surfaces.text.render(slide) },
 *   'above',
 * );
 * ```
 */
export function slackImageMessage(
  message: SlackMessage,
  image: { url: string; altText: string },
  placement: ImagePlacement,
): SlackMessage {
  const block: SlackBlock = { type: 'image', image_url: image.url, alt_text: pictureAltText(image.altText) };
  if (placement === 'only') return { text: message.text, blocks: [block], assets: [] };
  const max = SLACK_LIMITS.blocksPerMessage;
  let body = message.blocks;
  if (body.length + 1 > max) {
    // One block gives way to the picture; the note at the end counts every block cut so far.
    const prior = elidedCount(body.at(-1));
    const real = prior > 0 ? body.slice(0, -1) : body;
    const kept = real.slice(0, max - 2);
    const note = SLACK_ELIDED_NOTE(real.length - kept.length + prior);
    body = [...kept, { type: 'context', elements: [{ type: 'mrkdwn', text: note }] }];
  }
  const blocks = [block, ...body];
  const refs = refsIn(blocks, new Set());
  return { text: message.text, blocks, assets: message.assets.filter((asset) => refs.has(asset.ref)) };
}
