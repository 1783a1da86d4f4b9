// typia as a validator peer, over each package's own TypeScript input types (`ToolInputs`). typia
// needs its compiler transform; `typia generate` (its CLI, no patched compiler) rewrites a source
// file of `createEquals<T>()` / `createValidateEquals<T>()` calls into the validators themselves.
// typia 14 runs its transform in a Go plugin that must download Go modules at build time, which
// this machine cannot, so the bench pins typia 12, the last line with the TypeScript-API transform.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { timeCommand, workspaceRoot } from "./measure.ts";
import { readManifests } from "./openapi.ts";
import { peerCodeDir } from "./peer-ajv.ts";

export const typiaDir = join(peerCodeDir, "typia");

/** The source typia transforms for one package: both validators of every tool, by tool name. */
function typiaSource(pkg: string, tools: readonly string[]): string {
  const entry = (kind: string, tool: string) => `  ${tool}: typia.${kind}<ToolInputs[${JSON.stringify(tool)}]>(),`;
  return [
    `import typia from "typia";`,
    `import type { ToolInputs } from ${JSON.stringify(pkg)};`,
    `export const equals = {\n${tools.map((tool) => entry("createEquals", tool)).join("\n")}\n};`,
    `export const validateEquals = {\n${tools.map((tool) => entry("createValidateEquals", tool)).join("\n")}\n};`,
    "",
  ].join("\n");
}

/** Writes and transforms the typia validators of every package; the child loads `<slug>.ts`. */
export function prepareTypia(): void {
  const input = join(typiaDir, "src");
  rmSync(typiaDir, { recursive: true, force: true });
  mkdirSync(input, { recursive: true });
  for (const manifest of readManifests(workspaceRoot)) {
    const slug = manifest.package.replace("@toolcat/", "");
    writeFileSync(
      join(input, `${slug}.ts`),
      typiaSource(
        manifest.package,
        manifest.tools.map((t) => t.name),
      ),
    );
  }
  const tsconfig = {
    compilerOptions: {
      target: "es2022",
      module: "esnext",
      moduleResolution: "bundler",
      strict: true,
      skipLibCheck: true,
    },
    include: ["src"],
  };
  writeFileSync(join(typiaDir, "tsconfig.json"), JSON.stringify(tsconfig));
  const cli = join(workspaceRoot, "node_modules/.bin/typia");
  const run = timeCommand(cli, [
    "generate",
    "--input",
    input,
    "--output",
    join(typiaDir, "out"),
    "--project",
    join(typiaDir, "tsconfig.json"),
  ]);
  if (run.status !== 0) throw new Error(`typia generate failed\n${run.stdout.slice(-4000)}${run.stderr.slice(-4000)}`);
  // A type typia cannot express fails the transform silently, leaving the call in place.
  for (const manifest of readManifests(workspaceRoot)) {
    const out = readFileSync(join(typiaDir, "out", `${manifest.package.replace("@toolcat/", "")}.ts`), "utf8");
    if (out.includes("typia.createEquals"))
      throw new Error(`typia left ${manifest.package}'s validators untransformed`);
  }
}

const gapKeywords = [
  "pattern",
  "format",
  "contentMediaType",
  "minimum",
  "maximum",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "propertyNames",
];

/**
 * Keywords of `schema` that the package's TypeScript types cannot carry, so typia, which checks
 * the types, does not check them: bounds, integers, patterns, formats, JSON text, key counts and
 * key dependencies. A tool with any of them is left out of typia's ratios (its verdicts differ).
 */
export function typiaGaps(schema: unknown, found = new Set<string>()): string[] {
  if (typeof schema !== "object" || schema === null) return [...found];
  const record = schema as Record<string, unknown>;
  for (const keyword of gapKeywords) if (keyword in record) found.add(keyword);
  if (record["type"] === "integer") found.add("integer");
  const nested = [
    record["if"],
    record["then"],
    record["else"],
    record["items"],
    record["additionalProperties"],
    ...((record["allOf"] ?? []) as unknown[]),
  ];
  for (const sub of [...nested, ...Object.values((record["properties"] ?? {}) as object)]) typiaGaps(sub, found);
  return [...found].sort();
}
