// The QuickJS WebAssembly module every run's sandbox is made from. One module is shared (its
// runtimes are independent); when a run breaks the module itself (the engine's recursion overflowed
// the host's stack mid-operation), that module is dropped and the next run loads a fresh one.
import { newQuickJSWASMModule, type QuickJSWASMModule } from "quickjs-emscripten";

let loading: Promise<QuickJSWASMModule> | undefined;
let loaded: QuickJSWASMModule | undefined;

/** The shared module, loaded on first use and warmed by one throwaway runtime. */
export function engine(): Promise<QuickJSWASMModule> {
  loading ??= newQuickJSWASMModule().then((module) => {
    // The first runtime of a module pays its one-time set-up; do it here, not in a user's run.
    module.newRuntime().dispose();
    loaded = module;
    return module;
  });
  return loading;
}

/** Forgets a module a run left in an unknown state; the run that broke it reports a sandbox error. */
export function discardEngine(module: QuickJSWASMModule): void {
  if (loaded !== module) return;
  loaded = undefined;
  loading = undefined;
}
