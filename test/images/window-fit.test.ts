import { describe, expect, it } from 'vitest';
import { exampleNodes, type PrimitiveNode } from '../../src/index.ts';
import { createLayoutCheck } from '../../src/images/index.ts';
import { SLIDE_PRIMITIVES } from '../../src/packs/slides/pack.ts';
import { previewSlide, slidesRuntime } from '../support/slides.ts';

/**
 * The primitives that size themselves by height, placed directly in a slideWindow's body: the
 * window's bar and padding take height from the slide, so each lays out in the window's room (its
 * window step, tighter spacing, a scaled-down render) and none is cut off by the window's edge.
 */
const layout = createLayoutCheck({ snapshot: slidesRuntime.surfaces.snapshot! });
const html = slidesRuntime.surfaces.html;
const definition = (type: string) => SLIDE_PRIMITIVES.find((entry) => entry.type === type)!;
const TYPES = ['slideOrgChart', 'slideSequence', 'slideAnnotatedRender', 'slideLanes'] as const;
const CHROMES = ['browser', 'terminal', 'slack', 'chat'] as const;

const inWindow = (node: PrimitiveNode, chrome: string = 'browser'): PrimitiveNode =>
  ({ type: 'slideWindow', chrome, title: 'shop.example.com/checkout', body: [node] }) as PrimitiveNode;

describe('height-bound primitives in a window body', () => {
  for (const type of TYPES) {
    it(`${type}: every example fits in every window chrome, under a heading with a lede`, () => {
      for (const node of exampleNodes(definition(type)) as PrimitiveNode[])
        for (const chrome of CHROMES)
          expect(
            layout.check(previewSlide(inWindow(node, chrome))),
            `${chrome}: ${JSON.stringify(node).slice(0, 80)}`,
          ).toEqual([]);
    });
  }

  it('keeps an author’s size in a window: an org chart set to s is drawn at s there too', () => {
    const node = { type: 'slideOrgChart', size: 's', root: { name: 'Mara Olsen', children: [{ name: 'Ade' }] } };
    const page = html.render(previewSlide(inWindow(node as PrimitiveNode))).body;
    expect(page).toContain('class="sl-org sl-org-s sl-org-window-s"');
  });

  it('steps an org chart down in a window when its slide step would not fit the window’s room', () => {
    const node = exampleNodes(definition('slideOrgChart'))[0] as PrimitiveNode;
    // Four boxes high with titles: the largest step on the slide, one smaller in the window.
    expect(html.render(previewSlide(node)).body).toContain('class="sl-org sl-org-l sl-org-window-m"');
  });
});
