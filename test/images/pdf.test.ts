import { describe, expect, it } from 'vitest';
import { takumiEngine } from '../../src/images/engine/engine.ts';
import { BUNDLED_FONTS } from '../../src/images/fonts/fonts.ts';
import { toImageDocument } from '../../src/images/engine/markup.ts';
import { PdfWriter, textString } from '../../src/images/pdf/document.ts';
import { pageImage } from '../../src/images/pdf/page-image.ts';
import { readPng } from '../../src/images/pdf/png.ts';
import { writePdf } from '../../src/images/pdf/render.ts';
import { CharacterCodes, multiply, num, textLayerOperators } from '../../src/images/pdf/text-layer.ts';
import { glyphlessTrueType, toUnicodeCMap } from '../../src/images/pdf/text-layer-font.ts';
import { inflate, latin1, pdfPageTexts, readPdf } from './inspect.ts';

const engine = takumiEngine(BUNDLED_FONTS);

function picture(html: string, width: number, height: number) {
  const { node, css } = toImageDocument(html, '');
  return {
    png: engine.render(node, { width, height, css, format: 'png' }),
    raw: () => engine.render(node, { width, height, css, format: 'raw' }),
  };
}

describe('PdfWriter', () => {
  it('writes objects, a cross-reference table that points at each, and a digest id', async () => {
    const pdf = new PdfWriter();
    const catalog = pdf.reserve();
    const stream = pdf.add('/Filter /FlateDecode', new Uint8Array([1, 2, 3]));
    pdf.set(catalog, `/Type /Catalog /Extra ${stream} 0 R`);
    const bytes = await pdf.finish(`/Root ${catalog} 0 R`);
    const { header, objects, trailer } = readPdf(bytes);
    expect(header).toBe('%PDF-1.7');
    expect(objects.get(1)!.dictionary).toBe('/Type /Catalog /Extra 2 0 R');
    expect([...objects.get(2)!.stream!]).toEqual([1, 2, 3]);
    expect(trailer).toMatch(/^\/Size 3 \/Root 1 0 R \/ID \[<([0-9a-f]{32})> <\1>\]$/);
    expect(await new PdfWriter().finish('/Root 1 0 R')).not.toEqual(bytes);
  });

  it('refuses to finish with a reserved object never written', async () => {
    const pdf = new PdfWriter();
    pdf.reserve();
    await expect(pdf.finish('/Root 1 0 R')).rejects.toThrow(/reserved but never written/);
  });

  it('writes text strings as UTF-16 hex, so any character is safe', () => {
    expect(textString('Ab')).toBe('<FEFF00410062>');
    expect(textString('(x) \\ 😀')).toBe('<FEFF0028007800290020005C0020D83DDE00>');
  });
});

