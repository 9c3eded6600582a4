/**
 * The PDF's invisible text layer: each text run the image engine measured, set over the page's
 * picture in render mode 3 at the run's height and stretched to its measured width, with two-byte
 * character codes shared by every page of the document.
 */
import type { MeasuredNode } from '@takumi-rs/wasm';
import { ASCENT, DESCENT, GLYPH_ADVANCE, hex4 } from './text-layer-font.ts';

/** A 2D affine matrix `[a b c d e f]`: (x, y) ↦ (a·x + c·y + e, b·x + d·y + f), as CSS and PDF write it. */
export type Matrix = readonly [number, number, number, number, number, number];

/** `first`, then `second`. */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** A number as PDF content writes it: at most three decimals, no exponent, no `-0`. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/** Gives each character a two-byte code, shared by every page of one document. */
export class CharacterCodes {
  private readonly codes = new Map<string, number>();
  readonly characters: string[] = [];

  /** The hex codes of `text`, or undefined once 65 535 distinct characters are used. */
  encode(text: string): { hex: string; count: number } | undefined {
    let hex = '';
    let count = 0;
    for (const character of text) {
      let code = this.codes.get(character);
      if (code === undefined) {
        if (this.characters.length >= 0xfffe) return undefined;
        this.characters.push(character);
        code = this.characters.length;
        this.codes.set(character, code);
      }
      hex += hex4(code);
      count++;
    }
    return { hex, count };
  }
}

const EM = ASCENT - DESCENT;

/**
 * Content-stream operators that lay each measured text run over the picture, invisible (render
 * mode 3): font size = the run's height, baseline where the font's ascent fills the rest, and
 * horizontal scaling so the run's glyphs span exactly its measured width. The result selects,
 * searches and copies like the slide reads. `toPage` maps canvas pixels to page points.
 */
export function textLayerOperators(
  root: MeasuredNode,
  toPage: Matrix,
  canvas: { width: number; height: number },
  codes: CharacterCodes,
  font: string,
): string {
  const out: string[] = [];
  const visit = (node: MeasuredNode): void => {
    for (const run of node.runs) {
      if (run.height <= 0 || run.width <= 0 || run.text.length === 0) continue;
      const box = node.transform as unknown as Matrix;
      // Drop runs wholly outside the canvas: clipped away, so not on the page either.
      const [left, top] = apply(box, run.x, run.y);
      const [right, bottom] = apply(box, run.x + run.width, run.y + run.height);
      if (
        Math.max(left, right) <= 0 ||
        Math.min(left, right) >= canvas.width ||
        Math.max(top, bottom) <= 0 ||
        Math.min(top, bottom) >= canvas.height
      )
        continue;
      const encoded = codes.encode(run.text);
      if (!encoded) return;
      const size = run.height;
      const baseline = run.y + (size * ASCENT) / EM;
      const scaling = (run.width / (encoded.count * size * (GLYPH_ADVANCE / 1000))) * 100;
      // Text space (y up, in px of the run's node) → node box (y down) → canvas → page.
      const matrix = multiply(multiply([1, 0, 0, -1, run.x, baseline], box), toPage);
      out.push(`/${font} ${num(size)} Tf ${num(scaling)} Tz ${matrix.map(num).join(' ')} Tm <${encoded.hex}> Tj`);
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return out.length === 0 ? '' : `BT\n3 Tr\n${out.join('\n')}\nET\n`;
}

function apply([a, b, c, d, e, f]: Matrix, x: number, y: number): [number, number] {
  return [a * x + c * y + e, b * x + d * y + f];
}
