import type { AnyPrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideBars } from './slide-bars.ts';
import { slideDelta } from './slide-delta.ts';
import { slideMatrix } from './slide-matrix.ts';
import { slideStat } from './slide-stat.ts';
import { slideStats } from './slide-stats.ts';
import { slideTable } from './slide-table.ts';

/** Data: stat, stats, delta, bars, matrix, table. */
export const DATA_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  slideStat,
  slideStats,
  slideDelta,
  slideBars,
  slideMatrix,
  slideTable,
];
