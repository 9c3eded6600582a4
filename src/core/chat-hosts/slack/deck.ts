/**
 * A deck in Slack: each slide's fitted message packed, in order, into as few `chat.postMessage`
 * payloads as Slack's per-message limits allow (50 blocks, one table, 4,000 characters of fallback
 * text), a divider between slides sharing a message. Slack has no multi-message payload of its
 * own, so a deck is always the list of messages to post, one when every slide fits in one.
 */
import { type DeckMessages, packSlides } from '../deck.ts';
import type { SlackBlock, SlackMessage } from './blocks.ts';
import { SLACK_LIMITS } from './limits.ts';
import { clampSlackMrkdwn } from './mrkdwn.ts';

/** A Slack deck: `chat.postMessage` payloads to post in order (in a thread, or one after another). */
export type SlackDeck = DeckMessages<SlackMessage>;

const tables = (blocks: readonly SlackBlock[]): number => blocks.filter((block) => block.type === 'table').length;

/** The next slide's blocks with any `block_id` the held message already uses taken off (Slack makes its own). */
function withFreeIds(held: readonly SlackBlock[], next: readonly SlackBlock[]): SlackBlock[] {
  const used = new Set(held.map((block) => block.block_id).filter((id) => typeof id === 'string'));
  return next.map((block) => {
    if (typeof block.block_id !== 'string' || !used.has(block.block_id)) return block;
    const { block_id: _taken, ...rest } = block;
    return rest as SlackBlock;
  });
}

function join(held: SlackMessage, next: SlackMessage): SlackMessage | undefined {
  // Asset refs are per slide (`asset-0` in each): two slides that share one stay apart.
  const refs = new Set(held.assets.map((asset) => asset.ref));
  if (next.assets.some((asset) => refs.has(asset.ref))) return undefined;
  const apart = held.blocks.at(-1)?.type !== 'divider' && next.blocks[0]?.type !== 'divider';
  const divider: SlackBlock[] = held.blocks.length > 0 && next.blocks.length > 0 && apart ? [{ type: 'divider' }] : [];
  const blocks = [...held.blocks, ...divider, ...withFreeIds(held.blocks, next.blocks)];
  if (blocks.length > SLACK_LIMITS.blocksPerMessage || tables(blocks) > SLACK_LIMITS.tablesPerMessage) return undefined;
  return {
    // The notification text of the first slides, as much as Slack's fallback limit holds.
    text: clampSlackMrkdwn(`${held.text}\n\n${next.text}`, SLACK_LIMITS.fallbackTextChars),
    blocks,
    assets: [...held.assets, ...next.assets],
  };
}

/**
 * Each slide's Slack message (its picture already in it, when it has one), as the deck's messages:
 * whole slides, in order, as few messages as Slack's limits allow.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { slackHost } from 'isomer-edge/chat';
 *
 * declare const slides: unknown[];
 * const { messages } = slackHost.deck(slides.map((slide) => runtime.surfaces.slack.render(slide)));
 * // post each with chat.postMessage, in order
 * ```
 */
export function slackDeck(messages: readonly SlackMessage[]): SlackDeck {
  return { messages: packSlides(messages, join) };
}
