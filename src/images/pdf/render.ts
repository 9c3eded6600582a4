/**
 * The PDF writer: drawn pages as one PDF, each the image engine's lossless picture of the page
 * under an invisible text layer, so it looks exactly like the PNG and its text can be selected,
 * searched and copied. The bytes are stable: no dates, and the file id is a digest.
 */
import { drawInTurn } from '../engine/draw-turn.ts';
import type { TakumiEngine } from '../engine/engine.ts';
import type { ImageDocument } from '../engine/markup.ts';
import { deflate } from './deflate.ts';
import { PdfWriter, textString } from './document.ts';
import { pageImage } from './page-image.ts';
import { CharacterCodes, num, textLayerOperators, type Matrix } from './text-layer.ts';
import { ASCENT, DESCENT, GLYPH_ADVANCE, glyphlessTrueType, toUnicodeCMap } from './text-layer-font.ts';

/** CSS px to PDF points: 96 px per inch, 72 pt per inch. */
export const POINTS_PER_PIXEL = 0.75;

export interface PdfPagesInput {
  pages: readonly ImageDocument[];
  /** Canvas size in CSS px; every page has it. */
  width: number;
  height: number;
}

export interface PdfWriteOptions {
  /** Document title (the Info dictionary; viewers show it instead of the file name). */
  title?: string;
  /** Picture pixels per canvas pixel; the page size does not change. Default 1. */
  imageScale?: number;
  /** Checked before each page is drawn: aborted, the call rejects with its reason and no document is made. */
  signal?: AbortSignal;
}

const FONT = 'F0';
const FONT_NAME = 'IsomerTextLayer';

/**
 * Each page is the engine's lossless picture of the slide, full bleed, under an invisible text
 * layer placed from the engine's measured text runs: the page looks exactly like the PNG, and its
 * text can be selected, searched and copied. Byte-stable: no dates, the id is a digest.
 */
export async function writePdf(
  engine: TakumiEngine,
  input: PdfPagesInput,
  options: PdfWriteOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = input;
  const scale = options.imageScale ?? 1;
  const pageWidth = width * POINTS_PER_PIXEL;
  const pageHeight = height * POINTS_PER_PIXEL;
  const toPage: Matrix = [POINTS_PER_PIXEL, 0, 0, -POINTS_PER_PIXEL, 0, pageHeight];
  const pixels = { width: Math.round(width * scale), height: Math.round(height * scale) };

  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const pageTree = pdf.reserve();
  // Reserved by the first page with text; a deck without text has no font at all.
  let font: number | undefined;
  const codes = new CharacterCodes();
  const kids: number[] = [];

  for (const page of input.pages) {
    // Each page is a synchronous draw; between them is where a caller that has gone stops the deck.
    // The page waits its turn among the isolate's draws and one turn of the event loop (the steps
    // between pages settle as microtasks, which no abort interrupts): a client that left is seen.
    options.signal?.throwIfAborted();
    const css = page.css;
    const png = await drawInTurn(options.signal, () =>
      engine.render(page.node, { ...pixels, css, devicePixelRatio: scale, format: 'png' }),
    );
    const picture = await pageImage(png, () =>
      engine.render(page.node, { ...pixels, css, devicePixelRatio: scale, format: 'raw' }),
    );
    const image = pdf.add(picture.dictionary, picture.data);
    const text = textLayerOperators(
      engine.measure(page.node, { width, height, css }),
      toPage,
      { width, height },
      codes,
      FONT,
    );
    const content = `q\n${num(pageWidth)} 0 0 ${num(pageHeight)} 0 0 cm\n/Im0 Do\nQ\n${text}`;
    const contents = pdf.add('/Filter /FlateDecode', await deflate(new TextEncoder().encode(content)));
    if (text) font ??= pdf.reserve();
    const fonts = text ? ` /Font << /${FONT} ${font} 0 R >>` : '';
    kids.push(
      pdf.add(
        `/Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${num(pageWidth)} ${num(pageHeight)}] ` +
          `/Resources << /XObject << /Im0 ${image} 0 R >>${fonts} >> /Contents ${contents} 0 R`,
      ),
    );
  }

  if (font !== undefined) {
    const file = glyphlessTrueType();
    const fontFile = pdf.add(`/Length1 ${file.length} /Filter /FlateDecode`, await deflate(file));
    const descriptor = pdf.add(
      `/Type /FontDescriptor /FontName /${FONT_NAME} /Flags 4 /FontBBox [0 ` +
        `${DESCENT} ${GLYPH_ADVANCE} ${ASCENT}] /ItalicAngle 0 /Ascent ${ASCENT} ` +
        `/Descent ${DESCENT} /CapHeight ${ASCENT} /StemV 80 /FontFile2 ${fontFile} 0 R`,
    );
    // Every code draws glyph 1, the blank one.
    const glyphMap = new Uint8Array(2 * (codes.characters.length + 1));
    for (let code = 1; code <= codes.characters.length; code++) glyphMap[code * 2 + 1] = 1;
    const cidToGid = pdf.add('/Filter /FlateDecode', await deflate(glyphMap));
    const cidFont = pdf.add(
      `/Type /Font /Subtype /CIDFontType2 /BaseFont /${FONT_NAME} /CIDSystemInfo ` +
        `<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ` +
        `${descriptor} 0 R /DW ${GLYPH_ADVANCE} /CIDToGIDMap ${cidToGid} 0 R`,
    );
    const toUnicode = pdf.add(
      '/Filter /FlateDecode',
      await deflate(new TextEncoder().encode(toUnicodeCMap(codes.characters))),
    );
    pdf.set(
      font,
      `/Type /Font /Subtype /Type0 /BaseFont /${FONT_NAME} /Encoding ` +
        `/Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R`,
    );
  }

  const title = options.title?.trim();
  const info = pdf.add(`/Producer (isomer-edge)${title ? ` /Title ${textString(title)}` : ''}`);
  pdf.set(pageTree, `/Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length}`);
  pdf.set(
    catalog,
    `/Type /Catalog /Pages ${pageTree} 0 R${title ? ' /ViewerPreferences << /DisplayDocTitle true >>' : ''}`,
  );
  return pdf.finish(`/Root ${catalog} 0 R /Info ${info} 0 R`);
}
