import type { PrimitiveDefinition } from '../../../sdk/primitive.ts';

/** Code (code, diff, command, transcript) and renders of other slides. */
export const CODE_AND_RENDER_PRIMITIVES: readonly PrimitiveDefinition<any>[] = [];
