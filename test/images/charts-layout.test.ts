import { describe, expect, it } from 'vitest';
import { exampleNodes, type PrimitiveNode } from '../../src/index.ts';
import { createLayoutCheck } from '../../src/images/index.ts';
import { SLIDE_PRIMITIVES } from '../../src/packs/slides/pack.ts';
import { fixture, previewSlide, slidesRuntime } from '../support/slides.ts';

/**
 * The chart and the org chart as the image engine lays them out: their examples and fixtures fit
 * the slide with no layout finding, on a full slide and in the narrow slots a container gives them,
 * and a category label too long for its share of the axis is a finding on that label, never text
 * drawn over its neighbour.
 */
const layout = createLayoutCheck({ snapshot: slidesRuntime.surfaces.snapshot! });
const definition = (type: string) => SLIDE_PRIMITIVES.find((entry) => entry.type === type)!;
const TYPES = ['slideChart', 'slideOrgChart'] as const;

/** The node alone in a narrow slot: the first pane of a split, the aside of a title, a window's body. */
const slots: Record<string, (node: PrimitiveNode) => PrimitiveNode> = {
  'split pane': (node) => {
    const host = structuredClone(exampleNodes(definition('slideSplit'))[0]) as Record<string, any>;
    host.panes[0].items = [node];
    return host as PrimitiveNode;
  },
  'title aside': (node) => {
    const host = structuredClone(exampleNodes(definition('slideTitle'))[0]) as Record<string, any>;
    host.aside = node;
    return host as PrimitiveNode;
  },
  'window body': (node) => {
    const host = structuredClone(exampleNodes(definition('slideWindow'))[0]) as Record<string, any>;
    host.body = [node];
    return host as PrimitiveNode;
  },
};

describe('charts and org charts on the slide', () => {
  for (const type of TYPES) {
    const nodes = exampleNodes(definition(type)) as PrimitiveNode[];

    it(`${type}: every example and the fixture fit, light and dark`, () => {
      const file = type === 'slideChart' ? 'slide-chart' : 'slide-org-chart';
      for (const node of [...nodes, fixture(file) as PrimitiveNode])
        for (const theme of ['light', 'dark'] as const)
          expect(layout.check(previewSlide(node), { theme }), JSON.stringify(node).slice(0, 80)).toEqual([]);
    });

    for (const [slot, host] of Object.entries(slots)) {
      // A title's aside holds short text blocks only: validation refuses a chart there, naming the fix.
      if (slot === 'title aside') {
        it(`${type}: refused in a title aside, with the slide to use instead`, () => {
          for (const node of nodes) {
            const result = slidesRuntime.validate(previewSlide(host(node)));
            expect(result.valid).toBe(false);
            expect(result.errors.map((error) => error.message).join('\n')).toContain('on a slide of its own');
          }
        });
        continue;
      }
      it(`${type}: every example fits in a ${slot}`, () => {
        for (const node of nodes)
          expect(layout.check(previewSlide(host(node))), JSON.stringify(node).slice(0, 80)).toEqual([]);
      });
    }
  }

  it('tells a category label too long for its share of the axis as a finding on that label, not an overlap', () => {
    const node = {
      type: 'slideChart',
      kind: 'column',
      categories: ['EU', 'Northamptonshire-and-Leicestershire-depots', 'APAC', 'LATAM', 'Nordics', 'Iberia'],
      series: [{ name: 'Parcels', values: [12, 18, 9, 14, 11, 7] }],
    };
    const findings = layout.check(previewSlide(node as PrimitiveNode));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.map((finding) => finding.kind)).not.toContain('overlap');
    expect(findings.every((finding) => finding.nodeType === 'slideChart')).toBe(true);
    expect(findings.map((finding) => finding.path)).toContain('body[0].body[1].categories[1]');
  });

  it('draws a twelve-category, four-series chart and an all-negative one without a finding', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const dense = {
      type: 'slideChart',
      kind: 'line',
      categories: months,
      series: [1, 2, 3, 4].map((n) => ({ name: `Region ${n}`, values: months.map((_, i) => (i * n * 37) % 100) })),
      unit: '%',
    };
    expect(layout.check(previewSlide(dense as PrimitiveNode))).toEqual([]);
    const losses = {
      type: 'slideChart',
      kind: 'column',
      categories: ['Q1', 'Q2', 'Q3'],
      series: [{ name: 'Net change', values: [-120, -45, -300] }],
    };
    expect(layout.check(previewSlide(losses as PrimitiveNode))).toEqual([]);
  });
});
