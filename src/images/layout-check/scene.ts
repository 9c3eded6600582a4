/**
 * What the layout check reads and writes: the measured slide as every detector sees it (a
 * {@link LayoutScene}), the frame's limits, and the findings. Apart from the detectors so the
 * capacity check and the check itself name these types without importing every detector.
 */
import type { FrameLayout } from '../../core/model/frame.ts';
import type { Field } from './fields.ts';
import type { LaidOut } from './tree.ts';

export type LayoutFindingKind =
  | 'overflow'
  | 'clipped'
  | 'outside-content'
  | 'outside-canvas'
  | 'overlap'
  | 'too-small'
  | 'broken-word'
  | 'narrow'
  | 'too-much'
  | 'missing-glyph';

export interface LayoutFinding {
  /** Composition path of the node (or the node's field) the finding is about, e.g. `body[0].children[1].items[3]`. */
  path: string;
  /** The innermost primitive type on that path (so `formatValidationError` prints `<path> (in <type>) <message>`). */
  nodeType: string;
  kind: LayoutFindingKind;
  /** What is wrong, by how much, and what to do. */
  message: string;
}

export interface Limits {
  width: number;
  height: number;
  content?: FrameLayout['content'];
  minFontSize?: number;
  /** A run's height per pixel of font size, at most (see `lineRatio`). */
  lineRatio: number;
}

/** Where a finding about an element goes: its node, and the node's field when one matches its text. */
export interface Place {
  path: string;
  type: string;
  field?: Field;
}

/** The measured slide as every detector reads it, and where they write. */
export interface LayoutScene {
  elements: readonly LaidOut[];
  /** Unscaled elements inside the body's nodes: what a person reads. */
  readable: readonly LaidOut[];
  limits: Limits;
  at(element: LaidOut): Place;
  /** Elements a finding is about already: later detectors leave them (and their consequences) alone. */
  reported: Set<LaidOut>;
  /** Text a clipping box around it hides: reported as such, not again as past the slide's area. */
  hidden: Set<LaidOut>;
  findings: LayoutFinding[];
}

export type LayoutDetector = (scene: LayoutScene) => void;
