// The Node flags that start a process from TypeScript source, as the tests start the CLI, the load
// run and a logger: Node's own type stripping with source-loader.js, which also turns V8's compile
// cache on, about half the CPU of a start under tsx. A Node without type stripping (before 22.18)
// takes tsx instead.
import { fileURLToPath } from "node:url";

const loader = process.features.typescript ? fileURLToPath(new URL("source-loader.js", import.meta.url)) : "tsx";

export const fromSource: readonly string[] = ["--import", loader];
