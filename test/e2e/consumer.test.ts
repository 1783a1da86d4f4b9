// The built packages as a consumer sees them: resolved through node_modules and their exports
// maps, declarations only. A correct use compiles and every wrong use is a type error, under each
// TypeScript a consumer may have (5.9, 6.0 and the native 7.0) and both module resolutions a
// consumer's project uses (Node's `nodenext`, a bundler's `bundler`).
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../support/packages.ts";
import { runAsync, type Result } from "../support/process.ts";

const consumer = fileURLToPath(new URL("fixtures/consumer.ts", import.meta.url));
const scratch = mkdtempSync(join(realpathSync(tmpdir()), "toolcat-consumer-ts-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each compiler by the npm package (or alias) the workspace installs it under. */
const compilers = [
  ["5.9", "typescript"],
  ["6.0", "typescript-6"],
  ["7.0", "typescript-native"],
] as const;
const resolutions = {
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "preserve", moduleResolution: "bundler" },
} as const;

/** tsc on the fixture under one compiler and resolution; resolves with its exit code and output. */
function compile(pkg: string, resolution: keyof typeof resolutions): Promise<Result> {
  const config = join(scratch, `tsconfig.${pkg}.${resolution}.json`);
  const compilerOptions = {
    ...resolutions[resolution],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    target: "es2022",
    lib: ["es2022", "dom"],
    types: ["node"],
    typeRoots: [join(workspaceRoot, "node_modules/@types")],
    noEmit: true,
    // The packages' declarations are checked (no skipLibCheck); TypeScript's own lib files are not under test.
    skipDefaultLibCheck: true,
  };
  writeFileSync(config, JSON.stringify({ compilerOptions, files: [consumer] }));
  return runAsync(
    process.execPath,
    [join(workspaceRoot, "node_modules", pkg, "bin", "tsc"), "-p", config, "--pretty", "false"],
    scratch,
  );
}

describe("a consumer of @toolcat/cloud-sheets and @toolcat/creator-api", () => {
  // One compiler's two runs at a time: two cores, and each run is one process.
  describe.each(compilers)("under TypeScript %s (%s)", (version, pkg) => {
    it("is the version named", () => {
      const { version: installed } = createRequire(import.meta.url)(`${pkg}/package.json`) as { version: string };
      expect(installed.startsWith(`${version}.`), installed).toBe(true);
    });

    it("type-checks with nodenext and with bundler resolution, every @ts-expect-error line a real error", async () => {
      const runs = await Promise.all(
        (Object.keys(resolutions) as (keyof typeof resolutions)[]).map(async (resolution) => ({
          resolution,
          ...(await compile(pkg, resolution)),
        })),
      );
      expect(runs.map(({ resolution, status, output }) => ({ resolution, status, output: output.trim() }))).toEqual([
        { resolution: "nodenext", status: 0, output: "" },
        { resolution: "bundler", status: 0, output: "" },
      ]);
    });
  });
});
