import type { PrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideBulletList } from './slide-bullet-list.ts';

/** Layout (split, stack, window) and text (lists, definitions, columns, roadmap). */
export const LAYOUT_AND_TEXT_PRIMITIVES: readonly PrimitiveDefinition<any>[] = [slideBulletList];
