/** Font files the comparison Worker imports as Data modules (ArrayBuffers). */
declare module '*.woff' {
  const bytes: ArrayBuffer;
  export default bytes;
}
