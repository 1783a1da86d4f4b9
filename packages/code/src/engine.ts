// The sandbox engine's WebAssembly module, compiled once per process and given to every sandbox
// worker. V8 shares a compiled module's code between the threads that hold it, and frees it when
// the last one does; a worker compiling its own would compile and tier up QuickJS again whenever
// no other worker was alive (the pool starts a replacement only once the old thread has exited).
// Held here, the code compiled for the engine's hot paths stays for the life of the process, and a
// new worker starts without compiling.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * The QuickJS build `worker.js` runs (quickjs-emscripten's RELEASE_SYNC variant), compiled off the
 * host's thread; undefined if it could not be, and then each worker compiles its own.
 */
export function engineModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= compile();
  return compiled;
}

async function compile(): Promise<WebAssembly.Module | undefined> {
  try {
    // The variant is quickjs-emscripten's dependency, so it is resolved from there.
    const fromQuickJS = createRequire(createRequire(import.meta.url).resolve("quickjs-emscripten"));
    return await WebAssembly.compile(await readFile(fromQuickJS.resolve("@jitl/quickjs-wasmfile-release-sync/wasm")));
  } catch {
    return undefined;
  }
}
