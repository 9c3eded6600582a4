import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  assetFontFiles,
  createImageFormats,
  createLayoutCheck,
  createScriptFonts,
  decodeRanges,
  encodeRanges,
  type FontFiles,
  hanFamily,
  scriptFontsFor,
} from '../../src/images/index.ts';
import { BUNDLED_COVERAGE } from '../../src/images/fonts/bundled-coverage.ts';
import { registeredFaces } from '../../src/images/engine/engine.ts';
import { BUNDLED_FONTS } from '../../src/images/fonts/fonts.ts';
import { compositionText } from '../../src/images/layout-check/glyph-findings.ts';
import { EMOJI_SEQUENCES, SCRIPT_LINES } from '../support/scripts-corpus.ts';
import { slidesRuntime } from '../support/slides.ts';
import { decodePng } from './inspect.ts';

const snapshot = slidesRuntime.surfaces.snapshot!;
const bundled = decodeRanges(BUNDLED_COVERAGE);
const assets = () => (env as { ASSETS?: { fetch(input: string): Promise<Response> } }).ASSETS;

/** The Worker's own assets, with every file read counted (by name). */
function countedAssets(): { files: FontFiles; reads: string[] } {
  const inner = assetFontFiles(assets);
  const reads: string[] = [];
  return {
    reads,
    files: (file) => {
      reads.push(file);
      return inner(file);
    },
  };
}

function slide(body: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'view', title: 'Scripts', ...extra, body: [{ type: 'slideFrame', logo: false, body }] };
}

const list = (items: readonly string[]) => ({ type: 'slideBulletList', items });