describe('page pictures', () => {
  it('reuse a palette PNG’s image data byte for byte, as an indexed image', async () => {
    const { png, raw } = picture(
      '<div style="width:64px;height:32px;background:#0B64DD;color:#fff;font-size:20px">Hi</div>',
      64,
      32,
    );
    const parts = readPng(png);
    expect(parts.colorType).toBe(3);
    const image = await pageImage(png, raw);
    expect(image.data).toEqual(parts.data);
    expect(image.dictionary).toMatch(
      /^\/Type \/XObject \/Subtype \/Image \/Width 64 \/Height 32 \/ColorSpace \[\/Indexed \/DeviceRGB \d+ <[0-9a-f]+>\] \/BitsPerComponent 8 /,
    );
    expect(image.dictionary).toContain('/DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 64 >>');
  });

  it('reuse an RGB PNG (more than 256 colours) the same way', async () => {
    const { png, raw } = picture(
      '<div style="width:600px;height:4px;background:linear-gradient(90deg,#f00,#0f0,#00f,#fff)"></div>',
      600,
      4,
    );
    expect(readPng(png).colorType).toBe(2);
    const image = await pageImage(png, raw);
    expect(image.data).toEqual(readPng(png).data);
    expect(image.dictionary).toContain('/ColorSpace /DeviceRGB');
    expect(image.dictionary).toContain('/Colors 3');
  });

  it('flatten palette transparency onto white in the palette', async () => {
    const { png, raw } = picture('<div style="width:4px;height:4px;background:rgba(255,0,0,0.5)"></div>', 4, 4);
    expect(readPng(png).paletteAlpha).toBeDefined();
    expect((await pageImage(png, raw)).dictionary).toContain('[/Indexed /DeviceRGB 0 <ff7f7f>]');
  });

  it('decode an RGBA PNG only through the raw pixels, flattened onto white', async () => {
    const { png, raw } = picture(
      '<div style="width:300px;height:2px;background:linear-gradient(90deg,' +
        'rgba(255,0,0,0.2),rgba(0,0,255,0.9))"></div>',
      300,
      2,
    );
    expect(readPng(png).colorType).toBe(6);
    const image = await pageImage(png, raw);
    expect(image.dictionary).toBe(
      '/Type /XObject /Subtype /Image /Width 300 /Height 2 ' +
        '/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
    );
    const rgb = await inflate(image.data);
    expect(rgb.length).toBe(300 * 2 * 3);
    // The first pixel: red at 20% over white.
    expect([...rgb.subarray(0, 3)]).toEqual([255, 204, 204]);
  });

  it('reject what is not a PNG', async () => {
    await expect(pageImage(new Uint8Array(40), () => new Uint8Array())).rejects.toThrow(/not a PNG/);
  });
});

describe('the text layer', () => {
  it('composes matrices first-then-second and prints short numbers', () => {
    expect(multiply([2, 0, 0, 2, 10, 0], [1, 0, 0, -1, 0, 100])).toEqual([2, 0, 0, -2, 10, 100]);
    expect([num(0.1 + 0.2), num(-0.0001), num(1440), num(-2.5)]).toEqual(['0.3', '0', '1440', '-2.5']);
  });

  it('gives each character one code for the whole document', () => {
    const codes = new CharacterCodes();
    expect(codes.encode('abca')).toEqual({ hex: '0001000200030001', count: 4 });
    expect(codes.encode('😀b')).toEqual({ hex: '00040002', count: 2 });
    expect(codes.characters).toEqual(['a', 'b', 'c', '😀']);
  });

  it('places a run at its measured box: one em = the run height, scaled to its width', () => {
    const root = {
      width: 100,
      height: 50,
      transform: [1, 0, 0, 1, 0, 0],
      children: [
        {
          width: 80,
          height: 20,
          transform: [1, 0, 0, 1, 10, 5],
          children: [],
          runs: [{ text: 'Hi', x: 2, y: 3, width: 40, height: 20 }],
        },
      ],
      runs: [],
    };
    const ops = textLayerOperators(
      root as never,
      [0.75, 0, 0, -0.75, 0, 37.5],
      { width: 100, height: 50 },
      new CharacterCodes(),
      'F0',
    );
    // Baseline at y = 5 + 3 + 0.8 × 20 = 24 px; x = 12 px. 2 glyphs × 0.5 em × 20 px = 20 px wide → 200 %.
    expect(ops).toBe('BT\n3 Tr\n/F0 20 Tf 200 Tz 0.75 0 0 0.75 9 19.5 Tm <00010002> Tj\nET\n');
  });

  it('skips runs outside the canvas and is empty without text', () => {
    const run = (x: number) => ({
      width: 10,
      height: 10,
      transform: [1, 0, 0, 1, x, 0],
      children: [],
      runs: [{ text: 'x', x: 0, y: 0, width: 10, height: 10 }],
    });
    const root = { width: 100, height: 100, transform: [1, 0, 0, 1, 0, 0], children: [run(-50), run(200)], runs: [] };
    expect(
      textLayerOperators(root as never, [1, 0, 0, 1, 0, 0], { width: 100, height: 100 }, new CharacterCodes(), 'F0'),
    ).toBe('');
  });

  it('maps codes back to Unicode in blocks of at most 100', () => {
    const characters = Array.from({ length: 150 }, (_, i) => String.fromCharCode(0x4e00 + i));
    const cmap = toUnicodeCMap([...characters, '😀']);
    expect(cmap.match(/beginbfchar/g)).toHaveLength(2);
    expect(cmap).toContain('100 beginbfchar');
    expect(cmap).toContain('51 beginbfchar');
    expect(cmap).toContain('<0001> <4E00>');
    expect(cmap).toContain('<0097> <D83DDE00>');
  });
});

