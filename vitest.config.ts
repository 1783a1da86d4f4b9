// One Vitest configuration, one project per test suite; Nx targets run them with --project.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "generators", include: ["generators/test/**/*.test.ts"] } },
      { test: { name: "runtime", include: ["packages/runtime/test/**/*.test.ts"] } },
      { test: { name: "contract", include: ["test/contract/**/*.test.ts"] } },
      { test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], testTimeout: 300_000, hookTimeout: 300_000, fileParallelism: false } },
    ],
  },
});
