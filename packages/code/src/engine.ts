// The sandbox engine's WebAssembly module, compiled once per process and given to every sandbox
// worker. V8 shares a compiled module's code between the threads that hold it, and frees it when
// the last one does; a worker compiling its own would compile and tier up QuickJS again whenever
// no other worker was alive (the pool starts a replacement only once the old thread has exited).
// Held here, the code compiled for the engine's hot paths stays for the life of the process, and a
// new worker starts without compiling.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let compiled: WebAssembly.Module | undefined;

/** The QuickJS build `worker.js` runs (quickjs-emscripten's RELEASE_SYNC variant), compiled. */
export function engineModule(): WebAssembly.Module {
  if (compiled === undefined) {
    // The variant is quickjs-emscripten's dependency, so it is resolved from there.
    const fromQuickJS = createRequire(createRequire(import.meta.url).resolve("quickjs-emscripten"));
    compiled = new WebAssembly.Module(readFileSync(fromQuickJS.resolve("@jitl/quickjs-wasmfile-release-sync/wasm")));
  }
  return compiled;
}
