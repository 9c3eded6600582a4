import { describe, expect, it } from 'vitest';
import { toImageDocument, withSvgNamespace } from '../../src/images/engine/markup.ts';

describe('toImageDocument', () => {
  it('reads the stylesheet and the markup into one tree', () => {
    const document = toImageDocument('<div class="a"><span>Hi</span></div>', '.a{color:red}');
    expect(document.css).toEqual(['.a{color:red}']);
    expect(JSON.stringify(document.node)).toContain('"text":"Hi"');
  });

  it('puts the stylesheet ahead of any the markup carries, and none when it is empty', () => {
    const document = toImageDocument('<div><style>.b{color:blue}</style><p>x</p></div>', '.a{color:red}');
    expect(document.css).toEqual(['.a{color:red}', '.b{color:blue}']);
    expect(toImageDocument('<p>x</p>', '').css).toEqual([]);
  });

  it('keeps a `</style` inside the CSS from ending the stylesheet early', () => {
    const document = toImageDocument('<p>after</p>', '/* </style><p>injected</p> */.a{color:red}');
    expect(JSON.stringify(document.node)).not.toContain('injected');
    expect(document.css[0]).toContain('.a{color:red}');
  });
});

describe('withSvgNamespace', () => {
  it('adds the SVG namespace where it is missing, once', () => {
    expect(withSvgNamespace('<svg width="2"><rect/></svg><SVG>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2"><rect/></svg><svg xmlns="http://www.w3.org/2000/svg">',
    );
    const namespaced = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';
    expect(withSvgNamespace(namespaced)).toBe(namespaced);
    expect(withSvgNamespace('<svgx>')).toBe('<svgx>');
  });
});
