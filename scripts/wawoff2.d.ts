/** `wawoff2` (Google's woff2 codec compiled for Node) ships no types: the one call the build makes. */
declare module 'wawoff2' {
  /** A WOFF2 font decoded to the TrueType/OpenType file it was encoded from. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
