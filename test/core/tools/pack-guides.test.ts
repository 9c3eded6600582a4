import { describe, expect, it } from 'vitest';
import { buildIsomerAuthoringGuide, createIsomerRuntime, definePrimitivePack } from '../../../src/index.ts';
import { DEFAULT_GUIDE } from '../../../src/core/tools/guide.ts';
import { SLIDE_GROUPS, SLIDES_GUIDE, SLIDES_RULES, slidesPack } from '../../../src/packs/slides/index.ts';
import { FIXTURE_CARDS_GUIDE, FIXTURE_CARDS_RULES, fixtureCardsPack } from '../../support/packs/fixture-cards.ts';
import { fixtureNote, fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const slidesOnly = createIsomerRuntime({ packs: [slidesPack] });
const twoPacks = createIsomerRuntime({ packs: [slidesPack, fixtureCardsPack] });

describe('the guide from the packs’ own prose and rules', () => {
  it('reads for one pack exactly as the same prose and rules given by the host', () => {
    for (const layout of [false, true]) {
      const carried = buildIsomerAuthoringGuide({ runtime: slidesOnly, layout });
      expect(carried).toBe(
        buildIsomerAuthoringGuide({ runtime: slidesOnly, guide: SLIDES_GUIDE, rules: SLIDES_RULES, layout }),
      );
      expect(carried).toContain(`## Guide\n\n${SLIDES_GUIDE}\n\n## Rules\n\n- ${SLIDES_RULES[0]}\n`);
    }
  });

  it('gives two packs a section each, in pack order, under the packs’ names', () => {
    const guide = buildIsomerAuthoringGuide({
      runtime: createIsomerRuntime({ packs: [fixtureCardsPack, slidesPack] }),
    });
    const cards = guide.indexOf(`### \`cards\` pack\n\n${FIXTURE_CARDS_GUIDE}`);
    const slides = guide.indexOf(`### \`slides\` pack\n\n${SLIDES_GUIDE}`);
    expect(cards).toBeGreaterThan(guide.indexOf('## Guide'));
    expect(slides).toBeGreaterThan(cards);
    const rules = guide.slice(guide.indexOf('## Rules'));
    expect(
      rules.indexOf(
        `### \`cards\` pack\n\n- ${FIXTURE_CARDS_RULES[0]}\n- ${FIXTURE_CARDS_RULES[1]}\n\n### \`slides\` pack`,
      ),
    ).toBe('## Rules\n\n'.length);
  });

  it('lets the host’s guide and rules replace every pack’s', () => {
    const guide = buildIsomerAuthoringGuide({ runtime: twoPacks, guide: 'Host prose.', rules: ['Host rule.'] });
    expect(guide).toContain('## Guide\n\nHost prose.\n\n## Rules\n\n- Host rule.\n\n## Primitive catalog');
    for (const packText of [SLIDES_GUIDE, FIXTURE_CARDS_GUIDE, SLIDES_RULES[0]!, FIXTURE_CARDS_RULES[0]!, '` pack'])
      expect(guide).not.toContain(packText);
    // No rules at all when the host says so; the packs' prose stays.
    const ruleless = buildIsomerAuthoringGuide({ runtime: twoPacks, rules: [] });
    expect(ruleless).not.toContain('## Rules');
    expect(ruleless).toContain(`### \`cards\` pack\n\n${FIXTURE_CARDS_GUIDE}`);
  });

  it('heads only the parts two or more packs bring, and falls back to the generic guide', () => {
    const rulesOnly = definePrimitivePack({
      id: 'terse',
      primitives: [fixtureNote],
      authoring: { rules: ['Keep notes short.'] },
    });
    const guide = buildIsomerAuthoringGuide({ runtime: createIsomerRuntime({ packs: [slidesPack, rulesOnly] }) });
    expect(guide).toContain(`## Guide\n\n${SLIDES_GUIDE}\n\n## Rules\n\n### \`slides\` pack\n\n`);
    expect(guide).toContain('### `terse` pack\n\n- Keep notes short.\n\n');
    expect(buildIsomerAuthoringGuide({ runtime: createIsomerRuntime({ packs: [fixtureNotesPack] }) })).toContain(
      `## Guide\n\n${DEFAULT_GUIDE}\n\n`,
    );
  });
});

describe('the guide’s index over several packs', () => {
  it('merges a group title two packs share into one group, the first pack’s types first', () => {
    const groups = twoPacks.getAuthoringContext().groups;
    const titles = groups.map((group) => group.title);
    expect(titles).toEqual([...SLIDE_GROUPS.map((group) => group.title), 'Cards']);
    const data = groups.find((group) => group.title === 'Data')!;
    expect(data.types).toEqual([...SLIDE_GROUPS.find((group) => group.title === 'Data')!.types, 'cardStat']);
    const guide = buildIsomerAuthoringGuide({ runtime: twoPacks });
    expect(guide.match(/^### Data$/gm)).toHaveLength(1);
    expect(guide).toContain('### Cards\n\n- `card` — A titled note on the board.');
  });
});
