// Loads generated packages for the contract tests. Nx runs the suite once per package with
// TOOLCAT_SERVER=<slug>; without it (a plain `vitest --project contract`) every package is tested.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { Manifest, ToolDefinition, ValidationResult } from "@toolcat/runtime";
import { listSpecFiles } from "../../generators/src/loader/load.ts";

export const workspaceRoot = fileURLToPath(new URL("../../", import.meta.url));

/** What every generated package exports, as far as the contract tests need it. */
export interface GeneratedPackage {
  readonly slug: string;
  readonly manifest: Manifest;
  readonly tools: Readonly<Record<string, ToolDefinition<unknown>>>;
  readonly validate: (toolName: string, input: unknown) => ValidationResult<unknown>;
  readonly [name: string]: unknown;
}

export const selectedSlugs: readonly string[] = process.env["TOOLCAT_SERVER"]
  ? [process.env["TOOLCAT_SERVER"]]
  : listSpecFiles(workspaceRoot).map((file) => basename(file, ".yaml"));

export function isSelected(slug: string): boolean {
  return selectedSlugs.includes(slug);
}

export async function loadPackage(slug: string): Promise<GeneratedPackage> {
  const module = (await import(`../../packages/${slug}/src/index.ts`)) as Record<string, unknown>;
  const manifest = JSON.parse(readFileSync(`${workspaceRoot}packages/${slug}/manifest.json`, "utf8")) as Manifest;
  return { ...module, slug, manifest } as GeneratedPackage;
}

export async function loadSelectedPackages(): Promise<GeneratedPackage[]> {
  return Promise.all(selectedSlugs.map(loadPackage));
}
