import { describe, expect, it } from 'vitest';
import { measureAgentText } from '../../support/agent-text.ts';

/**
 * What an agent reads with the slides pack, held under ceilings measured when the pack landed
 * (about 20% above), so growth shows up in review. Raise one only on purpose, with the new figure
 * from `npm run bench` in the commit message.
 */
const CEILINGS = {
  /** Measured 3,666: names, titles, descriptions and input schemas as JSON Schema; 4,434 with `compositions` (decks). */
  toolsList: 4_800,
  /**
   * Measured 7,590 with the pack's guide, rules and one view; 9,228 once the slides' optional facts and
   * new shapes were named (issue 34), then the deck rules (issue 35). The reference held < 15,000.
   */
  guide: 10_500,
  /**
   * Measured 53,469 (compact, with `id` and `surfaces` on every node); 60,990 with issue 34's fields
   * (speakers, 2–6 lanes, chart notes, command output, a title's date and place, owners, and the
   * fields made optional). The reference's was about 59 KB.
   */
  schema: 66_000,
  /** Largest measured: slidePipeline, 4,000. */
  describeOne: 4_500,
  /** The reference held an unknown-type answer under 3,000. */
  unknownType: 3_000,
};

describe('byte ceilings of what an agent reads (slides pack)', () => {
  it('tools/list, the guide, the schema and every one-type describe stay under their ceilings', async () => {
    const measured = await measureAgentText();
    expect(measured.toolsList).toBeLessThan(CEILINGS.toolsList);
    expect(measured.guide).toBeLessThan(CEILINGS.guide);
    expect(measured.schema).toBeLessThan(CEILINGS.schema);
    expect(measured.largestDescribe.length).toBeLessThan(CEILINGS.describeOne);
    expect(measured.unknownType).toBeLessThan(CEILINGS.unknownType);
  });
});
