// Node has WebAssembly as a global; the ES library declares none of it (the DOM library does, and is
// not the server's). What the server calls: a module compiled ahead of its instantiation.
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- opaque: only handed to PGlite
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
