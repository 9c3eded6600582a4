import type { AnyPrimitiveDefinition } from '../../../sdk/primitive.ts';
import { slideAnnotatedRender } from './slide-annotated-render.ts';
import { slideCode } from './slide-code.ts';
import { slideCommand } from './slide-command.ts';
import { slideDiff } from './slide-diff.ts';
import { slideRender } from './slide-render.ts';
import { slideRenderGrid } from './slide-render-grid.ts';
import { slideTranscript } from './slide-transcript.ts';

/** Code (code, diff, command, transcript) and renders of other slides. */
export const CODE_AND_RENDER_PRIMITIVES: readonly AnyPrimitiveDefinition[] = [
  slideCode,
  slideDiff,
  slideCommand,
  slideTranscript,
  slideRender,
  slideAnnotatedRender,
  slideRenderGrid,
];
