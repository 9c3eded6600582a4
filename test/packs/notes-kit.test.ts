/** A second pack through the same kit, its examples alone on the card frame it carries: the kit knows no pack. */
import { describePackConformance } from '../support/pack-kit/index.ts';
import { FIXTURE_NOTE_GROUP_TITLES, fixtureNotesKitPack } from '../support/packs/fixture-notes-kit.ts';

describePackConformance({ pack: fixtureNotesKitPack, groupTitles: FIXTURE_NOTE_GROUP_TITLES });
