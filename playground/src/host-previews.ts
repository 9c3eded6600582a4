/**
 * The chat hosts' own previews, keyed by host name: what the page knows of how each host draws
 * its payload (like a host's test kit, this is preview code, not a list of formats). Which tabs
 * exist comes from `GET /formats` alone; a host without an entry here (an added one) gets the
 * generic preview, its payload as JSON. A deck's payload is `{ messages: [...] }`, the messages to
 * send in order (one when every slide fits in one): each is drawn, in order.
 */
import { discordPreview } from './discord.ts';
import { el } from './dom.ts';
import { googleChatPreview } from './googlechat.ts';
import { isJson } from './media.ts';
import { outId, type Preview, prettyJson, type ServedFormat, sourceDetails } from './previews.ts';
import { blockKitBuilderUrl, slackPreview } from './slack.ts';
import { telegramPreview } from './telegram.ts';

type Payload = Record<string, unknown>;

interface HostPreview {
  /** The preview's classes (the stylesheet draws each host apart). */
  readonly className: string;
  /** What the payload's JSON is, as its folded source's summary. */
  readonly summary: string;
  /** Draws the payload into the element; answers a failure, if any. */
  draw(root: HTMLElement, payload: Payload): Promise<string | undefined>;
  /** Shown between the preview and the JSON (Slack's link to its builder). */
  readonly below?: Node;
  /** The host's own payload is already `{ messages }` (Telegram's `sendMessage` bodies): a deck's is too. */
  readonly listed?: true;
}

const drawn =
  (draw: (root: HTMLElement, payload: Payload) => void) =>
  async (root: HTMLElement, payload: Payload): Promise<undefined> => {
    draw(root, payload);
    return undefined;
  };

/** The link that opens the last Slack message in Slack's Block Kit Builder. */
const builderLink = el(
  'a',
  {
    id: 'slack-builder',
    href: 'https://app.slack.com/block-kit-builder',
    target: '_blank',
    rel: 'noopener noreferrer',
  },
  'Open in Slack’s Block Kit Builder',
);

const HOST_PREVIEWS: Readonly<Record<string, HostPreview>> = {
  slack: {
    className: 'slack',
    summary: 'Block Kit JSON',
    draw: drawn((root, message) => {
      const blocks = Array.isArray(message.blocks) ? (message.blocks as unknown[]) : [];
      // The builder opens one message: a deck's first.
      if (root.childElementCount === 0) builderLink.href = blockKitBuilderUrl(blocks);
      slackPreview(root, message);
    }),
    below: el('p', {}, builderLink),
  },
  // The Teams renderer (the `adaptivecards` SDK, most of the page's weight) is its own chunk,
  // fetched the first time a card is drawn.
  teams: {
    className: 'chat teams',
    summary: 'Bot activity JSON (an Adaptive Card 1.5)',
    draw: async (root, payload) => {
      const { teamsPreview } = await import('./teams.ts');
      return teamsPreview(root, payload, document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
    },
  },
  discord: { className: 'chat discord', summary: 'Message JSON (embeds)', draw: drawn(discordPreview) },
  googlechat: { className: 'chat gchat', summary: 'Message JSON (cardsV2)', draw: drawn(googleChatPreview) },
  telegram: {
    className: 'chat telegram',
    summary: 'sendMessage bodies (JSON)',
    draw: drawn(telegramPreview),
    listed: true,
  },
};

/**
 * The host's own preview of its payload, with the payload as JSON folded beneath; none for another
 * format. A format given in code can take a host's name (it then replaces the host), so the name
 * counts only for a JSON payload.
 */
export function hostPreview(format: ServedFormat): Preview | undefined {
  const host = Object.hasOwn(HOST_PREVIEWS, format.name) ? HOST_PREVIEWS[format.name] : undefined;
  if (!host || !isJson(format.mimeType)) return undefined;
  const root = el('div', { id: outId(format), class: host.className });
  const { details, source } = sourceDetails(host.summary, outId(format, '-json'));
  return {
    nodes: host.below ? [root, host.below, details] : [root, details],
    async draw({ text = '' }) {
      const payload = JSON.parse(text) as Payload;
      root.replaceChildren();
      const deck = !host.listed && Array.isArray(payload.messages) ? (payload.messages as Payload[]) : [payload];
      let failure: string | undefined;
      for (const message of deck) failure ??= await host.draw(root, message);
      source.textContent = prettyJson(text);
      return failure === undefined ? undefined : `${format.name}: ${failure}`;
    },
  };
}
