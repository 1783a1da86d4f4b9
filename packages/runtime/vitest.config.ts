// Lets `npx vitest run` work from this directory, as the README says; the workspace root's
// vitest.config.ts runs the same files as its `runtime` project.
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { name: "runtime", include: ["test/**/*.test.ts"] } });
