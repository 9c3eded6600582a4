/**
 * Slot classes: the class a container puts on a slot much narrower than the slide (a title's
 * aside, 640 px; a split's pane, half the content width or less), or much shorter (a window's
 * body), so a primitive with a layout for that room (the fanout's vertical one, a diagram's window
 * step, the columns' two-by-two) switches to it in its own stylesheet, with no container naming
 * the primitives it holds.
 */
import { PREFIX } from '../style.ts';

/** On a slot at most about a third of the content width wide. */
export const NARROW_SLOT = `${PREFIX}-narrow`;

/** The width of the narrow slot a title's aside is: what a primitive sizes its narrow step for. */
export const NARROW_WIDTH = 640;

/**
 * On a slideSplit pane at most half the content width wide (both panes of an even split, the
 * narrower of the others): rules keyed `.${PANE_SLOT}>…` reach a node placed directly in the pane,
 * not one inside a render or window there, which has its own room.
 */
export const PANE_SLOT = `${PREFIX}-paned`;

/**
 * On a slideWindow's body, whose chrome takes height from the slide: a node placed directly in it
 * (rules keyed `.${WINDOW_SLOT}>…`, so a slide drawn in a render inside the window is not) lays
 * out in `WINDOW_ROOM` (parts/diagram.ts) where it has a window layout.
 */
export const WINDOW_SLOT = `${PREFIX}-windowed`;
