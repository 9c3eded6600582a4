/**
 * The Worker's static assets as the image engine's source of script fonts (`/fonts/…`, written by
 * `npm run build:playground`). Bindings reach a Worker only through a request's `env`, so the
 * first request of an isolate binds them here; they are the same for the isolate's life.
 */
import { assetFontFiles, type FontFiles } from '../images/index.ts';

/** The `ASSETS` binding's one method the fonts use (workerd's `Fetcher` fits). */
export interface AssetsBinding {
  fetch(input: string): Promise<Response>;
}

let assets: AssetsBinding | undefined;

/** Font files read from the bound assets; `undefined` until a request binds them (none in a Worker without assets). */
export const workerFontFiles: FontFiles = assetFontFiles(() => assets);

/** Binds the request's `ASSETS`, once per isolate. */
export function bindFontAssets(env: { ASSETS?: AssetsBinding } | undefined): void {
  assets ??= env?.ASSETS;
}
