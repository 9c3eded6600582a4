/**
 * Where font files come from, as a type of its own: the asset loaders (`#images/assets`) and the
 * script fonts both name it, and keeping it apart from either keeps the two free of an import circle.
 */

/**
 * Where the font files come from: a file name (`noto-sans-jp-57-400-normal.woff2`, `manifest.json`)
 * to its bytes, or `undefined` when the host does not have it. In a Worker, its static assets
 * (`assetFontFiles(env.ASSETS)`); under Node, the package's own files (the default there).
 */
export type FontFiles = (file: string) => Promise<ArrayBuffer | Uint8Array | undefined>;
