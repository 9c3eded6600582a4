/**
 * Primitives in slots narrower than the slide: a split's half-width pane (four columns two by two,
 * a quadrant's tighter cells) and a title's 640 px aside (a delta's narrow step). Each catalog
 * example fits there, an author's `size` still holds, and on a slide nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { exampleNodes, type PrimitiveNode } from '../../src/index.ts';
import { createLayoutCheck } from '../../src/images/index.ts';
import { SLIDE_PRIMITIVES } from '../../src/packs/slides/pack.ts';
import { previewSlide, slidesRuntime } from '../support/slides.ts';

const layout = createLayoutCheck({ snapshot: slidesRuntime.surfaces.snapshot! });
const html = slidesRuntime.surfaces.html;
const examples = (type: string) =>
  exampleNodes(SLIDE_PRIMITIVES.find((entry) => entry.type === type)!) as PrimitiveNode[];

const notes = { type: 'slideBulletList', items: ['Ships on Monday.', 'Behind a flag at first.'] };

/** `node` in the half-width pane of a split with `ratio`, the other pane a short list. */
function inPane(node: PrimitiveNode, ratio: string): PrimitiveNode {
  // The half pane is the left one, except beside an aside's main pane, where it is the right one.
  const panes = [{ label: 'Today', items: [node] }, { items: [notes] }];
  return { type: 'slideSplit', ratio, panes: ratio === 'aside' ? panes.reverse() : panes } as PrimitiveNode;
}

/** A slide as the slot sweep draws one: under a heading (no lede), the split's panes below it. */
const onSlide = (node: PrimitiveNode): Record<string, unknown> => ({
  type: 'view',
  title: 'Pane',
  body: [
    {
      type: 'slideFrame',
      brand: 'Isomer',
      section: 'Pane',
      sectionNumber: '01',
      body: [{ type: 'slideHeading', title: 'Two ways to ship it' }, node],
    },
  ],
});

const inAside = (node: PrimitiveNode): Record<string, unknown> => ({
  type: 'view',
  title: 'Aside',
  body: [
    {
      type: 'slideFrame',
      brand: 'Isomer',
      section: 'Aside',
      sectionNumber: '01',
      tone: 'inverse',
      body: [{ type: 'slideTitle', eyebrow: 'Checkout, Q3', title: 'Faster pay', aside: node }],
    },
  ],
});

describe('a split marks its half-width panes', () => {
  it('marks both panes of an even split, and only the narrower pane of a lopsided one', () => {
    const marks = (ratio: string) =>
      html
        .render(previewSlide(inPane(notes as PrimitiveNode, ratio)))
        .body.match(/class="sl-split-items[^"]*"/g)
        ?.map((found) => found.includes('sl-paned'));
    expect(marks('even')).toEqual([true, true]);
    expect(marks('wideLeft')).toEqual([true, true]);
    expect(marks('narrowLeft')).toEqual([true, false]);
    // Reversed by inPane: the aside ratio's notes column, on the right, is the half pane.
    expect(marks('aside')).toEqual([false, true]);
  });
});

describe('columns and quadrants in a half-width pane', () => {
  // The panes of even and wideLeft splits, 745–820 px. A narrowLeft split's left pane (587 px) is
  // nearer a third of the slide: three columns or a quadrant's words are too long there still.
  for (const type of ['slideColumns', 'slideQuadrant'])
    for (const ratio of ['even', 'wideLeft'])
      it(`${type}: every example fits the ${ratio} split's half pane, under a heading`, () => {
        for (const node of examples(type))
          expect(layout.check(onSlide(inPane(node, ratio))), JSON.stringify(node).slice(0, 80)).toEqual([]);
      });

  it('draws four columns two by two in a pane, so each body keeps whole phrases a line', () => {
    const four = examples('slideColumns').find((node) => (node as unknown as { items: unknown[] }).items.length === 4)!;
    const page = html.render(previewSlide(inPane(four, 'even')));
    expect(page.body).toContain('class="sl-split-items sl-paned"><div class="sl-columns sl-columns-s">');
    expect(page.css).toContain('.sl-paned>.sl-columns .sl-columns-n4{grid-template-columns:repeat(2,minmax(0,1fr));');
  });

  it('keeps a quadrant’s size in a pane: full quadrants set to m draw at m there too', () => {
    const full = examples('slideQuadrant').find((node) => (node as { size?: string }).size === 'm')!;
    expect(html.render(previewSlide(inPane(full, 'even'))).body).toContain('class="sl-quadrant sl-quadrant-m"');
  });
});

describe('a delta beside a title', () => {
  it('fits the 640 px aside with every example', () => {
    for (const node of examples('slideDelta'))
      expect(layout.check(inAside(node)), JSON.stringify(node).slice(0, 80)).toEqual([]);
  });

  it('steps its values down in the aside so each stays on one line, and keeps its slide step', () => {
    // "800 ms" at 176 px is as wide as the aside: it broke in two and pushed the after side off.
    const node = { type: 'slideDelta', before: { value: '800 ms' }, after: { value: '200 ms' } };
    expect(html.render(previewSlide(node as PrimitiveNode)).body).toContain(
      'class="sl-delta sl-delta-l sl-delta-narrow-m"',
    );
  });

  it('keeps an author’s size in the aside', () => {
    const node = { type: 'slideDelta', size: 'l', before: { value: '61%' }, after: { value: '83%' } };
    expect(html.render(inAside(node as PrimitiveNode)).body).toContain('class="sl-delta sl-delta-l sl-delta-narrow-l"');
  });
});
