/**
 * The slides pack's deck rule: what a person paging through a deck would notice as a mistake — a
 * footer whose brand, link or mark changes between slides, a section number given to two sections,
 * two section dividers with one number. Advice only: the deck still draws.
 */
import type { DeckFinding, FrameComposition } from '../../core/model/frame.ts';

type FrameFields = { brand?: unknown; url?: unknown; logo?: unknown; section?: unknown; sectionNumber?: unknown };

/** The footer fields every slide of a deck shares, with the word a finding uses for each. */
const SHARED_FOOTER = [
  ['brand', 'brand'],
  ['url', 'link'],
  ['logo', 'mark setting'],
] as const;

/** The slide's `slideFrame`, when its body is the one frame the deck frame's body rule asks for. */
function frameOf(composition: FrameComposition): (FrameFields & { body?: unknown }) | undefined {
  const node = composition.body[0];
  return node?.type === 'slideFrame' ? (node as FrameFields & { body?: unknown }) : undefined;
}

/** The section divider in the frame's body, when the slide is one: its number and where it sits. */
function divider(frame: { body?: unknown }): { number: string; path: string } | undefined {
  if (!Array.isArray(frame.body)) return undefined;
  const index = frame.body.findIndex((node) => (node as { type?: unknown })?.type === 'slideSection');
  const number = index < 0 ? undefined : (frame.body[index] as { number?: unknown }).number;
  return typeof number === 'string' ? { number, path: `body[0].body[${index}].number` } : undefined;
}

/**
 * Findings across a deck's slides, each on the later slide of a pair (the first one sets the deck's
 * footer). Slides are named from 1 in messages, as a person counts them.
 * @example
 * ```ts
 * import { slideDeckRule } from 'isomer-edge/slides';
 *
 * declare const deck: { body: { type: string }[] }[];
 * for (const finding of slideDeckRule(deck)) console.log(finding.slide, finding.path, finding.message);
 * ```
 */
export function slideDeckRule(deck: readonly FrameComposition[]): DeckFinding[] {
  const findings: DeckFinding[] = [];
  const frames = deck.map(frameOf);
  const firstIndex = frames.findIndex((frame) => frame !== undefined);
  if (firstIndex < 0) return findings;
  const first = frames[firstIndex]!;
  // Section numbers: which section name each number first stood for, and which divider used it.
  const sectionOf = new Map<string, { name: unknown; slide: number }>();
  const dividerOf = new Map<string, number>();
  frames.forEach((frame, slide) => {
    if (!frame) return;
    if (slide !== firstIndex)
      for (const [field, word] of SHARED_FOOTER)
        if (frame[field] !== first[field])
          findings.push({
            slide,
            path: `body[0].${field}`,
            nodeType: 'slideFrame',
            message: `differs from slide ${firstIndex + 1}’s ${word}: give every slide of a deck the same ${word}`,
          });
    if (typeof frame.sectionNumber === 'string') {
      const known = sectionOf.get(frame.sectionNumber);
      if (!known) sectionOf.set(frame.sectionNumber, { name: frame.section, slide });
      else if (known.name !== frame.section)
        findings.push({
          slide,
          path: 'body[0].sectionNumber',
          nodeType: 'slideFrame',
          message: `names another section than slide ${known.slide + 1} with the same number: number each section once`,
        });
    }
    const opened = divider(frame);
    if (opened !== undefined) {
      const earlier = dividerOf.get(opened.number);
      if (earlier === undefined) dividerOf.set(opened.number, slide);
      else
        findings.push({
          slide,
          path: opened.path,
          nodeType: 'slideSection',
          message: `is the number slide ${earlier + 1}’s divider already opened: number each section once`,
        });
    }
  });
  return findings;
}
