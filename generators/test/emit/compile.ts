// Generated packages compiled the way a user's build compiles them: written to a scratch workspace
// that finds the built runtime as an installed package, and checked in one strict tsc program, so
// many packages cost one compiler start.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import type { GeneratedFile } from "../../src/core/files.ts";
import { workspaceRoot } from "../support.ts";

/**
 * Writes `files` under `root` (paths as generated: `packages/<slug>/...`), compiles every
 * TypeScript file among them into `root/out`, and returns each diagnostic with its file, and the program.
 */
export function compileGenerated(root: string, files: readonly GeneratedFile[]): { diagnostics: string[]; program: ts.Program } {
  for (const file of files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.text);
  }
  const runtime = join(root, "node_modules/@toolcat/runtime");
  if (!existsSync(runtime)) {
    mkdirSync(dirname(runtime), { recursive: true });
    symlinkSync(join(workspaceRoot, "packages/runtime"), runtime, "dir");
  }
  const base = ts.getParsedCommandLineOfConfigFile(join(workspaceRoot, "tsconfig.base.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (base === undefined) throw new Error("cannot read tsconfig.base.json");
  const out = join(root, "out");
  const roots = files.filter((f) => f.path.endsWith(".ts")).map((f) => join(root, f.path));
  const program = ts.createProgram(roots, { ...base.options, noEmit: false, declaration: false, rootDir: join(root, "packages"), outDir: out });
  const emitted = program.emit();
  writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => {
    const where = d.file === undefined ? "" : `${d.file.fileName.slice(root.length + 1)}: `;
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
  return { diagnostics, program };
}
