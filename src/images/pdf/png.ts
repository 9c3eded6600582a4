/** The parts of a PNG file a PDF image can reuse without decoding a pixel. */
export interface PngParts {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colorType: number;
  interlaced: boolean;
  /** RGB triples (colour type 3). */
  palette?: Uint8Array;
  /** Alpha per palette entry (colour type 3 `tRNS`). */
  paletteAlpha?: Uint8Array;
  /** The zlib stream of filtered scanlines, all IDAT chunks joined. */
  data: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Splits a PNG into its header, palette and image data; throws on anything that is not a PNG. */
export function readPng(png: Uint8Array): PngParts {
  if (png.length < 33 || SIGNATURE.some((byte, i) => png[i] !== byte)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const idat: Uint8Array[] = [];
  let header: Omit<PngParts, 'data'> | undefined;
  for (let at = 8; at + 8 <= png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(png[at + 4]!, png[at + 5]!, png[at + 6]!, png[at + 7]!);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: view.getUint32(at + 8),
        height: view.getUint32(at + 12),
        bitDepth: body[8]!,
        colorType: body[9]!,
        interlaced: body[12] === 1,
      };
    } else if (type === 'PLTE' && header) {
      header.palette = body;
    } else if (type === 'tRNS' && header?.colorType === 3) {
      header.paletteAlpha = body;
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  if (!header || idat.length === 0) throw new Error('PNG without a header or image data');
  return { ...header, data: idat.length === 1 ? idat[0]! : concat(idat) };
}

export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
