// Lets `npx vitest run` work from this directory; the workspace root's vitest.config.ts runs the
// same files as its `code` project.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "code", include: ["test/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000 },
});
