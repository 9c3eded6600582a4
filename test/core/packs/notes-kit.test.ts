/** A second pack through the same kit, its examples alone on its own card frame: the kit knows no pack. */
import { describePackConformance } from '../../support/pack-kit/index.ts';
import { NOTE_GROUP_TITLES, noteCardFrame, notesKitPack } from '../../support/packs/notes-kit-pack.ts';

describePackConformance({ pack: notesKitPack, frame: noteCardFrame, groupTitles: NOTE_GROUP_TITLES });
