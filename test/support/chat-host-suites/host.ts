/**
 * A chat host as the cross-host suites test it: its name, its payload from content (a Markdown
 * host's converter; the surface host's Block Kit from Markdown), its payload from a composition
 * (through `createChatFormats` or the runtime's surface) and its checks, loaded once. The suites
 * run every built-in host of the registry this way, and a host added the documented way too.
 */
import { createChatFormats } from '../../../src/chat/index.ts';
import type { HostChecks } from '../../../src/core/chat-hosts/checks.ts';
import type { ChatHeading } from '../../../src/core/chat-hosts/document.ts';
import type { ChatHost } from '../../../src/core/chat-hosts/host.ts';
import { markdownToSlackBlocks } from '../../../src/core/chat-hosts/slack/from-markdown.ts';
import { contentBlocks, type MarkdownBlock, type MarkdownContent } from '../../../src/core/markdown/tree.ts';
import { slidesRuntime } from '../slides.ts';

export interface HostUnderTest {
  readonly name: string;
  readonly from: ChatHost['from'];
  /** Content (and a heading) as the host's payload. */
  convert(content: MarkdownContent | readonly MarkdownBlock[], heading?: ChatHeading): unknown;
  /** A composition as the host's payload, validated first (the title and subtitle shown unless `heading: false`). */
  build(composition: unknown, options?: { heading?: boolean }): unknown;
  /** The same, as the JSON text `isomer_render` and the render route answer. */
  render(composition: unknown, options?: { heading?: boolean }): string;
  /** A deck of compositions as the host's deck payload, each slide built as `build` does, then `deck`. */
  buildDeck(compositions: readonly unknown[], options?: { heading?: boolean }): unknown;
  /** Each slide's finished message as the deck's payload (the host's own `deck`). */
  deck(messages: readonly unknown[]): unknown;
  /** The host's picture rule, when it takes a stored picture. */
  readonly picture?: ChatHost['picture'];
  /** The payloads of a deck the host's checks read: its messages, or the deck itself when the host's single form is already a message list. */
  deckParts(deck: unknown): unknown[];
  readonly checks: HostChecks;
}

/**
 * How a deck is read by a host's checks: a host whose single payload is already a list of messages
 * (`{ messages }`: Telegram, Zulip) answers a deck in that same form; any other answers
 * `{ messages: [payload, …] }`, each entry a single payload.
 */
function deckPartsOf(sample: unknown): (deck: unknown) => unknown[] {
  const listed = typeof sample === 'object' && sample !== null && 'messages' in sample;
  return (deck) => (listed ? [deck] : (deck as { messages: unknown[] }).messages);
}

/** A small valid slide, to learn the shape of a host's single payload. */
const SAMPLE = { type: 'view', body: [{ type: 'slideHeading', title: 'Sample' }] };

/** A host ready for the suites: its checks loaded, its formats built on the slides runtime. */
export async function underTest(host: ChatHost): Promise<HostUnderTest> {
  const checks = await host.checks();
  if (host.from === 'surface') {
    // The one surface host is the runtime's Slack surface; content reaches it as Block Kit from Markdown.
    const build = (composition: unknown, options: { heading?: boolean } = {}) =>
      slidesRuntime.surfaces.slack.render(composition, options);
    // As the Worker builds a Slack deck: each slide's surface message, then the host's `deck`.
    const buildDeck = (compositions: readonly unknown[], options: { heading?: boolean } = {}) =>
      host.deck(compositions.map((composition) => build(composition, options)));
    return {
      name: host.name,
      from: host.from,
      convert: (content) => ({ text: '', blocks: markdownToSlackBlocks(content) }),
      build,
      render: (composition, options) => JSON.stringify(build(composition, options)),
      buildDeck,
      deck: (messages) => host.deck(messages),
      ...(host.picture ? { picture: host.picture } : {}),
      deckParts: deckPartsOf(build(SAMPLE)),
      checks,
    };
  }
  const format = createChatFormats({ runtime: slidesRuntime, hosts: [host] })[host.name]!;
  return {
    name: host.name,
    from: host.from,
    convert: (content, heading) => host.convert([...contentBlocks(content)], heading ?? {}),
    build: (composition, options) => format.build(composition, options),
    render: (composition, options) => format.render(composition, options),
    buildDeck: (compositions, options) => format.buildDeck(compositions, options),
    deck: (messages) => host.deck(messages),
    ...(host.picture ? { picture: host.picture } : {}),
    deckParts: deckPartsOf(format.build(SAMPLE)),
    checks,
  };
}

/** Every host of a list, ready for the suites, in its order. */
export const allUnderTest = (hosts: readonly ChatHost[]): Promise<HostUnderTest[]> => Promise.all(hosts.map(underTest));

/** Every visible text of a payload as the host's checks read it (outside links, and link labels), joined. */
export function shownText(host: HostUnderTest, payload: unknown): string {
  return [...host.checks.plainTexts(payload), ...host.checks.links(payload).map((link) => link.label)].join('\n');
}