describe('script fonts from the Worker’s assets', () => {
  it('serves the manifest and the files under /fonts/', async () => {
    const manifest = (await (await assets()!.fetch('https://assets.invalid/fonts/manifest.json')).json()) as {
      faces: { family: string; file: string }[];
    };
    const families = new Set(manifest.faces.map((face) => face.family));
    for (const family of ['Noto Sans JP', 'Noto Sans SC', 'Noto Sans TC', 'Noto Sans KR', 'Noto Sans Arabic']) {
      expect(families).toContain(family);
    }
    expect(families).toContain('Twemoji');
    const file = await assets()!.fetch(`https://assets.invalid/fonts/${manifest.faces[0]!.file}`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer()).subarray(0, 4)).toEqual(new TextEncoder().encode('wOF2'));
  });

  // Each script's twenty lines on one slide (five per list item, four items), every character drawn.
  for (const [script, { lang, lines }] of Object.entries(SCRIPT_LINES)) {
    it(`draws ${lines.length} lines of ${script} with no character missing`, async () => {
      const { files } = countedAssets();
      const fonts = createScriptFonts(files, bundled);
      const composition = slide([list(lines.slice(0, 6)), list(lines.slice(6, 12))], { lang });
      const text = lines.join('\n');
      const ready = await fonts.facesFor(text, lang);
      expect(ready.missing.map((point) => point.toString(16))).toEqual([]);
      const formats = createImageFormats({ snapshot, fontFiles: files, scale: 1 / 3 });
      const png = await formats.png.render(composition);
      expect(png.byteLength).toBeGreaterThan(1000);
      const check = createLayoutCheck({ snapshot, fontFiles: files });
      await check.prepare(composition);
      expect(check.check(composition).filter((finding) => finding.kind === 'missing-glyph')).toEqual([]);
    });
  }

  it(`draws ${EMOJI_SEQUENCES.length} emoji sequences in colour, none missing`, async () => {
    const { files } = countedAssets();
    const fonts = createScriptFonts(files, bundled);
    expect((await fonts.facesFor(EMOJI_SEQUENCES.join(' '))).missing).toEqual([]);
    const formats = createImageFormats({ snapshot, fontFiles: files, scale: 1 / 2 });
    const rows = [0, 10, 20, 30, 40, 50].map((start) => EMOJI_SEQUENCES.slice(start, start + 10).join(' '));
    const emoji = await decodePng(await formats.png.render(slide([list(rows)])));
    const latin = await decodePng(
      await formats.png.render(slide([list(rows.map(() => 'Refunds settle in two days'))])),
    );
    // The theme draws in greys and blues; warm, saturated pixels come from the emoji alone.
    expect(warmPixels(latin)).toBe(0);
    expect(warmPixels(emoji)).toBeGreaterThan(2000);
  });

  it('fetches nothing for a Latin slide, not even the manifest', async () => {
    const { files, reads } = countedAssets();
    const formats = createImageFormats({ snapshot, fontFiles: files, scale: 1 / 3 });
    await formats.png.render(slide([list(['Refunds settle in two days → faster', 'Café, naïve, Œuvre, ≤ 5 ms ✓'])]));
    expect(reads).toEqual([]);
  });

  it('fetches only the files a Japanese slide’s characters are in, once per isolate', async () => {
    const { files, reads } = countedAssets();
    const formats = createImageFormats({ snapshot, fontFiles: files, scale: 1 / 3 });
    const composition = slide([{ type: 'slideHeading', title: '第3四半期の売上' }]);
    await formats.png.render(composition);
    const first = [...reads];
    expect(first[0]).toBe('manifest.json');
    expect(first.length).toBeGreaterThan(1);
    expect(first.slice(1).every((file) => file.startsWith('noto-sans-jp-'))).toBe(true);
    await formats.png.render(composition);
    expect(reads).toEqual(first);
    // Registered once, in the engine every image shares.
    const registered = registeredFaces(BUNDLED_FONTS).filter((face) => face.family === 'Noto Sans JP');
    expect(registered.length).toBeGreaterThanOrEqual(first.length - 1);
  });

  it('tries a failed file again on the next image, never remembering it as missing', async () => {
    const inner = assetFontFiles(assets);
    let failing = true;
    const reads: string[] = [];
    const flaky: FontFiles = async (file) => {
      reads.push(file);
      if (failing) throw new Error('connection reset');
      return inner(file);
    };
    const fonts = createScriptFonts(flaky, bundled);
    const first = await fonts.facesFor('한국어');
    expect(first.faces).toEqual([]);
    expect(first.missing.length).toBeGreaterThan(0);
    failing = false;
    const second = await fonts.facesFor('한국어');
    expect(second.missing).toEqual([]);
    expect(new Set(second.faces.map((face) => face.family))).toEqual(new Set(['Noto Sans KR']));
    // The manifest and each file were asked for again, not remembered as missing.
    expect(reads.filter((file) => file === 'manifest.json')).toHaveLength(2);
    const third = await fonts.facesFor('한국어');
    expect(third.faces).toEqual(second.faces);
    expect(reads.filter((file) => file === 'manifest.json')).toHaveLength(2);
  });

  it('without font files, names what the bundled faces cannot draw as a layout finding on its field', async () => {
    const check = createLayoutCheck({ snapshot, fontFiles: async () => undefined });
    const composition = slide([{ type: 'slideHeading', title: '第3四半期の売上', lede: 'Revenue grew 12%' }]);
    await check.prepare(composition);
    const findings = check.check(composition).filter((finding) => finding.kind === 'missing-glyph');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ path: 'body[0].body[0].title', nodeType: 'slideHeading' });
    expect(findings[0]!.message).toContain('U+7B2C');
  });

  it('names a private-use character even with every font at hand', async () => {
    const check = createLayoutCheck({ snapshot, fontFiles: assetFontFiles(assets) });
    const composition = slide([list(['Ship it \uE000', 'Fine'])]);
    await check.prepare(composition);
    const findings = check.check(composition).filter((finding) => finding.kind === 'missing-glyph');
    expect(findings.map((finding) => finding.path)).toEqual(['body[0].body[0].items[0]']);
    expect(findings[0]!.message).toContain('U+E000');
  });

  it('tells isomer_validate about characters no font draws', async () => {
    const composition = slide([{ type: 'slideHeading', title: 'Status \uE001' }]);
    const response = await SELF.fetch('http://isomer.test/tools/isomer_validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ composition }),
    });
    const answer = (await response.json()) as { content: { text: string }[] };
    const result = JSON.parse(answer.content[0]!.text) as { valid: boolean; warnings: string[] };
    expect(result.valid).toBe(true);
    expect(
      result.warnings.some(
        (warning) => warning.startsWith('layout: body[0].body[0].title') && warning.includes('U+E001'),
      ),
    ).toBe(true);
  });

  it('draws a Japanese slide through POST /render/png with no layout finding', async () => {
    const composition = slide(
      [{ type: 'slideHeading', title: '第3四半期の売上は前年比12%増' }, list(SCRIPT_LINES.japanese!.lines.slice(0, 4))],
      {
        lang: 'ja',
      },
    );
    const response = await SELF.fetch('http://isomer.test/render/png?layout=true&scale=0.5', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(composition),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('isomer-layout-warnings')).toBe('[]');
  });
});

