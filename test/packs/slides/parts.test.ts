/** The slides pack through the pack conformance kit, each example in a preview slide of the deck frame it carries. */
import { SLIDE_GROUP_TITLES, slidesPack } from '../../../src/packs/slides/index.ts';
import { describePackConformance } from '../../support/pack-kit/index.ts';
import { previewSlide } from '../../support/preview-slide.ts';

describePackConformance({
  pack: slidesPack,
  preview: previewSlide,
  groupTitles: SLIDE_GROUP_TITLES,
});
