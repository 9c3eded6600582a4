import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledCoverageModule, bundledFontPaths, scriptFontFiles } from '../../scripts/font-files.ts';
import { woff2Coverage } from '../../scripts/font-coverage.ts';
import { BUNDLED_COVERAGE } from '../../src/images/fonts/bundled-coverage.ts';
import { contains, decodeRanges } from '../../src/images/fonts/script-fonts.ts';

describe('font coverage, read from the files', () => {
  it('keeps src/images/fonts/bundled-coverage.ts true to the bundled files', () => {
    const written = readFileSync(new URL('../../src/images/fonts/bundled-coverage.ts', import.meta.url), 'utf8');
    expect(written, 'run: node --experimental-strip-types scripts/font-files.ts --bundled').toBe(
      bundledCoverageModule(),
    );
    expect(bundledFontPaths().length).toBe(21);
  });

  it('reads a cmap: Inter draws ASCII and é, not ideographs; DejaVu draws Greek, Cyrillic and arrows', () => {
    const [inter] = bundledFontPaths().filter((path) => path.endsWith('inter-latin-400-normal.woff2'));
    const interRanges = woff2Coverage(readFileSync(inter!));
    expect(contains(interRanges, 0x41)).toBe(true);
    expect(contains(interRanges, 0xe9)).toBe(true);
    expect(contains(interRanges, 0x5b57)).toBe(false);
    const bundled = decodeRanges(BUNDLED_COVERAGE);
    for (const char of ['Ω', 'Ж', '→', '✓', 'ש']) expect(contains(bundled, char.codePointAt(0)!), char).toBe(true);
    for (const char of ['字', 'あ', '한', 'ก', 'क', '🚀'])
      expect(contains(bundled, char.codePointAt(0)!), char).toBe(false);
  });

  it('gives the emoji face emoji only: text symbols the bundled faces draw stay text', () => {
    const emoji = scriptFontFiles(decodeRanges(BUNDLED_COVERAGE)).find((file) => file.family === 'Twemoji')!;
    for (const char of ['🚀', '👍', '🏽', '\u200D', '🇯', '☕'])
      expect(contains(emoji.ranges, char.codePointAt(0)!), char).toBe(true);
    for (const char of ['✓', '↔', '☀', 'A']) expect(contains(emoji.ranges, char.codePointAt(0)!), char).toBe(false);
  });
});
