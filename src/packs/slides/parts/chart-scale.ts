/**
 * A value axis for charts: round tick steps (1, 2, 2.5 or 5 times a power of ten) over the data,
 * positions as a share of the axis, and tick labels short enough for an axis column.
 */

/** The ticks of an axis, bottom to top, and the domain they span. */
export interface ValueAxis {
  low: number;
  high: number;
  step: number;
  ticks: number[];
}

/** About this many steps between the lowest and highest tick. */
const TARGET_STEPS = 5;

function niceStep(span: number): number {
  const rough = span / TARGET_STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Decimals a tick needs to print its step exactly (0.25 → 2). */
function decimalsOf(step: number): number {
  for (let digits = 0; digits <= 15; digits++)
    if (Math.abs(Number(step.toFixed(digits)) - step) < step * 1e-9) return digits;
  return 15;
}

/**
 * The axis over some values. `fromZero` keeps zero inside the domain (columns are measured from it);
 * otherwise zero is kept only when the values reach down (or up) to within half their largest
 * magnitude, so a line of values that barely move is not flattened against an empty floor.
 * E.g. `valueAxis([12, 48, 31], { fromZero: true }).ticks` is `[0, 10, 20, 30, 40, 50]`.
 */
export function valueAxis(values: readonly number[], options: { fromZero: boolean }): ValueAxis {
  let min = Math.min(...values);
  let max = Math.max(...values);
  const keepZero = options.fromZero || (min >= 0 ? min <= max / 2 : max >= 0 || max >= min / 2);
  if (keepZero) {
    min = Math.min(0, min);
    max = Math.max(0, max);
  }
  // All values equal: all zero draws a zero-to-one axis; one flat line sits mid-axis.
  if (max === min && min === 0) max = 1;
  else if (max === min) {
    const pad = Math.abs(min) / 2;
    min -= pad;
    max += pad;
  }
  const step = niceStep(max - min);
  const digits = decimalsOf(step);
  const round = (value: number) => Number(value.toFixed(digits));
  const low = round(Math.floor(min / step + 1e-9) * step);
  const high = round(Math.ceil(max / step - 1e-9) * step);
  const count = Math.round((high - low) / step);
  const ticks = Array.from({ length: count + 1 }, (_, i) => round(low + i * step));
  return { low, high, step, ticks };
}

/**
 * Where a value sits on the axis, as a percentage from the bottom (clamped to the axis).
 * E.g. `axisShare(valueAxis([0, 50], { fromZero: true }), 25)` is `50`.
 */
export function axisShare(axis: ValueAxis, value: number): number {
  const share = ((value - axis.low) / (axis.high - axis.low)) * 100;
  return Math.min(100, Math.max(0, share));
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/**
 * A tick label: compact past ten thousand (`250K`, `1.5M`) so the axis column stays narrow however
 * large the values; otherwise plainly (`0.25`, `1,500`); never more decimals than the step has.
 * E.g. `tickLabel(valueAxis([0, 2_000_000], { fromZero: true }), 1_500_000)` is `'1.5M'`.
 */
export function tickLabel(axis: ValueAxis, value: number): string {
  const largest = Math.max(Math.abs(axis.low), Math.abs(axis.high));
  if (largest >= 10_000) return compact.format(value);
  const digits = decimalsOf(axis.step);
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
}
