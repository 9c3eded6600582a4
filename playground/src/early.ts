/**
 * What the page needs before its first picture, asked for by the small `early.js` the page loads
 * before its main script: these requests then run while the main script downloads and starts, and
 * main.ts takes the promises rather than asking again (one module instance serves both).
 */
import { getText } from './api.ts';
import { findFrame, loadCatalog } from './catalog.ts';

export const catalogLoading = loadCatalog();
export const formatsLoading = getText('/formats');
/** The container node examples are shown in (undefined when the catalog could not be read). */
export const frameLoading = catalogLoading.then(
  (catalog) => findFrame(catalog.entries),
  () => undefined,
);

// Read later by main.ts, which says what failed; not an unhandled rejection meanwhile.
catalogLoading.catch(() => undefined);
formatsLoading.catch(() => undefined);
