/**
 * The frames a runtime draws in: the packs' own and the host's, and which of them a composition
 * uses. Compositions never name a frame; each top-level node is drawn in its pack's frame.
 */
import type { PrimitiveNode } from '../model/composition.ts';
import { IsomerError } from '../model/errors.ts';
import type { DeckFinding, Frame, FrameComposition } from '../model/frame.ts';
import type { PrimitivePack } from '../model/pack.ts';

export interface RuntimeFrames {
  readonly frames: ReadonlyMap<string, Frame<unknown>>;
  /** Where a node whose pack has no frame is drawn, and an empty body. */
  readonly defaultFrame: string;
  /**
   * The frames a body uses, once each in body order: each top-level node's pack frame, or the
   * default frame for a node whose pack carries none. An empty body uses the default frame.
   */
  framesFor(body: readonly PrimitiveNode[]): readonly string[];
  /** The body rules of every frame the body uses, as messages (a body rule for `createIsomerTools`). */
  validateBody(body: readonly PrimitiveNode[]): readonly string[];
  /** The deck rules of every frame a deck's slides use, each frame's once over the whole deck. */
  validateDeck(deck: readonly FrameComposition[]): readonly DeckFinding[];
}

/**
 * The packs' frames, then the host's `frames` (a host frame under a pack frame's name replaces it).
 * Without `defaultFrame`, the default is the only frame, else the first pack's that carries one.
 */
export function resolveFrames(
  packs: readonly PrimitivePack[],
  hostFrames: Record<string, Frame<unknown>> | undefined,
  defaultFrame: string | undefined,
): RuntimeFrames | undefined {
  if (hostFrames !== undefined && Object.keys(hostFrames).length === 0)
    throw new IsomerError('EMPTY_FRAMES', 'runtime: frames is empty; omit it or register at least one frame');
  const frames = new Map<string, Frame<unknown>>();
  const frameOfType = new Map<string, string>();
  for (const pack of packs) {
    if (!pack.frame) continue;
    const { name, frame } = pack.frame;
    const known = frames.get(name);
    if (known !== undefined && known !== frame)
      throw new IsomerError(
        'AMBIGUOUS_FRAME',
        `runtime: pack "${pack.id}" brings another frame named "${name}"; name the frames apart`,
      );
    frames.set(name, frame);
    for (const type of pack.types) frameOfType.set(type, name);
  }
  for (const [name, frame] of Object.entries(hostFrames ?? {})) frames.set(name, frame);
  if (frames.size === 0) {
    if (defaultFrame !== undefined)
      throw new IsomerError('UNKNOWN_FRAME', `runtime: defaultFrame "${defaultFrame}" given without frames`);
    return undefined;
  }
  const fallback =
    defaultFrame ?? (frames.size === 1 ? frames.keys().next().value! : packs.find((p) => p.frame)?.frame?.name);
  if (fallback === undefined)
    throw new IsomerError('AMBIGUOUS_FRAME', `runtime: ${frames.size} frames registered; name one as defaultFrame`);
  if (!frames.has(fallback))
    throw new IsomerError(
      'UNKNOWN_FRAME',
      `runtime: defaultFrame "${fallback}" is not among the frames (${[...frames.keys()].join(', ')})`,
    );
  const framesFor = (body: readonly PrimitiveNode[]): readonly string[] => {
    if (body.length === 0) return [fallback];
    const used = new Set<string>();
    for (const node of body) used.add(frameOfType.get(node.type) ?? fallback);
    return [...used];
  };
  return {
    frames,
    defaultFrame: fallback,
    framesFor,
    validateBody: (body) => framesFor(body).flatMap((name) => frames.get(name)!.validateBody?.(body) ?? []),
    validateDeck: (deck) => {
      const uses = deck.map((composition) => framesFor(composition.body).join(', '));
      // A deck is one document: a slide in another frame than the first is drawn to another canvas.
      const findings: DeckFinding[] = [];
      uses.forEach((use, slide) => {
        if (use !== uses[0])
          findings.push({
            slide,
            path: '',
            message: `is drawn in the ${use} frame, slide 1 in the ${uses[0]} frame: keep a deck's slides in one frame`,
          });
      });
      const used = new Set(deck.flatMap((composition) => framesFor(composition.body)));
      return [...findings, ...[...used].flatMap((name) => frames.get(name)!.validateDeck?.(deck) ?? [])];
    },
  };
}
