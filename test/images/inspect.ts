/** Readers for what the image formats write: just enough PNG, WebP, SVG and PDF to assert on. */

export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expectBytes(bytes, [137, 80, 78, 71, 13, 10, 26, 10], 'PNG signature');
  if (ascii(bytes, 12, 4) !== 'IHDR') throw new Error('PNG does not start with IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Canvas size from a simple-lossy (VP8), lossless (VP8L) or extended (VP8X) WebP. */
export function webpSize(bytes: Uint8Array): { width: number; height: number; chunk: string } {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') throw new Error('not a RIFF WEBP file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== bytes.length - 8) throw new Error('RIFF size does not match the file');
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) throw new Error('VP8L signature byte missing');
    const bits = view.getUint32(data + 1, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, chunk };
  }
  if (chunk === 'VP8 ') {
    expectBytes(bytes.subarray(data + 3), [0x9d, 0x01, 0x2a], 'VP8 start code');
    return { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff, chunk };
  }
  if (chunk === 'VP8X') {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { width: u24(data + 4) + 1, height: u24(data + 7) + 1, chunk };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

/** Checks that every tag closes in order (no DOM parser in workerd) and returns the root's attributes. */
export function svgRoot(svg: string): Record<string, string> {
  const open: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else if (!selfClosing) {
      open.push(name!);
    }
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`);
  const root = /^<svg\b([^>]*)>/.exec(svg.trimStart());
  if (!root) throw new Error('does not start with <svg>');
  return Object.fromEntries([...root[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** The SVG documents embedded as `data:image/svg+xml` images (how takumi keeps inline `<svg>`). */
export function embeddedSvgs(svg: string): string[] {
  return [...svg.matchAll(/href="data:image\/svg\+xml;base64,([^"]*)"/g)].map((m) =>
    new TextDecoder().decode(Uint8Array.from(atob(m[1]!), (c) => c.charCodeAt(0))),
  );
}

export interface PdfObject {
  id: number;
  dictionary: string;
  stream?: Uint8Array;
}

/** The objects of a PDF written by our writer, checking that the cross-reference table points at each. */
export function readPdf(bytes: Uint8Array): { header: string; objects: Map<number, PdfObject>; trailer: string } {
  const text = latin1(bytes);
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\n<< /g)) {
    const id = Number(match[1]);
    const start = match.index + match[0].length;
    const streamAt = text.indexOf(' >>\nstream\n', start);
    const end = text.indexOf('endobj', start);
    if (streamAt !== -1 && streamAt < end) {
      const dictionary = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)$/.exec(dictionary)?.[1]);
      const from = streamAt + ' >>\nstream\n'.length;
      objects.set(id, { id, dictionary, stream: bytes.subarray(from, from + length) });
    } else {
      objects.set(id, { id, dictionary: text.slice(start, text.lastIndexOf(' >>', end)) });
    }
  }
  const xref = /xref\n0 (\d+)\n([\s\S]*?)trailer\n<< ([\s\S]*?) >>\nstartxref\n(\d+)\n%%EOF\n$/.exec(text);
  if (!xref) throw new Error('no cross-reference table, trailer and %%EOF at the end');
  const entries = xref[2]!.split('\n').filter(Boolean);
  if (entries.length !== Number(xref[1])) throw new Error('xref entry count does not match its header');
  entries.slice(1).forEach((entry, i) => {
    if (entry.length !== 19) throw new Error(`xref entry ${i + 1} is not 20 bytes`);
    const offset = Number(entry.slice(0, 10));
    if (!text.startsWith(`${i + 1} 0 obj`, offset)) throw new Error(`xref entry ${i + 1} does not point at its object`);
  });
  if (!text.startsWith('xref', Number(xref[4]))) throw new Error('startxref does not point at the table');
  return { header: text.slice(0, 8), objects, trailer: xref[3]! };
}

export async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>);
  void writer.close();
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

export function reference(dictionary: string, key: string): number | undefined {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary);
  return match ? Number(match[1]) : undefined;
}

/**
 * The text a viewer would copy from each page: every `<codes> Tj` decoded through the font's
 * ToUnicode map, runs joined by spaces.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { objects } = readPdf(bytes);
  const unicode = new Map<string, string>();
  for (const object of objects.values()) {
    const toUnicode = reference(object.dictionary, 'ToUnicode');
    if (toUnicode === undefined) continue;
    const cmap = latin1(await inflate(objects.get(toUnicode)!.stream!));
    for (const [, code, utf16] of cmap.matchAll(/<([0-9A-F]{4})> <([0-9A-F]+)>/g)) {
      unicode.set(code!, String.fromCharCode(...utf16!.match(/.{4}/g)!.map((unit) => Number.parseInt(unit, 16))));
    }
  }
  const pages = [...objects.values()].filter((object) => /\/Type \/Page\b(?!s)/.test(object.dictionary));
  const texts: string[] = [];
  for (const page of pages) {
    const content = latin1(await inflate(objects.get(reference(page.dictionary, 'Contents')!)!.stream!));
    // A run that starts where the previous one ended, on the same baseline, continues its word.
    let text = '';
    let end: { x: number; y: number } | undefined;
    for (const [, size, scaling, a, , , , x, y, hex] of content.matchAll(
      /([\d.]+) Tf ([\d.]+) Tz ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm <([0-9A-F]*)> Tj/g,
    )) {
      const codes = hex!.match(/.{4}/g) ?? [];
      const start = { x: Number(x), y: Number(y) };
      const joined = end !== undefined && Math.abs(end.y - start.y) < 0.5 && Math.abs(end.x - start.x) < 0.5;
      text += (text && !joined ? ' ' : '') + codes.map((code) => unicode.get(code) ?? '\uFFFD').join('');
      end = { x: start.x + codes.length * 0.5 * Number(size) * (Number(scaling) / 100) * Number(a), y: start.y };
    }
    texts.push(text.replace(/\s+/g, ' ').trim());
  }
  return texts;
}

export function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let at = 0; at < bytes.length; at += 0x8000) out += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return out;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function expectBytes(bytes: Uint8Array, expected: readonly number[], what: string): void {
  if (expected.some((byte, i) => bytes[i] !== byte)) throw new Error(`${what} missing`);
}

/** A PNG's pixels as RGBA (8-bit RGB, RGBA or palette, not interlaced: what the engine writes). */
export async function decodePng(png: Uint8Array): Promise<{ width: number; height: number; rgba: Uint8Array }> {
  const { readPng } = await import('../../src/images/pdf/png.ts');
  const parts = readPng(png);
  if (parts.bitDepth !== 8 || parts.interlaced) throw new Error('decodePng: 8-bit, non-interlaced only');
  const channels = { 2: 3, 3: 1, 6: 4 }[parts.colorType as 2 | 3 | 6];
  if (!channels) throw new Error(`decodePng: colour type ${parts.colorType}`);
  const raw = await inflate(parts.data);
  const stride = parts.width * channels;
  const rows = new Uint8Array(parts.height * stride);
  for (let y = 0; y < parts.height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const above = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels]! : 0;
      const b = above[x]!;
      const c = x >= channels ? above[x - channels]! : 0;
      const predictor =
        filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
      out[x] = (line[x]! + predictor) & 0xff;
    }
  }
  const rgba = new Uint8Array(parts.width * parts.height * 4);
  for (let i = 0; i < parts.width * parts.height; i++) {
    if (channels === 1) {
      const index = rows[i]!;
      rgba.set(parts.palette!.subarray(index * 3, index * 3 + 3), i * 4);
      rgba[i * 4 + 3] = parts.paletteAlpha?.[index] ?? 255;
    } else {
      rgba.set(rows.subarray(i * channels, i * channels + 3), i * 4);
      rgba[i * 4 + 3] = channels === 4 ? rows[i * channels + 3]! : 255;
    }
  }
  return { width: parts.width, height: parts.height, rgba };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
