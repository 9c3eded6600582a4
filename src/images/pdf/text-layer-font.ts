/**
 * The font of the invisible text layer: a TrueType with no outlines. Text drawn with it in render
 * mode 3 paints nothing, but viewers can select, search and copy it; the ToUnicode map says which
 * character each code stands for. Every glyph is 500 units wide, so a run's horizontal scaling
 * can make its selection box match the picture underneath.
 */

/** Advance of every glyph, in 1/1000 em: the `/DW` of the CID font. */
export const GLYPH_ADVANCE = 500;
/** Above and below the baseline, in 1/1000 em: together one em, the height of a measured run. */
export const ASCENT = 800;
export const DESCENT = -200;

type Table = readonly [tag: string, bytes: Uint8Array];

class Bytes {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  at = 0;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16(value: number): this {
    this.view.setUint16(this.at, value & 0xffff);
    this.at += 2;
    return this;
  }
  u32(value: number): this {
    this.view.setUint32(this.at, value >>> 0);
    this.at += 4;
    return this;
  }
  zeros(count: number): this {
    this.at += count;
    return this;
  }
}

function table(size: number, write: (out: Bytes) => void): Uint8Array {
  const out = new Bytes(new Uint8Array(size));
  write(out);
  return out.bytes;
}

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

const GLYPHS = 2;

/** The font file: `.notdef` and one blank glyph, both `GLYPH_ADVANCE` wide. */
export function glyphlessTrueType(): Uint8Array {
  const head = table(54, (t) =>
    t
      .u32(0x00010000) // version 1.0
      .u32(0x00010000) // font revision
      .u32(0) // checksum adjustment, set below
      .u32(0x5f0f3cf5) // magic
      .u16(0b1011) // baseline at 0, left sidebearing at 0, integer scaling
      .u16(1000) // units per em
      .zeros(16) // created, modified
      .u16(0)
      .u16(DESCENT)
      .u16(GLYPH_ADVANCE)
      .u16(ASCENT) // bounding box
      .u16(0) // mac style
      .u16(8) // smallest readable size
      .u16(2) // direction hint
      .u16(0) // short loca offsets
      .u16(0),
  );
  const hhea = table(36, (t) =>
    t
      .u32(0x00010000)
      .u16(ASCENT)
      .u16(DESCENT)
      .u16(0) // line gap
      .u16(GLYPH_ADVANCE)
      .zeros(6) // min side bearings, max extent
      .u16(1) // caret slope rise
      .zeros(14) // caret run, offset, reserved, metric format
      .u16(GLYPHS),
  );
  const maxp = table(32, (t) => t.u32(0x00010000).u16(GLYPHS).zeros(8).u16(2).zeros(16));
  const hmtx = table(4 * GLYPHS, (t) => {
    for (let i = 0; i < GLYPHS; i++) t.u16(GLYPH_ADVANCE).u16(0);
  });
  const loca = new Uint8Array(2 * (GLYPHS + 1)); // every glyph empty
  const glyf = new Uint8Array(0);
  // One format-4 segment, the mandatory final 0xFFFF: no character maps to a glyph (PDF picks
  // glyphs by CID, never through this table).
  const cmap = table(36, (t) =>
    t
      .u16(0)
      .u16(1)
      .u16(3)
      .u16(1)
      .u32(12)
      .u16(4)
      .u16(24)
      .u16(0)
      .u16(2)
      .u16(2)
      .u16(0)
      .u16(0)
      .u16(0xffff)
      .u16(0)
      .u16(0xffff)
      .u16(1)
      .u16(0),
  );
  const post = table(32, (t) => t.u32(0x00030000).zeros(4).u16(-100).u16(50).zeros(20));
  return sfnt([
    ['cmap', cmap],
    ['glyf', glyf],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
    ['post', post],
  ]);
}

function sfnt(tables: readonly Table[]): Uint8Array {
  const directory = 12 + 16 * tables.length;
  const offsets: number[] = [];
  let size = directory;
  for (const [, bytes] of tables) {
    offsets.push(size);
    size += Math.ceil(bytes.length / 4) * 4;
  }
  const file = new Bytes(new Uint8Array(size));
  const power = 2 ** Math.floor(Math.log2(tables.length));
  file
    .u32(0x00010000)
    .u16(tables.length)
    .u16(power * 16)
    .u16(Math.log2(power))
    .u16(tables.length * 16 - power * 16);
  tables.forEach(([tag, bytes], i) => {
    for (let k = 0; k < 4; k++) file.bytes[file.at + k] = tag.charCodeAt(k);
    file.zeros(4).u32(checksum(bytes)).u32(offsets[i]!).u32(bytes.length);
    file.bytes.set(bytes, offsets[i]!);
  });
  const headAt = offsets[tables.findIndex(([tag]) => tag === 'head')]!;
  file.view.setUint32(headAt + 8, (0xb1b0afba - checksum(file.bytes)) >>> 0);
  return file.bytes;
}

/** A ToUnicode CMap: each two-byte code (CID) to the UTF-16 of the character it stands for. */
export function toUnicodeCMap(characters: readonly string[]): string {
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
  ];
  // At most 100 mappings per block.
  for (let start = 0; start < characters.length; start += 100) {
    const block = characters.slice(start, start + 100);
    lines.push(`${block.length} beginbfchar`);
    for (const [i, character] of block.entries()) lines.push(`<${hex4(start + i + 1)}> <${utf16Hex(character)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMapResource defineresource pop', 'end', 'end');
  return lines.join('\n');
}

export function hex4(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, '0');
}

/** UTF-16BE code units in hex, as PDF text strings and CMaps write them. */
export function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}
