import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PrimitiveNode } from '../src/index.ts';
import { previewSlide } from '../test/support/preview-slide.ts';

export { previewSlide };

/** The shared fixtures, as compositions (single nodes wrapped in a preview slide). */
export function readFixtures(
  dir = resolve('../shared/fixtures/compositions'),
): { name: string; composition: Record<string, unknown> }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const value = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as Record<string, unknown>;
      return {
        name: file.replace('.json', ''),
        composition: value.type === 'view' ? value : previewSlide(value as PrimitiveNode),
      };
    });
}
