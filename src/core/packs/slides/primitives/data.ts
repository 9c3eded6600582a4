import type { PrimitiveDefinition } from '../../../sdk/primitive.ts';

/** Data: stat, stats, delta, bars, matrix, table. */
export const DATA_PRIMITIVES: readonly PrimitiveDefinition<any>[] = [];
