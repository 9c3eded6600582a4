/**
 * The fixture suite: every project fixture and catalog example drawn on one chat host through its
 * format, read by its checks: within every limit, nothing live, only allowed links, the text and
 * the heading kept, an invalid composition refused. Every host converted from the Markdown tree
 * runs it, and a host added the documented way too.
 */
import { describe, expect, it } from 'vitest';
import { allowedLink } from '../chat-sweep.ts';
import { examplePreviews, fixtureComposition, fixtures, previewSlide } from '../slides.ts';
import type { HostUnderTest } from './host.ts';

/** Every fixture and catalog example, as compositions. */
export const fixtureCases = () => [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
];

export function fixtureSuite(host: HostUnderTest): void {
  const { checks } = host;

  describe(`${host.name}: every fixture and catalog example`, () => {
    it('within every limit, nothing live, only allowed links, the text kept', () => {
      for (const { name, composition } of fixtureCases()) {
        const payload = host.build(composition);
        expect(checks.problems(payload), name).toEqual([]);
        expect(checks.liveMentions(payload), name).toEqual([]);
        for (const link of checks.linkTargets(payload)) expect(allowedLink(link), `${name}: ${link}`).toBe(true);
        expect(JSON.parse(host.render(composition)), name).toEqual(payload);
      }
    });

    it('draws what the Markdown surface draws: a preview heading and the node text', () => {
      const text = host.render(
        previewSlide({
          type: 'slideTable',
          columns: ['Plan', 'Price'],
          rows: [
            ['Starter', '€0'],
            ['Business', '€640'],
          ],
        }),
      );
      expect(text).toContain('Preview of slideTable');
      expect(text).toContain('Business');
      expect(text).toContain('€640');
    });

    it('validates first: an invalid composition throws the validation error', () => {
      expect(() => host.render({ type: 'view', body: [{ type: 'slideHeading' }] })).toThrow(/Invalid Composition/);
    });

    it('shows the title and subtitle only when asked', () => {
      const composition = { ...fixtureComposition(fixtures[0]!.value), title: 'Quarterly title', subtitle: 'Sub line' };
      expect(host.render(composition)).toContain('Quarterly title');
      expect(host.render(composition)).toContain('Sub line');
      expect(host.render(composition, { heading: false })).not.toContain('Quarterly title');
    });
  });
}
