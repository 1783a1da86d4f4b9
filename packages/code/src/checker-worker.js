// The checker thread's entry: it loads the checker service, which loads TypeScript. Built, the
// modules beside this file are JavaScript. Run from the repository's sources (its tests and bench,
// on a Node that strips types), they are TypeScript whose imports name the `.js` they build to: a
// resolve hook maps those to the `.ts` files, for this thread only.
import { existsSync } from "node:fs";
// A namespace, not named imports: registerHooks exists from Node 22.15, and a missing named export of a
// built-in fails the whole module at link time on the 22.12 the packages support; only sources need it.
import * as nodeModule from "node:module";
import { workerData } from "node:worker_threads";

// The compile cache is per thread: this one uses the host's, when it has one (toolcat-mcp does), so
// a start reads TypeScript's compiled code rather than compiling it, in less time and memory.
/** @type {{ compileCache?: string }} */
const { compileCache } = workerData;
if (compileCache !== undefined) nodeModule.enableCompileCache(compileCache);

const built = new URL("./checker-service.js", import.meta.url);
if (!existsSync(built)) {
  nodeModule.registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL ?? "";
      if (specifier.startsWith(".") && specifier.endsWith(".js") && parent.endsWith(".ts")) {
        const source = new URL(`${specifier.slice(0, -3)}.ts`, parent);
        if (existsSync(source)) return next(source.href, context);
      }
      return next(specifier, context);
    },
  });
}
const entry = existsSync(built) ? built : new URL("./checker-service.ts", import.meta.url);
/** @type {{ serveChecks(): void }} */
const service = await import(entry.href);
service.serveChecks();
