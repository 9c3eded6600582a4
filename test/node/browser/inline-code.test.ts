import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { slidePageForFile } from './slide-page.ts';
import { loadSlide, slideFragment } from '../chromium-overflow.ts';

/**
 * Inline code that wraps onto the next line starts that line where the text does (issue 34): the
 * chip adds no room of its own before its first character, as the image engine draws it, so a
 * heading's second line never opens with what reads as a stray space.
 */
const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });

const tab = slidePageForFile();

const slide = (node: Record<string, unknown>) => ({
  type: 'view',
  title: 'Refunds',
  body: [{ type: 'slideFrame', brand: 'Ledger', body: [node] }],
});

/** For each code chip on a line of its own's start: its first character's left, and the left of the block it is set in. */
async function lineStarts(selector: string): Promise<{ code: string; first: number; block: number }[]> {
  return tab.page.evaluate((blockSelector) => {
    const out: { code: string; first: number; block: number }[] = [];
    for (const block of document.querySelectorAll(blockSelector)) {
      const left = block.getBoundingClientRect().left;
      for (const code of block.querySelectorAll('code')) {
        const text = code.firstChild;
        if (!text) continue;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 1);
        const first = range.getBoundingClientRect().left;
        const chip = code.getClientRects()[0]!;
        // Only chips that open a line (after the first): where a stray space would show.
        if (Math.abs(chip.left - left) < 1 && chip.top > block.getBoundingClientRect().top + 1)
          out.push({ code: code.textContent ?? '', first: Math.round(first), block: Math.round(left) });
      }
    }
    return out;
  }, selector);
}

describe('inline code that wraps onto the next line', () => {
  it('starts the heading’s next line at the line’s left edge, as the other lines do', async () => {
    await loadSlide(
      tab.page,
      slideFragment(
        runtime,
        slide({ type: 'slideHeading', title: 'Refunds now settle through `settlement.batch.nightly` at every bank' }),
      ),
    );
    const starts = await lineStarts('.sl-heading-title');
    expect(starts.map((start) => start.code)).toEqual(['settlement.batch.nightly']);
    for (const start of starts) expect(Math.abs(start.first - start.block), start.code).toBeLessThanOrEqual(1);
  });

  it('does the same in a lede and in a bullet', async () => {
    const lede =
      'The batch runs every night after the ledger has written each refund and then calls `settle --all --now` once';
    await loadSlide(
      tab.page,
      slideFragment(runtime, slide({ type: 'slideHeading', title: 'Refunds', lede: `${lede}.` })),
    );
    const inLede = await lineStarts('.sl-heading-lede');
    await loadSlide(
      tab.page,
      slideFragment(runtime, slide({ type: 'slideBulletList', items: [`${lede} ${lede} \`ledger.write(refund)\`.`] })),
    );
    const inBullet = await lineStarts('.sl-bullet > span:last-child');
    const all = [...inLede, ...inBullet];
    expect(inLede.map((start) => start.code)).toEqual(['settle --all --now']);
    for (const start of all) expect(Math.abs(start.first - start.block), start.code).toBeLessThanOrEqual(1);
  });
});
