#!/usr/bin/env node
// The toolcat-mcp command. It lives outside dist/ so npm links it in a fresh clone too, where the
// workspace is installed before anything is built; there, an unbuilt package says how to build it.
import module from "node:module";

// V8's compiled code for loaded modules is kept on disk (in the OS temp directory): later starts skip
// compiling the SDK and, in code mode, TypeScript (code mode's checker thread uses the same cache),
// which takes less time and leaves less native memory behind.
module.enableCompileCache();

try {
  await import("../dist/cli.js");
} catch (error) {
  const missing = error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js");
  if (!missing) throw error;
  process.stderr.write("toolcat-mcp: @toolcat/mcp is not built yet; run `npx nx run @toolcat/mcp:build` first\n");
  process.exitCode = 1;
}
