// One Vitest configuration, one project per suite; Nx targets run them with --project.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests import the runtime from source, so they need no build step and see edits at once; the
// built packages are exercised by the typecheck/build targets and the e2e suite.
const runtimeSource = {
  alias: [
    {
      find: /^@toolcat\/runtime$/,
      replacement: fileURLToPath(new URL("packages/runtime/src/index.ts", import.meta.url)),
    },
    {
      find: /^@toolcat\/runtime\/formats$/,
      replacement: fileURLToPath(new URL("packages/runtime/src/formats.ts", import.meta.url)),
    },
    {
      find: /^@toolcat\/runtime\/internal$/,
      replacement: fileURLToPath(new URL("packages/runtime/src/internal/index.ts", import.meta.url)),
    },
  ],
};

// @toolcat/mcp imports the code runner by name; tests read it from source too.
const runnerSource = {
  alias: [
    ...runtimeSource.alias,
    { find: /^@toolcat\/code$/, replacement: fileURLToPath(new URL("packages/code/src/index.ts", import.meta.url)) },
  ],
};

// The code-mode example imports its packages by name, as users do; tests read them from source too.
const codeSource = {
  alias: [
    ...runnerSource.alias,
    {
      find: /^@toolcat\/cloud-sheets$/,
      replacement: fileURLToPath(new URL("packages/cloud-sheets/src/index.ts", import.meta.url)),
    },
  ],
};

// Suites that start processes, servers or sandboxes: CI runs them beside the e2e suite's installs on
// two cores, where a cold start of the CLI from source can take longer than Vitest's 10 s default.
const slowStarts = { testTimeout: 60_000, hookTimeout: 60_000 };

// Suites whose files leave no global state behind share workers between files (isolate: false):
// each worker imports the generators, the runtime, the generated packages and the agent frameworks
// once, not once per file, which halves these suites' CPU time; the code suite's files also share
// the warm type checker and sandbox workers. Files that measure this process's memory keep one
// fresh worker per file (mcp-memory, code-isolated).
// Their timeouts allow for a machine busy with the other suites Nx runs beside them.
const shared = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };
const sharedSlowStarts = { ...slowStarts, isolate: false };

const mcpMemory = "packages/mcp/test/code-memory.test.ts";
// They measure the host's heap and RSS over many runs.
const codeIsolated = ["check", "pool", "run-memory"].map((name) => `packages/code/test/${name}.test.ts`);

export default defineConfig({
  test: {
    projects: [
      { test: { name: "generators", ...shared, include: ["generators/test/**/*.test.ts"] } },
      { test: { name: "runtime", ...shared, include: ["packages/runtime/test/**/*.test.ts"] } },
      {
        resolve: runnerSource,
        test: { name: "mcp", ...sharedSlowStarts, include: ["packages/mcp/test/**/*.test.ts"], exclude: [mcpMemory] },
      },
      { resolve: runnerSource, test: { name: "mcp-memory", ...slowStarts, include: [mcpMemory] } },
      {
        resolve: codeSource,
        test: {
          name: "code",
          ...sharedSlowStarts,
          include: ["packages/code/test/**/*.test.ts"],
          exclude: codeIsolated,
        },
      },
      { resolve: codeSource, test: { name: "code-isolated", ...slowStarts, include: codeIsolated } },
      { resolve: runtimeSource, test: { name: "tools", ...shared, include: ["tools/**/test/**/*.test.ts"] } },
      { resolve: runtimeSource, test: { name: "contract", ...shared, include: ["test/contract/**/*.test.ts"] } },
      // The agent frameworks on today's majors, with scripted models; not in the Node 22 and 24 matrix.
      {
        resolve: codeSource,
        test: { name: "frameworks", ...sharedSlowStarts, include: ["test/frameworks/**/*.test.ts"] },
      },
      // Two files at a time (most wait on npm, Nx, browsers and servers they start), in shared workers;
      // they share one packing of the release packages and one install of them
      // (test/e2e/support/tarballs.ts, installed.ts).
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/support/global-setup.ts"],
          isolate: false,
          testTimeout: 300_000,
          hookTimeout: 600_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
