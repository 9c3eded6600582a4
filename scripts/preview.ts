import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrimitiveNode } from '../src/index.ts';
import { previewSlide } from '../test/support/preview-slide.ts';

export { previewSlide };

/** The project's fixtures (test/fixtures/compositions), as compositions (single nodes wrapped in a preview slide). */
export function readFixtures(
  dir = fileURLToPath(new URL('../test/fixtures/compositions', import.meta.url)),
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
