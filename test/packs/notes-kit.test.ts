/** A second pack through the same kit, its examples alone on the card frame it carries: the kit knows no pack. */
import { describePackConformance } from '../support/pack-kit/index.ts';
import { NOTE_GROUP_TITLES, notesKitPack } from '../support/packs/notes-kit-pack.ts';

describePackConformance({ pack: notesKitPack, groupTitles: NOTE_GROUP_TITLES });
