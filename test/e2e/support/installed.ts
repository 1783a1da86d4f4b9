// One project outside the workspace with every release package installed from its tarball, beside
// the model providers' libraries the README's examples use and the MCP server SDK (@toolcat/mcp's
// optional peer, which its library entry imports), as a user's npm installs them. Installed once per
// e2e run and shared by the files that import or run installed packages (once-per-run.ts): the
// providers are most of an install's time, and a second install of the same tarballs would repeat it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workspaceRoot } from "../../support/packages.ts";
import { run } from "../../support/process.ts";
import { oncePerRun } from "./once-per-run.ts";
import { packedTarballs } from "./tarballs.ts";

/** The libraries installed beside the packages, at the versions the workspace pins. */
export const providers = [
  "openai",
  "@anthropic-ai/sdk",
  "ai",
  "@langchain/core",
  "@google/genai",
  "@openai/agents",
  "@modelcontextprotocol/server",
] as const;

/** The installed version of a workspace devDependency, so the project tests what the workspace pins. */
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(workspaceRoot, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;

function install(scratch: string): string {
  const project = join(scratch, "installed");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "toolcat-installed", private: true, type: "module" })}\n`,
  );
  // Third-party dependencies come from npm's cache where it has them (it does after `npm ci`).
  const result = run(
    "npm",
    [
      "install",
      ...packedTarballs().values(),
      ...providers.map((name) => `${name}@${versionOf(name)}`),
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
    ],
    project,
  );
  if (result.status !== 0) throw new Error(`npm install of the packed packages failed:\n${result.output}`);
  return project;
}

/** The project directory: its node_modules holds every release package, installed from its tarball. */
export function installedProject(): string {
  return oncePerRun("installed", "installing the packed packages", install);
}
