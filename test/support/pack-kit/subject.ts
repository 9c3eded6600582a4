/**
 * What the pack conformance kit is handed: a pack, the frame its compositions are drawn in (if any)
 * and how an example node sits in that frame. Everything here runs in workerd and in Node alike; the
 * Worker configuration (formats) is built in `served.ts`, which only workerd loads.
 */
import type { ChatHost } from '../../../src/core/chat-hosts/host.ts';
import {
  createIsomerRuntime,
  exampleNodes,
  type Frame,
  type IsomerRuntime,
  type PrimitiveNode,
  type PrimitivePack,
} from '../../../src/index.ts';

export interface PackKitSubject {
  pack: PrimitivePack;
  /**
   * The frame the pack's compositions are drawn in, when the pack does not carry it (or to draw
   * them in another); default the pack's own. With a frame the kit draws images and checks layout.
   */
  frame?: Frame<any>;
  /** An example node as a composition the frame accepts. Default: a view holding the node alone. */
  preview?: (node: PrimitiveNode) => Record<string, unknown>;
  /** The group titles the pack's guide index may use (its `groupOrder`), when it has a fixed list. */
  groupTitles?: readonly string[];
  /** The chat hosts the Worker serves (`WorkerOptions.hosts`); default the built-in ones. */
  hosts?: readonly ChatHost[];
}

/** One example as the kit draws it: named for test output, placed in the frame by `preview`. */
export interface PackKitCase {
  type: string;
  name: string;
  node: PrimitiveNode;
  composition: Record<string, unknown>;
}

/** The frame's name in the runtimes and Worker configurations the kit builds. */
export const KIT_FRAME = 'kit';

/** The frame the kit draws the pack in: the subject's, else the one the pack carries. */
export function kitFrame(subject: PackKitSubject): Frame<any> | undefined {
  return subject.frame ?? subject.pack.frame?.frame;
}

/**
 * The `frames` option that draws the pack in the subject's frame: none when the pack carries that
 * frame itself, else the frame under the pack frame's name (a host frame replaces it) or the kit's.
 */
export function kitFrames(subject: PackKitSubject): { frames?: Record<string, Frame<any>> } {
  const carried = subject.pack.frame;
  if (!subject.frame || subject.frame === carried?.frame) return {};
  return { frames: { [carried?.name ?? KIT_FRAME]: subject.frame } };
}

const runtimes = new WeakMap<PackKitSubject, IsomerRuntime>();

/** The pack alone in a runtime, with its frame when it has one (built once per subject). */
export function kitRuntime(subject: PackKitSubject): IsomerRuntime {
  let runtime = runtimes.get(subject);
  if (!runtime) {
    runtime = createIsomerRuntime({ packs: [subject.pack], ...kitFrames(subject) });
    runtimes.set(subject, runtime);
  }
  return runtime;
}

export function previewOf(subject: PackKitSubject, node: PrimitiveNode): Record<string, unknown> {
  return subject.preview ? subject.preview(node) : { type: 'view', title: `Example of ${node.type}`, body: [node] };
}

/**
 * Every catalog example of every primitive, the catalog's own `example` first when it is not one
 * of them (the describe tool prints it, so it must hold too).
 */
export function kitCases(subject: PackKitSubject): PackKitCase[] {
  return subject.pack.primitives.flatMap((definition) => {
    const examples = exampleNodes(definition) as PrimitiveNode[];
    const catalog = definition.catalog.example as PrimitiveNode;
    const own = examples.some((node) => JSON.stringify(node) === JSON.stringify(catalog)) ? [] : [catalog];
    return [
      ...own.map((node) => ({ name: `${definition.type} catalog example`, node })),
      ...examples.map((node, i) => ({ name: `${definition.type} example ${i + 1}`, node })),
    ].map(({ name, node }) => ({ type: definition.type, name, node, composition: previewOf(subject, node) }));
  });
}
