/**
 * The right-to-left twins of the slides pack's CSS (`mirrorCss`): each side-named declaration
 * mirrored under a right-to-left slide, and a picture of another slide (a render's canvas) kept in
 * its box by mirroring the transform's origin with its position.
 */
import { describe, expect, it } from 'vitest';
import { mirrorCss, RTL_SCOPE } from '../../../src/packs/slides/mirror.ts';

describe('mirrorCss', () => {
  it('mirrors sides, alignment and a four-value box, and undoes tracking', () => {
    expect(mirrorCss('.a{padding-left:24px;color:red}')).toBe(`${RTL_SCOPE} .a{padding-right:24px;padding-left:0}`);
    expect(mirrorCss('.b{text-align:left}')).toBe(`${RTL_SCOPE} .b{text-align:right}`);
    expect(mirrorCss('.c{margin:1px 2px 3px 4px}')).toBe(`${RTL_SCOPE} .c{margin:1px 4px 3px 2px}`);
    expect(mirrorCss('.d{letter-spacing:0.14em}')).toBe(`${RTL_SCOPE} .d{letter-spacing:0}`);
    expect(mirrorCss('.e{color:red;padding:8px}')).toBe('');
  });

  it('anchors a scaled canvas at the right when its position moves there, so the picture stays in its box', () => {
    expect(mirrorCss('.canvas{position:absolute;left:0;top:0;transform-origin:0 0}')).toBe(
      `${RTL_SCOPE} .canvas{right:0;left:auto;transform-origin:100% 0}`,
    );
    expect(mirrorCss('.f{transform-origin:center}')).toBe('');
  });
});
