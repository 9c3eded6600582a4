/** A `.ttf` import is a Data module: the file's bytes (wrangler `[[rules]] type = "Data"`). */
declare module '*.ttf' {
  const bytes: ArrayBuffer;
  export default bytes;
}

/** A `.wasm` import is a compiled module (wrangler's default `CompiledWasm` rule). */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
