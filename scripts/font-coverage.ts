/**
 * The code points a WOFF2 font file really draws, read from its `cmap` table at build time (Node's
 * Brotli decodes the file), so coverage is measured from the fonts rather than guessed from a
 * unicode-range. Used by the font build (`scripts/font-files.ts`) and by the test that keeps the
 * bundled faces' coverage (`src/images/fonts/bundled-coverage.ts`) true to the files.
 */
import { brotliDecompressSync } from 'node:zlib';
import type { CodePointRange } from '../src/images/fonts/fonts.ts';

// WOFF2 known-table index of `cmap`, and of `glyf`/`loca`, whose version-0 transform carries a transformLength.
const CMAP = 0;
const GLYF = 10;
const LOCA = 11;

/** The code points the font maps to a glyph other than .notdef, as sorted inclusive ranges. */
export function woff2Coverage(file: Uint8Array): CodePointRange[] {
  return cmapCoverage(woff2Table(file, CMAP));
}

/** One table's bytes out of a WOFF2 file (untransformed tables only: cmap is never transformed). */
function woff2Table(file: Uint8Array, wanted: number): DataView {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (view.getUint32(0) !== 0x774f4632) throw new Error('not a WOFF2 file');
  const numTables = view.getUint16(12);
  const compressedSize = view.getUint32(20);
  let at = 48;
  const readBase128 = (): number => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = view.getUint8(at++);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad UIntBase128');
  };
  let offset = 0;
  let found: { offset: number; length: number } | undefined;
  for (let i = 0; i < numTables; i++) {
    const flags = view.getUint8(at++);
    const tag = flags & 0x3f;
    const version = flags >> 6;
    if (tag === 63) at += 4;
    const origLength = readBase128();
    const transformed = tag === GLYF || tag === LOCA ? version === 0 : version !== 0;
    const length = transformed ? readBase128() : origLength;
    if (tag === wanted && !found) found = { offset, length };
    offset += length;
  }
  if (!found) throw new Error(`table ${wanted} not in the font`);
  const tables = brotliDecompressSync(file.subarray(at, at + compressedSize));
  return new DataView(tables.buffer, tables.byteOffset + found.offset, found.length);
}

/** Coverage from a cmap table: the best Unicode subtable (format 12 if any, else format 4). */
function cmapCoverage(cmap: DataView): CodePointRange[] {
  const count = cmap.getUint16(2);
  let format4: number | undefined;
  for (let i = 0; i < count; i++) {
    const platform = cmap.getUint16(4 + i * 8);
    const encoding = cmap.getUint16(6 + i * 8);
    const offset = cmap.getUint32(8 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = cmap.getUint16(offset);
    if (format === 12) return merge(format12(cmap, offset));
    if (format === 4) format4 ??= offset;
  }
  if (format4 === undefined) throw new Error('no Unicode cmap subtable');
  return merge(format4Ranges(cmap, format4));
}

function format12(cmap: DataView, offset: number): CodePointRange[] {
  const groups = cmap.getUint32(offset + 12);
  const out: CodePointRange[] = [];
  for (let i = 0; i < groups; i++) {
    const at = offset + 16 + i * 12;
    const first = cmap.getUint32(at);
    const last = cmap.getUint32(at + 4);
    const glyph = cmap.getUint32(at + 8);
    // A group starting at glyph 0 maps its first code point to .notdef.
    if (glyph === 0 && first === last) continue;
    out.push([glyph === 0 ? first + 1 : first, last]);
  }
  return out;
}

function format4Ranges(cmap: DataView, offset: number): CodePointRange[] {
  const segments = cmap.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const out: CodePointRange[] = [];
  for (let s = 0; s < segments; s++) {
    const first = cmap.getUint16(starts + s * 2);
    const last = cmap.getUint16(ends + s * 2);
    const delta = cmap.getInt16(deltas + s * 2);
    const rangeOffset = cmap.getUint16(rangeOffsets + s * 2);
    for (let point = first; point <= last && point !== 0xffff; point++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (point + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (point - first) * 2;
        glyph = at + 2 <= cmap.byteLength ? cmap.getUint16(at) : 0;
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) out.push([point, point]);
    }
  }
  return out;
}

/** Sorted, merged ranges (adjacent ones joined). */
export function merge(ranges: readonly CodePointRange[]): CodePointRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [first, last] of sorted) {
    const previous = out[out.length - 1];
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else out.push([first, last]);
  }
  return out;
}

/** The code points in both range lists. */
export function intersect(a: readonly CodePointRange[], b: readonly CodePointRange[]): CodePointRange[] {
  const out: CodePointRange[] = [];
  let i = 0;
  let j = 0;
  const left = merge(a);
  const right = merge(b);
  while (i < left.length && j < right.length) {
    const first = Math.max(left[i]![0], right[j]![0]);
    const last = Math.min(left[i]![1], right[j]![1]);
    if (first <= last) out.push([first, last]);
    if (left[i]![1] < right[j]![1]) i++;
    else j++;
  }
  return out;
}
