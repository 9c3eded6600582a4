/**
 * A page's picture for the PDF writer, from the image engine's PNG: grey, RGB and palette PNGs go
 * into the PDF byte for byte (lossless, no pixel touched in JavaScript); only a PNG with an alpha
 * channel or interlacing is drawn again as raw pixels, flattened onto white.
 */
import { deflate } from './deflate.ts';
import { readPng, type PngParts } from './png.ts';

/** An image XObject: its dictionary entries (without `/Length`) and its encoded bytes. */
export interface PdfImage {
  dictionary: string;
  data: Uint8Array;
}

const COLOURS_BY_TYPE: Record<number, { space: string; colours: number } | undefined> = {
  0: { space: '/DeviceGray', colours: 1 },
  2: { space: '/DeviceRGB', colours: 3 },
};

/**
 * A page picture from takumi's PNG. PNG's IDAT stream is already what PDF's FlateDecode reads with
 * PNG predictors, so opaque grey, RGB and palette PNGs (takumi writes a palette whenever a slide
 * has at most 256 colours) go in byte for byte: lossless, and no pixel is touched in JavaScript.
 * Palette transparency is flattened onto white in the palette itself. PNGs with an alpha channel
 * or interlacing take the slow path: `rawRgba()` pixels flattened onto white and deflated.
 */
export async function pageImage(png: Uint8Array, rawRgba: () => Uint8Array): Promise<PdfImage> {
  const parts = readPng(png);
  const direct =
    !parts.interlaced &&
    (parts.colorType === 3 ? parts.palette !== undefined : COLOURS_BY_TYPE[parts.colorType] !== undefined);
  if (!direct) return flattenedImage(parts.width, parts.height, rawRgba());
  const colours = parts.colorType === 3 ? 1 : COLOURS_BY_TYPE[parts.colorType]!.colours;
  const space = parts.colorType === 3 ? indexedSpace(parts) : COLOURS_BY_TYPE[parts.colorType]!.space;
  return {
    dictionary:
      `/Type /XObject /Subtype /Image /Width ${parts.width} /Height ${parts.height} /ColorSpace ` +
      `${space} /BitsPerComponent ${parts.bitDepth} /Filter /FlateDecode /DecodeParms << /Predictor ` +
      `15 /Colors ${colours} /BitsPerComponent ${parts.bitDepth} /Columns ${parts.width} >>`,
    data: parts.data,
  };
}

function indexedSpace(parts: PngParts): string {
  const palette = parts.palette!;
  const entries = Math.floor(palette.length / 3);
  let hex = '';
  for (let i = 0; i < entries; i++) {
    const alpha = parts.paletteAlpha?.[i] ?? 255;
    for (let k = 0; k < 3; k++)
      hex += overWhite(palette[i * 3 + k]!, alpha)
        .toString(16)
        .padStart(2, '0');
  }
  return `[/Indexed /DeviceRGB ${entries - 1} <${hex}>]`;
}

function overWhite(value: number, alpha: number): number {
  return alpha === 255 ? value : Math.round((value * alpha + 255 * (255 - alpha)) / 255);
}

async function flattenedImage(width: number, height: number, rgba: Uint8Array): Promise<PdfImage> {
  const rgb = new Uint8Array(width * height * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
    const alpha = rgba[from + 3]!;
    rgb[to] = overWhite(rgba[from]!, alpha);
    rgb[to + 1] = overWhite(rgba[from + 1]!, alpha);
    rgb[to + 2] = overWhite(rgba[from + 2]!, alpha);
  }
  return {
    dictionary:
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} ` +
      `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
    data: await deflate(rgb),
  };
}
