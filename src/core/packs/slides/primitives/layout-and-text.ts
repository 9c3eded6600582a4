import type { AnyPrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideBulletList } from './slide-bullet-list.ts';
import { slideColumns } from './slide-columns.ts';
import { slideDefinitions } from './slide-definitions.ts';
import { slideList } from './slide-list.ts';
import { slideRoadmap } from './slide-roadmap.ts';
import { slideSplit } from './slide-split.ts';
import { slideStack } from './slide-stack.ts';
import { slideWindow } from './slide-window.ts';

/** Layout (split, stack, window) and text (lists, definitions, columns, roadmap). */
export const LAYOUT_AND_TEXT_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  slideSplit,
  slideStack,
  slideWindow,
  slideList,
  slideBulletList,
  slideDefinitions,
  slideColumns,
  slideRoadmap,
];