describe('choosing the font for Han characters', () => {
  it('follows the language, then kana and Hangul, then Simplified Chinese', () => {
    expect(hanFamily('ja', '売上')).toBe('Noto Sans JP');
    expect(hanFamily('ja-JP', '売上')).toBe('Noto Sans JP');
    expect(hanFamily('zh', '销售')).toBe('Noto Sans SC');
    expect(hanFamily('zh-Hans-CN', '销售')).toBe('Noto Sans SC');
    expect(hanFamily('zh-Hant', '銷售')).toBe('Noto Sans TC');
    expect(hanFamily('zh-TW', '銷售')).toBe('Noto Sans TC');
    expect(hanFamily('zh-HK', '銷售')).toBe('Noto Sans TC');
    expect(hanFamily('ko', '漢字')).toBe('Noto Sans KR');
    expect(hanFamily(undefined, '第3四半期の売上')).toBe('Noto Sans JP');
    expect(hanFamily(undefined, '한국 漢字')).toBe('Noto Sans KR');
    expect(hanFamily(undefined, '第三季度')).toBe('Noto Sans SC');
    expect(hanFamily('en', '第三季度')).toBe('Noto Sans SC');
  });

  it('fetches the family the language names for the same ideographs', async () => {
    const fonts = createScriptFonts(assetFontFiles(assets), bundled);
    for (const [lang, family] of [
      ['ja', 'Noto Sans JP'],
      ['zh-Hant', 'Noto Sans TC'],
      ['zh-Hans', 'Noto Sans SC'],
      ['ko', 'Noto Sans KR'],
    ] as const) {
      const { faces } = await fonts.facesFor('中文', lang);
      expect(new Set(faces.map((face) => face.family))).toEqual(new Set([family]));
    }
  });
});

describe('the view’s lang', () => {
  it('is validated as a BCP 47 tag, with a message a model can act on', () => {
    expect(slidesRuntime.validate(slide([{ type: 'slideStatement', text: '売上' }], { lang: 'ja' })).valid).toBe(true);
    for (const lang of ['', 'japanese!', 'ja_JP', 'x', 42, 'ja-']) {
      const result = slidesRuntime.validate(slide([{ type: 'slideStatement', text: '売上' }], { lang }));
      expect(result.valid).toBe(false);
      expect(result.errors.map((error) => error.path)).toContain('lang');
    }
  });

  it('is the HTML document’s and the section’s lang', () => {
    const composition = slide([{ type: 'slideStatement', text: '売上が伸びた' }], { lang: 'ja' });
    const rendered = slidesRuntime.surfaces.html.render(composition);
    expect(rendered.document).toContain('<html lang="ja">');
    expect(rendered.html).toMatch(/<section class="[^"]*" lang="ja"/);
    expect(slidesRuntime.surfaces.html.render(slide([{ type: 'slideStatement', text: 'Hi' }])).document).toContain(
      '<html lang="en">',
    );
  });
});

describe('ranges and coverage', () => {
  it('round-trips ranges through their short form', () => {
    const ranges = [
      [0x20, 0x7e],
      [0xa0, 0x17f],
      [0x3041, 0x3096],
      [0x1f600, 0x1f64f],
    ] as const;
    expect(decodeRanges(encodeRanges(ranges))).toEqual(ranges);
    expect(decodeRanges('')).toEqual([]);
  });

  it('counts joiners, variation selectors and the pictures’ break and isolate marks as nothing to draw', async () => {
    const { missing } = await scriptFontsFor(undefined).facesFor('a\u200Bb\u2068c\u2069d\u200De\uFE0Ff');
    expect(missing).toEqual([]);
  });

  it('reads the text of every field, so no string escapes the font choice', () => {
    const text = compositionText(
      slide([
        {
          type: 'slideColumns',
          columns: [
            { title: 'Α', body: 'Б' },
            { title: 'ק', body: '字' },
          ],
        },
      ]),
    );
    for (const char of ['Α', 'Б', 'ק', '字']) expect(text).toContain(char);
  });
});

/** Pixels clearly red, orange or yellow: none in the theme's palette. */
function warmPixels(image: { width: number; height: number; rgba: Uint8Array }): number {
  let count = 0;
  for (let i = 0; i < image.rgba.length; i += 4) {
    const [r, b] = [image.rgba[i]!, image.rgba[i + 2]!];
    if (r > 180 && b < 110 && r - b > 100) count += 1;
  }
  return count;
}