describe('the text layer font', () => {
  const font = glyphlessTrueType();
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = Array.from({ length: view.getUint16(4) }, (_, i) => ({
    tag: latin1(font.subarray(12 + i * 16, 16 + i * 16)),
    checksum: view.getUint32(16 + i * 16),
    offset: view.getUint32(20 + i * 16),
    length: view.getUint32(24 + i * 16),
  }));
  const sum = (from: number, length: number) => {
    let total = 0;
    for (let at = from; at < from + length; at += 4)
      total = (total + (at + 4 <= font.length ? view.getUint32(at) : 0)) >>> 0;
    return total;
  };

  it('is a TrueType file with sorted, aligned tables and right checksums', () => {
    expect(view.getUint32(0)).toBe(0x00010000);
    expect(tables.map((t) => t.tag)).toEqual(['cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'post']);
    for (const table of tables) {
      expect(table.offset % 4, table.tag).toBe(0);
      if (table.tag !== 'head')
        expect(sum(table.offset, Math.ceil(table.length / 4) * 4), table.tag).toBe(table.checksum);
    }
    // The whole file sums to the magic 0xB1B0AFBA once head's adjustment is in.
    expect(sum(0, font.length)).toBe(0xb1b0afba);
  });

  it('has two glyphs, both 500 units wide on a 1000-unit em', () => {
    const at = (tag: string) => tables.find((t) => t.tag === tag)!.offset;
    expect(view.getUint16(at('head') + 18)).toBe(1000);
    expect(view.getUint16(at('maxp') + 4)).toBe(2);
    expect(view.getUint16(at('hhea') + 34)).toBe(2);
    expect([view.getUint16(at('hmtx')), view.getUint16(at('hmtx') + 4)]).toEqual([500, 500]);
  });
});

describe('writePdf', () => {
  it('draws the page, lays its text over it, and reads back the same words', async () => {
    const page = toImageDocument(
      '<div style="display:flex;flex-direction:column;width:64px;height:32px;background:#fff;' +
        'font-family:Inter;font-size:12px"><span>Hello</span><span>→ world</span></div>',
      '',
    );
    const bytes = await writePdf(engine, { pages: [page, page], width: 64, height: 32 }, { title: 'Tiny' });
    const { objects } = readPdf(bytes);
    const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dictionary));
    expect(pages.map((p) => /\/MediaBox \[([^\]]*)\]/.exec(p.dictionary)?.[1])).toEqual(['0 0 48 24', '0 0 48 24']);
    expect(await pdfPageTexts(bytes)).toEqual(['Hello → world', 'Hello → world']);
    // One font, shared by both pages.
    expect([...objects.values()].filter((o) => o.dictionary.includes('/Subtype /Type0'))).toHaveLength(1);
  });

  it('writes no font for pages without text, and pictures at a higher resolution on request', async () => {
    const page = toImageDocument('<div style="width:64px;height:32px;background:#0B64DD"></div>', '');
    const { objects } = readPdf(await writePdf(engine, { pages: [page], width: 64, height: 32 }, { imageScale: 2 }));
    expect([...objects.values()].some((o) => o.dictionary.includes('/Font'))).toBe(false);
    expect([...objects.values()].find((o) => o.dictionary.includes('/Subtype /Image'))!.dictionary).toContain(
      '/Width 128 /Height 64',
    );
  });
});
