#!/usr/bin/env node
// The toolcat-mcp command. It lives outside dist/ so npm links it in a fresh clone too, where the
// workspace is installed before anything is built; there, an unbuilt package says how to build it.
try {
  await import("../dist/cli.js");
} catch (error) {
  const missing = error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js");
  if (!missing) throw error;
  process.stderr.write("toolcat-mcp: @toolcat/mcp is not built yet; run `npx nx run @toolcat/mcp:build` first\n");
  process.exitCode = 1;
}
