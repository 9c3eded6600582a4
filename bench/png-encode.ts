/**
 * A PNG encoder for the benchmark only (issue 37): it writes takumi's RGBA pixels as takumi's own
 * encoder would choose (an 8-bit palette when the picture has at most 256 colours, else RGB or
 * RGBA), with a deflate of the caller's choice, so `bench/png-encoders.ts` can weigh the encoding's
 * CPU against its bytes. Decoded, its pixels are the engine's exactly. Not shipped: see
 * docs/decisions.md, "Images", for why the formats keep takumi's encoder.
 */
import { deflate } from '../src/images/pdf/deflate.ts';

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** A palette PNG holds at most this many colours. */
const PALETTE_COLOURS = 256;
/** Row filters (PNG's filter method 0). */
const FILTER_UP = 2;

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return crc;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, (crc32(out.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0);
  return out;
}

/** Pixels as a `Uint32Array`, one per pixel (copied only when the bytes are not 4-aligned). */
function pixelWords(rgba: Uint8Array): Uint32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
}

interface Palette {
  /** Each pixel's palette entry, a filter byte (none) ahead of each row. */
  rows: Uint8Array;
  /** The colours as read from memory (RGBA bytes in a little-endian word), in entry order. */
  colours: number[];
}

/**
 * The picture as palette entries, or undefined when it has more than 256 colours. A slide is mostly
 * runs of one colour: each run is looked up once and filled at once.
 */
function toPalette(words: Uint32Array, width: number, height: number): Palette | undefined {
  const entries = new Map<number, number>();
  const colours: number[] = [];
  const rows = new Uint8Array((width + 1) * height); // filter bytes stay 0 (none)
  for (let y = 0; y < height; y++) {
    const end = (y + 1) * width;
    const out = y * (width + 1) + 1 - y * width;
    for (let at = y * width; at < end; ) {
      const word = words[at]!;
      let run = at + 1;
      while (run < end && words[run] === word) run++;
      let entry = entries.get(word);
      if (entry === undefined) {
        if (colours.length === PALETTE_COLOURS) return undefined;
        entry = colours.length;
        entries.set(word, entry);
        colours.push(word);
      }
      rows.fill(entry, out + at, out + run);
      at = run;
    }
  }
  return { rows, colours };
}

/** Truecolour rows with the Up filter (each byte less the one above): cheap, and flat areas become zeros. */
function toTruecolour(rgba: Uint8Array, width: number, height: number, alpha: boolean): Uint8Array {
  const channels = alpha ? 4 : 3;
  const stride = width * channels;
  const rows = new Uint8Array((stride + 1) * height);
  const line = new Uint8Array(stride);
  const above = new Uint8Array(stride);
  for (let y = 0, at = 0, out = 0; y < height; y++) {
    for (let x = 0, i = 0; x < width; x++, at += 4) {
      line[i++] = rgba[at]!;
      line[i++] = rgba[at + 1]!;
      line[i++] = rgba[at + 2]!;
      if (alpha) line[i++] = rgba[at + 3]!;
    }
    rows[out++] = FILTER_UP;
    for (let i = 0; i < stride; i++) rows[out++] = (line[i]! - above[i]!) & 0xff;
    above.set(line);
  }
  return rows;
}

function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * A PNG of `width × height` RGBA pixels (row by row, 4 bytes each, as takumi's `raw` format gives
 * them). Fully opaque pictures carry no alpha channel; decoded, every pixel is the input's.
 * @example
 * ```ts
 * const png = await encodePng(engine.render(node, { ...size, css, format: 'raw' }), size.width, size.height);
 * ```
 */
export async function encodePng(
  rgba: Uint8Array,
  width: number,
  height: number,
  compress: (rows: Uint8Array) => Uint8Array | Promise<Uint8Array> = deflate,
): Promise<Uint8Array<ArrayBuffer>> {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width}×${height} RGBA pixels`);
  const palette = toPalette(pixelWords(rgba), width, height);
  const opaque = palette ? palette.colours.every((word) => word >>> 24 === 255) : isOpaque(rgba);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bits per sample
  header[9] = palette ? 3 : opaque ? 2 : 6; // palette, RGB, RGBA
  const chunks = [chunk('IHDR', header)];
  if (palette) {
    const { colours } = palette;
    const plte = new Uint8Array(colours.length * 3);
    const trns = new Uint8Array(colours.length);
    colours.forEach((word, i) => {
      plte[i * 3] = word & 0xff;
      plte[i * 3 + 1] = (word >>> 8) & 0xff;
      plte[i * 3 + 2] = (word >>> 16) & 0xff;
      trns[i] = word >>> 24;
    });
    chunks.push(chunk('PLTE', plte));
    if (!opaque) chunks.push(chunk('tRNS', trns));
  }
  const rows = palette ? palette.rows : toTruecolour(rgba, width, height, !opaque);
  chunks.push(chunk('IDAT', await compress(rows)), chunk('IEND', new Uint8Array(0)));
  const out = new Uint8Array(SIGNATURE.length + chunks.reduce((sum, part) => sum + part.length, 0));
  out.set(SIGNATURE);
  let at = SIGNATURE.length;
  for (const part of chunks) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
