// Generated packages compiled the way a user's build compiles them: written to a scratch workspace
// that finds the built runtime as an installed package, and checked in one strict tsc run, so many
// packages cost one compiler start. The compile runs the native TypeScript 7 compiler the
// workspace builds with; `generatedProgram` gives the TypeScript API's program where a test reads
// the checker.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import type { GeneratedFile } from "../../src/core/files.ts";
import { workspaceRoot } from "../support.ts";

const tsc = join(workspaceRoot, "node_modules/typescript-native/bin/tsc");

/** The paths under `root` of the TypeScript files among `files`. */
const typescriptFiles = (root: string, files: readonly GeneratedFile[]): string[] =>
  files.filter((f) => f.path.endsWith(".ts")).map((f) => join(root, f.path));

/**
 * Writes `files` under `root` (paths as generated: `packages/<slug>/...`) and returns the TypeScript files among them.
 */
function writeGenerated(root: string, files: readonly GeneratedFile[]): string[] {
  for (const file of files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.text);
  }
  const runtime = join(root, "node_modules/@toolcat/runtime");
  if (!existsSync(runtime)) {
    mkdirSync(dirname(runtime), { recursive: true });
    symlinkSync(join(workspaceRoot, "packages/runtime"), runtime, "dir");
  }
  return typescriptFiles(root, files);
}

/**
 * Writes `files` under `root`, compiles every TypeScript file among them into `root/out` with the
 * workspace's strict settings, and returns tsc's diagnostics, one line each (none when clean).
 * With `emit: false` tsc only checks: for tests that read diagnostics and never import the output.
 */
export function compileGenerated(
  root: string,
  files: readonly GeneratedFile[],
  { emit = true }: { readonly emit?: boolean } = {},
): { diagnostics: string[] } {
  const roots = writeGenerated(root, files);
  const out = join(root, "out");
  const config = join(root, "tsconfig.json");
  // Type packages (`types` in the base) resolve from the workspace, not from the scratch folder.
  const compilerOptions = {
    noEmit: !emit,
    declaration: false,
    rootDir: join(root, "packages"),
    outDir: out,
    typeRoots: [join(workspaceRoot, "node_modules/@types")],
  };
  writeFileSync(
    config,
    JSON.stringify({ extends: join(workspaceRoot, "tsconfig.base.json"), compilerOptions, files: roots }),
  );
  const run = spawnSync(process.execPath, [tsc, "-p", config, "--pretty", "false"], { cwd: root, encoding: "utf8" });
  if (emit) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
  }
  const diagnostics = `${run.stdout}${run.stderr}`.split("\n").filter((line) => line.trim() !== "");
  if (run.status !== 0 && diagnostics.length === 0) diagnostics.push(`tsc exited with ${run.status ?? run.signal}`);
  return { diagnostics };
}

/**
 * The TypeScript API's program over `files`, which `compileGenerated` has written under `root`, for tests that read
 * its checker.
 */
export function generatedProgram(root: string, files: readonly GeneratedFile[]): ts.Program {
  const roots = typescriptFiles(root, files);
  const base = ts.getParsedCommandLineOfConfigFile(
    join(workspaceRoot, "tsconfig.base.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (base === undefined) throw new Error("cannot read tsconfig.base.json");
  return ts.createProgram(roots, { ...base.options, noEmit: true });
}
