// Imported (`node --import`) by every process the tests start from TypeScript source: the CLI, the
// load run, a logger. Node runs the sources itself, stripping their types; they import each other
// as `.js`, the names the build emits, so a relative `.js` asked for by a `.ts` file resolves to the
// `.ts` beside it. V8's compile cache is on, as the bin turns it on for dist/, so every start after
// the first skips compiling the SDK; entries are keyed by the source's hash, so an edit is never
// served stale.
import { enableCompileCache, registerHooks } from "node:module";

enableCompileCache();

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!(specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL?.endsWith(".ts") === true))
      return nextResolve(specifier, context);
    try {
      return nextResolve(`${specifier.slice(0, -".js".length)}.ts`, context);
    } catch (error) {
      // A JavaScript module the source imports as it is.
      if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
      return nextResolve(specifier, context);
    }
  },
});
