/**
 * What every layout detector shares: the pixel tolerance, how a finding is written down, how far a
 * box passes a limit, and how many characters a field should be shortened to. Apart from the
 * detectors so each family of them (detectors.ts, clipping.ts) reads one source.
 */
import type { LayoutFindingKind, LayoutScene } from './scene.ts';
import type { LaidOut, Rect } from './tree.ts';

/** Pixels a box may pass a limit by before it counts: sub-pixel layout, rounding, glyph placement. */
export const TOLERANCE = 2;
/** Share of the measured room a suggested length keeps back, since words wrap whole. */
const WRAP_MARGIN = 0.9;

/** Adds a finding about an element, naming its field (or “its text”) in the message. */
export function report(
  scene: LayoutScene,
  element: LaidOut,
  kind: LayoutFindingKind,
  message: (name: string) => string,
): void {
  const where = scene.at(element);
  const name = where.field ? `\`${where.field.path}\`` : 'its text';
  scene.findings.push({ path: where.path, nodeType: where.type, kind, message: message(name) });
  scene.reported.add(element);
}

/** Characters that fill `lines` lines of the element at the width its runs have used. */
export function shorterToLines(element: LaidOut, lines: number): number {
  const used = element.runs.reduce((sum, { run }) => sum + run.width, 0);
  const perLine = used > 0 ? (element.text.length * element.width) / used : element.text.length;
  return Math.max(1, Math.min(element.text.length - 1, Math.floor(perLine * lines * WRAP_MARGIN)));
}

export function shorterBy(length: number, ratio: number): number {
  return Math.max(1, Math.min(length - 1, Math.floor(length * ratio * WRAP_MARGIN)));
}

/** How far a rectangle passes a limit, on its worst side. */
export function sides(rect: Rect, limit: Rect): { excess: number; side: string } {
  const all = [
    { side: 'bottom', excess: rect.bottom - limit.bottom },
    { side: 'right', excess: rect.right - limit.right },
    { side: 'left', excess: limit.left - rect.left },
    { side: 'top', excess: limit.top - rect.top },
  ];
  return all.reduce((worst, side) => (side.excess > worst.excess ? side : worst));
}

export function outside(rect: Rect, limit: Rect): number {
  return sides(rect, limit).excess;
}

export function px(value: number): string {
  return `${Math.round(value)} px`;
}
