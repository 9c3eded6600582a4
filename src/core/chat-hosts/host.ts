/**
 * What a chat host is, declared once in its own folder: its format name and media type, the
 * limits it publishes, what it draws from, the stored picture it can carry, how a deck of slides
 * is sent and its payload's schema. The registry (`registry.ts`) lists the built-in hosts; the
 * format registry, the `isomer-edge/chat` formats, the tools, the HTTP routes and the OpenAPI
 * document read it.
 */
import type { MarkdownBlock } from '../markdown/tree.ts';
import type { HostChecks } from './checks.ts';
import type { HostPayloadSchemas } from './payload-schema.ts';
import type { ImagePlacement, Picture } from './picture.ts';
import type { ChatHeading } from './document.ts';

interface HostBase<TName extends string, TMessage> {
  /** The format name: `isomer_render`'s `format`, `POST /render/{name}`. Lower-case letters only. */
  readonly name: TName;
  /** How people name the host, as in "the Microsoft Teams payload". */
  readonly title: string;
  /** The OpenAPI operation is `render<operation>`. */
  readonly operation: string;
  readonly mimeType: string;
  /** The limits the host publishes, in the units it counts (each with its source, in `limits.ts`). */
  readonly limits: Readonly<Record<string, number>>;
  /** Puts a stored picture of the composition in the message (`?image=above|only`); absent when the host takes none. */
  picture?(message: TMessage, picture: Picture, placement: ImagePlacement): TMessage;
  /**
   * A deck's payload from each slide's finished message, in order (a picture already put in by
   * `picture`): the messages to send, in order, as few as the host's limits allow, every slide
   * whole where a message cap allows and named in a note where it does not (`deck.ts` packs them).
   */
  deck(messages: readonly TMessage[]): unknown;
  readonly payload: HostPayloadSchemas;
  /** Loads the host's public checks (`checks.ts`: its documented rules as code, see {@link defineHost}); a Worker never calls it. */
  checks(): Promise<HostChecks>;
}

/** A host whose message is converted from the content tree every primitive's Markdown renderer draws. */
export interface MarkdownHost<TName extends string = string, TMessage = unknown> extends HostBase<TName, TMessage> {
  readonly from: 'markdown';
  convert(blocks: MarkdownBlock[], heading: ChatHeading): TMessage;
}

/** A host the runtime draws as a surface of its own, from per-primitive renderers (Slack's Block Kit). */
export interface SurfaceHost<TName extends string = string, TMessage = unknown> extends HostBase<TName, TMessage> {
  readonly from: 'surface';
}

export type ChatHost<TName extends string = string, TMessage = unknown> =
  | MarkdownHost<TName, TMessage>
  | SurfaceHost<TName, TMessage>;

/**
 * Declares a chat host: checks its name once, so a bad one fails where it is written.
 *
 * A host's `checks` are public (`HostChecks`, exported by `isomer-edge/chat`): its rules as code —
 * the limits it publishes as it counts them, the mention syntax it would resolve, the links it
 * would open — written from the host's documentation, never from its converter. The chat sweeps,
 * the link and mention tests and the pack conformance kit read every host's payloads through
 * them, and a pack or host author can run them on their own payloads. They load on demand
 * (`() => import('./checks.ts')`), so a Worker never evaluates them.
 * @example
 * ```ts
 * import { defineHost, type HostChecks } from 'isomer-edge/chat';
 *
 * declare const plainChecks: HostChecks; // the checks of its checks.ts, written from the host's rules
 * const plainHost = defineHost({
 *   name: 'plain',
 *   title: 'Plain chat',
 *   operation: 'Plain',
 *   mimeType: 'application/vnd.example.plain+json',
 *   limits: { messageChars: 4000 },
 *   from: 'markdown',
 *   convert: (blocks) => ({ text: `${blocks.length} blocks` }),
 *   deck: (messages) => ({ messages }), // each slide a message of its own
 *   payload: { root: 'PlainMessage', schemas: () => ({ PlainMessage: { type: 'object' } }) },
 *   checks: async () => plainChecks, // in a host's folder: () => import('./checks.ts')
 * });
 * ```
 */
export function defineHost<const THost extends ChatHost>(host: THost): THost {
  if (!/^[a-z][a-z0-9]*$/.test(host.name))
    throw new Error(`isomer-edge: host name "${host.name}" must be lower-case letters and digits`);
  return host;
}
