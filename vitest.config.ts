// One Vitest configuration, one project per suite; Nx targets run them with --project.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests import the runtime from source, so they need no build step and see edits at once; the
// built packages are exercised by the typecheck/build targets and the e2e suite.
const runtimeSource = {
  alias: [
    { find: /^@toolcat\/runtime$/, replacement: fileURLToPath(new URL("packages/runtime/src/index.ts", import.meta.url)) },
    { find: /^@toolcat\/runtime\/formats$/, replacement: fileURLToPath(new URL("packages/runtime/src/formats.ts", import.meta.url)) },
    { find: /^@toolcat\/runtime\/internal$/, replacement: fileURLToPath(new URL("packages/runtime/src/internal.ts", import.meta.url)) },
  ],
};

// @toolcat/mcp imports the code runner by name; tests read it from source too.
const runnerSource = {
  alias: [...runtimeSource.alias, { find: /^@toolcat\/code$/, replacement: fileURLToPath(new URL("packages/code/src/index.ts", import.meta.url)) }],
};

// The code-mode example imports its packages by name, as users do; tests read them from source too.
const codeSource = {
  alias: [...runnerSource.alias, { find: /^@toolcat\/cloud-sheets$/, replacement: fileURLToPath(new URL("packages/cloud-sheets/src/index.ts", import.meta.url)) }],
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: "generators", include: ["generators/test/**/*.test.ts"] } },
      { test: { name: "runtime", include: ["packages/runtime/test/**/*.test.ts"] } },
      { resolve: runnerSource, test: { name: "mcp", include: ["packages/mcp/test/**/*.test.ts"], testTimeout: 30_000 } },
      { resolve: codeSource, test: { name: "code", include: ["packages/code/test/**/*.test.ts"], testTimeout: 30_000 } },
      { resolve: runtimeSource, test: { name: "tools", include: ["tools/**/test/**/*.test.ts"] } },
      { resolve: runtimeSource, test: { name: "contract", include: ["test/contract/**/*.test.ts"] } },
      // The agent frameworks on today's majors (Node >= 22), with scripted models; not in the Node 20 matrix.
      { resolve: codeSource, test: { name: "frameworks", include: ["test/frameworks/**/*.test.ts"], testTimeout: 30_000 } },
      { test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], testTimeout: 300_000, hookTimeout: 300_000, fileParallelism: false } },
    ],
  },
});
