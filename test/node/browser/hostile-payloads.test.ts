/**
 * Hostile payloads in Chromium (the pack kit's browser part, `hostile-harness.ts`): the harness's
 * own checks, then the slides pack in its deck frame and the kit's second pack on its card frame
 * (each the frame its pack carries).
 */
import { slidesPack } from '../../../src/packs/slides/index.ts';
import { fixtureNotesKitPack } from '../../support/packs/fixture-notes-kit.ts';
import { previewSlide } from '../../support/preview-slide.ts';
import { describeHostileHarness, describeHostilePayloads } from './hostile-harness.ts';

describeHostileHarness();
describeHostilePayloads({ pack: slidesPack, preview: previewSlide });
describeHostilePayloads({ pack: fixtureNotesKitPack });
